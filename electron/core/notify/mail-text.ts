/**
 * The e-mail to a customer whose queued booking the API refused, in the language they booked
 * in. Plain text only: dates and times as the customer saw them (the shop's local date/time),
 * written out in their language (issue 28: ISO dates), and the reference they were shown.
 */
import { languageFacts } from '../../../shared/languages';
import type { Language } from '../../../shared/settings';

export interface RefusalMailInput {
  language: Language;
  customerName: string;
  shopName: string | null;
  shopPhone: string | null;
  date: string; // YYYY-MM-DD
  time: string; // HH:MM
  serviceName: string | null;
  /** The reference the customer was shown (queued screen, receipt). */
  reference: string;
  /** The slot was taken: the next free times of the service (cache), else empty. */
  nextTimes: { date: string; time: string }[];
}

interface Words {
  subject: (shop: string) => string;
  hello: (name: string) => string;
  refused: (what: string) => string;
  call: (phone: string) => string;
  callNoPhone: string;
  next: string;
  bye: (shop: string) => string;
  shop: string;
  reference: (code: string) => string;
}

const WORDS: Record<Language, Words> = {
  en: {
    subject: (shop) => `${shop}: your booking could not be kept`,
    hello: (name) => `Hello ${name},`,
    refused: (what) => `unfortunately your booking (${what}) could not be kept.`,
    call: (phone) => `Please call us at ${phone} and we will find another time for you.`,
    callNoPhone: 'Please get in touch with the shop and we will find another time for you.',
    next: 'The next free times for this service:',
    bye: (shop) => `Kind regards, ${shop}`,
    shop: 'the shop',
    reference: (code) => `Your reference: ${code}`,
  },
  de: {
    subject: (shop) => `${shop}: Ihr Termin konnte nicht gehalten werden`,
    hello: (name) => `Hallo ${name},`,
    refused: (what) => `leider konnte Ihr Termin (${what}) nicht gehalten werden.`,
    call: (phone) => `Bitte rufen Sie uns unter ${phone} an, wir finden einen anderen Termin.`,
    callNoPhone: 'Bitte melden Sie sich bei uns, wir finden einen anderen Termin.',
    next: 'Die nächsten freien Zeiten für diese Leistung:',
    bye: (shop) => `Freundliche Grüße, ${shop}`,
    shop: 'Ihr Geschäft',
    reference: (code) => `Ihre Referenz: ${code}`,
  },
  tr: {
    subject: (shop) => `${shop}: randevunuz tutulamadı`,
    hello: (name) => `Merhaba ${name},`,
    refused: (what) => `maalesef randevunuz (${what}) tutulamadı.`,
    call: (phone) => `Lütfen bizi ${phone} numarasından arayın, size başka bir zaman bulalım.`,
    callNoPhone: 'Lütfen bizimle iletişime geçin, size başka bir zaman bulalım.',
    next: 'Bu hizmet için sonraki boş zamanlar:',
    bye: (shop) => `Saygılarımızla, ${shop}`,
    shop: 'işletme',
    reference: (code) => `Referansınız: ${code}`,
  },
  pl: {
    subject: (shop) => `${shop}: nie udało się utrzymać Twojej rezerwacji`,
    hello: (name) => `Dzień dobry ${name},`,
    refused: (what) => `niestety nie udało się utrzymać Twojej rezerwacji (${what}).`,
    call: (phone) => `Zadzwoń do nas pod numer ${phone}, znajdziemy inny termin.`,
    callNoPhone: 'Skontaktuj się z nami, znajdziemy inny termin.',
    next: 'Najbliższe wolne terminy tej usługi:',
    bye: (shop) => `Pozdrawiamy, ${shop}`,
    shop: 'salon',
    reference: (code) => `Twój numer referencyjny: ${code}`,
  },
  uk: {
    subject: (shop) => `${shop}: ваш запис не вдалося зберегти`,
    hello: (name) => `Вітаємо, ${name},`,
    refused: (what) => `на жаль, ваш запис (${what}) не вдалося зберегти.`,
    call: (phone) => `Будь ласка, зателефонуйте нам за номером ${phone}, і ми знайдемо інший час.`,
    callNoPhone: 'Будь ласка, зв’яжіться з нами, і ми знайдемо інший час.',
    next: 'Найближчий вільний час для цієї послуги:',
    bye: (shop) => `З повагою, ${shop}`,
    shop: 'салон',
    reference: (code) => `Ваш номер: ${code}`,
  },
  ar: {
    subject: (shop) => `${shop}: تعذّر الاحتفاظ بموعدك`,
    hello: (name) => `مرحبًا ${name}،`,
    refused: (what) => `للأسف تعذّر الاحتفاظ بموعدك (${what}).`,
    call: (phone) => `يرجى الاتصال بنا على ${phone} وسنجد لك موعدًا آخر.`,
    callNoPhone: 'يرجى التواصل معنا وسنجد لك موعدًا آخر.',
    next: 'أقرب المواعيد المتاحة لهذه الخدمة:',
    bye: (shop) => `مع أطيب التحيات، ${shop}`,
    shop: 'المحل',
    reference: (code) => `رقمك المرجعي: ${code}`,
  },
};

/** "Tuesday, 24 November 2026" in the customer's language, Latin digits (as on the screen). */
function longDate(date: string, language: Language): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(languageFacts(language).locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

export function refusalMail(input: RefusalMailInput): { subject: string; body: string } {
  const words = WORDS[input.language];
  const shop = input.shopName ?? words.shop;
  const when = (slot: { date: string; time: string }) =>
    `${longDate(slot.date, input.language)} ${slot.time}`;
  const what = [input.serviceName, when(input)].filter(Boolean).join(', ');
  const lines = [
    words.hello(input.customerName),
    '',
    words.refused(what),
    words.reference(input.reference),
    input.shopPhone ? words.call(input.shopPhone) : words.callNoPhone,
  ];
  if (input.nextTimes.length > 0) {
    lines.push('', words.next, ...input.nextTimes.map((slot) => `- ${when(slot)}`));
  }
  lines.push('', words.bye(shop));
  return { subject: words.subject(shop), body: `${lines.join('\n')}\n` };
}
