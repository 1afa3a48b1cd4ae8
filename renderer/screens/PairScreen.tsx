import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../components/Notice';
import type { HubClient } from '../kiosk/hub-client';

interface PairScreenProps {
  hub: HubClient;
  onPaired: () => void;
}

type Problem = 'wrongCode' | 'locked' | 'unreachable' | null;

/** A new screen of a hub: the one-time code staff show under Staff → Screens, a name and a role. */
export function PairScreen({ hub, onPaired }: PairScreenProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  // Letters or signs typed or pasted into the code are left out: say so, not silently.
  const [strayInput, setStrayInput] = useState(false);
  const [name, setName] = useState('');
  const [role, setRole] = useState<'kiosk' | 'counter'>('kiosk');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    const answer = await hub.pair({ code: code.trim(), name: name.trim(), role });
    setBusy(false);
    if (answer.ok) {
      onPaired();
      return;
    }
    setCode('');
    switch (answer.reason) {
      case 'locked':
        setProblem('locked');
        break;
      case 'unreachable':
        setProblem('unreachable');
        break;
      case 'refused':
      case 'not_hub':
      case 'session':
        setProblem('wrongCode');
        break;
    }
  };

  const message =
    problem === 'locked'
      ? t('hub.locked')
      : problem === 'unreachable'
        ? t('hub.unreachable')
        : problem === 'wrongCode'
          ? t('hub.wrongCode')
          : null;

  return (
    <div className="app app-center">
      <main className="screen-center pair-screen" data-screen="pair">
        <h1>{t('hub.pairTitle')}</h1>
        <p className="lead">{t('hub.pairBody')}</p>
        <form className="pair-form" onSubmit={(event) => void submit(event)}>
          <div className="field">
            <label htmlFor="pair-code">{t('hub.code')}</label>
            <input
              id="pair-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              required
              value={code}
              aria-describedby={strayInput ? 'pair-code-hint' : undefined}
              onChange={(event) => {
                // No maxLength: a pasted "482 913" would be cut before its spaces are dropped.
                const typed = event.target.value;
                const digits = typed.replace(/\D/g, '');
                setStrayInput(digits !== typed);
                setCode(digits.slice(0, 6));
              }}
            />
            {strayInput && (
              <p id="pair-code-hint" className="field-hint" role="status">
                {t('hub.codeDigits')}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor="pair-name">{t('hub.name')}</label>
            <input
              id="pair-name"
              maxLength={60}
              required
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <fieldset className="field">
            <legend>{t('hub.role')}</legend>
            <label className="radio">
              <input
                type="radio"
                name="pair-role"
                checked={role === 'kiosk'}
                onChange={() => setRole('kiosk')}
              />{' '}
              {t('hub.roleKiosk')}
            </label>
            <label className="radio">
              <input
                type="radio"
                name="pair-role"
                checked={role === 'counter'}
                onChange={() => setRole('counter')}
              />{' '}
              {t('hub.roleCounter')}
            </label>
          </fieldset>
          {message && <Notice tone="error">{message}</Notice>}
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy || code.length !== 6 || name.trim() === ''}
          >
            {busy ? t('hub.connecting') : t('hub.connect')}
          </button>
        </form>
      </main>
    </div>
  );
}
