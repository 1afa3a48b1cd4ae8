/**
 * The environment's and the command line's layers: each names some of IT's values; a blank
 * value says nothing, a malformed one is a ConfigError naming the variable or flag.
 */
import { parseArgs } from 'node:util';
import {
  IT_SETTING_KEYS,
  declarationOf,
  parseSettingText,
  type ItSettingValues,
} from '../../../shared/settings';
import type { LoadKioskConfigOptions } from './config-options';
import { ConfigError } from './config-error';
import { PinHash, UpstreamUrl } from './config-machine-file';

export interface Layer {
  staffPinHash?: string;
  upstreamUrl?: string | null;
  apiKey?: string;
  apiKeyFile?: string;
  dataDir?: string;
  /** The table's settings that this layer names (shared/settings.ts). */
  settings: ItSettingValues;
}

/** The table's settings named by `textOf` (an env variable or flag), parsed. */
function settingLayer(
  textOf: (it: {
    env?: string;
    flag?: string;
  }) => { text: string | undefined; source: string } | null,
): ItSettingValues {
  const values: Record<string, unknown> = {};
  for (const key of IT_SETTING_KEYS) {
    const named = textOf(declarationOf(key).it ?? {});
    const text = blankToUndefined(named?.text);
    if (named === null || text === undefined) continue;
    const parsed = parseSettingText(key, text);
    if (!parsed.ok) throw new ConfigError(`${named.source}: ${parsed.expected}`);
    values[key] = parsed.value;
  }
  return values;
}

export function parseEnv(env: LoadKioskConfigOptions['env']): Layer {
  return {
    upstreamUrl: parseUpstream(
      env.FRONTDESK_UPSTREAM_URL,
      'environment variable FRONTDESK_UPSTREAM_URL',
    ),
    apiKey: blankToUndefined(env.FRONTDESK_API_KEY),
    apiKeyFile: blankToUndefined(env.FRONTDESK_API_KEY_FILE),
    dataDir: blankToUndefined(env.FRONTDESK_DATA_DIR),
    staffPinHash: parsePinHash(env.FRONTDESK_STAFF_PIN_HASH),
    settings: settingLayer((it) =>
      it.env ? { text: env[it.env], source: `environment variable ${it.env}` } : null,
    ),
  };
}

export function parseFlags(argv: readonly string[]): Layer {
  // Not strict: the Electron main process and the web shell pass their own flags too; each
  // reads the ones it knows (the web shell checks its full set itself).
  const settingFlags = IT_SETTING_KEYS.flatMap((key) => declarationOf(key).it?.flag ?? []);
  const { values } = parseArgs({
    args: [...argv],
    strict: false,
    allowPositionals: true,
    options: {
      upstream: { type: 'string' },
      'api-key': { type: 'string' },
      'api-key-file': { type: 'string' },
      data: { type: 'string' },
      ...Object.fromEntries(settingFlags.map((flag) => [flag, { type: 'string' as const }])),
    },
  });
  return {
    upstreamUrl: parseUpstream(flagValue(values.upstream, '--upstream'), 'flag --upstream'),
    apiKey: blankToUndefined(flagValue(values['api-key'], '--api-key')),
    apiKeyFile: blankToUndefined(flagValue(values['api-key-file'], '--api-key-file')),
    dataDir: blankToUndefined(flagValue(values.data, '--data')),
    settings: settingLayer((it) =>
      it.flag
        ? { text: flagValue(values[it.flag], `--${it.flag}`), source: `flag --${it.flag}` }
        : null,
    ),
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

function parsePinHash(value: string | undefined): string | undefined {
  const text = blankToUndefined(value);
  if (text === undefined) return undefined;
  const parsed = PinHash.safeParse(text);
  if (!parsed.success)
    throw new ConfigError(
      'environment variable FRONTDESK_STAFF_PIN_HASH: expected the output of `npm run hash-pin`',
    );
  return parsed.data;
}

export function blankToUndefined(value: string | undefined): string | undefined {
  const text = value?.trim();
  return text ? text : undefined;
}
