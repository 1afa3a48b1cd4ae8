import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useService } from '../app/kiosk-context';
import { useAccessModes } from '../access/access-modes';
import { ActionBar } from '../components/ActionBar';
import { OnScreenKeyboard } from '../components/lazy';
import type { KeyboardInput, KeyboardKind } from '../components/OnScreenKeyboard';
import { StepHeader } from '../components/StepHeader';
import type { FlowAction, FlowState } from '../flow/flow-machine';
import { CUSTOMER_FIELD_KEYS, fieldErrorText } from '../lib/message-keys';
import { visitTitle } from '../lib/visit';
import { FIELD_MAX, validateCustomer, validateField, type CustomerField } from '../lib/validation';
import { formatDate, formatTime } from '../lib/format';
import { useKiosk, useShopZone } from '../app/kiosk-context';

interface DetailsScreenProps {
  state: FlowState;
  dispatch: (action: FlowAction) => void;
  /** Kiosk mode: an on-screen keyboard and no native one. */
  touchKeyboard: boolean;
}

type Field = CustomerField | 'notes';
const ORDER: Field[] = ['name', 'email', 'phone', 'notes'];
const KIND: Record<Field, KeyboardKind> = {
  name: 'text',
  email: 'email',
  phone: 'phone',
  notes: 'text',
};
const INPUT_TYPE: Record<CustomerField, string> = { name: 'text', email: 'email', phone: 'tel' };
const AUTOCOMPLETE: Record<CustomerField, string> = { name: 'name', email: 'email', phone: 'tel' };

export function DetailsScreen({ state, dispatch, touchKeyboard }: DetailsScreenProps) {
  const { t } = useTranslation();
  const { locale, settings, catalog, dataLang } = useKiosk();
  const zone = useShopZone();
  const { reach } = useAccessModes();
  // The embedded demo server sends no e-mail: the hint must not promise one (issue 28).
  const demo = settings.upstream === 'embedded';
  const { draft } = state;
  const service = useService(draft.serviceId);
  const [touched, setTouched] = useState<Partial<Record<CustomerField, boolean>>>({});
  const [active, setActive] = useState<Field>('name');
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  const valueOf = (field: Field): string =>
    field === 'notes' ? draft.notes : draft.customer[field];
  const setValue = (field: Field, value: string): void => {
    // The on-screen keyboard bypasses `maxLength`: the limit is applied here as well.
    const capped = value.slice(0, FIELD_MAX[field]);
    if (field === 'notes') dispatch({ type: 'editNotes', value: capped });
    else dispatch({ type: 'editCustomer', field, value: capped });
  };
  const errorOf = (field: CustomerField): string | null => {
    if (!touched[field]) return null;
    const error = validateField(field, draft.customer[field], zone, settings.country);
    return error ? fieldErrorText(t, field, error) : null;
  };
  const focus = (field: Field): void => {
    setActive(field);
    inputs.current[field]?.focus();
  };

  const submit = (): void => {
    const errors = validateCustomer(draft.customer, zone, settings.country);
    const invalid = (['name', 'email', 'phone'] as const).filter((field) => errors[field]);
    setTouched({ name: true, email: true, phone: true });
    const first = invalid[0];
    if (first) {
      focus(first);
      return;
    }
    dispatch({ type: 'submitDetails' });
  };

  const onKey = (input: KeyboardInput): void => {
    const value = valueOf(active);
    if (input.kind === 'char') setValue(active, value + input.text);
    else if (input.kind === 'backspace') setValue(active, value.slice(0, -1));
    else {
      if (active !== 'notes') setTouched((current) => ({ ...current, [active]: true }));
      const next = ORDER[ORDER.indexOf(active) + 1];
      if (next) focus(next);
      else submit();
    }
  };

  // The day with the time: a customer who went back to another day sees which one is kept.
  const subtitle =
    service && draft.slot && draft.date
      ? [
          // The service's title is the shop's text, in its content language (issue 38).
          <span key="service" lang={dataLang}>
            {visitTitle(draft, catalog.services) ?? service.title}
          </span>,
          ` · ${formatDate(draft.date, locale)} · ${formatTime(draft.slot.time, locale)}`,
        ]
      : undefined;
  const errors = (['name', 'email', 'phone'] as const).flatMap((field) => {
    const error = errorOf(field);
    return error ? [{ field, error }] : [];
  });
  // A name cut at the limit (typed on, or pasted) says so at the field, not silently.
  const nameFull = draft.customer.name.length >= FIELD_MAX.name;

  return (
    <main className={`screen${touchKeyboard ? ' screen-with-keyboard' : ''}`} data-screen="details">
      <StepHeader title={t('details.title')} step={4} {...(subtitle ? { subtitle } : {})}>
        {/* In reach mode the body above the keyboard is a small window: the errors are repeated
            above the reach line, where they cannot scroll under the keyboard (issue 38); each
            names its field. The fields' own errors are the ones announced. */}
        {reach && errors.length > 0 && (
          <ul className="error-summary" aria-hidden="true" data-testid="error-summary">
            {errors.map(({ field, error }) => (
              <li key={field}>{error}</li>
            ))}
          </ul>
        )}
      </StepHeader>
      <div className="screen-body">
        <form
          className="details-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {(['name', 'email', 'phone'] as const).map((field) => {
            const error = errorOf(field);
            return (
              <div
                className={`field${active === field && touchKeyboard ? ' field-active' : ''}`}
                key={field}
              >
                <label htmlFor={`field-${field}`}>{t(CUSTOMER_FIELD_KEYS[field])}</label>
                <input
                  id={`field-${field}`}
                  ref={(element) => {
                    inputs.current[field] = element;
                  }}
                  name={field}
                  type={INPUT_TYPE[field]}
                  maxLength={FIELD_MAX[field]}
                  dir={field === 'name' ? undefined : 'ltr'}
                  autoComplete={touchKeyboard ? 'off' : AUTOCOMPLETE[field]}
                  inputMode={touchKeyboard ? 'none' : undefined}
                  value={draft.customer[field]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={
                    error
                      ? `error-${field}`
                      : field === 'email'
                        ? 'hint-email'
                        : field === 'name' && nameFull
                          ? 'hint-name-max'
                          : undefined
                  }
                  onFocus={() => setActive(field)}
                  onChange={(event) => setValue(field, event.target.value)}
                  onBlur={() => setTouched((current) => ({ ...current, [field]: true }))}
                />
                {error ? (
                  <p id={`error-${field}`} className="field-error" role="alert">
                    {error}
                  </p>
                ) : (
                  field === 'email' && (
                    <p id="hint-email" className="field-hint">
                      {t(demo ? 'customer.emailHintDemo' : 'details.emailHint')}
                    </p>
                  )
                )}
                {field === 'name' && nameFull && (
                  <p id="hint-name-max" className="field-hint" role="status">
                    {t('customer.nameMax', { max: FIELD_MAX.name })}
                  </p>
                )}
              </div>
            );
          })}
          <div className={`field${active === 'notes' && touchKeyboard ? ' field-active' : ''}`}>
            <label htmlFor="field-notes">{t('details.notes')}</label>
            <textarea
              id="field-notes"
              ref={(element) => {
                inputs.current.notes = element;
              }}
              name="notes"
              rows={2}
              maxLength={FIELD_MAX.notes}
              inputMode={touchKeyboard ? 'none' : undefined}
              value={draft.notes}
              onFocus={() => setActive('notes')}
              onChange={(event) => setValue('notes', event.target.value)}
            />
          </div>
          {/* Enter in a field submits the form with a physical keyboard (counter mode). */}
          <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
        </form>
      </div>
      {touchKeyboard && (
        <Suspense fallback={<div className="keyboard keyboard-loading" />}>
          <OnScreenKeyboard kind={KIND[active]} onInput={onKey} />
        </Suspense>
      )}
      <ActionBar
        onBack={() => dispatch({ type: 'back' })}
        onCancel={() => dispatch({ type: 'reset' })}
      >
        <button type="button" className="btn btn-primary" onClick={submit}>
          {t('nav.next')} <span aria-hidden="true">›</span>
        </button>
      </ActionBar>
    </main>
  );
}
