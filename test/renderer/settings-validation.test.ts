import { describe, expect, it } from 'vitest';
import {
  validateSettingsForm,
  type SettingsFormValues,
} from '../../renderer/lib/settings-validation';
import { SettingsUpdate } from '../../shared/kiosk-api';
import {
  RANGED_SETTING_KEYS,
  SETTING_DEFAULTS,
  SETTING_RANGES,
  type RangedSettingKey,
} from '../../shared/settings';

const SESSION = 'session-token-0123456789';
const form = (values: Partial<SettingsFormValues>): SettingsFormValues => ({
  upstreamUrl: '',
  apiKey: '',
  currentPin: '',
  newPin: '',
  ...(Object.fromEntries(
    RANGED_SETTING_KEYS.map((key) => [key, String(SETTING_DEFAULTS[key])]),
  ) as Record<RangedSettingKey, string>),
  ...values,
});
const errorsOf = (values: Partial<SettingsFormValues>) =>
  validateSettingsForm(form(values), () => true);

describe('validateSettingsForm', () => {
  it('accepts the defaults as they are', () => {
    expect(errorsOf({})).toEqual({});
  });

  it.each(RANGED_SETTING_KEYS)('%s: the form refuses exactly what the contract refuses', (key) => {
    const { min, max } = SETTING_RANGES[key];
    for (const value of [min - 1, min, max, max + 1]) {
      const contract = SettingsUpdate.safeParse({ session: SESSION, [key]: value }).success;
      expect(errorsOf({ [key]: String(value) })[key]).toEqual(
        contract ? undefined : { key: 'range', min, max },
      );
    }
  });

  it('a field IT locked is not checked', () => {
    expect(
      validateSettingsForm(form({ retentionDays: '0' }), (field) => field !== 'retentionDays'),
    ).toEqual({});
  });

  it.each([
    ['http://localhost./', undefined],
    ['http://LOCALHOST:3000', undefined],
    ['http://127.0.0.1:4000', undefined],
    ['https://api.example.com', undefined],
    ['http://example.com/', { key: 'url' }],
    ['http://localhost.example.com', { key: 'url' }],
    ['ftp://127.0.0.1', { key: 'url' }],
  ])('upstream %s: the same answer as the core (settings-service)', (url, error) => {
    expect(errorsOf({ upstreamUrl: url }).upstreamUrl).toEqual(error);
  });
});
