import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsUpdate, type Settings } from '../../shared/kiosk-api';
import { useKiosk } from '../app/kiosk-context';
import { Notice } from '../components/Notice';

interface SettingsScreenProps {
  /** The PIN staff unlocked with: it authorises every change. */
  pin: string;
  onSaved: (settings: Settings) => void;
}

export function SettingsScreen({ pin, onSaved }: SettingsScreenProps) {
  const { t } = useTranslation();
  const { client, settings } = useKiosk();
  const [upstreamUrl, setUpstreamUrl] = useState(settings.upstreamUrl ?? '');
  const [apiKey, setApiKey] = useState('');
  const [mode, setMode] = useState(settings.mode);
  const [idle, setIdle] = useState(String(settings.idleTimeoutSec));
  const [language, setLanguage] = useState(settings.language);
  const [newPin, setNewPin] = useState('');
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const save = async (): Promise<void> => {
    const parsed = SettingsUpdate.safeParse({
      pin,
      upstreamUrl: upstreamUrl.trim() === '' ? null : upstreamUrl.trim(),
      ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
      mode,
      idleTimeoutSec: Number(idle),
      language,
      ...(newPin ? { newPin } : {}),
    });
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.join('.') ?? '';
      setMessage({ tone: 'error', text: t('settings.invalid', { field }) });
      return;
    }
    const result = await client.updateSettings(parsed.data);
    if (!result.ok) {
      setMessage({ tone: 'error', text: t(`errors.${result.error.code}`) });
      return;
    }
    setApiKey(''); // write-only: never kept or shown again
    setNewPin('');
    setMessage({ tone: 'success', text: t('settings.saved') });
    onSaved(result.result);
  };

  return (
    <section className="settings" aria-labelledby="settings-title" data-screen="settings">
      <h2 id="settings-title">{t('settings.title')}</h2>
      <form
        className="settings-form"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className="field">
          <label htmlFor="set-upstream">{t('settings.upstreamUrl')}</label>
          <input id="set-upstream" type="url" value={upstreamUrl} placeholder="https://" onChange={(e) => setUpstreamUrl(e.target.value)} aria-describedby="set-upstream-hint" />
          <p id="set-upstream-hint" className="field-hint">
            {t('settings.upstreamHint')}
          </p>
        </div>
        <div className="field">
          <label htmlFor="set-key">{t('settings.apiKey')}</label>
          <input id="set-key" type="password" autoComplete="off" value={apiKey} onChange={(e) => setApiKey(e.target.value)} aria-describedby="set-key-hint" />
          <p id="set-key-hint" className="field-hint">
            {settings.apiKeySet ? t('settings.apiKeySet') : t('settings.apiKeyNotSet')}
          </p>
        </div>
        <fieldset className="field">
          <legend>{t('settings.mode')}</legend>
          {(['kiosk', 'counter'] as const).map((value) => (
            <label key={value} className="radio">
              <input type="radio" name="mode" value={value} checked={mode === value} onChange={() => setMode(value)} />
              {value === 'kiosk' ? t('settings.modeKiosk') : t('settings.modeCounter')}
            </label>
          ))}
        </fieldset>
        <div className="field-row">
          <div className="field">
            <label htmlFor="set-idle">{t('settings.idleTimeout')}</label>
            <input id="set-idle" type="number" min={15} max={600} value={idle} onChange={(e) => setIdle(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="set-language">{t('settings.language')}</label>
            <select id="set-language" value={language} onChange={(e) => setLanguage(e.target.value === 'de' ? 'de' : 'en')}>
              <option value="en">{t('language.en')}</option>
              <option value="de">{t('language.de')}</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="set-pin">{t('settings.newPin')}</label>
            <input id="set-pin" type="password" inputMode="numeric" autoComplete="off" value={newPin} onChange={(e) => setNewPin(e.target.value.replace(/\D/g, ''))} />
          </div>
        </div>
        {message && <Notice tone={message.tone}>{message.text}</Notice>}
        <button type="submit" className="btn btn-primary">
          {t('settings.save')}
        </button>
      </form>
    </section>
  );
}
