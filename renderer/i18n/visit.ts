/**
 * Strings of several services in one visit (issue 19), every language in one small file so that
 * the language files stay under 400 lines; each language file takes its own (`visit: ...`).
 */
const en = {
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

type VisitText = { [K in keyof typeof en]: string };

const de: VisitText = {
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

const tr: VisitText = {
  addTitle: 'Başka bir hizmet ekle',
  add: 'Başka bir hizmet ekle',
  yourVisit: 'Ziyaretiniz',
  remove: '{{service}} kaldır',
  fits: 'Yalnızca hizmetlerinizin art arda yapılabildiği saatler gösterilir.',
  booked: 'Rezerve edildi',
  queued: 'Ayrıldı, onaylanacak',
  partRefused: 'Rezerve edilemedi',
  partNotTried: 'Rezerve edilmedi',
  partialTitle: 'Ziyaretinizin bir kısmı rezerve edildi',
  partialBody:
    '"Rezerve edildi" veya "Ayrıldı" olarak işaretlenenler sizindir. Geri kalanı için lütfen resepsiyona sorun.',
  title: 'Ziyaretiniz rezerve edildi',
  queuedTitle: 'Ziyaretiniz ayrıldı',
  sameVisit: 'Aynı ziyaret: {{service}}, {{time}} ({{state}})',
};

const pl: VisitText = {
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

const uk: VisitText = {
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

const ar: VisitText = {
  addTitle: 'إضافة خدمة أخرى',
  add: 'إضافة خدمة أخرى',
  yourVisit: 'زيارتك',
  remove: 'إزالة {{service}}',
  fits: 'تظهر فقط الأوقات التي تتتابع فيها خدماتك.',
  booked: 'تم الحجز',
  queued: 'محجوز، سيتم التأكيد',
  partRefused: 'تعذّر الحجز',
  partNotTried: 'لم يتم الحجز',
  partialTitle: 'تم حجز جزء من زيارتك',
  partialBody: 'ما هو معلَّم بـ «تم الحجز» أو «محجوز» لك. يُرجى السؤال في الاستقبال عن الباقي.',
  title: 'تم حجز زيارتك',
  queuedTitle: 'زيارتك محجوزة',
  sameVisit: 'الزيارة نفسها: {{service}} في {{time}} ({{state}})',
};

export const visitText = { en, de, tr, pl, uk, ar };
