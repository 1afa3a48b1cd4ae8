import { useTranslation } from 'react-i18next';
import { SHOP_LIMITS, type ShopProfile } from '../../shared/kiosk-api';

export type ShopDraft = Record<keyof ShopProfile, string>;

export function shopDraftOf(profile: ShopProfile): ShopDraft {
  return {
    name: profile.name ?? '',
    address: profile.address ?? '',
    phone: profile.phone ?? '',
    accentColor: profile.accentColor ?? '',
    welcome: profile.welcome ?? '',
  };
}

interface ShopProfileFieldsProps {
  draft: ShopDraft;
  onChange: (draft: ShopDraft) => void;
  /** IT fixed the profile in the machine config: shown, not editable. */
  locked: boolean;
  lockedNoteId: string;
  logoSet: boolean;
}

const TEXT_FIELDS = [
  ['name', SHOP_LIMITS.name],
  ['address', SHOP_LIMITS.address],
  ['phone', SHOP_LIMITS.phone],
  ['welcome', SHOP_LIMITS.welcome],
] as const;

/** The shop profile in staff settings: what the start screen, receipt and calendar event show. */
export function ShopProfileFields({ draft, onChange, locked, lockedNoteId, logoSet }: ShopProfileFieldsProps) {
  const { t } = useTranslation();
  const set = (field: keyof ShopDraft, value: string): void => onChange({ ...draft, [field]: value });
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
            <label htmlFor={`set-shop-${field}`}>{t(`shop.${field}`)}</label>
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
      </div>
      {logoSet && <p className="field-hint">{t('shop.logoByIt')}</p>}
    </fieldset>
  );
}
