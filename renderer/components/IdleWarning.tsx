import { useTranslation } from 'react-i18next';
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

export function IdleWarning({ secondsLeft, onStay, kind = 'customer' }: IdleWarningProps) {
  const { t } = useTranslation();
  const keys = KEYS[kind];
  return (
    <div className="overlay">
      <div
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="idle-title"
        aria-describedby="idle-body"
      >
        <h2 id="idle-title">{t(keys.title)}</h2>
        <p id="idle-body">{t(keys.body, { seconds: secondsLeft })}</p>
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
