import { CustomerSchema, LIMITS } from '../../shared/api/schemas';
import { hasLetter, isPhoneNumber, shopCountry } from '../../shared/booking/customer-checks';

export type CustomerField = 'name' | 'email' | 'phone';
export type FieldError =
  | 'required'
  | 'email'
  | 'phone'
  | 'phoneNumber'
  | 'tooShort'
  | 'tooLong'
  | 'nameShort'
  | 'nameLetter';
export interface CustomerDraft {
  name: string;
  email: string;
  phone: string;
}

/** The shortest name the kiosk takes: one letter is an initial, not a name staff can call. */
export const NAME_MIN_VISIBLE = 2;

/** Characters a person sees: grapheme clusters, without spaces and invisible format marks. */
export function visibleLength(value: string): number {
  const visible = value.replace(/[\s\p{Cc}\p{Cf}]/gu, '');
  return [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(visible)].length;
}

/**
 * Checks one field with the shared schema (the same one the API applies) and maps the first
 * issue to a message key, so that the wording is ours and translated. Within the API's limits a
 * name needs a letter and two visible characters, and a phone must be a number of the shop's
 * country (IT's `country`, else the one of its zone, `timeZone`) or an international one (issue
 * 38 item 13).
 */
export function validateField(
  field: CustomerField,
  value: string,
  timeZone: string,
  country: string | null = null,
): FieldError | null {
  if (value.trim() === '') return 'required';
  const result = CustomerSchema.shape[field].safeParse(value);
  if (result.success) {
    if (field === 'name' && !hasLetter(value)) return 'nameLetter';
    // An initial "A" is too little to call a customer by.
    if (field === 'name' && visibleLength(value) < NAME_MIN_VISIBLE) return 'nameShort';
    if (field === 'phone' && !isPhoneNumber(value, shopCountry(country, timeZone)))
      return 'phoneNumber';
    return null;
  }
  const issue = result.error.issues[0];
  if (!issue) return null;
  if (issue.code === 'too_big') return 'tooLong';
  if (issue.code === 'too_small') return 'tooShort';
  if (field === 'email') return 'email';
  if (field === 'phone') return 'phone';
  return 'required';
}

export function validateCustomer(
  customer: CustomerDraft,
  timeZone: string,
  country: string | null = null,
): Partial<Record<CustomerField, FieldError>> {
  const errors: Partial<Record<CustomerField, FieldError>> = {};
  for (const field of ['name', 'email', 'phone'] as const) {
    const error = validateField(field, customer[field], timeZone, country);
    if (error) errors[field] = error;
  }
  return errors;
}

/** The longest value each input takes (its `maxLength`): the API's own limits. */
export const FIELD_MAX: Record<CustomerField | 'notes', number> = {
  name: LIMITS.nameMax,
  email: LIMITS.emailMax,
  phone: LIMITS.phoneMax,
  notes: LIMITS.notesMax,
};
