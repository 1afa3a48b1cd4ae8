import type { VisitText } from './en';

/** The visit strings in this language (visit/en.ts has the keys). */
export const visitDe: VisitText = {
  addTitle: 'Weitere Leistung hinzufügen',
  add: 'Weitere Leistung hinzufügen',
  yourVisit: 'Ihr Besuch',
  remove: '{{service}} entfernen',
  fits: 'Es werden nur Zeiten gezeigt, zu denen Ihre Leistungen direkt aufeinander folgen.',
  booked: 'Gebucht',
  queued: 'Reserviert, wird bestätigt',
  partRefused: 'Konnte nicht gebucht werden',
  partNotTried: 'Nicht gebucht',
  partialTitle: 'Ein Teil Ihres Besuchs ist gebucht',
  partialBody:
    'Was mit „Gebucht“ oder „Reserviert“ markiert ist, gilt. Bitte fragen Sie am Empfang nach dem Rest.',
  title: 'Ihr Besuch ist gebucht',
  queuedTitle: 'Ihr Besuch ist reserviert',
  sameVisit: 'Gleicher Besuch: {{service}} um {{time}} ({{state}})',
};
