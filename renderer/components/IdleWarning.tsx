import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccessModes } from '../access/access-modes';
import { playChime } from '../access/chime';
import { audioEntry } from '../access/entry-way';
import type { TranslationKey } from '../lib/message-keys';

interface IdleWarningProps {
  secondsLeft: number;
  onStay: () => void;
  /** `staff`: the staff area is about to lock (nothing of a customer's is cleared). */
  kind?: 'customer' | 'staff';
}

const KEYS = {
  customer: { title: 'idle.title', body: 'idle.body', stay: 'idle.stay' },
  staff: { title: 'staffIdle.title', body: 'staffIdle.body', stay: 'staffIdle.stay' },
} as const satisfies Record<
  NonNullable<IdleWarningProps['kind']>,
  Record<'title' | 'body' | 'stay', TranslationKey>
>;

/**
 * The countdown before a reset. For a customer (issue 31) it also sounds, says that any key or
 * touch continues, and covers the screen: what was typed stays in the form underneath (only the
 * reset clears it) but cannot be read by the next person while the customer is away. When it
 * closes, focus returns to where it was, so that a keypad user continues in the same field.
 */
export function IdleWarning({ secondsLeft, onStay, kind = 'customer' }: IdleWarningProps) {
  const { t } = useTranslation();
  const keys = KEYS[kind];
  const customer = kind === 'customer';
  // A keypad user in audio mode has no reason to touch the screen: a key continues.
  const keysOnly = useAccessModes().audio && audioEntry() === 'keys';
  // Read while rendering: by the first effect the button's autoFocus has taken the focus.
  const [before] = useState(() => document.activeElement);
  useEffect(() => {
    if (customer) playChime('idle');
    return () => {
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, [customer, before]);
  return (
    <div className={`overlay${customer ? ' overlay-cover' : ''}`} data-testid="idle-warning">
      <div
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="idle-title"
        aria-describedby="idle-body"
      >
        <h2 id="idle-title">{t(keys.title)}</h2>
        <p id="idle-body">
          {t(keys.body, { seconds: secondsLeft })}
          {customer && ` ${t(keysOnly ? 'access.idleHintKeys' : 'access.idleHint')}`}
        </p>
        <div className="countdown" aria-hidden="true">
          {secondsLeft}
        </div>
        <button type="button" className="btn btn-primary btn-wide" onClick={onStay} autoFocus>
          {t(keys.stay)}
        </button>
      </div>
    </div>
  );
}
