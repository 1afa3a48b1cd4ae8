/**
 * Time limits for hostile or broken clients (issue 11), shared by both HTTP servers: the
 * reference server and the kiosk's browser shell (electron/web may not import server/). Fastify's
 * defaults leave `requestTimeout` and `connectionTimeout` at 0, so a client that never finishes
 * its headers or body held a connection for minutes. Node checks the request and header limits
 * every `connectionsCheckingInterval` (default 30 s); a short interval makes the limits hold to
 * the second, so a slow or unfinished request is closed well within 30 s.
 */
export const HTTP_TIMEOUTS = {
  /** The whole request (headers and body) must arrive within this. */
  requestMs: 10_000,
  /** The headers must arrive within this (Node's `headersTimeout`; at most `requestMs`). */
  headersMs: 10_000,
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: 5_000,
  /** A socket with no traffic either way is closed after this (a response counts as traffic). */
  idleSocketMs: 30_000,
  /** How often Node checks the request and header limits. */
  checkIntervalMs: 1_000,
} as const;

export type HttpTimeouts = { [K in keyof typeof HTTP_TIMEOUTS]: number };

/** The Fastify options that apply `timeouts` to the server Fastify creates. */
export function fastifyTimeoutOptions(timeouts: HttpTimeouts = HTTP_TIMEOUTS) {
  return {
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleSocketMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      connectionsCheckingInterval: timeouts.checkIntervalMs,
      headersTimeout: timeouts.headersMs,
    },
  };
}
