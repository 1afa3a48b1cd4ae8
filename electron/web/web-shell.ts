/**
 * The browser shell: the kiosk API over HTTP on 127.0.0.1, for a plain browser where Electron
 * cannot run (and for the end-to-end tests). Routes:
 * - POST /api/kiosk/<method>  JSON body = the method's input -> 200 { ok: true, result } or
 *   4xx/5xx { ok: false, error: { code, message } } (status from httpStatusFor);
 * - GET  /api/kiosk/events    server-sent events (see event-stream.ts); booking events only
 *                              with a live staff session in `x-kiosk-session`;
 * - GET  /                    the built renderer, or a page saying to run `npm run build`.
 * As a hub (`tls` given) it serves the same over HTTPS on any address, for the shop's other
 * screens; plain HTTP stays loopback-only.
 * Every request must name us in Host and come from no Origin or our own (403 otherwise); every
 * /api/kiosk request needs `Authorization: Bearer <token>` (401). Bodies over 64 KiB are 413.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import Fastify from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { KioskApi, KioskEvent } from '../../shared/kiosk-api';
import {
  INTERNAL_ERROR_MESSAGE,
  dispatchKioskCall,
  httpStatusFor,
  isKioskMethod,
} from '../../shared/kiosk-dispatch';
import type { ErrorCode } from '../../shared/result';
import type { ScreenRole } from '../core/db';
import { KIOSK_SCREEN_REFUSED, screenGetsStaffEvents, screenMayCall } from '../core/hub';
import { createLogger, describeError, type Logger } from '../core/platform';
import { openEventStream } from './event-stream';
import { SCREEN_REMOVED_MESSAGE, checkScreen, registerHubRoutes } from './hub-routes';
import type { HubAccess } from './hub-routes';
import type { EventStream, KioskEventSource } from './event-stream';
import {
  SECURITY_HEADERS,
  hasBearerToken,
  hostName,
  isAllowedHost,
  isAllowedHubHost,
  isAllowedOrigin,
} from './request-guard';
import {
  HTTP_TIMEOUTS,
  fastifyHttpsTimeoutOptions,
  fastifyTimeoutOptions,
} from '../../shared/http-timeouts';
import { capConnections } from './hub-listener';

export const BODY_LIMIT_BYTES = 64 * 1024;
const INVALID_JSON = 'the body is not valid JSON';
const INVALID_JSON_CODE = 'FD_INVALID_JSON';

export interface WebShellOptions {
  api: KioskApi;
  events: KioskEventSource;
  /**
   * Default 127.0.0.1. Plain HTTP binds 127.0.0.1 only (one machine's own browser); with `tls`
   * (a hub) any address, e.g. 0.0.0.0 for the LAN.
   */
  host?: string;
  /** The hub's certificate and key (PEM): the shell then speaks HTTPS only. */
  tls?: { cert: string; key: string } | null;
  /** A hub's host names that screens use, besides its own addresses and loopback. */
  names?: readonly string[];
  /** A hub's pairing: paired screens call the API with their cookie instead of the token. */
  hub?: HubAccess;
  /** 0 picks a free port. */
  port: number;
  /** The Bearer token every API call must carry. */
  token: string;
  /** The built renderer (out/renderer); null or missing serves a "run npm run build" page. */
  rendererDir: string | null;
  log?: Logger;
  /** SSE heartbeat interval; default 15 s. */
  heartbeatMs?: number;
}

export interface WebShell {
  url: string;
  port: number;
  /** The socket's own address, as bound (tests check that it is loopback). */
  address(): AddressInfo;
  /** Screens with an open event stream (the metrics' "screens connected"). */
  connectedScreens(): number;
  close(): Promise<void>;
}

const BUILD_MISSING_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Frontdesk</title></head>
<body><h1>Frontdesk</h1><p>The kiosk screens are not built yet. Run <code>npm run build</code>,
then reload this page.</p></body></html>
`;

export async function startWebShell(options: WebShellOptions): Promise<WebShell> {
  const log = options.log ?? createLogger('web');
  const host = options.host ?? '127.0.0.1';
  const tls = options.tls ?? null;
  if (host !== '127.0.0.1' && tls === null)
    throw new Error('plain HTTP binds 127.0.0.1 only; a hub needs its certificate');
  const scheme = tls ? 'https' : 'http';
  if (!/^[\x21-\x7e]+$/.test(options.token))
    throw new Error('the web shell token must be visible ASCII without spaces');
  const heartbeatMs = options.heartbeatMs ?? 15_000;

  // Slow or unfinished requests are closed within seconds (issues 11, 39); the idle-socket limit
  // stays above the SSE heartbeat, which keeps an event stream's socket busy.
  const timeouts = {
    ...HTTP_TIMEOUTS,
    idleSocketMs: Math.max(HTTP_TIMEOUTS.idleSocketMs, 2 * heartbeatMs),
  };
  const app = Fastify({
    ...(tls
      ? fastifyHttpsTimeoutOptions(
          { cert: tls.cert, key: tls.key, minVersion: 'TLSv1.2' as const },
          timeouts,
        )
      : fastifyTimeoutOptions(timeouts)),
    logger: false,
    bodyLimit: BODY_LIMIT_BYTES,
    forceCloseConnections: true,
    return503OnClosing: true,
  });
  // A hub faces the LAN: no address, and no crowd of them, may hold every connection.
  if (tls) capConnections(app.server);
  let port = 0; // known once listening; no request arrives before
  const streams = new Set<EventStream>();
  // The paired screen a request came from (set by requireToken): its calls use its own API and
  // its role decides what it may call (screen-roles.ts).
  const screenOf = new WeakMap<FastifyRequest, { id: string; role: ScreenRole }>();
  const hubNames = createHubNames(options.names ?? []);

  // JSON only, and an empty body means "no input" (methods such as listBookings take none).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(
        Object.assign(new Error(INVALID_JSON), { statusCode: 400, code: INVALID_JSON_CODE }),
        undefined,
      );
    }
  });

  // Set before the routes: a route keeps the error handler in force when it was added.
  app.setErrorHandler((error: { statusCode?: number; code?: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 413)
      return sendFailure(
        reply,
        413,
        'invalid_input',
        `the body is larger than ${BODY_LIMIT_BYTES} bytes`,
      );
    if (status === 415)
      return sendFailure(reply, 415, 'invalid_input', 'send the input as application/json');
    if (status >= 400 && status < 500) {
      const message =
        error.code === INVALID_JSON_CODE ? INVALID_JSON : 'the request could not be read';
      return sendFailure(reply, status, 'invalid_input', message);
    }
    log.error('request failed', { url: request.url.split('?')[0], error: describeError(error) });
    return sendFailure(reply, 500, 'internal', INTERNAL_ERROR_MESSAGE);
  });

  app.addHook('onRequest', async (request, reply) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) void reply.header(name, value);
    const hostHeader = request.headers.host;
    const hostAllowed = tls
      ? isAllowedHubHost(hostHeader, { port, scheme, names: hubNames() })
      : isAllowedHost(hostHeader, port);
    if (!hostAllowed) {
      return sendFailure(reply, 403, 'unauthorized', 'this server only answers to its own names');
    }
    if (!isAllowedOrigin(request.headers.origin, hostHeader, scheme)) {
      return sendFailure(reply, 403, 'unauthorized', 'cross-origin requests are not allowed');
    }
  });

  // The token check belongs to the API routes themselves, not to a URL prefix test: the router
  // decodes the path (`/%61pi/kiosk/...` reaches the same route), a prefix check would not.
  const requireToken = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply | undefined> => {
    if (hasBearerToken(request.headers.authorization, options.token)) return undefined;
    if (options.hub) {
      const screen = checkScreen(options.hub, request);
      if (screen.state === 'paired') {
        screenOf.set(request, { id: screen.screen.id, role: screen.screen.role });
        return undefined;
      }
      if (screen.state === 'removed') {
        void reply.header('x-frontdesk-screen', 'removed');
        return sendFailure(reply, 401, 'unauthorized', SCREEN_REMOVED_MESSAGE);
      }
    }
    void reply.header('www-authenticate', 'Bearer');
    return sendFailure(reply, 401, 'unauthorized', 'missing or wrong kiosk token');
  };

  app.get('/api/kiosk/events', { onRequest: requireToken }, (request, reply) => {
    const sessionHeader = request.headers['x-kiosk-session'];
    const role = screenOf.get(request)?.role;
    // A kiosk-role screen's stream carries status only, whatever session it presents.
    const session =
      typeof sessionHeader === 'string' &&
      sessionHeader.length <= 200 &&
      (role === undefined || screenGetsStaffEvents(role))
        ? sessionHeader
        : undefined;
    reply.hijack();
    const stream = openEventStream({
      ...(session === undefined ? {} : { session }),
      response: reply.raw,
      events: options.events,
      heartbeatMs,
      log,
      initialStatus: async (): Promise<KioskEvent> => ({
        type: 'status',
        status: await options.api.getSyncStatus(undefined),
      }),
    });
    streams.add(stream);
    void stream.closed.then(() => streams.delete(stream));
    request.raw.on('close', () => stream.close());
  });

  app.post<{ Params: { method: string } }>(
    '/api/kiosk/:method',
    { onRequest: requireToken },
    async (request, reply) => {
      const method = request.params.method;
      const screen = screenOf.get(request);
      if (screen !== undefined && isKioskMethod(method) && !screenMayCall(screen.role, method))
        return sendFailure(reply, 403, 'unauthorized', KIOSK_SCREEN_REFUSED);
      const api = screen !== undefined && options.hub ? options.hub.apiFor(screen.id) : options.api;
      const result = await dispatchKioskCall(api, method, request.body, {
        onUnexpectedError: (name, error) =>
          log.error(`${name} failed`, { error: describeError(error) }),
      });
      void reply.header('cache-control', 'no-store');
      return reply.code(result.ok ? 200 : httpStatusFor(result.error.code)).send(result);
    },
  );

  if (options.hub) registerHubRoutes(app, options.hub);

  const indexFile = options.rendererDir ? join(options.rendererDir, 'index.html') : null;
  if (options.rendererDir && indexFile && existsSync(indexFile)) {
    await app.register(fastifyStatic, {
      root: options.rendererDir,
      prefix: '/',
      index: 'index.html',
      // The build's .br / .gz copies (electron.vite.config.ts), for a browser that takes them.
      preCompressed: true,
      // Hashed file names never change content: a tablet keeps them; index.html is revalidated
      // so that an update reaches the screen at its next load.
      setHeaders: (reply, path) => void reply.header('cache-control', staticCacheControl(path)),
    });
    // `/` by name: with preCompressed, @fastify/static's own index lookup answers it 404.
    app.get('/', (_request, reply) => reply.sendFile('index.html'));
  } else {
    log.warn('renderer not built; / explains how to build it', {
      rendererDir: options.rendererDir,
    });
    app.get('/', (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(BUILD_MISSING_PAGE),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) {
      return sendFailure(
        reply,
        404,
        'not_found',
        `no route ${request.method} ${(request.url.split('?')[0] ?? '').slice(0, 200)}`,
      );
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });

  // Open event streams would keep close() waiting; end them first.
  app.addHook('preClose', (done) => {
    for (const stream of streams) stream.close();
    done();
  });

  await app.listen({ host, port: options.port });
  port = (app.server.address() as AddressInfo).port;
  const url = `${scheme}://${isWildcard(host) ? '127.0.0.1' : hostName(host)}:${port}`;
  log.info('listening', { url });
  return {
    url,
    port,
    address: () => app.server.address() as AddressInfo,
    connectedScreens: () => streams.size,
    close: async () => {
      await app.close();
    },
  };
}

/** Vite's content-hashed assets (`assets/name-HASH.ext`) are immutable; the rest revalidates. */
export function staticCacheControl(path: string): string {
  return /[\\/]assets[\\/][^\\/]+-[\w-]{8}\.\w+(\.(br|gz))?$/.test(path)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

function isWildcard(host: string): boolean {
  return host === '0.0.0.0' || host === '::';
}

/**
 * The names a hub answers to: loopback, IT's names and this machine's current addresses (read
 * again at most every 10 s, so a new DHCP lease is accepted without a restart).
 */
function createHubNames(configured: readonly string[]): () => ReadonlySet<string> {
  let names: ReadonlySet<string> = new Set();
  let readAt = -Infinity;
  return () => {
    const now = Date.now();
    if (now - readAt < 10_000) return names;
    readAt = now;
    const addresses = Object.values(networkInterfaces())
      .flatMap((list) => list ?? [])
      .filter((entry) => entry.scopeid === undefined || entry.scopeid === 0)
      .map((entry) => hostName(entry.address));
    names = new Set(['127.0.0.1', 'localhost', '[::1]', ...configured.map(hostName), ...addresses]);
    return names;
  };
}

function sendFailure(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ ok: false, error: { code, message } });
}
