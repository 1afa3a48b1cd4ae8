/**
 * Bearer-key authentication and per-key rate limiting, run on every request under the API
 * prefix before the body is parsed (so malformed and oversized bodies count too).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyIdentity } from '../db/api-keys';
import { findActiveKey } from '../db/api-keys';
import type { ServerDb } from '../db/open';
import type { Logger } from '../logger';
import { sendError } from './envelope';
import { RateLimiter } from './rate-limiter';
import type { RateLimits } from './rate-limiter';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: ApiKeyIdentity | null;
  }
}

const BEARER = /^Bearer[ \t]+([\x21-\x7e]{1,512})[ \t]*$/i;

export interface AuthDeps {
  db: ServerDb;
  clock: () => number;
  limits: RateLimits;
  log: Logger;
}

export function registerAuth(app: FastifyInstance, deps: AuthDeps): void {
  const limiter = new RateLimiter(deps.db, deps.limits, deps.log);
  // The counters reach SQLite before the app (and then the database) is closed.
  app.addHook('onClose', (_instance, done) => {
    limiter.flush();
    done();
  });
  app.decorateRequest('apiKey', null);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    const identity = match?.[1] === undefined ? undefined : findActiveKey(deps.db, match[1]);
    if (!identity) {
      reply.header('WWW-Authenticate', 'Bearer');
      return sendError(
        reply,
        401,
        'Unauthorized',
        'missing or invalid API key (Authorization: Bearer <key>)',
      );
    }
    const decision = limiter.consume(identity.id, deps.clock());
    reply.header('X-RateLimit-Limit', decision.limit);
    reply.header('X-RateLimit-Remaining', decision.remaining);
    reply.header('X-RateLimit-Reset', decision.resetSeconds);
    if (!decision.allowed) {
      reply.header('Retry-After', decision.retryAfterSeconds);
      return reply.code(429).send({
        success: false,
        message: 'Rate limit exceeded',
        retryAfter: decision.retryAfterSeconds,
      });
    }
    request.apiKey = identity;
  });
}

/** preHandler for operations that need the `book` scope (403 for a read-only key). */
export async function requireBookScope(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  if (request.apiKey?.scope !== 'book') {
    return sendError(reply, 403, 'Forbidden', 'this API key may only read (scope "read")');
  }
  return undefined;
}
