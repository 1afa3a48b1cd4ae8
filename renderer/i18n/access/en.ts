/**
 * Strings of reach mode, the idle warning's hint and "Call staff" (issue 31), one file per language (each language file takes its own, `access: ...`), so that a
 * language's chunk carries only its own: the first screen's budget (bench/RESULTS.md, issue 31).
 * English is the source of the keys.
 */
export const accessEn = {
  reach: 'Controls lower',
  reachNote: 'Reach mode: every control is in the lower part of the screen.',
  callStaff: 'Call staff',
  calling: 'Staff have been called. Someone is coming to help you.',
  answered: 'A member of staff has seen your call and is on the way.',
  callFailed: 'The call did not go through. Please try again or ask at the desk.',
  thisKiosk: 'Kiosk',
  callsTitle: 'Help needed',
  needsHelp: '{{name}} needs help',
  answer: 'On my way',
  idleHint: 'Touch the screen or press any key to continue.',
  idleHintKeys: 'Press any key to continue.',
};

export type AccessText = { [K in keyof typeof accessEn]: string };
