/** The confirmation e-mail for a new booking (German: the demo business is in Berlin). */
import type { BookingResponse } from '../../shared/api/schemas';
import type { MailMessage } from './mailer';

export function confirmationMail(booking: BookingResponse): MailMessage {
  const { appointment, service, employee, customer } = booking;
  return {
    to: customer.email,
    subject: `Ihre Terminanfrage ${booking.appointmentNumber} am ${appointment.date} um ${appointment.time}`,
    text: [
      `Hallo ${customer.name},`,
      '',
      'vielen Dank für Ihre Terminanfrage. Wir haben folgenden Termin für Sie vorgemerkt:',
      '',
      `Termin-Nr.: ${booking.appointmentNumber}`,
      `Leistung:   ${service.title} (${service.duration} Minuten)`,
      `Bei:        ${employee.name}`,
      `Datum:      ${appointment.date}, ${appointment.time} bis ${appointment.endTime} Uhr`,
      `Kunden-Nr.: ${customer.customerNumber}`,
      '',
      'Status: angefragt. Wir melden uns, falls etwas nicht passt.',
    ].join('\n'),
  };
}
