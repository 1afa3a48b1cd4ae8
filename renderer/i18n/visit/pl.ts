import type { VisitText } from './en';

/** The visit strings in this language (visit/en.ts has the keys). */
export const visitPl: VisitText = {
  addTitle: 'Dodaj kolejną usługę',
  add: 'Dodaj kolejną usługę',
  yourVisit: 'Twoja wizyta',
  remove: 'Usuń {{service}}',
  fits: 'Pokazujemy tylko godziny, w których usługi następują po sobie.',
  booked: 'Zarezerwowano',
  queued: 'Zarezerwowano wstępnie, zostanie potwierdzone',
  partRefused: 'Nie udało się zarezerwować',
  partNotTried: 'Nie zarezerwowano',
  partialTitle: 'Zarezerwowano część wizyty',
  partialBody: 'Pozycje oznaczone „Zarezerwowano” są Twoje. O resztę zapytaj w recepcji.',
  title: 'Twoja wizyta jest zarezerwowana',
  queuedTitle: 'Twoja wizyta jest wstępnie zarezerwowana',
  sameVisit: 'Ta sama wizyta: {{service}} o {{time}} ({{state}})',
};
