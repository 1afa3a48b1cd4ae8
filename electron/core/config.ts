/**
 * Machine configuration, so that IT can set up shop machines without code. Three layers, later
 * ones win: a machine-wide JSON file, then environment variables, then command-line flags.
 *
 * The file (all fields optional; unknown fields are an error, so that a typo is not ignored):
 *   {
 *     "upstreamUrl": "https://api.example.com" | null,   // null: the embedded demo server
 *     "apiKey": "...",                                     // or "apiKeyFile": "/etc/frontdesk/api-key"
 *     "dataDir": "/var/lib/frontdesk",
 *     "mode": "kiosk" | "counter",
 *     "staffPinHash": "scrypt$...",                        // `npm run hash-pin`; read-only for staff
 *     "staffIdleTimeoutSec": 300,                          // staff session idle time, 30-3600
 *     "locked": ["upstreamUrl", "apiKey", "mode"],         // staff cannot change these in settings
 *     "retentionDays": 14,                                 // days ended bookings keep personal data
 *     "updateUrl": "https://updates.example.com/frontdesk", // generic update feed; absent: no updates
 *     "openAtLogin": true,                                 // start the app when the user logs in
 *     "shop": { "name": "...", "address": "...", "phone": "...", "accentColor": "#0d5a54",
 *               "welcome": "...", "logoFile": "/etc/frontdesk/logo.svg" }, // lock with "shop"
 *     "language": "de"                                     // de|en|tr|pl|uk|ar: the screen's default
 *   }
 * updateUrl and openAtLogin are the machine file's only (staff never see or change them).
 * Without a language from staff or IT the screen follows the browser/OS languages, then German.
 * Its path: `FRONTDESK_CONFIG`, else /etc/frontdesk/config.json (Linux),
 * %ProgramData%\Frontdesk\config.json (Windows), /Library/Application Support/Frontdesk/config.json
 * (macOS). A missing default file is fine; a missing FRONTDESK_CONFIG file is an error.
 * Environment: FRONTDESK_UPSTREAM_URL, FRONTDESK_API_KEY, FRONTDESK_API_KEY_FILE,
 * FRONTDESK_DATA_DIR, FRONTDESK_MODE, FRONTDESK_RETENTION_DAYS, FRONTDESK_STAFF_PIN_HASH,
 * FRONTDESK_LANGUAGE.
 * Flags: --upstream URL, --api-key KEY, --api-key-file PATH, --data DIR, --mode kiosk|counter.
 * An empty value means "not set here"; the upstream value `embedded` forces the embedded demo
 * server. A key file's first line is the key (readSecretFile); one layer may not name both.
 *
 * Parsing only: the caller reads the result, resolves relative paths and reports a
 * `ConfigError` as one line (it names the file or variable and the field, never a stack).
 */
import { readFileSync } from 'node:fs';
import { posix, win32 } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { AccentColor, Language, LockableSetting, SHOP_LIMITS } from '../../shared/kiosk-api';
import { createLogger, type Logger } from './log';
import { readSecretFile } from './secret-file';

// The names are the contract's (Settings.locked), so that the UI and the core agree.
export const LOCKABLE_SETTINGS = LockableSetting.options;
export { LockableSetting };

export type KioskModeSetting = 'kiosk' | 'counter';

export interface KioskConfig {
  dataDir: string;
  upstreamUrl: string | null; // null: the embedded default
  apiKey: string | null;
  mode: KioskModeSetting;
  /** Settings fixed by the machine file that staff cannot override. */
  locked: LockableSetting[];
  /** IT's staff PIN hash (scrypt string), or undefined: staff set the PIN. */
  staffPinHash: string | undefined;
  staffIdleTimeoutSec: number | undefined;
  /** The machine file that was read, or null when there was none. */
  configFile: string | null;
  /** Days ended bookings keep the customer's personal data; undefined: the core's default. */
  retentionDays?: number;
  /** The screen's default language; undefined: staff's choice, else the browser's. */
  language?: Language;
  /** The generic update feed (electron-updater); null: updates off. */
  updateUrl: string | null;
  openAtLogin: boolean;
  /** IT's shop profile (`shop` in the machine file); `logoFile` is a PNG or SVG path. */
  shop?: MachineShop;
}

export interface MachineShop {
  name?: string;
  address?: string;
  phone?: string;
  accentColor?: string;
  welcome?: string;
  logoFile?: string;
}

/**
 * The same layers for starting the core, where "not configured" and "embedded" differ:
 * `upstreamUrl` undefined keeps what staff stored in Settings, null forces the embedded
 * server; `apiKey` undefined keeps the stored key.
 */
export interface KioskStartupConfig extends Omit<KioskConfig, 'upstreamUrl' | 'apiKey'> {
  upstreamUrl: string | null | undefined;
  apiKey: string | undefined;
}

export interface LoadKioskConfigOptions {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  defaultDataDir: string;
  /** Returns the file's text, or null when it does not exist. Defaults to the real file system. */
  readFile?: (path: string) => string | null;
  /** Where a warning goes (a key file readable by others); default a 'config' logger. */
  log?: Logger;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const UpstreamUrl = z
  .url({ protocol: /^https?$/, error: 'expected an http(s) URL' })
  .transform((url) => url.replace(/\/+$/, ''));
const Mode = z.enum(['kiosk', 'counter']);
const NonEmpty = z.string().trim().min(1, 'must not be empty');
// The self-describing string of electron/core/settings/pin.ts: scrypt$N$r$p$salt$hash.
const PinHash = z
  .string()
  .trim()
  .regex(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/, 'expected the output of `npm run hash-pin`');
const RetentionDays = z.number().int().min(1).max(3650);
const ShopFile = z
  .object({
    name: NonEmpty.max(SHOP_LIMITS.name).optional(),
    address: NonEmpty.max(SHOP_LIMITS.address).optional(),
    phone: NonEmpty.max(SHOP_LIMITS.phone).optional(),
    accentColor: AccentColor.optional(),
    welcome: NonEmpty.max(SHOP_LIMITS.welcome).optional(),
    logoFile: NonEmpty.regex(/\.(png|svg)$/i, 'expected a .png or .svg file').optional(),
  })
  .strict();

/** The machine file; docs/config.schema.json is generated from it (npm run config:schema). */
export const MachineFile = z
  .object({
    upstreamUrl: UpstreamUrl.nullable().optional(),
    apiKey: NonEmpty.max(500).optional(),
    apiKeyFile: NonEmpty.optional(),
    dataDir: NonEmpty.optional(),
    mode: Mode.optional(),
    staffPinHash: PinHash.optional(),
    staffIdleTimeoutSec: z.number().int().min(30).max(3600).optional(),
    locked: z.array(LockableSetting).optional(),
    retentionDays: RetentionDays.optional(),
    updateUrl: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }).nullable().optional(),
    openAtLogin: z.boolean().optional(),
    shop: ShopFile.optional(),
    language: Language.optional(),
  })
  .strict();

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
  return { ...startup, upstreamUrl: startup.upstreamUrl ?? null, apiKey: startup.apiKey ?? null };
}

/** The merged layers for createKioskCore: see KioskStartupConfig for undefined vs null. */
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
    keyLayer(env, 'FRONTDESK_API_KEY and FRONTDESK_API_KEY_FILE', 'environment variable FRONTDESK_API_KEY_FILE'),
    keyLayer(flags, '--api-key and --api-key-file', 'flag --api-key-file'),
  ];

  // `undefined` means "this layer says nothing"; `null` (upstream only) means "embedded".
  const pick = <T>(...layers: (T | undefined)[]): T | undefined =>
    layers.reduce((acc, v) => (v === undefined ? acc : v));
  return {
    dataDir: pick(file.dataDir, env.dataDir, flags.dataDir) ?? options.defaultDataDir,
    upstreamUrl: pick(file.upstreamUrl, env.upstreamUrl, flags.upstreamUrl),
    apiKey: resolveApiKey(pick(...keyLayers), options),
    mode: pick(file.mode, env.mode, flags.mode) ?? 'kiosk',
    locked: [...new Set(file.locked ?? [])],
    staffPinHash: pick(file.staffPinHash, env.staffPinHash),
    staffIdleTimeoutSec: file.staffIdleTimeoutSec,
    configFile: text === null ? null : path,
    retentionDays: pick(file.retentionDays, env.retentionDays),
    updateUrl: file.updateUrl ?? null,
    openAtLogin: file.openAtLogin ?? false,
    ...(file.shop ? { shop: file.shop } : {}),
    language: pick(file.language, env.language),
  };
}

type KeySource = { key: string } | { keyFile: string; source: string };

function keyLayer(layer: Layer, both: string, source: string): KeySource | undefined {
  if (layer.apiKey !== undefined && layer.apiKeyFile !== undefined) throw new ConfigError(`${both}: give one, not both`);
  if (layer.apiKey !== undefined) return { key: layer.apiKey };
  return layer.apiKeyFile === undefined ? undefined : { keyFile: layer.apiKeyFile, source };
}

/** The winning layer's key; a key file is read only when it wins. */
function resolveApiKey(source: KeySource | undefined, options: LoadKioskConfigOptions): string | undefined {
  if (source === undefined || 'key' in source) return source?.key;
  const read = readSecretFile(source.keyFile, options.platform);
  if (!read.ok) throw new ConfigError(`${source.source}: API key file ${source.keyFile}: ${read.reason}`);
  if (read.wide) {
    (options.log ?? createLogger('config')).warn('the API key file is readable by group or others; make it 0600', {
      path: source.keyFile,
    });
  }
  return read.value;
}

function readFileIfExists(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (
      error instanceof Error &&
      'code' in error &&
      (error.code === 'ENOENT' || error.code === 'ENOTDIR')
    )
      return null;
    throw new ConfigError(
      `${path}: cannot be read (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

function parseMachineFile(path: string, text: string): z.infer<typeof MachineFile> {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, '')); // Notepad writes a BOM
  } catch (error) {
    throw new ConfigError(
      `${path}: not valid JSON (${error instanceof Error ? error.message : 'parse error'})`,
    );
  }
  const parsed = MachineFile.safeParse(json);
  if (!parsed.success) throw new ConfigError(`${path}: ${describeIssue(parsed.error)}`);
  return parsed.data;
}

interface Layer {
  staffPinHash?: string;
  upstreamUrl?: string | null;
  apiKey?: string;
  apiKeyFile?: string;
  dataDir?: string;
  mode?: KioskModeSetting;
  retentionDays?: number;
  language?: Language;
}

function parseEnv(env: LoadKioskConfigOptions['env']): Layer {
  return {
    upstreamUrl: parseUpstream(
      env.FRONTDESK_UPSTREAM_URL,
      'environment variable FRONTDESK_UPSTREAM_URL',
    ),
    apiKey: blankToUndefined(env.FRONTDESK_API_KEY),
    apiKeyFile: blankToUndefined(env.FRONTDESK_API_KEY_FILE),
    dataDir: blankToUndefined(env.FRONTDESK_DATA_DIR),
    mode: parseMode(env.FRONTDESK_MODE, 'environment variable FRONTDESK_MODE'),
    staffPinHash: parsePinHash(env.FRONTDESK_STAFF_PIN_HASH),
    retentionDays: parseRetentionDays(env.FRONTDESK_RETENTION_DAYS),
    language: parseLanguage(env.FRONTDESK_LANGUAGE),
  };
}

function parseFlags(argv: readonly string[]): Layer {
  // Not strict: the Electron main process and the web shell pass their own flags too; each
  // reads the ones it knows (the web shell checks its full set itself).
  const { values } = parseArgs({
    args: [...argv],
    strict: false,
    allowPositionals: true,
    options: {
      upstream: { type: 'string' },
      'api-key': { type: 'string' },
      'api-key-file': { type: 'string' },
      data: { type: 'string' },
      mode: { type: 'string' },
    },
  });
  return {
    upstreamUrl: parseUpstream(flagValue(values.upstream, '--upstream'), 'flag --upstream'),
    apiKey: blankToUndefined(flagValue(values['api-key'], '--api-key')),
    apiKeyFile: blankToUndefined(flagValue(values['api-key-file'], '--api-key-file')),
    dataDir: blankToUndefined(flagValue(values.data, '--data')),
    mode: parseMode(flagValue(values.mode, '--mode'), 'flag --mode'),
  };
}

function flagValue(value: string | boolean | undefined, name: string): string | undefined {
  if (value === true) throw new ConfigError(`flag ${name} needs a value`);
  return typeof value === 'string' ? value : undefined;
}

function parseUpstream(value: string | undefined, source: string): string | null | undefined {
  const text = blankToUndefined(value);
  if (text === undefined) return undefined;
  if (text === 'embedded') return null;
  const parsed = UpstreamUrl.safeParse(text);
  if (!parsed.success) throw new ConfigError(`${source}: expected an http(s) URL or "embedded"`);
  return parsed.data;
}

function parseMode(value: string | undefined, source: string): KioskModeSetting | undefined {
  const text = blankToUndefined(value);
  if (text === undefined) return undefined;
  const parsed = Mode.safeParse(text);
  if (!parsed.success)
    throw new ConfigError(
      `${source}: expected "kiosk" or "counter", got ${JSON.stringify(text.slice(0, 40))}`,
    );
  return parsed.data;
}

function parsePinHash(value: string | undefined): string | undefined {
  const text = blankToUndefined(value);
  if (text === undefined) return undefined;
  const parsed = PinHash.safeParse(text);
  if (!parsed.success) throw new ConfigError('environment variable FRONTDESK_STAFF_PIN_HASH: expected the output of `npm run hash-pin`');
  return parsed.data;
}

function parseRetentionDays(value: string | undefined): number | undefined {
  const text = blankToUndefined(value);
  if (text === undefined) return undefined;
  const parsed = RetentionDays.safeParse(/^\d{1,4}$/.test(text) ? Number(text) : NaN);
  if (!parsed.success) {
    throw new ConfigError('environment variable FRONTDESK_RETENTION_DAYS: expected a whole number of days from 1 to 3650');
  }
  return parsed.data;
}

function parseLanguage(value: string | undefined): Language | undefined {
  const text = blankToUndefined(value);
  if (text === undefined) return undefined;
  const parsed = Language.safeParse(text.toLowerCase());
  if (!parsed.success) {
    throw new ConfigError(`environment variable FRONTDESK_LANGUAGE: expected one of ${Language.options.join(', ')}`);
  }
  return parsed.data;
}

function blankToUndefined(value: string | undefined): string | undefined {
  const text = value?.trim();
  return text ? text : undefined;
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  if (issue.code === 'unrecognized_keys')
    return `unknown field ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`;
  const path = issue.path.length > 0 ? issue.path.map(String).join('.') : '(top level)';
  return `field ${path}: ${issue.message}`;
}
