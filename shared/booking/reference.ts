/**
 * The booking's reference: the short code the customer is shown on the queued confirmation and
 * the receipt, and staff search by. It is derived from the local id (the last eight letters or
 * digits, upper case), so every booking queued before it existed keeps the code its customer saw.
 */
export function bookingReference(localId: string): string {
  return localId.replace(/[^a-zA-Z0-9]/g, '').slice(-8).toUpperCase();
}

export interface SearchableBooking {
  reference: string;
  appointmentNumber: string | null;
  /** Null once retention erased the customer's data: an erased name is never matched. */
  customerName: string | null;
}

/** Case-insensitive, accents kept; punctuation such as the hyphen of "A-000123" is optional. */
const fold = (text: string): string => text.normalize('NFC').toLocaleLowerCase('und').trim();
const compact = (text: string): string => fold(text).replace(/[\s\-_.]/g, '');

/**
 * Whether a booking matches what staff typed: a prefix of its reference, of its appointment
 * number (once sent), of the customer's full name or of any word of it. An empty query matches all.
 */
export function matchesBookingQuery(booking: SearchableBooking, query: string): boolean {
  const q = fold(query);
  if (q === '') return true;
  const qc = compact(query);
  if (qc !== '' && compact(booking.reference).startsWith(qc)) return true;
  if (booking.appointmentNumber !== null && qc !== '') {
    const number = compact(booking.appointmentNumber);
    // "A-000123", "a000123" and "000123" all find A-000123.
    if (number.startsWith(qc) || number.replace(/^[a-z]+/, '').startsWith(qc)) return true;
  }
  if (booking.customerName !== null) {
    const name = fold(booking.customerName);
    if (name.startsWith(q)) return true;
    if (name.split(/\s+/).some((word) => word.startsWith(q))) return true;
  }
  return false;
}
