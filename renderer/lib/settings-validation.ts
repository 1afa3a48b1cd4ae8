import { SettingsUpdate } from '../../shared/kiosk-api';

/** The staff settings fields that can be typed wrong. */
export type SettingsField = 'upstreamUrl' | 'apiKey' | 'idleTimeoutSec' | 'staffIdleTimeoutSec' | 'retentionDays' | 'currentPin' | 'newPin';

/** A message key under `settings.errors`, with the bounds a range message names. */
export type SettingsFieldError = { key: 'url' } | { key: 'apiKey' } | { key: 'range'; min: number; max: number } | { key: 'pin' } | { key: 'currentPin' };

/** The bounds of the number fields, as the contract (SettingsUpdate) has them. */
export const SETTINGS_RANGES = {
  idleTimeoutSec: { min: 15, max: 600 },
  staffIdleTimeoutSec: { min: 30, max: 3600 },
  retentionDays: { min: 1, max: 3650 },
} as const;

export interface SettingsFormValues {
  upstreamUrl: string;
  apiKey: string;
  idleTimeoutSec: string;
  staffIdleTimeoutSec: string;
  retentionDays: string;
  currentPin: string;
  newPin: string;
}

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** https, or plain http to this machine: what the core accepts (settings-service.ts). */
function isAcceptedUrl(text: string): boolean {
  if (!SettingsUpdate.shape.upstreamUrl.safeParse(text).success) return false;
  const url = new URL(text);
  return url.protocol === 'https:' || isLoopbackHost(url.hostname.toLowerCase());
}

/**
 * Checks the form as typed, field by field, so that every message is ours and in the screen's
 * language (the form has `noValidate`: no browser bubbles). Only the fields that are sent are
 * checked (`editable`: not locked by IT); an empty address means the demo data.
 */
export function validateSettingsForm(values: SettingsFormValues, editable: (field: SettingsField) => boolean): Partial<Record<SettingsField, SettingsFieldError>> {
  const errors: Partial<Record<SettingsField, SettingsFieldError>> = {};
  const url = values.upstreamUrl.trim();
  if (editable('upstreamUrl') && url !== '' && !isAcceptedUrl(url)) errors.upstreamUrl = { key: 'url' };
  if (editable('apiKey') && values.apiKey.trim().length > 500) errors.apiKey = { key: 'apiKey' };
  for (const field of ['idleTimeoutSec', 'staffIdleTimeoutSec', 'retentionDays'] as const) {
    const { min, max } = SETTINGS_RANGES[field];
    const text = values[field].trim();
    const number = /^\d{1,6}$/.test(text) ? Number(text) : NaN;
    if (editable(field) && !(number >= min && number <= max)) errors[field] = { key: 'range', min, max };
  }
  if (values.newPin !== '') {
    if (!/^\d{4,12}$/.test(values.newPin)) errors.newPin = { key: 'pin' };
    if (values.currentPin === '') errors.currentPin = { key: 'currentPin' };
    else if (!/^\d{4,12}$/.test(values.currentPin)) errors.currentPin = { key: 'pin' };
  }
  return errors;
}
