import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKiosk } from '../app/kiosk-context';
import { ActionBar } from '../components/ActionBar';
import { Notice } from '../components/Notice';

interface PinScreenProps {
  /** First run: no PIN yet, so this screen sets one (entered twice). */
  pinSet: boolean;
  onUnlocked: (pin: string) => void;
  onCancel?: () => void;
}

const PIN = /^\d{4,12}$/;
type Message =
  | { key: 'pinWrong' | 'pinInvalid' | 'pinMismatch' }
  | { key: 'pinLockedOut'; seconds: number } // too many wrong PINs: the core refuses every PIN a while
  | null;

export function PinScreen({ pinSet, onUnlocked, onCancel }: PinScreenProps) {
  const { t } = useTranslation();
  const { client, reloadSettings } = useKiosk();
  const [pin, setPin] = useState('');
  const [first, setFirst] = useState<string | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (): Promise<void> => {
    if (!PIN.test(pin)) {
      setMessage({ key: 'pinInvalid' });
      return;
    }
    setBusy(true);
    try {
      if (pinSet) {
        const result = await client.verifyStaffPin({ pin });
        if (result.ok && result.result.valid) onUnlocked(pin);
        else {
          const seconds = result.ok ? result.result.retryAfterSec : undefined;
          setMessage(seconds === undefined ? { key: 'pinWrong' } : { key: 'pinLockedOut', seconds });
          setPin('');
        }
      } else if (first === null) {
        setFirst(pin);
        setPin('');
        setMessage(null);
      } else if (first !== pin) {
        setFirst(null);
        setPin('');
        setMessage({ key: 'pinMismatch' });
      } else {
        const result = await client.updateSettings({ pin });
        if (result.ok) {
          await reloadSettings();
          onUnlocked(pin);
        } else setMessage({ key: 'pinInvalid' });
      }
    } finally {
      setBusy(false);
    }
  };

  const title = pinSet ? t('staff.pinTitle') : t('staff.pinSetTitle');
  const prompt = pinSet ? t('staff.pinPrompt') : first === null ? t('staff.pinSetPrompt') : t('staff.pinConfirm');
  const digits = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

  return (
    <main className="screen screen-pin" data-screen="pin">
      <div className="screen-body pin-body">
        <h1>{title}</h1>
        <form
          className="pin-form"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <label htmlFor="staff-pin">{prompt}</label>
          <input
            id="staff-pin"
            className="pin-input"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={12}
            value={pin}
            autoFocus
            onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
          />
          {message && (
            <Notice tone="error">
              {message.key === 'pinLockedOut' ? t('staff.pinLockedOut', { seconds: message.seconds }) : t(`staff.${message.key}`)}
            </Notice>
          )}
          <div className="keypad">
            {digits.map((digit) => (
              <button key={digit} type="button" className="key" onClick={() => setPin((value) => (value + digit).slice(0, 12))}>
                {digit}
              </button>
            ))}
            <button type="button" className="key key-muted" onClick={() => setPin('')}>
              {t('staff.clear')}
            </button>
            <button type="button" className="key" onClick={() => setPin((value) => (value + '0').slice(0, 12))}>
              0
            </button>
            <button type="button" className="key key-muted" aria-label={t('staff.delete')} onClick={() => setPin((value) => value.slice(0, -1))}>
              ⌫
            </button>
          </div>
          <button type="submit" className="btn btn-primary btn-wide" disabled={busy}>
            {pinSet || first !== null ? t('staff.unlock') : t('nav.next')}
          </button>
        </form>
      </div>
      {onCancel && <ActionBar onBack={onCancel} />}
    </main>
  );
}
