/**
 * A small prefixed logger for Node processes (core, web shell, server). One line per entry on
 * stderr as `<iso time> <LEVEL> <prefix>: <message> <json fields>`, so stdout stays free for the
 * lines that scripts read (the web shell's URL). Never pass a secret or a customer's personal
 * data: run URLs and headers through `redact()` first. As a second line of defence every entry
 * is redacted on the way out: fields named like secrets or customer data are masked, and keys,
 * e-mail addresses and phone numbers are masked in every string.
 */

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
  /** Lowest level written (null: nothing); defaults to env FRONTDESK_LOG_LEVEL, then 'info'. */
  level?: LogLevel | null;
  /** Where lines go; defaults to stderr. Tests pass an array's push. */
  sink?: LogSink;
  /** Clock for the timestamp; injectable for stable test output. */
  now?: () => Date;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

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

function defaultLevel(): LogLevel | null {
  return parseLogLevel(process.env.FRONTDESK_LOG_LEVEL);
}

const stderrSink: LogSink = (line) => {
  process.stderr.write(`${line}\n`);
};

export function createLogger(prefix: string, options: LoggerOptions = {}): Logger {
  // `null` (FRONTDESK_LOG_LEVEL=silent) writes nothing at all.
  const level = options.level === undefined ? defaultLevel() : options.level;
  const sink = options.sink ?? stderrSink;
  const now = options.now ?? (() => new Date());
  const write = (entryLevel: LogLevel, message: string, fields?: LogFields): void => {
    if (level === null || RANK[entryLevel] < RANK[level]) return;
    const extra = fields && Object.keys(fields).length > 0 ? ` ${safeJson(fields)}` : '';
    sink(
      `${now().toISOString()} ${entryLevel.toUpperCase()} ${prefix}: ${redactString(message)}${extra}`,
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

/** What describeError returned, whether the caller logs it or safeJson made it from an Error. */
const describedErrors = new WeakSet<object>();

/** Errors become `{ name, message }` (no stack: it may carry paths and is noise on a kiosk). */
export function describeError(error: unknown): { name: string; message: string } {
  const described =
    error instanceof Error
      ? { name: error.name, message: redact(error.message) }
      : { name: typeof error, message: redact(String(error)) };
  // Remembered, so that the field filter below keeps its `name` (an error's name is no person's).
  describedErrors.add(described);
  return described;
}

/**
 * Field names whose values are secrets or a customer's personal data, whatever they hold
 * (`customer` masks the whole booking customer). `name` is masked too, except the name of an
 * error that describeError produced.
 */
const SENSITIVE_FIELD =
  /^(api[_-]?key|key|token|access[_-]?token|secret|password|pin|new[_-]?pin|authorization|cookie|customer|name|customer[_-]?name|full[_-]?name|first[_-]?name|last[_-]?name|e-?mail|phone|telephone|mobile|notes?)$/i;

function safeJson(fields: LogFields): string {
  try {
    return JSON.stringify(fields, function (this: unknown, key, value: unknown) {
      if (value instanceof Error) return describeError(value);
      if (
        key !== '' &&
        SENSITIVE_FIELD.test(key) &&
        !(key === 'name' && typeof this === 'object' && this !== null && describedErrors.has(this))
      ) {
        return value === null || value === undefined ? value : '***';
      }
      if (typeof value === 'string') return redactString(value);
      return typeof value === 'bigint' ? value.toString() : value;
    });
  } catch {
    return '"[unserialisable fields]"';
  }
}

const SECRET_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
]);

/**
 * Removes secrets from a string or a header record:
 * - `https://user:pass@host/` -> `https://***@host/` (credentials in URLs),
 * - `Bearer abc...` / `Basic abc...` -> `Bearer ***`,
 * - query parameters named like keys or tokens (`?api_key=...`, `token=...`) -> `=***`,
 * - e-mail addresses -> `***@***`,
 * - phone numbers (starting with + or 0, at least 7 digits) -> `***`,
 * - header records: authorization, cookie and api-key headers -> `***`.
 */
export function redact(value: string): string;
export function redact(value: Record<string, unknown>): Record<string, unknown>;
export function redact(value: string | Record<string, unknown>): string | Record<string, unknown> {
  if (typeof value === 'string') return redactString(value);
  const out: Record<string, unknown> = {};
  for (const [key, headerValue] of Object.entries(value)) {
    if (SECRET_HEADERS.has(key.toLowerCase())) out[key] = '***';
    else out[key] = typeof headerValue === 'string' ? redactString(headerValue) : headerValue;
  }
  return out;
}

const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;
// Starts with + or 0 at a token start; ends on a digit not followed by a word character or a
// dash, so ISO dates, times, IP addresses and ids stay readable.
const PHONE = /(?<![\w.:-])(?:\+|0)\d[\d ()/-]{5,}\d(?![\w-])/g;

function redactString(text: string): string {
  return text
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, '$1***@')
    .replace(/\b(Bearer|Basic)\s+[^\s,;"']+/gi, '$1 ***')
    .replace(/([?&#](?:api[_-]?key|key|token|access_token|password|secret)=)[^&#\s]*/gi, '$1***')
    .replace(EMAIL, '***@***')
    .replace(PHONE, (phone) => (phone.replace(/\D/g, '').length >= 7 ? '***' : phone));
}
