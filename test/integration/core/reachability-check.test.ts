/**
 * The reachability check itself (electron/core/upstream/reachability.ts) against real sockets on
 * 127.0.0.1: what counts as reachable (a TCP accept; for https a finished TLS handshake, whatever
 * the certificate), and the reason it gives otherwise, in the HTTP client's words.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { createSecureContext, createServer as createTlsServer } from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../electron/core/platform/log';
import { loadHubCertificate } from '../../../electron/core/hub/hub-certificate';
import { reasonOf, tcpReachability } from '../../../electron/core/upstream/reachability';
import { makeTempDir } from '../../support/core/harness';
import { freePort } from '../../support/free-port';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Listens on 127.0.0.1 (or `host`); sockets are kept open until the test ends, saying nothing. */
async function listen(server: Server, host = '127.0.0.1'): Promise<number> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('reasonOf: a socket error in the HTTP client words', () => {
  it.each([
    ['ECONNREFUSED', 'connect'],
    ['ENOTFOUND', 'connect'],
    ['EAI_AGAIN', 'connect'],
    ['EHOSTUNREACH', 'connect'],
    ['ENETUNREACH', 'connect'],
    ['EADDRNOTAVAIL', 'connect'],
    ['ECONNRESET', 'reset'],
    ['EPIPE', 'reset'],
    ['ETIMEDOUT', 'timeout'],
    ['ECERTIFICATE', 'other'],
    ['', 'other'],
  ])('%s: %s', (code, reason) => {
    expect(reasonOf(Object.assign(new Error('x'), { code }))).toBe(reason);
  });

  it.each([
    ['no code', new Error('x')],
    ['a number for a code', { code: 111 }],
    ['null', null],
    ['undefined', undefined],
  ])('%s: other', (_name, error) => {
    expect(reasonOf(error)).toBe('other');
  });
});

describe('tcpReachability', () => {
  it('a TCP accept is reachable: no request is sent', async () => {
    const received: Buffer[] = [];
    const server = createServer((socket) => socket.on('data', (chunk) => received.push(chunk)));
    const port = await listen(server);
    expect(await tcpReachability(`http://127.0.0.1:${port}/api/public/booking`, 2_000)).toEqual({
      ok: true,
    });
    expect(received).toEqual([]);
  });

  it('nothing listening: connect', async () => {
    const port = await freePort();
    expect(await tcpReachability(`http://127.0.0.1:${port}/`, 2_000)).toEqual({
      ok: false,
      reason: 'connect',
    });
  });

  it('a URL that is no URL: other, without a connection', async () => {
    expect(await tcpReachability('not a url', 2_000)).toEqual({ ok: false, reason: 'other' });
  });

  it('https: a finished TLS handshake is reachable, whatever the certificate (self-signed here)', async () => {
    const temp = makeTempDir('fd-reach-tls-');
    cleanups.push(() => temp.remove());
    const loaded = await loadHubCertificate({
      dataDir: temp.dir,
      files: null,
      names: ['127.0.0.1'],
      now: Date.now,
      log: silentLogger,
    });
    if (!loaded.ok) throw new Error(loaded.reason);
    const context = createSecureContext({ cert: loaded.value.cert, key: loaded.value.key });
    // Called with the ClientHello's server name (SNI), only when there is one.
    const servernames: string[] = [];
    const server = createTlsServer({
      cert: loaded.value.cert,
      key: loaded.value.key,
      SNICallback: (name, done) => {
        servernames.push(name);
        done(null, context);
      },
    });
    // Every address (IPv4 included), so that "localhost" reaches it whichever it resolves to.
    const port = await listen(server, '::').catch(() => listen(server));
    expect(await tcpReachability(`https://127.0.0.1:${port}/`, 2_000)).toEqual({ ok: true });
    expect(await tcpReachability(`https://localhost:${port}/`, 2_000)).toEqual({ ok: true });
    // SNI takes a name, never an address: only the second check sent one.
    expect(servernames).toEqual(['localhost']);
  });

  it('https to a server that accepts but never answers the handshake: timeout, in time', async () => {
    const port = await listen(createServer());
    const started = Date.now();
    expect(await tcpReachability(`https://127.0.0.1:${port}/`, 300)).toEqual({
      ok: false,
      reason: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    // The same server over http: the accept is enough.
    expect(await tcpReachability(`http://127.0.0.1:${port}/`, 300)).toEqual({ ok: true });
  });

  it("a URL without a port is checked on its scheme's port (80 for http)", async (context) => {
    const server = createServer();
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(80, '127.0.0.1', resolve);
      });
    } catch {
      context.skip(); // port 80 is taken, or this user may not listen on it
      return;
    }
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    expect(await tcpReachability('http://127.0.0.1/', 2_000)).toEqual({ ok: true });
  });

  it('an IPv6 literal is connected to without its brackets', async (context) => {
    let port: number;
    try {
      port = await listen(createServer(), '::1');
    } catch {
      context.skip(); // no IPv6 loopback on this machine
      return;
    }
    expect(await tcpReachability(`http://[::1]:${port}/`, 2_000)).toEqual({ ok: true });
  });

  it('https to a server that resets the connection at once: reset, in the client words', async () => {
    const port = await listen(createServer((socket) => socket.resetAndDestroy()));
    expect(await tcpReachability(`https://127.0.0.1:${port}/`, 2_000)).toEqual({
      ok: false,
      reason: 'reset',
    });
  });
});
