import { SettingsUpdate } from '../../shared/kiosk-api';
import {
  RANGED_SETTING_KEYS,
  SETTING_RANGES,
  isSafeUpstreamUrl,
  type RangedSettingKey,
} from '../../shared/settings';

/** The staff settings fields that can be typed wrong: the whole numbers come from shared/settings.ts. */
export type SettingsField = 'upstreamUrl' | 'apiKey' | RangedSettingKey | 'currentPin' | 'newPin';

/** A message key under `settings.errors`, with the bounds a range message names. */
export type SettingsFieldError =
  | { key: 'url' }
  | { key: 'apiKey' }
  | { key: 'range'; min: number; max: number }
  | { key: 'pin' }
  | { key: 'currentPin' }
  /** A setting's text its declaration refuses (shared/settings.ts). */
  | { key: 'value' };

/** The form as typed; a whole-number setting's text under its key. */
export type SettingsFormValues = Record<
  'upstreamUrl' | 'apiKey' | RangedSettingKey | 'currentPin' | 'newPin',
  string
>;

/** https, or plain http to this machine: what the core accepts (settings-service.ts). */
function isAcceptedUrl(text: string): boolean {
  if (!SettingsUpdate.shape.upstreamUrl.safeParse(text).success) return false;
  return isSafeUpstreamUrl(new URL(text));
}

/**
 * Checks the form as typed, field by field, so that every message is ours and in the screen's
 * language (the form has `noValidate`: no browser bubbles). Only the fields that are sent are
 * checked (`editable`: not locked by IT); an empty address means the demo data.
 */
export function validateSettingsForm(
  values: SettingsFormValues,
  editable: (field: SettingsField) => boolean,
): Partial<Record<SettingsField, SettingsFieldError>> {
  const errors: Partial<Record<SettingsField, SettingsFieldError>> = {};
  const url = values.upstreamUrl.trim();
  if (editable('upstreamUrl') && url !== '' && !isAcceptedUrl(url))
    errors.upstreamUrl = { key: 'url' };
  if (editable('apiKey') && values.apiKey.trim().length > 500) errors.apiKey = { key: 'apiKey' };
  for (const field of RANGED_SETTING_KEYS) {
    const { min, max } = SETTING_RANGES[field];
    const text = values[field].trim();
    const number = /^\d{1,6}$/.test(text) ? Number(text) : NaN;
    if (editable(field) && !(number >= min && number <= max))
      errors[field] = { key: 'range', min, max };
  }
  if (values.newPin !== '') {
    if (!/^\d{4,12}$/.test(values.newPin)) errors.newPin = { key: 'pin' };
    if (values.currentPin === '') errors.currentPin = { key: 'currentPin' };
    else if (!/^\d{4,12}$/.test(values.currentPin)) errors.currentPin = { key: 'pin' };
  }
  return errors;
}
