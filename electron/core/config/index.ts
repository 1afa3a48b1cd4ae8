/**
 * IT's configuration: the machine file, environment variables and flags, and the secrets they name.
 * Other rooms and the composition import this room through this file only (eslint.config.js).
 */
export { ConfigError, loadKioskStartupConfig } from './config';
export type { ItConfig, KioskStartupConfig } from './config';
export type { MailTransportConfig } from './config-secrets';
