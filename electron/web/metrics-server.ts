/**
 * IT's /metrics endpoint (machine config `metrics`), on a port of its own, for the hub and a
 * single kiosk alike: `GET /metrics` with `Authorization: Bearer <token>` (the token file's first
 * line) answers the Prometheus text format (core/metrics/prometheus.ts); a missing or wrong
 * token is 401, any other path 404, any other method 405. HTTPS with IT's certificate when the
 * config names one (a fleet's Prometheus scrapes across sites: the token must not cross in
 * clear), else plain HTTP: the answer holds counts and ages only (no customer data, no key), and
 * the token keeps it from anyone else on the LAN; bind 127.0.0.1 when a local agent scrapes it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { HubListen } from '../core/hub';
import { type Logger, describeError, readSecretFile } from '../core/platform';
import type { MetricsExposition } from '../core/metrics';
import { SECURITY_HEADERS, hasBearerToken } from './request-guard';

export interface MetricsServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** The token's file read as the API key's is (first line, not empty); throws with the reason. */
export function readMetricsToken(path: string, platform: NodeJS.Platform, log: Logger): string {
  const read = readSecretFile(path, platform);
  if (!read.ok) throw new Error(`metrics token file ${path}: ${read.reason}`);
  if (read.wide) log.warn('the metrics token file is readable by group or others; make it 0600');
  return read.value;
}

export async function startMetricsServer(options: {
  listen: HubListen;
  token: string;
  exposition: MetricsExposition;
  log: Logger;
  /** PEM certificate and key: HTTPS; absent: plain HTTP. */
  tls?: { cert: string; key: string };
}): Promise<MetricsServer> {
  const { exposition, log } = options;
  const send = (response: ServerResponse, status: number, text: string, type = 'text/plain') => {
    response.writeHead(status, {
      ...SECURITY_HEADERS,
      'cache-control': 'no-store',
      'content-type': `${type}; charset=utf-8`,
      ...(status === 401 ? { 'www-authenticate': 'Bearer' } : {}),
      ...(status === 405 ? { allow: 'GET' } : {}),
    });
    response.end(text);
  };
  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if ((request.url ?? '').split('?')[0] !== '/metrics') return send(response, 404, 'Not found\n');
    if (request.method !== 'GET') return send(response, 405, 'Method not allowed\n');
    if (!hasBearerToken(request.headers.authorization, options.token))
      return send(response, 401, 'missing or wrong metrics token\n');
    const text = await exposition.render();
    response.writeHead(200, {
      'cache-control': 'no-store',
      'content-type': exposition.contentType,
    });
    response.end(text);
  };
  const listener = (request: IncomingMessage, response: ServerResponse): void => {
    handle(request, response).catch((error: unknown) => {
      log.error('metrics failed', { error: describeError(error) });
      if (!response.headersSent) send(response, 500, 'metrics failed\n');
      else response.destroy();
    });
  };
  const timeouts = { requestTimeout: 10_000, headersTimeout: 5_000 };
  const server = options.tls
    ? createTlsServer({ ...timeouts, ...options.tls }, listener)
    : createServer(timeouts, listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.listen.port, options.listen.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.listen.host.includes(':') ? `[${options.listen.host}]` : options.listen.host;
  const url = `${options.tls ? 'https' : 'http'}://${host}:${port}/metrics`;
  log.info('metrics listening', { url });
  return {
    url,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
