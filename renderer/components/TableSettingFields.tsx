import { useTranslation } from 'react-i18next';
import type { Settings } from '../../shared/kiosk-api';
import { declarationOf, STAFF_SETTING_KEYS, type StaffSettingKey } from '../../shared/settings';
import type { TranslationKey } from '../lib/message-keys';
import type { SettingsFieldError } from '../lib/settings-validation';
import { errorId, FieldError, LockedNote, lockedNoteId } from './SettingsFieldParts';

/**
 * The staff settings (shared/settings.ts, STAFF_SETTINGS) that have no field made by hand on the
 * Settings screen, each field derived from its declaration: a number input with its range, or a
 * text input its schema checks; empty is "nobody chose" where the setting may be null. A setting
 * added to the table gets its field here; all it needs is its label (FIELD_LABELS: compilation
 * fails until it has one), and test/renderer/settings-fields.test.tsx finds a field per setting.
 */
const OWN_FIELDS = [
  'mode',
  'idleTimeoutSec',
  'language',
  'staffIdleTimeoutSec',
  'retentionDays',
  'printer',
] as const satisfies readonly StaffSettingKey[];

type TableFieldKey = Exclude<StaffSettingKey, (typeof OWN_FIELDS)[number]>;

const TABLE_FIELD_KEYS = STAFF_SETTING_KEYS.filter(
  (key): key is TableFieldKey => !(OWN_FIELDS as readonly string[]).includes(key),
);

const FIELD_LABELS = {
  contentLanguage: 'settings.contentLanguage',
  country: 'settings.country',
} as const satisfies Record<TableFieldKey, TranslationKey>;

/** The fields as typed, by key. */
export type TableFieldTexts = Record<TableFieldKey, string>;
type Value = string | number | null;

export const tableFieldTexts = (settings: Settings): TableFieldTexts =>
  Object.fromEntries(
    TABLE_FIELD_KEYS.map((key) => [key, settings[key] === null ? '' : String(settings[key])]),
  ) as TableFieldTexts;

/** What the editable fields send, and the fields whose text their declaration refuses. */
export function readTableFields(
  texts: TableFieldTexts,
  editable: (key: StaffSettingKey) => boolean,
): {
  values: Partial<Record<TableFieldKey, Value>>;
  errors: Partial<Record<string, SettingsFieldError>>;
} {
  const values: Partial<Record<TableFieldKey, Value>> = {};
  const errors: Partial<Record<string, SettingsFieldError>> = {};
  for (const key of TABLE_FIELD_KEYS.filter(editable)) {
    const declaration = declarationOf(key);
    const text = texts[key].trim();
    if (text === '' && declaration.nullable) {
      values[key] = null;
      continue;
    }
    const value = declaration.range ? (/^\d{1,6}$/.test(text) ? Number(text) : NaN) : text;
    if (declaration.value.safeParse(value).success) values[key] = value;
    else
      errors[key] = declaration.range ? { key: 'range', ...declaration.range } : { key: 'value' };
  }
  return { values, errors };
}

export function TableSettingFields({
  texts,
  onChange,
  errors,
  isLocked,
}: {
  texts: TableFieldTexts;
  onChange: (texts: TableFieldTexts) => void;
  errors: Partial<Record<string, SettingsFieldError>>;
  isLocked: (key: StaffSettingKey) => boolean;
}) {
  const { t } = useTranslation();
  return TABLE_FIELD_KEYS.map((key) => {
    const { range } = declarationOf(key);
    const locked = isLocked(key);
    const describedBy = [
      ...(errors[key] ? [errorId(key)] : []),
      ...(locked ? [lockedNoteId(key)] : []),
    ].join(' ');
    return (
      <div key={key} className="field" data-setting={key}>
        <label htmlFor={`set-${key}`}>{t(FIELD_LABELS[key])}</label>
        <input
          id={`set-${key}`}
          type={range ? 'number' : 'text'}
          {...range}
          value={texts[key]}
          readOnly={locked}
          onChange={(e) => onChange({ ...texts, [key]: e.target.value })}
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        <FieldError field={key} error={errors[key]} />
        {locked && <LockedNote id={lockedNoteId(key)} />}
      </div>
    );
  });
}
