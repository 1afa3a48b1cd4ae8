/**
 * The machine file's schema (see config.ts for its fields and where it lives), and reading it:
 * a missing file is null, bad JSON or a wrong field is a ConfigError naming the field.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { AccessConfig } from '../../../shared/access-config';
import { AccentColor, SHOP_LIMITS } from '../../../shared/kiosk-api';
import { Language, LockableSetting, machineFileShape } from '../../../shared/settings';
import { ConfigError } from './config-error';
import { HubMachineFile } from '../hub';
import { MetricsFile } from '../metrics';

export const UpstreamUrl = z
  .url({ protocol: /^https?$/, error: 'expected an http(s) URL' })
  .transform((url) => url.replace(/\/+$/, ''));
const NonEmpty = z.string().trim().min(1, 'must not be empty');
// The self-describing string of electron/core/staff/pin.ts: scrypt$N$r$p$salt$hash.
export const PinHash = z
  .string()
  .trim()
  .regex(
    /^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/,
    'expected the output of `npm run hash-pin`',
  );
const ShopFile = z
  .object({
    name: NonEmpty.max(SHOP_LIMITS.name).optional(),
    address: NonEmpty.max(SHOP_LIMITS.address).optional(),
    phone: NonEmpty.max(SHOP_LIMITS.phone).optional(),
    accentColor: AccentColor.optional(),
    welcome: z
      .union([
        NonEmpty.max(SHOP_LIMITS.welcome),
        z.partialRecord(Language, NonEmpty.max(SHOP_LIMITS.welcome)),
      ])
      .optional(),
    logoFile: NonEmpty.regex(/\.(png|svg)$/i, 'expected a .png or .svg file').optional(),
  })
  .strict();

/**
 * The shop's mail transport: `smtpUrl` without a password (`smtp://user@host:587`, `smtps://`),
 * the password alone in `passwordFile` (0600, like `apiKeyFile`), `from` the sender.
 */
export const MailFile = z
  .object({
    smtpUrl: z
      .url({ protocol: /^smtps?$/, error: 'expected an smtp:// or smtps:// URL' })
      .refine((url) => new URL(url).password === '', 'put the password in passwordFile'),
    from: NonEmpty.max(200),
    passwordFile: NonEmpty.optional(),
  })
  .strict();

/** The machine file; docs/config.schema.json is generated from it (npm run config:schema). */
export const MachineFile = z
  .object({
    upstreamUrl: UpstreamUrl.nullable().optional(),
    apiKey: NonEmpty.max(500).optional(),
    apiKeyFile: NonEmpty.optional(),
    dataDir: NonEmpty.optional(),
    staffPinHash: PinHash.optional(),
    locked: z.array(LockableSetting).optional(),
    updateUrl: z
      .url({ protocol: /^https$/, error: 'expected an https URL (updates are code)' })
      .nullable()
      .optional(),
    openAtLogin: z.boolean().optional(),
    shop: ShopFile.optional(),
    hub: HubMachineFile.optional(),
    metrics: MetricsFile.optional(),
    mail: MailFile.optional(),
    access: AccessConfig.optional(),
    ...machineFileShape(),
  })
  .strict();

export function readFileIfExists(path: string): string | null {
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

export function parseMachineFile(path: string, text: string): z.infer<typeof MachineFile> {
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

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  if (issue.code === 'unrecognized_keys')
    return `unknown field ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`;
  const path = issue.path.length > 0 ? issue.path.map(String).join('.') : '(top level)';
  return `field ${path}: ${issue.message}`;
}
