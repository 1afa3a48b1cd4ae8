/**
 * The secrets IT names by file (the API key, the mail password): one layer gives a key or a key
 * file, not both; a file is read only when its layer wins, and a file others can read is warned of.
 */
import type { z } from 'zod';
import type { LoadKioskConfigOptions } from './config-options';
import { ConfigError } from './config-error';
import type { Layer } from './config-env-flags';
import type { MailFile } from './config-machine-file';
import { createLogger, readSecretFile } from '../platform';

/** IT's mail transport (notify/mail-job.ts sends with it). */
export interface MailTransportConfig {
  smtpUrl: string;
  from: string;
  /** The SMTP password from IT's secret file (never in the URL of the config file). */
  password?: string | undefined;
}

/** IT's mail transport; its password file is read like the API key's. */
export function resolveMail(
  mail: z.infer<typeof MailFile>,
  path: string,
  options: LoadKioskConfigOptions,
): MailTransportConfig {
  if (mail.passwordFile === undefined) return { smtpUrl: mail.smtpUrl, from: mail.from };
  const read = readSecretFile(mail.passwordFile, options.platform);
  if (!read.ok)
    throw new ConfigError(
      `${path}: field mail.passwordFile: mail password file ${mail.passwordFile}: ${read.reason}`,
    );
  if (read.wide)
    (options.log ?? createLogger('config')).warn(
      'the mail password file is readable by group or others; make it 0600',
      { path: mail.passwordFile },
    );
  return { smtpUrl: mail.smtpUrl, from: mail.from, password: read.value };
}

type KeySource = { key: string } | { keyFile: string; source: string };

export function keyLayer(
  layer: Pick<Layer, 'apiKey' | 'apiKeyFile'>,
  both: string,
  source: string,
): KeySource | undefined {
  if (layer.apiKey !== undefined && layer.apiKeyFile !== undefined)
    throw new ConfigError(`${both}: give one, not both`);
  if (layer.apiKey !== undefined) return { key: layer.apiKey };
  return layer.apiKeyFile === undefined ? undefined : { keyFile: layer.apiKeyFile, source };
}

/** The winning layer's key; a key file is read only when it wins. */
export function resolveApiKey(
  source: KeySource | undefined,
  options: LoadKioskConfigOptions,
): string | undefined {
  if (source === undefined || 'key' in source) return source?.key;
  const read = readSecretFile(source.keyFile, options.platform);
  if (!read.ok)
    throw new ConfigError(`${source.source}: API key file ${source.keyFile}: ${read.reason}`);
  if (read.wide) {
    (options.log ?? createLogger('config')).warn(
      'the API key file is readable by group or others; make it 0600',
      {
        path: source.keyFile,
      },
    );
  }
  return read.value;
}
