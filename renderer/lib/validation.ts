import { CustomerSchema, LIMITS } from '../../shared/api/schemas';

export type CustomerField = 'name' | 'email' | 'phone';
export type FieldError = 'required' | 'email' | 'phone' | 'tooShort' | 'tooLong' | 'nameShort';
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
 * issue to a message key, so that the wording is ours and translated.
 */
export function validateField(field: CustomerField, value: string): FieldError | null {
  if (value.trim() === '') return 'required';
  const result = CustomerSchema.shape[field].safeParse(value);
  // Within the API's 1-200, a name needs two visible characters (an initial "A" is too little).
  if (result.success)
    return field === 'name' && visibleLength(value) < NAME_MIN_VISIBLE ? 'nameShort' : null;
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
): Partial<Record<CustomerField, FieldError>> {
  const errors: Partial<Record<CustomerField, FieldError>> = {};
  for (const field of ['name', 'email', 'phone'] as const) {
    const error = validateField(field, customer[field]);
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
