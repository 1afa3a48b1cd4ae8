/**
 * The booking's reference: the short code the customer is shown on the queued confirmation and
 * the receipt, and staff search by. It is derived from the local id (the last eight letters or
 * digits, upper case), so every booking queued before it existed keeps the code its customer saw.
 */
export function bookingReference(localId: string): string {
  return localId
    .replace(/[^a-zA-Z0-9]/g, '')
    .slice(-8)
    .toUpperCase();
}

export interface SearchableBooking {
  reference: string;
  appointmentNumber: string | null;
  /** Null once retention erased the customer's data: an erased name is never matched. */
  customerName: string | null;
  /** The customer's e-mail and phone (staff sessions only; null once erased). */
  customerEmail?: string | null;
  customerPhone?: string | null;
}

/**
 * A phone number typed by staff matches by its digits: "0171 555-1234" finds "+49 171 5551234"
 * (leading zeros aside), and "0171" finds "0171 2345678" (at least 4 digits typed, zeros
 * counted, issue 28, and 3 after them: "000001", an appointment number's digits, is not a
 * phone; only phone characters typed).
 */
function phoneMatches(phone: string, query: string): boolean {
  if (!/^[\d\s+()\-/.]+$/.test(query)) return false;
  const typed = query.replace(/\D/g, '');
  const wanted = typed.replace(/^0+/, '');
  return typed.length >= 4 && wanted.length >= 3 && phone.replace(/\D/g, '').includes(wanted);
}

/**
 * Text as staff search compares it: case and accents folded ("Müller" -> "muller"), runs of
 * spaces as one. The one search of the app: the core's listBookings query and the screen's list.
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Punctuation and spaces are optional: "A-000123", "a000123" and "000123" all find A-000123. */
const compact = (folded: string): string => folded.replace(/[\s\-_.]/g, '');

/**
 * Whether a booking matches what staff typed: anywhere in its reference, its appointment number
 * (once sent), the customer's name or e-mail, case and accents folded, or the customer's phone
 * by its digits. An empty query matches all.
 */
export function matchesBookingQuery(booking: SearchableBooking, query: string): boolean {
  const wanted = foldForSearch(query);
  if (wanted === '') return true;
  if (booking.customerPhone && phoneMatches(booking.customerPhone, wanted)) return true;
  if (booking.customerEmail && foldForSearch(booking.customerEmail).includes(wanted)) return true;
  const wantedCompact = compact(wanted);
  const fields = [
    booking.reference,
    booking.appointmentNumber ?? '',
    booking.customerName ?? '',
  ].map(foldForSearch);
  return fields.some(
    (field) =>
      field.includes(wanted) || (wantedCompact !== '' && compact(field).includes(wantedCompact)),
  );
}
