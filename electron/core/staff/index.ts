/**
 * Staff settings (with the service that reads and changes them), the PIN and its attempts,
 * sessions, setup and recovery codes, the API key's secret store, calls for help.
 * Other rooms and the composition import this room through this file only (eslint.config.js).
 */
export { runHashPin } from './hash-pin-cli';
export type { PinAttemptPolicy } from './pin-attempts';
export { createSqlitePinAttemptStore } from './pin-attempts-store';
export { staffCodesAtStart } from './recovery-code';
export { createFileSecretStore, keyCopyNote } from './secret-store';
export type { SecretStore } from './secret-store';
export { createSettingsService } from './settings-service';
export type { SettingsService } from './settings-service';
export { readShopLogo } from './shop-logo';
export { APP_SCREEN, browserScreen, createStaffAccess } from './staff-access';
export type { StaffAccess, UnguardedApi } from './staff-access';
export { createStaffCalls } from './staff-calls';
export type { StaffCallMethod } from './staff-calls';
export { createStaffSessions } from './staff-sessions';
export { createStaffRoom, openStartSettings } from './staff-room';
