import { Suspense, useState, type FocusEvent, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OnScreenKeyboard } from './lazy';
import type { KeyboardInput, KeyboardKind } from './OnScreenKeyboard';

type TextField = HTMLInputElement | HTMLTextAreaElement;

/** Input types typed as text; radios, checkboxes, files and colours have no keyboard. */
const TEXT_TYPES: ReadonlySet<string> = new Set([
  'text',
  'search',
  'email',
  'tel',
  'url',
  'password',
  'number',
]);

function textFieldOf(target: EventTarget | null): TextField | null {
  if (target instanceof HTMLTextAreaElement) return target.readOnly ? null : target;
  if (target instanceof HTMLInputElement && TEXT_TYPES.has(target.type))
    return target.readOnly || target.disabled ? null : target;
  return null;
}

/** The keys a field needs: its input mode first (a PIN is numeric), then its type. */
function kindOf(field: TextField): KeyboardKind {
  if (field.inputMode === 'numeric' || field.inputMode === 'tel') return 'phone';
  if (field instanceof HTMLTextAreaElement) return 'text';
  switch (field.type) {
    case 'email':
      return 'email';
    case 'tel':
    case 'number':
      return 'phone';
    case 'url':
    case 'password':
      return 'code';
    default:
      return field.dataset.keyboard === 'code' ? 'code' : 'text';
  }
}

/**
 * Types into a field React controls: the native value setter, then an `input` event, so that
 * the field's own onChange (and its filtering: digits only, upper case) runs as for a real key.
 */
function typeInto(field: TextField, input: Exclude<KeyboardInput, { kind: 'enter' }>): void {
  const value = input.kind === 'char' ? field.value + input.text : field.value.slice(0, -1);
  if (field.maxLength > 0 && value.length > field.maxLength) return;
  // The prototype's setter with the field as receiver, so that React's own tracker of the value
  // sees a change and onChange runs.
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement;
  Reflect.set(prototype.prototype, 'value', value, field);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

interface KeyboardDockProps {
  /** A touch kiosk: its staff have no keyboard but this one. */
  enabled: boolean;
  /** Open on any focus (a screen that is only its field, e.g. the setup code), not only on a tap. */
  openOnFocus?: boolean;
  children: ReactNode;
}

/**
 * The on-screen keyboard for staff's fields on a touch kiosk (setup code, booking search,
 * settings). A tap on a text field in `children` opens it below them, laid out for that field;
 * keys go to the field as typed input, Enter moves to the next field of the form or submits
 * it. A mouse click or a physical keyboard leaves it closed, so a kiosk with a USB keyboard
 * plugged in works as before.
 */
export function KeyboardDock({ enabled, openOnFocus = false, children }: KeyboardDockProps) {
  const { t } = useTranslation();
  const [field, setField] = useState<TextField | null>(null);
  const open = field && field.isConnected ? field : null;

  const show = (next: TextField): void => {
    setField(next);
    next.scrollIntoView?.({ block: 'center' });
  };
  const onPointerDown = (event: PointerEvent): void => {
    const target = textFieldOf(event.target);
    if (enabled && target && event.pointerType !== 'mouse') show(target);
  };
  const onFocus = (event: FocusEvent): void => {
    const target = textFieldOf(event.target);
    // Once open, it follows the focus from field to field.
    if (enabled && target && (openOnFocus || open)) setField(target);
  };

  const onInput = (input: KeyboardInput): void => {
    if (!open) return;
    if (input.kind !== 'enter') {
      typeInto(open, input);
      if (document.activeElement !== open) open.focus({ preventScroll: true });
      return;
    }
    const form = open.form;
    const fields = form ? Array.from(form.elements).filter((e) => textFieldOf(e) !== null) : [];
    const next = fields[fields.indexOf(open) + 1];
    if (next instanceof HTMLElement) {
      next.focus();
      show(next as TextField);
    } else if (form) {
      setField(null);
      form.requestSubmit();
    } else setField(null);
  };

  return (
    <div
      className={`keyboard-dock-host${open ? ' keyboard-dock-open' : ''}`}
      onPointerDownCapture={onPointerDown}
      onFocusCapture={onFocus}
    >
      {children}
      {enabled && open && (
        <div className="keyboard-dock" data-testid="keyboard-dock">
          <button
            type="button"
            className="btn btn-ghost keyboard-hide"
            onClick={() => setField(null)}
          >
            {t('keyboard.hide')} <span aria-hidden="true">⌄</span>
          </button>
          <Suspense fallback={<div className="keyboard keyboard-loading" />}>
            <OnScreenKeyboard kind={kindOf(open)} onInput={onInput} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
