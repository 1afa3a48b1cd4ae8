/**
 * A raw TCP client that sends what it is told, as slowly as it is told, and reports when and
 * how the server closed the connection: for the slow and unfinished request tests (issue 11).
 */
import { connect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

export interface SlowClientResult {
  /** Milliseconds from connecting until the server closed the connection. */
  closedAfterMs: number;
  /** Everything the server sent. */
  received: string;
}

export interface SlowClientScript {
  /** Sent at once after connecting. */
  first: string;
  /** Then one piece every `everyMs` (a trickle), until the connection closes. */
  trickle?: { piece: string; everyMs: number };
  /** Speak TLS (a hub; its certificate is not checked): `first` is sent once the handshake is done. */
  tls?: boolean;
}

/** Resolves when the server closes; rejects if it is still open after `giveUpMs`. */
export function slowClient(
  port: number,
  script: SlowClientScript,
  giveUpMs = 45_000,
): Promise<SlowClientResult> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket: Socket = script.tls
      ? tlsConnect({ port, host: '127.0.0.1', rejectUnauthorized: false })
      : connect(port, '127.0.0.1');
    let received = '';
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => {
      // A reset is one way of being closed; 'close' follows.
    });
    socket.on(script.tls ? 'secureConnect' : 'connect', () => {
      socket.write(script.first);
      const trickle = script.trickle;
      if (trickle) {
        timer = setInterval(() => {
          if (!socket.destroyed && socket.writable) socket.write(trickle.piece);
        }, trickle.everyMs);
      }
    });
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(
        new Error(
          `still open after ${giveUpMs} ms; received ${JSON.stringify(received.slice(0, 200))}`,
        ),
      );
    }, giveUpMs);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ closedAfterMs: performance.now() - started, received });
    });
  });
}

/** Status, headers and body of the first HTTP/1.1 response in `raw` (undefined if none). */
export function parseHttpResponse(
  raw: string,
): { status: number; headers: Record<string, string>; body: string } | undefined {
  const match = /^HTTP\/1\.1 (\d{3})[^\r\n]*\r\n([\s\S]*?)\r\n\r\n([\s\S]*)$/.exec(raw);
  if (!match) return undefined;
  const headers: Record<string, string> = {};
  for (const line of (match[2] ?? '').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? NaN);
  const rest = match[3] ?? '';
  return {
    status: Number(match[1]),
    headers,
    body: Number.isFinite(length) ? rest.slice(0, length) : rest,
  };
}
