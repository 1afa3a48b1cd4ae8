import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreateBookingResult } from '../../shared/kiosk-api';
import type { KioskError } from '../../shared/result';
import { useKiosk, useShopZone } from '../app/kiosk-context';
import type { ChosenSlot } from '../flow/flow-machine';
import { shortReference } from '../lib/booking-filter';
import { formatShortDate, formatTime } from '../lib/format';
import { CUSTOMER_FIELD_KEYS, ERROR_KEYS, fieldErrorText } from '../lib/message-keys';
import {
  FIELD_MAX,
  validateField,
  type CustomerDraft,
  type CustomerField,
} from '../lib/validation';
import { Notice } from './Notice';

export const COUNTER_FIELDS: CustomerField[] = ['name', 'email', 'phone'];
const INPUT_TYPE: Record<CustomerField, string> = { name: 'text', email: 'email', phone: 'tel' };
const AUTOCOMPLETE: Record<CustomerField, string> = { name: 'name', email: 'email', phone: 'tel' };

/**
 * What became of the rejected booking staff were booking again: linked to this one, or not,
 * because this one is for another customer (issue 38); null: no rebooking (or the link failed).
 */
export type CounterLink = 'linked' | 'other' | null;

/** The last booking made at the counter, and whether it was linked to the rejected one it rebooks. */
export type CounterOutcome = {
  result: CreateBookingResult;
  linked: CounterLink;
  /** The rejected booking's customer, named when this booking was not linked to it. */
  rebookedName?: string | undefined;
} | null;

export type CounterInputs = Partial<Record<CustomerField, HTMLInputElement | null>>;

interface CounterCustomerFormProps {
  outcome: CounterOutcome;
  /** The chosen day and time, shown above the fields. */
  date: string | null;
  slot: ChosenSlot | null;
  customer: CustomerDraft;
  onCustomerChange: (field: CustomerField, value: string) => void;
  notes: string;
  onNotesChange: (notes: string) => void;
  /** Field errors show only once staff tried to book. */
  touched: boolean;
  error: KioskError | 'pickTime' | null;
  submitting: boolean;
  /** The screen moves the cursor into these (to the first field to fill in). */
  inputs: RefObject<CounterInputs>;
  onSubmit: () => void;
}

/** The counter's customer column: the last booking's notice, the fields, and Book (Enter). */
export function CounterCustomerForm({
  outcome,
  date,
  slot,
  customer,
  onCustomerChange,
  notes,
  onNotesChange,
  touched,
  error,
  submitting,
  inputs,
  onSubmit,
}: CounterCustomerFormProps) {
  const { t } = useTranslation();
  const { locale, settings } = useKiosk();
  const zone = useShopZone();

  const fieldError = (field: CustomerField): string | null => {
    if (!touched) return null;
    const problem = validateField(field, customer[field], zone, settings.country);
    return problem ? fieldErrorText(t, field, problem) : null;
  };

  return (
    <form
      className="desk-column desk-customer"
      aria-labelledby="desk-customer"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h3 id="desk-customer" className="group-title">
        {t('desk.customer')}
      </h3>
      {outcome && (
        <Notice tone="success">
          {outcome.result.booking
            ? t('desk.booked', { number: outcome.result.booking.appointmentNumber })
            : t('desk.queued', { reference: shortReference(outcome.result.localId) })}
          {outcome.linked === 'linked' && <> {t('desk.rebooked')}</>}
          {outcome.linked === 'other' && (
            <> {t('desk.notRebooked', { name: outcome.rebookedName ?? '' })}</>
          )}
        </Notice>
      )}
      {slot && date && (
        <p className="desk-chosen" data-testid="desk-chosen">
          {formatShortDate(date, locale)} · {formatTime(slot.time, locale)}
          {slot.employeeName ? ` · ${slot.employeeName}` : ''}
        </p>
      )}
      {COUNTER_FIELDS.map((field) => {
        const problem = fieldError(field);
        return (
          <div className="field" key={field}>
            <label htmlFor={`desk-${field}`}>{t(CUSTOMER_FIELD_KEYS[field])}</label>
            <input
              id={`desk-${field}`}
              ref={(element) => {
                inputs.current[field] = element;
              }}
              name={field}
              type={INPUT_TYPE[field]}
              maxLength={FIELD_MAX[field]}
              autoComplete={AUTOCOMPLETE[field]}
              value={customer[field]}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `desk-error-${field}` : undefined}
              onChange={(event) => onCustomerChange(field, event.target.value)}
            />
            {problem && (
              <p id={`desk-error-${field}`} className="field-error">
                {problem}
              </p>
            )}
          </div>
        );
      })}
      <div className="field">
        <label htmlFor="desk-notes">{t('details.notes')}</label>
        <input
          id="desk-notes"
          name="notes"
          type="text"
          maxLength={FIELD_MAX.notes}
          value={notes}
          onChange={(event) => onNotesChange(event.target.value)}
        />
      </div>
      {error === 'pickTime' && <Notice tone="warning">{t('desk.pickTime')}</Notice>}
      {error && error !== 'pickTime' && (
        <Notice tone="error">
          {error.code === 'slot_taken' ? t('time.slotTaken') : t(ERROR_KEYS[error.code])}
        </Notice>
      )}
      <button type="submit" className="btn btn-primary desk-book" disabled={submitting}>
        {submitting ? t('desk.booking') : t('desk.book')}
      </button>
      <p className="hint">{t('desk.enterHint')}</p>
    </form>
  );
}
