/**
 * The reference Public Booking API as a Fastify instance, built apart from listening so that
 * tests inject requests or bind port 0 and the kiosk can embed it (STYLE.md §11).
 */
import Fastify from 'fastify';
import type { FastifyError, FastifyInstance } from 'fastify';
import { API_PREFIX } from '../shared/api/schemas';
import type { AvailabilitySettings } from '../shared/booking/types';
import type { LanguageCode } from '../shared/languages';
import type { ServerDb } from './db/open';
import type { RateLimits } from './db/rate-limits';
import { registerAuth } from './http/auth';
import { clientErrorAnswer } from './http/client-error';
import { errorBody } from './http/envelope';
import { BODY_LIMITS, registerJsonBodyParser } from './http/json-body';
import { HTTP_TIMEOUTS, fastifyTimeoutOptions } from '../shared/http-timeouts';
import { createServerLogger, fastifyLogOptions, type Logger } from './logger';
import { DEFAULT_MAIL_BUDGET_MS } from './mail/mailer';
import type { Mailer } from './mail/mailer';
import { availabilityRoutes } from './routes/availability';
import { bookRoute } from './routes/book';
import { catalogRoutes } from './routes/catalog';
import type { RouteDeps } from './routes/deps';
import { registerOperationRoutes } from './routes/operation-routes';

export interface AppDeps {
  db: ServerDb;
  clock: () => number;
  mailer: Mailer | null;
  /** How long POST /book waits for the confirmation mail to be accepted; DEFAULT_MAIL_BUDGET_MS. */
  mailBudgetMs?: number;
  /** The shop's language, for mails whose request says no language (default German). */
  language?: LanguageCode;
  limits: RateLimits;
  settings: AvailabilitySettings;
  logger?: boolean;
  /** The server's own lines (default: stderr, info only under `logger`). */
  log?: Logger;
  /**
   * Publish the OpenAPI document and Swagger UI (default true). The kiosk's embedded demo
   * server leaves them out: the packaged app then needs neither package at run time.
   */
  docs?: boolean;
}

export function buildApp(deps: AppDeps): FastifyInstance {
  const log = deps.log ?? createServerLogger(deps.logger ?? false);
  const app = Fastify({
    logger: fastifyLogOptions(deps.logger ?? false),
    bodyLimit: BODY_LIMITS.bytes,
    ...fastifyTimeoutOptions(HTTP_TIMEOUTS),
    clientErrorHandler: clientErrorAnswer(HTTP_TIMEOUTS),
  });
  registerJsonBodyParser(app);
  const routeDeps: RouteDeps = {
    ...deps,
    mailBudgetMs: deps.mailBudgetMs ?? DEFAULT_MAIL_BUDGET_MS,
    language: deps.language ?? 'de',
    log,
  };

  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500 || status < 400) {
      log.error('unexpected failure', { error });
      return reply
        .code(500)
        .send(errorBody('Internal server error', 'an unexpected error occurred'));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .code(413)
        .send(errorBody('Payload too large', `body: larger than ${BODY_LIMITS.bytes} bytes`));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .code(400)
        .send(errorBody('Invalid request', 'body: Content-Type must be application/json'));
    }
    // Fastify's own 4xx (malformed JSON, empty JSON body, bad headers): its message has no stack.
    return reply.code(status).send(errorBody('Invalid request', `body: ${error.message}`));
  });

  // The Date header comes from the server's clock (tests and the simulated day inject one), so
  // that a client measuring its clock skew from it sees this server's "now".
  app.addHook('onSend', (_request, reply, _payload, done) => {
    void reply.header('date', new Date(deps.clock()).toUTCString());
    done();
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]?.slice(0, 200) ?? '';
    return reply.code(404).send(errorBody('Not found', `no route for ${request.method} ${path}`));
  });

  // Loaded on demand, so that a server without docs never loads the Swagger packages.
  if (deps.docs ?? true)
    void app.register(async (docs) => (await import('./http/api-docs')).apiDocs(docs));
  void app.register(
    (api, _options, done) => {
      registerAuth(api, routeDeps);
      registerOperationRoutes(api, {
        ...catalogRoutes(routeDeps),
        ...availabilityRoutes(routeDeps),
        book: bookRoute(routeDeps),
      });
      done();
    },
    { prefix: API_PREFIX },
  );
  return app;
}
