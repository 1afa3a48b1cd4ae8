/**
 * The server's logger: the kiosk's (shared/log.ts, redaction included) with its lines on stderr
 * and the level from FRONTDESK_LOG_LEVEL. Callers never pass secrets or customer personal data.
 */
import { atLeast, createLogger, parseLogLevel } from '../shared/log';
import type { Logger } from '../shared/log';

export type { Logger } from '../shared/log';

/**
 * Info lines only under `--log` (`verbose`); warnings and errors unless FRONTDESK_LOG_LEVEL
 * asks for fewer.
 */
export function createServerLogger(verbose: boolean): Logger {
  const level = parseLogLevel(process.env.FRONTDESK_LOG_LEVEL);
  return createLogger('server', {
    level: verbose ? level : atLeast(level, 'warn'),
    sink: (line) => void process.stderr.write(`${line}\n`),
  });
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
