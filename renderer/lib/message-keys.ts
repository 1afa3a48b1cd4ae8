import type { ParseKeys, TFunction } from 'i18next';
import { BOOKING_STATE_LABELS } from '../../shared/booking/booking-states';
import type { LocalBookingState, SyncStatus } from '../../shared/kiosk-api';
import type { ErrorCode } from '../../shared/result';
import type { CustomerField, FieldError } from './validation';

/**
 * A key of the English strings: `t()` accepts nothing else (see renderer/i18n/i18next.d.ts).
 * A value that picks a message goes through one of these maps, so that a new member of its union
 * is a compile error here rather than a raw key on screen (lint forbids building a key with a
 * template literal).
 */
export type TranslationKey = ParseKeys;

export type OfflineReason = NonNullable<SyncStatus['offlineReason']>;

export const ERROR_KEYS = {
  invalid_input: 'errors.invalid_input',
  invalid_request: 'errors.invalid_request',
  not_found: 'errors.not_found',
  slot_taken: 'errors.slot_taken',
  unauthorized: 'errors.unauthorized',
  config: 'errors.config',
  unavailable: 'errors.unavailable',
  storage_full: 'errors.storage_full',
  setup_required: 'errors.setup_required',
  not_available: 'errors.not_available',
  internal: 'errors.internal',
} as const satisfies Record<ErrorCode, TranslationKey>;

export const OFFLINE_REASON_KEYS = {
  connect: 'status.offlineReasons.connect',
  timeout: 'status.offlineReasons.timeout',
  reset: 'status.offlineReasons.reset',
  other: 'status.offlineReasons.other',
} as const satisfies Record<OfflineReason, TranslationKey>;

export function isOfflineReason(value: string | undefined): value is OfflineReason {
  return value !== undefined && Object.hasOwn(OFFLINE_REASON_KEYS, value);
}

/** The table's label keys (shared/booking/booking-states.ts), checked against the strings here. */
export const BOOKING_STATE_KEYS = BOOKING_STATE_LABELS satisfies Record<
  LocalBookingState,
  TranslationKey
>;

/** The customer form's labels (kiosk details screen and counter booking). */
export const CUSTOMER_FIELD_KEYS = {
  name: 'details.name',
  email: 'details.email',
  phone: 'details.phone',
} as const satisfies Record<CustomerField, TranslationKey>;

export const FIELD_ERROR_KEYS = {
  required: 'details.errors.required',
  email: 'details.errors.email',
  phone: 'details.errors.phone',
  phoneNumber: 'customer.phoneNumber',
  tooShort: 'details.errors.tooShort',
  tooLong: 'details.errors.tooLong',
  nameShort: 'customer.nameShort',
  nameLetter: 'customer.nameLetter',
} as const satisfies Record<FieldError, TranslationKey>;

/** A field's error as shown and announced: the field's name first (issue 38 item 6). */
export function fieldErrorText(t: TFunction, field: CustomerField, error: FieldError): string {
  return t('customer.fieldError', {
    field: t(CUSTOMER_FIELD_KEYS[field]),
    message: t(FIELD_ERROR_KEYS[error]),
  });
}
