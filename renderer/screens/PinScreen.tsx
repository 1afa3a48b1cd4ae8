import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffPinCheck, StaffSetup } from '../../shared/kiosk-api';
import type { Result } from '../../shared/result';
import { useKiosk } from '../app/kiosk-context';
import { ActionBar } from '../components/ActionBar';
import { KeyboardDock } from '../components/KeyboardDock';
import { Notice } from '../components/Notice';
import { RecoveryCodeForm } from './RecoveryCodeForm';
import type { TranslationKey } from '../lib/message-keys';

interface PinScreenProps {
  /**
   * `done`: enter the PIN. `demo` / `required`: no PIN yet: first the setup code printed at
   * start-up, then choose one (entered twice).
   */
  setup: StaffSetup;
  /** A right PIN (or a new one) opened this staff session; `failedAttempts`: wrong ones before it. */
  onUnlocked: (session: string, failedAttempts: number) => void;
  onCancel?: () => void;
  /** A touch kiosk: the setup code is typed on the on-screen keyboard. */
  touchKeyboard?: boolean;
}

const PIN = /^\d{4,12}$/;
type Message =
  | { key: 'pinWrong' | 'pinInvalid' | 'pinMismatch' | 'setupCodeWrong' }
  // Too many wrong tries: the core refuses every PIN and code a while (named for what was typed).
  | { key: 'pinLockedOut' | 'codeLockedOut'; seconds: number }
  | null;
const MESSAGE_KEYS = {
  pinWrong: 'staff.pinWrong',
  pinInvalid: 'staff.pinInvalid',
  pinMismatch: 'staff.pinMismatch',
  setupCodeWrong: 'staff.setupCodeWrong',
} as const satisfies Record<
  Exclude<NonNullable<Message>['key'], 'pinLockedOut' | 'codeLockedOut'>,
  TranslationKey
>;

export function PinScreen({ setup, onUnlocked, onCancel, touchKeyboard = false }: PinScreenProps) {
  const { t } = useTranslation();
  const { client } = useKiosk();
  const [pin, setPin] = useState('');
  const [first, setFirst] = useState<string | null>(null);
  const [setupCode, setSetupCode] = useState<string | null>(setup === 'done' ? null : '');
  const [codeEntered, setCodeEntered] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  // A locked pad offers IT's recovery code (issue 30).
  const [recovering, setRecovering] = useState(false);
  const pinSet = setup === 'done';
  const askCode = setup !== 'done' && !codeEntered;

  /** A refused check: wrong, or locked out for a while. */
  const refused = (
    result: Result<Pick<StaffPinCheck, 'retryAfterSec'>>,
    wrong: 'pinWrong' | 'setupCodeWrong',
  ): void => {
    const seconds = result.ok ? result.result.retryAfterSec : undefined;
    const lockedOut = wrong === 'setupCodeWrong' ? 'codeLockedOut' : 'pinLockedOut';
    setMessage(seconds === undefined ? { key: wrong } : { key: lockedOut, seconds });
    setPin('');
  };

  const submit = async (): Promise<void> => {
    if (askCode) {
      if ((setupCode ?? '').trim().length < 8) {
        setMessage({ key: 'setupCodeWrong' });
        return;
      }
      // The code is checked before staff choose a PIN twice (the core counts a wrong one).
      setMessage(null);
      setBusy(true);
      try {
        const result = await client.checkSetupCode({ setupCode: setupCode ?? '' });
        if (result.ok && result.result.valid) setCodeEntered(true);
        else refused(result, 'setupCodeWrong');
      } finally {
        setBusy(false);
      }
      return;
    }
    if (!PIN.test(pin)) {
      setMessage({ key: 'pinInvalid' });
      return;
    }
    // The last answer goes while this one is checked: staff never read an old "Wrong PIN" as new.
    setMessage(null);
    setBusy(true);
    try {
      if (pinSet) {
        const result = await client.verifyStaffPin({ pin });
        if (result.ok && result.result.valid && result.result.session)
          onUnlocked(result.result.session, result.result.failedAttempts ?? 0);
        else refused(result, 'pinWrong');
      } else if (first === null) {
        setFirst(pin);
        setPin('');
        setMessage(null);
      } else if (first !== pin) {
        setFirst(null);
        setPin('');
        setMessage({ key: 'pinMismatch' });
      } else {
        const result = await client.setupStaffPin({ pin, ...(setupCode ? { setupCode } : {}) });
        if (result.ok && result.result.valid && result.result.session)
          onUnlocked(result.result.session, result.result.failedAttempts ?? 0);
        else {
          // A wrong code: start again from the code (the PIN was fine).
          setFirst(null);
          setCodeEntered(false);
          refused(result, 'setupCodeWrong');
        }
      }
    } finally {
      setBusy(false);
    }
  };

  const title = pinSet ? t('staff.pinTitle') : t('staff.pinSetTitle');
  const prompt = pinSet
    ? t('staff.pinPrompt')
    : first === null
      ? t(setup === 'demo' ? 'staff.pinSetPromptDemo' : 'staff.pinSetPrompt')
      : t('staff.pinConfirm');
  const digits = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
  const messageText =
    message === null
      ? null
      : message.key === 'pinLockedOut'
        ? t('staff.pinLockedOut', { seconds: message.seconds })
        : message.key === 'codeLockedOut'
          ? t('staff.codeLockedOut', { seconds: message.seconds })
          : t(MESSAGE_KEYS[message.key]);
  const recoveryOffer = message?.key === 'pinLockedOut' && (
    <button type="button" className="btn btn-wide" onClick={() => setRecovering(true)}>
      {t('staff.recoveryUse')}
    </button>
  );

  if (recovering) {
    return (
      <main className="screen screen-pin" data-screen="recovery">
        <div className="screen-body pin-body">
          <h1>{title}</h1>
          <RecoveryCodeForm
            onRecovered={(session, failedAttempts) => {
              if (session !== null) {
                onUnlocked(session, failedAttempts);
                return;
              }
              // No PIN yet: the pad is open again for the setup code.
              setRecovering(false);
              setMessage(null);
            }}
            onCancel={() => setRecovering(false)}
          />
        </div>
        {onCancel && <ActionBar onBack={onCancel} />}
      </main>
    );
  }

  if (askCode) {
    return (
      <main className="screen screen-pin" data-screen="setup-code">
        <div className="screen-body pin-body">
          <h1>{t('setup.codeTitle')}</h1>
          <KeyboardDock enabled={touchKeyboard} openOnFocus>
            <form
              className="pin-form"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void submit();
              }}
            >
              <label htmlFor="setup-code">{t('setup.codePrompt')}</label>
              <input
                id="setup-code"
                className="pin-input"
                type="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={20}
                data-keyboard="code"
                inputMode={touchKeyboard ? 'none' : undefined}
                value={setupCode ?? ''}
                autoFocus
                onChange={(event) => setSetupCode(event.target.value.toUpperCase())}
              />
              {messageText && <Notice tone="error">{messageText}</Notice>}
              <button type="submit" className="btn btn-primary btn-wide" disabled={busy}>
                {t('nav.next')}
              </button>
              {recoveryOffer}
            </form>
          </KeyboardDock>
        </div>
        {onCancel && <ActionBar onBack={onCancel} />}
      </main>
    );
  }

  return (
    <main className="screen screen-pin" data-screen="pin">
      <div className="screen-body pin-body">
        <h1>{title}</h1>
        <form
          className="pin-form"
          noValidate
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
            readOnly={busy}
            onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
          />
          {messageText && <Notice tone="error">{messageText}</Notice>}
          <div className="keypad">
            {digits.map((digit) => (
              <button
                key={digit}
                type="button"
                className="key"
                onClick={() => setPin((value) => (value + digit).slice(0, 12))}
              >
                {digit}
              </button>
            ))}
            <button type="button" className="key key-muted" onClick={() => setPin('')}>
              {t('staff.clear')}
            </button>
            <button
              type="button"
              className="key"
              onClick={() => setPin((value) => (value + '0').slice(0, 12))}
            >
              0
            </button>
            <button
              type="button"
              className="key key-muted"
              aria-label={t('staff.delete')}
              onClick={() => setPin((value) => value.slice(0, -1))}
            >
              ⌫
            </button>
          </div>
          <button type="submit" className="btn btn-primary btn-wide" disabled={busy}>
            {pinSet || first !== null ? t('staff.unlock') : t('nav.next')}
          </button>
          {recoveryOffer}
        </form>
      </div>
      {onCancel && <ActionBar onBack={onCancel} />}
    </main>
  );
}
