/**
 * Whether two bookings are for the same customer (issue 38): a rejected booking is linked only
 * to its rebooking for that customer, never to the next walk-in's. The same person is the same
 * name and one way to reach them: staff may correct a typo in the e-mail or the phone while
 * rebooking, not both, and a namesake with other contacts is someone else.
 *
 * Normalised as staff type them: names and e-mails ignore case, accents' composed or decomposed
 * forms and runs of spaces; phones compare their digits only, with a leading `00` read as `+`.
 */
import type { BookingRequest } from '../api/schemas';

type Customer = BookingRequest['customer'];

const text = (value: string): string =>
  value.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

const digits = (phone: string): string => {
  const only = phone.replace(/\D/g, '');
  return phone.trim().startsWith('+') ? only : only.replace(/^00/, '');
};

export function sameCustomer(a: Customer, b: Customer): boolean {
  if (text(a.name) !== text(b.name)) return false;
  const email = text(a.email);
  const phone = digits(a.phone);
  return (email !== '' && email === text(b.email)) || (phone !== '' && phone === digits(b.phone));
}
