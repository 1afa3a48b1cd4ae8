/**
 * Strings of several services in one visit (issue 19), one file per language (each language
 * file takes its own, `visit: ...`), so that a language's chunk carries only its own: the first
 * screen's budget (bench/RESULTS.md, issue 31). English is the source of the keys.
 */
export const visitEn = {
  addTitle: 'Add another service',
  add: 'Add another service',
  yourVisit: 'Your visit',
  remove: 'Remove {{service}}',
  fits: 'Only times where your services follow each other are shown.',
  booked: 'Booked',
  queued: 'Reserved, will be confirmed',
  partRefused: 'Could not be booked',
  partNotTried: 'Not booked',
  partialTitle: 'Part of your visit is booked',
  partialBody:
    'What is marked "Booked" or "Reserved" is yours. Please ask at the desk about the rest.',
  title: 'Your visit is booked',
  queuedTitle: 'Your visit is reserved',
  sameVisit: 'Same visit: {{service}} at {{time}} ({{state}})',
};

export type VisitText = { [K in keyof typeof visitEn]: string };
