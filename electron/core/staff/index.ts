/**
 * Staff settings (with the service that reads and changes them), the PIN and its attempts,
 * sessions, setup and recovery codes, the API key's secret store, calls for help.
 * Other rooms and the composition import this room through this file only (eslint.config.js).
 */
export { runHashPin } from './hash-pin-cli';
export type { PinAttemptPolicy } from './pin-attempts';
export { createFileSecretStore } from './secret-store';
export type { SecretStore } from './secret-store';
export type { SettingsService } from './settings-service';
export { APP_SCREEN, browserScreen } from './staff-access';
export type { StaffAccess, UnguardedApi } from './staff-access';
export { createStaffCalls } from './staff-calls';
export type { StaffCallMethod } from './staff-calls';
export { createStaffRoom, openStartSettings } from './staff-room';
