/**
 * The one logger of the kiosk core, the web shell and the reference server: one line per entry
 * as `<iso time> <LEVEL> <prefix>: <message> <json fields>`, every line redacted (redact.ts).
 * Never pass a secret or a customer's personal data: run URLs and headers through `redact()`
 * first. Plain TypeScript: each process injects where lines go and its level
 * (electron/core/platform/log.ts: the environment and stderr or the log file; server/logger.ts: stderr).
 */
import { formatFields, redact } from './redact';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

export type LogSink = (line: string) => void;

export interface LoggerOptions {
  /** Lowest level written; null writes nothing (FRONTDESK_LOG_LEVEL=silent). */
  level: LogLevel | null;
  /** Where lines go (stderr, the log file; tests pass an array's push). */
  sink: LogSink;
  /** Clock for the timestamp; injectable for stable test output. */
  now?: () => Date;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** FRONTDESK_LOG_LEVEL as README documents it: unset or unknown is `info`, silent/off is null. */
export function parseLogLevel(value: string | undefined): LogLevel | null {
  switch (value?.trim().toLowerCase()) {
    case 'debug':
      return 'debug';
    case 'info':
      return 'info';
    case 'warn':
    case 'warning':
      return 'warn';
    case 'error':
      return 'error';
    case 'silent':
    case 'off':
      return null;
    default:
      return 'info';
  }
}

/** The stricter of two levels: `level`, raised to `floor` when it would write less severe lines. */
export function atLeast(level: LogLevel | null, floor: LogLevel): LogLevel | null {
  return level === null || RANK[level] >= RANK[floor] ? level : floor;
}

export function createLogger(prefix: string, options: LoggerOptions): Logger {
  const { level, sink } = options;
  const now = options.now ?? (() => new Date());
  const write = (entryLevel: LogLevel, message: string, fields?: LogFields): void => {
    if (level === null || RANK[entryLevel] < RANK[level]) return;
    const extra = fields && Object.keys(fields).length > 0 ? ` ${formatFields(fields)}` : '';
    sink(
      `${now().toISOString()} ${entryLevel.toUpperCase()} ${prefix}: ${redact(message)}${extra}`,
    );
  };
  return {
    debug: (message, fields) => write('debug', message, fields),
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}

/** A logger that drops everything (tests, or a caller that passed none). */
export const silentLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
