import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../lib/message-keys';
import type { SettingsFieldError } from '../lib/settings-validation';

/** The parts every field of the Settings screen shares: its error message and IT's note. */
export const lockedNoteId = (field: string): string => `set-${field}-locked`;

/** The note beside a field IT fixed in the machine config. */
export function LockedNote({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <p id={id} className="field-hint field-locked">
      {t('settings.lockedByIt')}
    </p>
  );
}

export const errorId = (field: string): string => `set-${field}-error`;

/** The messages without bounds (the range message is built with its own). */
const SETTINGS_ERROR_KEYS = {
  url: 'settings.errors.url',
  apiKey: 'settings.errors.apiKey',
  pin: 'settings.errors.pin',
  currentPin: 'settings.errors.currentPin',
  value: 'settings.errors.value',
} as const satisfies Record<Exclude<SettingsFieldError['key'], 'range'>, TranslationKey>;

/** A field's own message, in the screen's language (the form has no browser bubbles). */
export function FieldError({
  field,
  error,
}: {
  field: string;
  error: SettingsFieldError | undefined;
}) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p id={errorId(field)} className="field-error">
      {error.key === 'range'
        ? t('settings.errors.range', { min: error.min, max: error.max })
        : t(SETTINGS_ERROR_KEYS[error.key])}
    </p>
  );
}
