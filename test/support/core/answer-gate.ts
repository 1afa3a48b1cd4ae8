/**
 * A pass-through HTTP hop that can hold back the answer of one request: the API has answered
 * (its answer describes the API at that moment), but the client receives it only when the test
 * says. So a test can let the kiosk receive a list the API computed before something the kiosk
 * did meanwhile, as a slow answer or a mirror refresh under way during a booking would.
 * It can also refuse connections (its listener closed, then opened again on the same port): the
 * API's host gone, which a client knows its request never reached, unlike the fault proxy's
 * resets after a connection was accepted, which leave a request's fate unknown.
 * Plain node:http on 127.0.0.1, port 0, in front of `target` (the fault proxy).
 */
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Also the test's wire (stepped-run.ts): a held answer is not in flight, time may move on. */
export interface AnswerGate {
  url: string;
  /** Requests received so far. */
  requests(): number;
  /** Requests received whose answer is neither delivered nor held. */
  inFlight(): number;
  /** Holds the answer of the next request whose path and query `match`es, until release(). */
  holdNext(match: (pathAndQuery: string) => boolean): void;
  /** Answers held so far and not released. */
  held(): number;
  /** Delivers every held answer, and holds no other (a holdNext not met yet is dropped). */
  release(): void;
  /** Refuse connections (true) or take them again (false). */
  refuse(on: boolean): Promise<void>;
  refusing(): boolean;
  close(): Promise<void>;
}

export async function startAnswerGate(target: string): Promise<AnswerGate> {
  const to = new URL(target);
  let armed: ((pathAndQuery: string) => boolean) | null = null;
  const waiting: (() => void)[] = [];
  let received = 0;
  let open = 0;

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    received += 1;
    open += 1;
    let counted = true;
    const done = () => {
      if (counted) open -= 1;
      counted = false;
    };
    res.once('close', done);
    const path = req.url ?? '/';
    const hold = armed?.(path) ?? false;
    if (hold) armed = null;
    const upstream = httpRequest(
      new URL(path, to),
      { method: req.method, headers: { ...req.headers, host: to.host } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const deliver = () => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(chunks));
          };
          if (!hold) return deliver();
          done();
          waiting.push(deliver);
        });
      },
    );
    // The target reset or refused us: so does the gate (RST: the client sees the same fault).
    upstream.on('error', () => {
      if (!req.socket.destroyed) req.socket.resetAndDestroy();
    });
    req.pipe(upstream);
  };

  const server = createServer(handle);
  const listen = (on: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(on, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  let refused = false;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => received,
    inFlight: () => open,
    holdNext(match) {
      armed = match;
    },
    held: () => waiting.length,
    release() {
      armed = null;
      for (const deliver of waiting.splice(0)) deliver();
    },
    async refuse(on) {
      if (on === refused) return;
      refused = on;
      // The port is ours again at once (no other listener takes a port this fast in practice);
      // if one did, listen fails with EADDRINUSE and the test says so.
      await (on ? stop() : listen(port));
    },
    refusing: () => refused,
    async close() {
      armed = null;
      for (const deliver of waiting.splice(0)) deliver();
      if (!refused) await stop();
    },
  };
}
