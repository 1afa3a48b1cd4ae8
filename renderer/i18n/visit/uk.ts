import type { VisitText } from './en';

/** The visit strings in this language (visit/en.ts has the keys). */
export const visitUk: VisitText = {
  addTitle: 'Додати ще одну послугу',
  add: 'Додати ще одну послугу',
  yourVisit: 'Ваш візит',
  remove: 'Прибрати {{service}}',
  fits: 'Показано лише час, коли ваші послуги йдуть одна за одною.',
  booked: 'Заброньовано',
  queued: 'Зарезервовано, буде підтверджено',
  partRefused: 'Не вдалося забронювати',
  partNotTried: 'Не заброньовано',
  partialTitle: 'Частину візиту заброньовано',
  partialBody:
    'Позначене «Заброньовано» або «Зарезервовано» — ваше. Про решту запитайте на рецепції.',
  title: 'Ваш візит заброньовано',
  queuedTitle: 'Ваш візит зарезервовано',
  sameVisit: 'Той самий візит: {{service}} о {{time}} ({{state}})',
};
