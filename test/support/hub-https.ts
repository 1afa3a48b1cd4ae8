/**
 * One HTTPS request to a hub on 127.0.0.1, as the hub's tests and bench make it: the hub's own
 * certificate is not checked here (the tests that care compare `peerFingerprint`).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { request, type Agent } from 'node:https';
import type { TLSSocket } from 'node:tls';

export interface HubAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The first `Set-Cookie`'s name=value (the screen credential after pairing), or ''. */
  setCookie: string;
  /** SHA-256 of the certificate the hub presented, colon-separated as Node writes it. */
  peerFingerprint: string;
}

export interface HubRequest {
  path: string;
  /** GET when there is no body, else POST, unless given. */
  method?: string;
  headers?: Record<string, string>;
  /** Sent as it is when a string, else as JSON. */
  body?: unknown;
  agent?: Agent;
  /** The source address (another 127.x address on Linux: a second machine on the LAN). */
  localAddress?: string;
}

export function hubRequest(port: number, options: HubRequest): Promise<HubAnswer> {
  const { path, headers = {}, body, agent } = options;
  const text = body === undefined || typeof body === 'string' ? body : JSON.stringify(body);
  const json =
    typeof body === 'string' || body === undefined ? {} : { 'content-type': 'application/json' };
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        ...(agent ? { agent } : { rejectUnauthorized: false }),
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        headers: { host: `127.0.0.1:${port}`, ...json, ...headers },
      },
      (res) => {
        const peerFingerprint =
          (res.socket as TLSSocket).getPeerX509Certificate()?.fingerprint256 ?? '';
        let answer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (answer += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: answer,
            setCookie: String(res.headers['set-cookie'] ?? '').split(';')[0] ?? '',
            peerFingerprint,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}
