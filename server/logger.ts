/**
 * A tiny prefixed logger (STYLE.md §14). Callers never pass secrets or customer personal data.
 */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

/**
 * `verbose` switches info lines on; warnings and errors are written (to stderr) unless
 * FRONTDESK_LOG_LEVEL asks for errors only (or silence), as the kiosk's logger reads it.
 */
export function createLogger(prefix: string, verbose = true): Logger {
  const level = process.env.FRONTDESK_LOG_LEVEL?.trim().toLowerCase();
  const warnings = level !== 'error' && level !== 'silent' && level !== 'off';
  const errors = level !== 'silent' && level !== 'off';
  const write = (tag: string, message: string) => {
    process.stderr.write(`[${prefix}] ${tag} ${message}\n`);
  };
  return {
    info: (message) => {
      if (verbose) write('info', message);
    },
    warn: (message) => {
      if (warnings) write('warn', message);
    },
    error: (message, error) => {
      if (!errors) return;
      const detail = error instanceof Error ? `: ${error.name}: ${error.message}` : '';
      write('error', `${message}${detail}`);
    },
  };
}

/** A request's path without its query string (which may carry customer data or keys). */
function pathOnly(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** What Fastify logs of a request under `--log`: method and path, never the query string. */
interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
}

/**
 * Fastify's `logger` option: false, or its pino logger with a request serializer that drops the
 * query string (the default one writes `req.url` as received).
 */
export function fastifyLogOptions(enabled: boolean):
  | false
  | {
      serializers: {
        req(request: LoggedRequest): {
          method: string;
          url: string;
          host?: string;
          remoteAddress?: string;
        };
      };
    } {
  if (!enabled) return false;
  return {
    serializers: {
      req: (request) => ({
        method: request.method,
        url: pathOnly(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}
