/**
 * A pass-through HTTP proxy in front of the reference server that counts what reaches it, by
 * operation path (`/book` apart from the reads): the upstream requests the hub spends from its
 * API key, whatever the number of screens behind it.
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_PREFIX } from '../../shared/api/schemas';

export interface CountingProxy {
  url: string;
  /** Requests forwarded so far, by operation path (e.g. `/availability`, `/book`). */
  counts(): Readonly<Record<string, number>>;
  reset(): void;
  close(): Promise<void>;
}

export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const to = new URL(target);
  let counts: Record<string, number> = {};
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const operation = path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length) : path;
    counts[operation] = (counts[operation] ?? 0) + 1;
    const upstream = request(
      {
        host: to.hostname,
        port: to.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts: () => ({ ...counts }),
    reset: () => {
      counts = {};
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
