/**
 * Machine configuration, so that IT can set up shop machines without code. Three layers, later
 * ones win: a machine-wide JSON file, then environment variables, then command-line flags.
 *
 * The file (all fields optional; unknown fields are an error, so that a typo is not ignored):
 *   {
 *     "upstreamUrl": "https://api.example.com" | null,   // null: the embedded demo server
 *     "apiKey": "...",                                     // or "apiKeyFile": "/etc/frontdesk/api-key"
 *     "dataDir": "/var/lib/frontdesk",
 *     "staffPinHash": "scrypt$...",                        // `npm run hash-pin`; read-only for staff
 *     "locked": ["upstreamUrl", "apiKey", "mode"],         // staff cannot change these in settings
 *     "updateUrl": "https://updates.example.com/frontdesk", // generic update feed; absent: no updates
 *     "openAtLogin": true,                                 // start the app when the user logs in
 *     "shop": { "name": "...", "address": "...", "phone": "...", "accentColor": "#0d5a54",
 *               "welcome": { "de": "...", "en": "..." } (or one text, the shop language's),
 *               "logoFile": "/etc/frontdesk/logo.svg" }, // lock with "shop"
 *     "mode": "kiosk", "language": "de", "contentLanguage": "de", "country": "DE",
 *     "staffIdleTimeoutSec": 300,
 *     "retentionDays": 14,
 *     "hub": { "listen": "0.0.0.0:8443", "names": ["frontdesk.shop.lan"] } // electron/core/hub/hub-config.ts
 *     "metrics": { "listen": "0.0.0.0:9464", "tokenFile": "..." } // electron/core/metrics/metrics-config.ts
 *     "access": { "reachLinePercent": 50, "largeText": false } // shared/access-config.ts
 *   }
 * The last line's fields are the staff settings IT may set: their ranges, defaults, environment
 * variables and flags are declared once in shared/settings.ts (STAFF_SETTINGS); IT's value is the
 * default until staff change it, and fixed while locked.
 * updateUrl and openAtLogin are the machine file's only (staff never see or change them).
 * Its path: `FRONTDESK_CONFIG`, else /etc/frontdesk/config.json (Linux),
 * %ProgramData%\Frontdesk\config.json (Windows), /Library/Application Support/Frontdesk/config.json
 * (macOS). A missing default file is fine; a missing FRONTDESK_CONFIG file is an error.
 * Environment: FRONTDESK_UPSTREAM_URL, FRONTDESK_API_KEY, FRONTDESK_API_KEY_FILE,
 * FRONTDESK_DATA_DIR, FRONTDESK_STAFF_PIN_HASH, and the table's (FRONTDESK_MODE,
 * FRONTDESK_RETENTION_DAYS, FRONTDESK_LANGUAGE, FRONTDESK_CONTENT_LANGUAGE, FRONTDESK_COUNTRY,
 * FRONTDESK_PRINTER).
 * Flags: --upstream URL, --api-key KEY, --api-key-file PATH, --data DIR, and the table's (--mode).
 * An empty value means "not set here"; the upstream value `embedded` forces the embedded demo
 * server. A key file's first line is the key (readSecretFile); one layer may not name both.
 *
 * Parsing only: the caller reads the result, resolves relative paths and reports a
 * `ConfigError` as one line (it names the file or variable and the field, never a stack).
 */
import { posix, win32 } from 'node:path';
import {
  IT_SETTING_KEYS,
  LockableSetting,
  SETTING_DEFAULTS,
  type ItSettingValues,
  type KioskMode,
} from '../../../shared/settings';
import { blankToUndefined, parseEnv, parseFlags } from './config-env-flags';
import { ConfigError } from './config-error';
import { parseMachineFile, readFileIfExists } from './config-machine-file';
import { keyLayer, resolveApiKey, resolveMail } from './config-secrets';
import { hubRolesFromFile, type HubConfig, type HubScreenConfig } from '../hub';
import { metricsConfigFromFile, type MetricsConfig } from '../metrics';
import type { LoadKioskConfigOptions } from './config-options';
import type { AccessConfig } from '../../../shared/access-config';
import type { WelcomeTexts } from '../../../shared/kiosk-api';
import type { MailTransportConfig } from './config-secrets';

// The names are the contract's (Settings.locked), so that the UI and the core agree.
export { LockableSetting };
export { ConfigError };
export { MachineFile } from './config-machine-file';

/**
 * IT's values: one object from here through the command line, the Electron main process and
 * the web shell into the core (KioskCoreOptions extends it). The staff settings' values come from
 * shared/settings.ts; the rest have handling of their own.
 */
export interface ItConfig extends ItSettingValues {
  /** undefined: keep what staff stored (embedded when none is stored); null: force the embedded server. */
  upstreamUrl?: string | null | undefined;
  /** undefined: keep the stored key; null: forget it. */
  apiKey?: string | null | undefined;
  /** The protected file IT's `apiKey` was read from (the winning layer's); undefined: none. */
  apiKeyFile?: string | undefined;
  /** Settings fixed by the machine file that staff cannot override. */
  locked?: readonly LockableSetting[] | undefined;
  /** IT's staff PIN hash (scrypt string): staff cannot change the PIN; undefined: staff set it. */
  staffPinHash?: string | undefined;
  /** IT's shop profile (`shop` in the machine file); `logoFile` is a PNG or SVG path. */
  shop?: MachineShop | undefined;
  /** The shop's mail transport for customer e-mails (`mail`); the password read from its file. */
  mail?: MailTransportConfig | undefined;
  /** IT's reach line and larger-text default for the customer screen (`access`). */
  access?: AccessConfig | undefined;
}

export interface MachineShop {
  name?: string;
  address?: string;
  phone?: string;
  accentColor?: string;
  /** One text (the shop language's) or a text per language. */
  welcome?: string | WelcomeTexts;
  logoFile?: string;
}

/** The merged layers for starting the app: IT's values plus what only the host reads. */
export interface KioskStartupConfig extends ItConfig {
  dataDir: string;
  locked: LockableSetting[];
  /** The machine file that was read, or null when there was none. */
  configFile: string | null;
  /** The generic update feed (electron-updater); null: updates off. */
  updateUrl: string | null;
  openAtLogin: boolean;
  /** This machine serves its shop's other screens over HTTPS (the machine file's `hub`); null: off. */
  hub: HubConfig | null;
  /** This install is an Electron screen of another PC's hub (`hub` with `url`); null: not. */
  hubScreen: HubScreenConfig | null;
  /** IT's /metrics endpoint (the machine file's `metrics`); null: off. */
  metrics: MetricsConfig | null;
}

/** The same for display, where "not configured" reads as the embedded server and the default mode. */
export interface KioskConfig extends Omit<KioskStartupConfig, 'upstreamUrl' | 'apiKey' | 'mode'> {
  upstreamUrl: string | null;
  apiKey: string | null;
  mode: KioskMode;
}

export type { LoadKioskConfigOptions } from './config-options';

export function defaultConfigPath(
  platform: NodeJS.Platform,
  env: LoadKioskConfigOptions['env'],
): string {
  switch (platform) {
    case 'win32':
      return win32.join(
        env.ProgramData ?? env.PROGRAMDATA ?? 'C:\\ProgramData',
        'Frontdesk',
        'config.json',
      );
    case 'darwin':
      return '/Library/Application Support/Frontdesk/config.json';
    default:
      return posix.join('/etc', 'frontdesk', 'config.json');
  }
}

/** The merged layers for display: nothing configured reads as the embedded default. */
export function loadKioskConfig(options: LoadKioskConfigOptions): KioskConfig {
  const startup = loadKioskStartupConfig(options);
  return {
    ...startup,
    upstreamUrl: startup.upstreamUrl ?? null,
    apiKey: startup.apiKey ?? null,
    mode: startup.mode ?? SETTING_DEFAULTS.mode,
  };
}

/** The merged layers for createKioskCore: see ItConfig for undefined vs null. */
export function loadKioskStartupConfig(options: LoadKioskConfigOptions): KioskStartupConfig {
  const readFile = options.readFile ?? readFileIfExists;
  const explicitPath = blankToUndefined(options.env.FRONTDESK_CONFIG);
  const path = explicitPath ?? defaultConfigPath(options.platform, options.env);
  const text = readFile(path);
  if (text === null && explicitPath !== undefined) {
    throw new ConfigError(`${path}: file not found (named by FRONTDESK_CONFIG)`);
  }
  const file = text === null ? {} : parseMachineFile(path, text);
  const env = parseEnv(options.env);
  const flags = parseFlags(options.argv);
  const fileSource = `${path}: field apiKeyFile`;
  const keyLayers = [
    keyLayer(file, `${path}: fields apiKey and apiKeyFile`, fileSource),
    keyLayer(
      env,
      'FRONTDESK_API_KEY and FRONTDESK_API_KEY_FILE',
      'environment variable FRONTDESK_API_KEY_FILE',
    ),
    keyLayer(flags, '--api-key and --api-key-file', 'flag --api-key-file'),
  ];

  // `undefined` means "this layer says nothing"; `null` (upstream only) means "embedded".
  const pick = <T>(...layers: (T | undefined)[]): T | undefined =>
    layers.reduce((acc, v) => (v === undefined ? acc : v));
  const keySource = pick(...keyLayers);
  const settings: Record<string, unknown> = {};
  for (const key of IT_SETTING_KEYS) {
    const value = pick<unknown>(file[key], env.settings[key], flags.settings[key]);
    if (value !== undefined) settings[key] = value;
  }
  return {
    ...(settings as ItSettingValues),
    dataDir: pick(file.dataDir, env.dataDir, flags.dataDir) ?? options.defaultDataDir,
    upstreamUrl: pick(file.upstreamUrl, env.upstreamUrl, flags.upstreamUrl),
    apiKey: resolveApiKey(keySource, options),
    apiKeyFile: keySource !== undefined && 'keyFile' in keySource ? keySource.keyFile : undefined,
    locked: [...new Set(file.locked ?? [])],
    staffPinHash: pick(file.staffPinHash, env.staffPinHash),
    configFile: text === null ? null : path,
    updateUrl: file.updateUrl ?? null,
    openAtLogin: file.openAtLogin ?? false,
    ...hubRolesFromFile(file.hub),
    metrics: metricsConfigFromFile(file.metrics),
    ...(file.shop ? { shop: file.shop } : {}),
    ...(file.access ? { access: file.access } : {}),
    ...(file.mail ? { mail: resolveMail(file.mail, path, options) } : {}),
  };
}
