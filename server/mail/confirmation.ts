/**
 * The confirmation e-mail for a new booking, in the booking's language where the client said it,
 * else the shop's (mail-language.ts). Dates and times stay as the API gives them.
 */
import type { BookingResponse } from '../../shared/api/schemas';
import type { LanguageCode } from '../../shared/languages';
import type { MailMessage } from './mailer';

interface ConfirmationText {
  subject: (number: string, date: string, time: string) => string;
  greeting: (name: string) => string;
  intro: string;
  number: string;
  service: string;
  minutes: string;
  employee: string;
  dateLabel: string;
  date: (date: string, time: string, end: string) => string;
  customer: string;
  status: string;
}

const TEXT: Record<LanguageCode, ConfirmationText> = {
  de: {
    dateLabel: 'Datum',
    subject: (n, d, t) => `Ihre Terminanfrage ${n} am ${d} um ${t}`,
    greeting: (name) => `Hallo ${name},`,
    intro: 'vielen Dank für Ihre Terminanfrage. Wir haben folgenden Termin für Sie vorgemerkt:',
    number: 'Termin-Nr.',
    service: 'Leistung',
    minutes: 'Minuten',
    employee: 'Bei',
    date: (d, t, e) => `${d}, ${t} bis ${e} Uhr`,
    customer: 'Kunden-Nr.',
    status: 'Status: angefragt. Wir melden uns, falls etwas nicht passt.',
  },
  en: {
    dateLabel: 'Date',
    subject: (n, d, t) => `Your appointment request ${n} on ${d} at ${t}`,
    greeting: (name) => `Hello ${name},`,
    intro: 'thank you for your appointment request. We have noted this appointment for you:',
    number: 'Appointment no.',
    service: 'Service',
    minutes: 'minutes',
    employee: 'With',
    date: (d, t, e) => `${d}, ${t} to ${e}`,
    customer: 'Customer no.',
    status: 'Status: requested. We will get in touch if anything does not fit.',
  },
  tr: {
    dateLabel: 'Tarih',
    subject: (n, d, t) => `Randevu talebiniz ${n}, ${d} saat ${t}`,
    greeting: (name) => `Merhaba ${name},`,
    intro: 'randevu talebiniz için teşekkür ederiz. Sizin için şu randevuyu ayırdık:',
    number: 'Randevu no.',
    service: 'Hizmet',
    minutes: 'dakika',
    employee: 'Kiminle',
    date: (d, t, e) => `${d}, ${t} - ${e}`,
    customer: 'Müşteri no.',
    status: 'Durum: talep edildi. Bir sorun olursa size haber veririz.',
  },
  pl: {
    dateLabel: 'Data',
    subject: (n, d, t) => `Twoja prośba o wizytę ${n} w dniu ${d} o ${t}`,
    greeting: (name) => `Dzień dobry ${name},`,
    intro: 'dziękujemy za prośbę o wizytę. Zarezerwowaliśmy dla Ciebie następujący termin:',
    number: 'Nr wizyty',
    service: 'Usługa',
    minutes: 'minut',
    employee: 'U',
    date: (d, t, e) => `${d}, ${t}–${e}`,
    customer: 'Nr klienta',
    status: 'Status: zgłoszona. Odezwiemy się, jeśli coś nie będzie pasować.',
  },
  uk: {
    dateLabel: 'Дата',
    subject: (n, d, t) => `Ваш запит на запис ${n} на ${d} о ${t}`,
    greeting: (name) => `Вітаємо, ${name},`,
    intro: 'дякуємо за ваш запит на запис. Ми зарезервували для вас такий час:',
    number: 'Номер запису',
    service: 'Послуга',
    minutes: 'хвилин',
    employee: 'У кого',
    date: (d, t, e) => `${d}, ${t}–${e}`,
    customer: 'Номер клієнта',
    status: 'Статус: запит. Ми зв’яжемося з вами, якщо щось не підійде.',
  },
  ar: {
    dateLabel: 'التاريخ',
    subject: (n, d, t) => `طلب موعدك ${n} يوم ${d} الساعة ${t}`,
    greeting: (name) => `مرحبًا ${name}،`,
    intro: 'شكرًا لطلب موعدك. لقد حجزنا لك الموعد التالي:',
    number: 'رقم الموعد',
    service: 'الخدمة',
    minutes: 'دقيقة',
    employee: 'مع',
    date: (d, t, e) => `${d}، ${t} - ${e}`,
    customer: 'رقم العميل',
    status: 'الحالة: مطلوب. سنتواصل معك إذا لم يناسب شيء.',
  },
};

export function confirmationMail(booking: BookingResponse, language: LanguageCode): MailMessage {
  const { appointment, service, employee, customer } = booking;
  const text = TEXT[language];
  return {
    to: customer.email,
    subject: text.subject(booking.appointmentNumber, appointment.date, appointment.time),
    text: [
      text.greeting(customer.name),
      '',
      text.intro,
      '',
      `${text.number}: ${booking.appointmentNumber}`,
      `${text.service}: ${service.title} (${service.duration} ${text.minutes})`,
      `${text.employee}: ${employee.name}`,
      `${text.dateLabel}: ${text.date(appointment.date, appointment.time, appointment.endTime)}`,
      `${text.customer}: ${customer.customerNumber}`,
      '',
      text.status,
    ].join('\n'),
  };
}
