/**
 * A fault-injecting HTTP proxy for integration tests: sits between the kiosk core and the
 * reference server and misbehaves on demand. The mode is read when a request arrives:
 * - 'pass'      forward to the target and relay the answer unchanged;
 * - 'down'      refuse: reset every new connection at once (and any request on an open one);
 * - 'hang'      accept the request and never answer (until close());
 * - 'pause'     a stopped API (SIGSTOP): hold each request, whole, and forward every held one
 *               when the mode changes, as the API's kernel buffers would; a client still
 *               waiting gets the answer, one that gave up is not told (the API did the work);
 * - 'drop'      forward the request, wait for the target's full answer, then cut the client's
 *               connection without replying: the "lost response" (the target did the work);
 * - '500'       answer 500 with an error envelope, without forwarding;
 * - '429'       answer 429 `{ success: false, message, retryAfter: 2 }` with Retry-After: 2,
 *               without forwarding;
 * - 'malformed' answer 200 with a body that is not JSON, without forwarding.
 * Plain node:http on 127.0.0.1, port 0. The proxy's own answers carry a Date header from `clock`
 * (the target's clock, when a test runs the server on a manual one), so that a client measuring
 * its clock skew from them sees the same "now" as from the target: Node's default stamps the
 * real time, and a test on a fixed day then passes or fails by the hour it runs at.
 */
import { Agent, createServer, request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type FaultMode = 'pass' | 'down' | 'hang' | 'pause' | 'drop' | '500' | '429' | 'malformed';

export interface FaultProxy {
  /** http://127.0.0.1:PORT, to use as the upstream base URL. */
  url: string;
  setMode(mode: FaultMode): void;
  mode(): FaultMode;
  /** Request attempts seen, in every mode (a connection reset in 'down' counts as one). */
  requests(): number;
  /** Requests that reached the target ('pass' and 'drop'). */
  forwarded(): number;
  /** Those requests, in order: when (the `clock` option's time), method and path with query. */
  forwardedLog(): readonly ForwardedRequest[];
  /** Requests received whose answer (or reset) is not finished yet: 0 when the link is quiet. */
  inFlight(): number;
  /** Statuses the target answered with, by code ('pass' and 'drop'): e.g. to prove no 429. */
  upstreamStatuses(): Readonly<Record<number, number>>;
  close(): Promise<void>;
}

export interface ForwardedRequest {
  at: number;
  method: string;
  url: string;
}

export interface FaultProxyOptions {
  target: string;
  mode?: FaultMode;
  /** The time for the Date header of the proxy's own answers; the real time by default. */
  clock?: () => number;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

function reset(socket: Socket): void {
  // RST, as a refused or crashed peer looks to the client (a plain FIN looks like a clean close).
  if (!socket.destroyed) socket.resetAndDestroy();
}

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const target = new URL(options.target);
  const now = options.clock ?? Date.now;
  const agent = new Agent({ keepAlive: true });
  const sockets = new Set<Socket>();
  let mode: FaultMode = options.mode ?? 'pass';
  let attempts = 0;
  let forwardedCount = 0;
  const forwardedLog: ForwardedRequest[] = [];
  const statuses: Record<number, number> = {};
  let closing = false;

  /** Sends the request to the target; resolves with the answer's head and whole body. */
  const forward = (
    req: IncomingMessage,
    held?: Buffer,
  ): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> =>
    new Promise((resolve, reject) => {
      forwardedCount += 1;
      forwardedLog.push({ at: now(), method: req.method ?? 'GET', url: req.url ?? '/' });
      const upstream = httpRequest(
        new URL(req.url ?? '/', target),
        { method: req.method, headers: { ...endToEnd(req.headers), host: target.host }, agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const status = res.statusCode ?? 502;
            statuses[status] = (statuses[status] ?? 0) + 1;
            resolve({
              status,
              headers: res.headers,
              body: Buffer.concat(chunks),
            });
          });
          res.on('error', reject);
        },
      );
      upstream.on('error', reject);
      if (held) upstream.end(held);
      else req.pipe(upstream);
    });

  const sendJson = (
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): void => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      date: new Date(now()).toUTCString(),
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      ...headers,
    });
    res.end(text);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    attempts += 1;
    const current = mode;
    switch (current) {
      case 'down':
        reset(req.socket);
        return;
      case 'hang':
        req.resume(); // read the body so the client thinks it was sent, then say nothing
        return;
      case '500':
        req.resume();
        sendJson(res, 500, { success: false, message: 'Internal server error (fault proxy)' });
        return;
      case '429': {
        req.resume();
        // Three seconds on: the window resets after the 2 s Retry-After, however late it is read.
        const resetAt = Math.ceil(now() / 1000) + 3;
        sendJson(
          res,
          429,
          { success: false, message: 'Too many requests (fault proxy)', retryAfter: 2 },
          {
            'retry-after': '2',
            'x-ratelimit-limit': '60',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': String(resetAt),
          },
        );
        return;
      }
      case 'malformed': {
        req.resume();
        const text = '<html><body>Service temporarily unavailable</body></html>';
        res.writeHead(200, {
          date: new Date(now()).toUTCString(),
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(text),
        });
        res.end(text);
        return;
      }
      case 'drop': {
        try {
          await forward(req);
        } finally {
          reset(req.socket);
        }
        return;
      }
      case 'pause': {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        await new Promise<void>((resolve) => {
          req.on('end', resolve);
          req.on('close', resolve);
        });
        await new Promise<void>((resolve) => paused.push(resolve));
        if (closing) return;
        await relay(req, res, Buffer.concat(chunks));
        return;
      }
      case 'pass':
        await relay(req, res);
        return;
    }
  };

  /** Requests held in 'pause': each resolves when the API "wakes up". */
  const paused: (() => void)[] = [];

  /** Forwards and answers the client (when it still listens). */
  const relay = async (req: IncomingMessage, res: ServerResponse, held?: Buffer) => {
    let answer;
    try {
      answer = await forward(req, held);
    } catch {
      sendJson(res, 502, {
        success: false,
        message: 'Bad gateway (fault proxy: target unreachable)',
      });
      return;
    }
    res.writeHead(answer.status, {
      ...endToEnd(answer.headers),
      'content-length': answer.body.length,
    });
    res.end(answer.body);
  };

  let open = 0;
  const server = createServer((req, res) => {
    open += 1;
    res.once('close', () => (open -= 1));
    handle(req, res).catch(() => reset(req.socket));
  });
  server.on('connection', (socket) => {
    if (closing) {
      reset(socket);
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // 'down' refuses the connection itself, before any byte of a request is read.
    if (mode === 'down') {
      attempts += 1;
      reset(socket);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    setMode: (next) => {
      mode = next;
      if (next !== 'pause') for (const wake of paused.splice(0)) wake();
    },
    mode: () => mode,
    requests: () => attempts,
    forwarded: () => forwardedCount,
    forwardedLog: () => forwardedLog,
    inFlight: () => open,
    upstreamStatuses: () => ({ ...statuses }),
    close: async () => {
      if (closing) return;
      closing = true;
      for (const wake of paused.splice(0)) wake();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      await closed;
    },
  };
}
