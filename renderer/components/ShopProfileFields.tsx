import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHOP_LIMITS, type ShopProfile } from '../../shared/kiosk-api';
import { SHOP_FALLBACK_LANGUAGE } from '../../shared/welcome-text';
import { LANGUAGE_NAMES, LANGUAGES, type LanguageCode } from '../i18n/languages';
import type { TranslationKey } from '../lib/message-keys';

/** The form's values: texts as typed ('' clears); the welcome line per language. */
export type ShopDraft = Record<Exclude<keyof ShopProfile, 'welcome'>, string> & {
  welcome: Partial<Record<LanguageCode, string>>;
};

export function shopDraftOf(profile: ShopProfile): ShopDraft {
  return {
    name: profile.name ?? '',
    address: profile.address ?? '',
    phone: profile.phone ?? '',
    accentColor: profile.accentColor ?? '',
    welcome: { ...profile.welcome },
  };
}

interface ShopProfileFieldsProps {
  draft: ShopDraft;
  onChange: (draft: ShopDraft) => void;
  /** IT fixed the profile in the machine config: shown, not editable. */
  locked: boolean;
  lockedNoteId: string;
  logoSet: boolean;
  /** The shop's language: the welcome line is edited in it first (and shown when none fits). */
  shopLanguage: LanguageCode | null;
}

const TEXT_FIELDS = [
  ['name', SHOP_LIMITS.name],
  ['address', SHOP_LIMITS.address],
  ['phone', SHOP_LIMITS.phone],
] as const;

const SHOP_FIELD_KEYS = {
  name: 'shop.name',
  address: 'shop.address',
  phone: 'shop.phone',
  accentColor: 'shop.accentColor',
  welcome: 'shop.welcome',
} as const satisfies Record<keyof ShopDraft, TranslationKey>;

/** The shop profile in staff settings: what the start screen, receipt and calendar event show. */
export function ShopProfileFields({
  draft,
  onChange,
  locked,
  lockedNoteId,
  logoSet,
  shopLanguage,
}: ShopProfileFieldsProps) {
  const { t } = useTranslation();
  const [welcomeLanguage, setWelcomeLanguage] = useState<LanguageCode>(
    shopLanguage ?? SHOP_FALLBACK_LANGUAGE,
  );
  const set = (field: Exclude<keyof ShopDraft, 'welcome'>, value: string): void =>
    onChange({ ...draft, [field]: value });
  return (
    <fieldset className="field shop-fields" aria-describedby={locked ? lockedNoteId : undefined}>
      <legend>{t('shop.section')}</legend>
      {locked && (
        <p id={lockedNoteId} className="field-hint field-locked">
          {t('settings.lockedByIt')}
        </p>
      )}
      <div className="field-row">
        {TEXT_FIELDS.map(([field, max]) => (
          <div className="field" key={field}>
            <label htmlFor={`set-shop-${field}`}>{t(SHOP_FIELD_KEYS[field])}</label>
            <input
              id={`set-shop-${field}`}
              type={field === 'phone' ? 'tel' : 'text'}
              maxLength={max}
              value={draft[field]}
              readOnly={locked}
              onChange={(event) => set(field, event.target.value)}
            />
          </div>
        ))}
        <div className="field">
          <label htmlFor="set-shop-accent">{t('shop.accentColor')}</label>
          <input
            id="set-shop-accent"
            type="text"
            placeholder="#0d5a54"
            maxLength={7}
            value={draft.accentColor}
            readOnly={locked}
            onChange={(event) => set('accentColor', event.target.value.trim())}
          />
        </div>
        <div className="field shop-welcome">
          <label htmlFor="set-shop-welcome">{t('shop.welcome')}</label>
          <div className="shop-welcome-row">
            <select
              id="set-shop-welcome-language"
              aria-label={t('shop.welcomeLanguage')}
              value={welcomeLanguage}
              onChange={(event) => setWelcomeLanguage(event.target.value as LanguageCode)}
            >
              {LANGUAGES.map((code) => (
                <option key={code} value={code} lang={code}>
                  {LANGUAGE_NAMES[code]}
                  {draft.welcome[code] ? ' ✓' : ''}
                </option>
              ))}
            </select>
            <input
              id="set-shop-welcome"
              type="text"
              lang={welcomeLanguage}
              dir="auto"
              maxLength={SHOP_LIMITS.welcome}
              value={draft.welcome[welcomeLanguage] ?? ''}
              readOnly={locked}
              aria-describedby="set-shop-welcome-hint"
              onChange={(event) =>
                onChange({
                  ...draft,
                  welcome: { ...draft.welcome, [welcomeLanguage]: event.target.value },
                })
              }
            />
          </div>
          <p id="set-shop-welcome-hint" className="field-hint">
            {t('shop.welcomeHint', {
              language: LANGUAGE_NAMES[shopLanguage ?? SHOP_FALLBACK_LANGUAGE],
            })}
          </p>
        </div>
      </div>
      {logoSet && <p className="field-hint">{t('shop.logoByIt')}</p>}
    </fieldset>
  );
}
