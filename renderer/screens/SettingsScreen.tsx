import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Language,
  SettingsUpdate,
  type LockableSetting,
  type Settings,
} from '../../shared/kiosk-api';
import {
  KioskMode,
  RANGED_SETTING_KEYS,
  SETTING_RANGES,
  type RangedSettingKey,
} from '../../shared/settings';
import type { KioskError } from '../../shared/result';
import { useStaff, useStaffCall } from '../app/staff-context';
import { Notice } from '../components/Notice';
import { PrinterField } from '../components/PrinterField';
import { errorId, FieldError, LockedNote, lockedNoteId } from '../components/SettingsFieldParts';
import { ShopProfileFields, shopDraftOf, type ShopDraft } from '../components/ShopProfileFields';
import {
  readTableFields,
  TableSettingFields,
  tableFieldTexts,
} from '../components/TableSettingFields';
import { ERROR_KEYS } from '../lib/message-keys';
import { LANGUAGE_NAMES, LANGUAGES } from '../i18n/languages';
import {
  validateSettingsForm,
  type SettingsField,
  type SettingsFieldError,
} from '../lib/settings-validation';

interface SettingsScreenProps {
  onSaved: () => void;
}

/** Loads the staff settings with the session, then shows the form. */
export function SettingsScreen({ onSaved }: SettingsScreenProps) {
  const { t } = useTranslation();
  const staffCall = useStaffCall();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [error, setError] = useState<KioskError | null>(null);
  useEffect(() => {
    void staffCall('getSettings', {}).then((result) =>
      result.ok ? setSettings(result.result) : setError(result.error),
    );
  }, [staffCall]);
  if (error) return <Notice tone="error">{t(ERROR_KEYS[error.code])}</Notice>;
  if (!settings) return <p className="hint">{t('app.loading')}</p>;
  return (
    <SettingsForm
      settings={settings}
      onSaved={(next) => {
        setSettings(next);
        onSaved();
      }}
    />
  );
}

function SettingsForm({
  settings,
  onSaved,
}: {
  settings: Settings;
  onSaved: (settings: Settings) => void;
}) {
  const { t } = useTranslation();
  const { session } = useStaff();
  const staffCall = useStaffCall();
  // Fields IT locked are shown read-only and left out of the update (the core refuses changes).
  const isLocked = (field: LockableSetting): boolean => settings.locked.includes(field);
  const describedBy = (field: LockableSetting, ...ids: string[]): string =>
    [...ids, ...(isLocked(field) ? [lockedNoteId(field)] : [])].join(' ');
  const [upstreamUrl, setUpstreamUrl] = useState(settings.upstreamUrl ?? '');
  const [apiKey, setApiKey] = useState('');
  const [mode, setMode] = useState(settings.mode);
  // The whole-number settings as typed, by key (their bounds: shared/settings.ts).
  const [numbers, setNumbers] = useState(
    () =>
      Object.fromEntries(RANGED_SETTING_KEYS.map((key) => [key, String(settings[key])])) as Record<
        RangedSettingKey,
        string
      >,
  );
  const numberInput = (key: RangedSettingKey) => ({
    type: 'number',
    ...SETTING_RANGES[key],
    value: numbers[key],
    readOnly: isLocked(key),
    onChange: (e: { target: { value: string } }) =>
      setNumbers((before) => ({ ...before, [key]: e.target.value })),
  });
  const [language, setLanguage] = useState(settings.language);
  const [printer, setPrinter] = useState(settings.printer);
  const [currentPin, setCurrentPin] = useState('');
  const [newPin, setNewPin] = useState('');
  const [shop, setShop] = useState<ShopDraft>(() => shopDraftOf(settings.shop));
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [errors, setErrors] = useState<Partial<Record<SettingsField, SettingsFieldError>>>({});
  // The settings whose fields are derived from their declarations (TableSettingFields).
  const [tableTexts, setTableTexts] = useState(() => tableFieldTexts(settings));
  const [tableErrors, setTableErrors] = useState<Partial<Record<string, SettingsFieldError>>>({});
  /** aria props of a checked field: invalid, and described by its message first. */
  const checked = (field: SettingsField, ...describedBy: string[]) => {
    const ids = [...(errors[field] ? [errorId(field)] : []), ...describedBy]
      .filter(Boolean)
      .join(' ');
    return {
      'aria-invalid': errors[field] ? true : undefined,
      'aria-describedby': ids || undefined,
    };
  };

  const save = async (): Promise<void> => {
    const found = validateSettingsForm(
      { upstreamUrl, apiKey, ...numbers, currentPin, newPin },
      (field) => field === 'currentPin' || field === 'newPin' || !isLocked(field),
    );
    const table = readTableFields(tableTexts, (key) => !settings.locked.some((k) => k === key));
    setErrors(found);
    setTableErrors(table.errors);
    if (Object.keys(found).length > 0 || Object.keys(table.errors).length > 0) {
      setMessage({ tone: 'error', text: t('settings.invalid') });
      return;
    }
    const parsed = SettingsUpdate.safeParse({
      session,
      ...(isLocked('upstreamUrl')
        ? {}
        : { upstreamUrl: upstreamUrl.trim() === '' ? null : upstreamUrl.trim() }),
      ...(apiKey.trim() && !isLocked('apiKey') ? { apiKey: apiKey.trim() } : {}),
      ...(isLocked('mode') ? {} : { mode }),
      ...Object.fromEntries(
        RANGED_SETTING_KEYS.filter((key) => !isLocked(key)).map((key) => [
          key,
          Number(numbers[key]),
        ]),
      ),
      ...(isLocked('language') ? {} : { language }),
      ...(isLocked('printer') ? {} : { printer }),
      ...table.values,
      ...(isLocked('shop') ? {} : { shop }),
      // A PIN change, and a move of the upstream to another host, also need the current PIN:
      // an open staff screen alone is not enough.
      ...(currentPin ? { pin: currentPin } : {}),
      ...(newPin ? { newPin } : {}),
    });
    if (!parsed.success) {
      // validateSettingsForm mirrors the contract; this is the backstop if they ever differ.
      setMessage({ tone: 'error', text: t('settings.invalid') });
      return;
    }
    const { session: _session, ...update } = parsed.data;
    const result = await staffCall('updateSettings', update);
    if (!result.ok) {
      setMessage({ tone: 'error', text: t(ERROR_KEYS[result.error.code]) });
      return;
    }
    setApiKey(''); // write-only: never kept or shown again
    setNewPin('');
    setCurrentPin('');
    setMessage({ tone: 'success', text: t('settings.saved') });
    onSaved(result.result);
  };

  return (
    <section className="settings" aria-labelledby="settings-title" data-screen="settings">
      <h2 id="settings-title">{t('settings.title')}</h2>
      <form
        className="settings-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className="field">
          <label htmlFor="set-upstream">{t('settings.upstreamUrl')}</label>
          <input
            id="set-upstream"
            type="url"
            value={upstreamUrl}
            placeholder="https://"
            readOnly={isLocked('upstreamUrl')}
            onChange={(e) => setUpstreamUrl(e.target.value)}
            {...checked('upstreamUrl', describedBy('upstreamUrl', 'set-upstream-hint'))}
          />
          <FieldError field="upstreamUrl" error={errors.upstreamUrl} />
          <p id="set-upstream-hint" className="field-hint">
            {t('settings.upstreamHint')}
          </p>
          {isLocked('upstreamUrl') && <LockedNote id={lockedNoteId('upstreamUrl')} />}
        </div>
        <div className="field">
          <label htmlFor="set-key">{t('settings.apiKey')}</label>
          <input
            id="set-key"
            type="password"
            autoComplete="off"
            value={apiKey}
            readOnly={isLocked('apiKey')}
            onChange={(e) => setApiKey(e.target.value)}
            {...checked('apiKey', describedBy('apiKey', 'set-key-hint'))}
          />
          <FieldError field="apiKey" error={errors.apiKey} />
          <p id="set-key-hint" className="field-hint">
            {settings.apiKeySet
              ? t(isLocked('apiKey') ? 'settings.apiKeySetByIt' : 'settings.apiKeySet')
              : t('settings.apiKeyNotSet')}
          </p>
          {isLocked('apiKey') && <LockedNote id={lockedNoteId('apiKey')} />}
          {settings.apiKeyProtection === 'plain' && (
            <p className="field-hint field-warning">{t('settings.apiKeyPlain')}</p>
          )}
          {settings.apiKeyProtection === 'itFile' && (
            <p className="field-hint">{t('settings.apiKeyFromFile')}</p>
          )}
        </div>
        <fieldset
          className="field"
          data-setting="mode"
          aria-describedby={describedBy('mode') || undefined}
        >
          <legend>{t('settings.mode')}</legend>
          {isLocked('mode') && <LockedNote id={lockedNoteId('mode')} />}
          {KioskMode.options.map((value) => (
            <label key={value} className="radio">
              <input
                type="radio"
                name="mode"
                value={value}
                checked={mode === value}
                disabled={isLocked('mode')}
                onChange={() => setMode(value)}
              />
              {value === 'kiosk' ? t('settings.modeKiosk') : t('settings.modeCounter')}
            </label>
          ))}
        </fieldset>
        <div className="field-row">
          <div className="field" data-setting="idleTimeoutSec">
            <label htmlFor="set-idle">{t('settings.idleTimeout')}</label>
            <input
              id="set-idle"
              {...numberInput('idleTimeoutSec')}
              {...checked('idleTimeoutSec', describedBy('idleTimeoutSec'))}
            />
            <FieldError field="idleTimeoutSec" error={errors.idleTimeoutSec} />
            {isLocked('idleTimeoutSec') && <LockedNote id={lockedNoteId('idleTimeoutSec')} />}
          </div>
          <div className="field" data-setting="language">
            <label htmlFor="set-language">{t('settings.language')}</label>
            <select
              id="set-language"
              value={language ?? ''}
              disabled={isLocked('language')}
              onChange={(e) => {
                const chosen = Language.safeParse(e.target.value);
                setLanguage(chosen.success ? chosen.data : null);
              }}
              aria-describedby={describedBy('language') || undefined}
            >
              <option value="">{t('settings.languageAuto')}</option>
              {LANGUAGES.map((code) => (
                <option key={code} value={code} lang={code}>
                  {LANGUAGE_NAMES[code]}
                </option>
              ))}
            </select>
            {isLocked('language') && <LockedNote id={lockedNoteId('language')} />}
          </div>
        </div>
        <div className="field-row">
          <div className="field" data-setting="staffIdleTimeoutSec">
            <label htmlFor="set-staff-idle">{t('settings.staffIdleTimeout')}</label>
            <input
              id="set-staff-idle"
              {...numberInput('staffIdleTimeoutSec')}
              {...checked('staffIdleTimeoutSec', describedBy('staffIdleTimeoutSec'))}
            />
            <FieldError field="staffIdleTimeoutSec" error={errors.staffIdleTimeoutSec} />
            {isLocked('staffIdleTimeoutSec') && (
              <LockedNote id={lockedNoteId('staffIdleTimeoutSec')} />
            )}
          </div>
          <div className="field" data-setting="retentionDays">
            <label htmlFor="set-retention">{t('settings.retentionDays')}</label>
            <input
              id="set-retention"
              {...numberInput('retentionDays')}
              {...checked('retentionDays', describedBy('retentionDays', 'set-retention-hint'))}
            />
            <FieldError field="retentionDays" error={errors.retentionDays} />
            <p id="set-retention-hint" className="field-hint">
              {t('settings.retentionHint')}
            </p>
            {isLocked('retentionDays') && <LockedNote id={lockedNoteId('retentionDays')} />}
          </div>
        </div>
        <PrinterField
          value={printer}
          onChange={setPrinter}
          locked={isLocked('printer')}
          lockedNoteId={lockedNoteId('printer')}
        />
        {isLocked('printer') && <LockedNote id={lockedNoteId('printer')} />}
        <ShopProfileFields
          draft={shop}
          onChange={setShop}
          locked={isLocked('shop')}
          lockedNoteId={lockedNoteId('shop')}
          logoSet={settings.shopLogoSet}
          shopLanguage={language}
        />
        {/* One cell of the wide form: beside the shop profile there is room (counter-fit.spec). */}
        <div className="field-stack">
          <div className="field-row">
            <TableSettingFields
              texts={tableTexts}
              onChange={setTableTexts}
              errors={tableErrors}
              isLocked={(key) => settings.locked.some((k) => k === key)}
            />
          </div>
          {settings.pinSetByIt ? (
            <p className="field-hint field-locked">{t('settings.pinSetByIt')}</p>
          ) : (
            <div className="field-row">
              <div className="field">
                <label htmlFor="set-current-pin">{t('settings.currentPin')}</label>
                <input
                  id="set-current-pin"
                  type="password"
                  inputMode="numeric"
                  autoComplete="off"
                  value={currentPin}
                  onChange={(e) => setCurrentPin(e.target.value.replace(/\D/g, ''))}
                  {...checked('currentPin')}
                />
                <FieldError field="currentPin" error={errors.currentPin} />
              </div>
              <div className="field">
                <label htmlFor="set-pin">{t('settings.newPin')}</label>
                <input
                  id="set-pin"
                  type="password"
                  inputMode="numeric"
                  autoComplete="off"
                  value={newPin}
                  onChange={(e) => setNewPin(e.target.value.replace(/\D/g, ''))}
                  {...checked('newPin')}
                />
                <FieldError field="newPin" error={errors.newPin} />
              </div>
            </div>
          )}
        </div>
        {message && <Notice tone={message.tone}>{message.text}</Notice>}
        <button type="submit" className="btn btn-primary">
          {t('settings.save')}
        </button>
      </form>
    </section>
  );
}
