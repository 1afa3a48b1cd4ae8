import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKiosk } from '../app/kiosk-context';
import { Notice } from '../components/Notice';

interface RecoveryCodeFormProps {
  /** The pad is open again; `session` when a PIN is set (staff are in), else choose the first PIN. */
  onRecovered: (session: string | null, failedAttempts: number) => void;
  onCancel: () => void;
}

/**
 * A locked PIN pad's way in (issue 30): IT's recovery code, or before the first PIN the printed
 * setup code. The core limits these apart from the PIN lockout.
 */
export function RecoveryCodeForm({ onRecovered, onCancel }: RecoveryCodeFormProps) {
  const { t } = useTranslation();
  const { client } = useKiosk();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const submit = async (): Promise<void> => {
    if (code.trim() === '') return;
    setMessage(null);
    setBusy(true);
    try {
      const result = await client.recoverStaffAccess({ code });
      if (result.ok && result.result.valid) {
        onRecovered(result.result.session ?? null, result.result.failedAttempts ?? 0);
        return;
      }
      const seconds = result.ok ? result.result.retryAfterSec : undefined;
      setMessage(
        seconds === undefined
          ? t('staff.recoveryWrong')
          : t('staff.recoveryLockedOut', { seconds }),
      );
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="pin-form"
      data-testid="recovery-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor="recovery-code">{t('staff.recoveryPrompt')}</label>
      <input
        id="recovery-code"
        className="pin-input"
        type="password"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={80}
        value={code}
        autoFocus
        readOnly={busy}
        onChange={(event) => setCode(event.target.value)}
      />
      {message && <Notice tone="error">{message}</Notice>}
      <button type="submit" className="btn btn-primary btn-wide" disabled={busy}>
        {t('staff.unlock')}
      </button>
      <button type="button" className="btn btn-wide" onClick={onCancel}>
        {t('staff.recoveryBack')}
      </button>
    </form>
  );
}
