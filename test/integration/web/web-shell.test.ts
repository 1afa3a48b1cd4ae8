import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KioskFailure } from '../../../shared/result';
import { KioskEvent } from '../../../shared/kiosk-api';
import { silentLogger } from '../../../electron/core/platform/log';
import { startWebShell } from '../../../electron/web/web-shell';
import type { WebShell } from '../../../electron/web/web-shell';
import {
  createKioskApiDouble,
  localBooking,
  shellOptions,
  syncStatus,
} from '../../unit/web/kiosk-api-double';
import type { KioskApiDouble } from '../../unit/web/kiosk-api-double';

const TOKEN = 'test-token-0123456789abcdef';

/** Raw HTTP so that Host and Origin can be set freely (fetch forbids both). */
function send(
  shell: WebShell,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: shell.port,
        path,
        method: init.method ?? 'GET',
        headers: { host: `127.0.0.1:${shell.port}`, ...init.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

function call(
  shell: WebShell,
  method: string,
  input: unknown,
  headers: Record<string, string> = {},
) {
  return send(shell, `/api/kiosk/${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(input),
  });
}

describe('startWebShell', () => {
  let double: KioskApiDouble;
  let shell: WebShell;
  let rendererDir: string;

  beforeAll(async () => {
    rendererDir = mkdtempSync(join(tmpdir(), 'frontdesk-renderer-'));
    mkdirSync(join(rendererDir, 'assets'));
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Frontdesk UI</title>');
    double = createKioskApiDouble({
      createBooking: () =>
        Promise.reject(new KioskFailure('slot_taken', 'That time was just taken.')),
      syncNow: () => Promise.reject(new Error('disk I/O error at /secret/path')),
    });
    shell = await startWebShell({
      api: double.api,
      events: double.events,
      port: 0,
      token: TOKEN,
      rendererDir,
      log: silentLogger,
    });
  });

  afterAll(async () => {
    await shell.close();
    rmSync(rendererDir, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 with the port it picked', () => {
    // The socket itself, not a string built from the same constant: 0.0.0.0 would fail here.
    expect(shell.address()).toMatchObject({
      address: '127.0.0.1',
      family: 'IPv4',
      port: shell.port,
    });
    expect(shell.url).toBe(`http://127.0.0.1:${shell.port}`);
    expect(shell.port).toBeGreaterThan(0);
  });

  it('answers a call with 200 { ok: true, result }', async () => {
    const res = await call(shell, 'getAvailableDays', { year: 2026, month: 3 });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(res.body)).toEqual({
      ok: true,
      result: {
        year: 2026,
        month: 3,
        availableDays: [2, 3],
        totalDays: 31,
        source: 'cache',
        asOf: null,
      },
    });
  });

  it('accepts an empty body for a method without input', async () => {
    const res = await send(shell, '/api/kiosk/getSyncStatus', {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ ok: true, result: syncStatus });
  });

  it.each([
    ['no header', {}],
    ['wrong token', { authorization: 'Bearer wrong-token' }],
    ['token of another length', { authorization: `Bearer ${TOKEN}x` }],
    ['not Bearer', { authorization: `Basic ${TOKEN}` }],
  ])('refuses a call with 401 (%s) before calling the core', async (_name, headers) => {
    const before = double.calls.length;
    const res = await send(shell, '/api/kiosk/getCatalog', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{}',
    });
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect(double.calls.length).toBe(before);
  });

  it.each([
    '/%61pi/kiosk/getCatalog',
    '/api/%6biosk/getCatalog',
    '/api/kiosk/%67etCatalog',
    '/api/kiosk/getCatalog?x=1',
  ])('does not let an encoded path around the token check: %s', async (path) => {
    const before = double.calls.length;
    const res = await send(shell, path, { method: 'POST' });
    expect(res.status).toBe(401);
    expect(double.calls.length).toBe(before);
  });

  it('refuses a foreign Host with 403 (DNS rebinding), even with the token', async () => {
    const res = await call(shell, 'getCatalog', {}, { host: `evil.example:${shell.port}` });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ ok: false });
    expect((await send(shell, '/', { headers: { host: 'evil.example' } })).status).toBe(403);
  });

  it('accepts localhost:PORT as Host and its own Origin', async () => {
    const res = await call(
      shell,
      'getCatalog',
      {},
      {
        host: `localhost:${shell.port}`,
        origin: `http://localhost:${shell.port}`,
      },
    );
    expect(res.status).toBe(200);
  });

  it.each(['http://evil.example', 'null', 'http://127.0.0.1:1'])(
    'refuses Origin %s with 403',
    async (origin) => {
      const res = await call(shell, 'getCatalog', {}, { origin });
      expect(res.status).toBe(403);
    },
  );

  it('answers invalid input with 400 naming the field', async () => {
    const res = await call(shell, 'createBooking', {
      ...localBooking.request,
      customer: { ...localBooking.request.customer, email: 'not-an-email' },
    });
    expect(res.status).toBe(400);
    const body = JSON.parse(res.body) as { ok: boolean; error: { code: string; message: string } };
    expect(body.ok).toBe(false);
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.message).toMatch(/^customer\.email: /);
  });

  it('maps a KioskFailure to its status and code', async () => {
    const res = await call(shell, 'createBooking', localBooking.request);
    expect(res.status).toBe(409);
    expect(JSON.parse(res.body)).toEqual({
      ok: false,
      error: { code: 'slot_taken', message: 'That time was just taken.' },
    });
  });

  it('answers an unexpected error with 500 and no detail', async () => {
    const res = await call(shell, 'syncNow', { session: 'a-staff-session-0000' });
    expect(res.status).toBe(500);
    expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(res.body).not.toContain('secret');
  });

  it('answers an unknown method with 404 in the same shape', async () => {
    const res = await call(shell, 'dropTables', {});
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('answers malformed JSON with 400 and a body over 64 KiB with 413, in the same shape', async () => {
    const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
    const bad = await send(shell, '/api/kiosk/getCatalog', {
      method: 'POST',
      headers,
      body: '{"a":',
    });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toEqual({
      ok: false,
      error: { code: 'invalid_input', message: 'the body is not valid JSON' },
    });
    const big = await send(shell, '/api/kiosk/getCatalog', {
      method: 'POST',
      headers,
      body: JSON.stringify({ notes: 'x'.repeat(70 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('refuses a non-JSON content type with 415', async () => {
    const res = await send(shell, '/api/kiosk/getCatalog', {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(res.status).toBe(415);
    expect(JSON.parse(res.body)).toMatchObject({ ok: false });
  });

  it('serves the renderer at / with the strict CSP and no-referrer', async () => {
    const res = await send(shell, '/');
    expect(res.status).toBe(200);
    expect(res.body).toContain('Frontdesk UI');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
        "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('streams the status at once, then pushed events, and unsubscribes on disconnect', async () => {
    const controller = new AbortController();
    const res = await fetch(`${shell.url}/api/kiosk/events`, {
      headers: { authorization: `Bearer ${TOKEN}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const received: KioskEvent[] = [];
    let buffer = '';
    const next = async (): Promise<KioskEvent> => {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data) return KioskEvent.parse(JSON.parse(data.slice(6)));
          continue;
        }
        const chunk = await reader.read();
        if (chunk.done) throw new Error('stream ended');
        buffer += chunk.value;
      }
    };
    received.push(await next());
    expect(received[0]).toEqual({ type: 'status', status: syncStatus });
    expect(double.events.listeners()).toBe(1);

    double.emit({ type: 'booking', booking: localBooking });
    received.push(await next());
    expect(received[1]).toEqual({ type: 'booking', booking: localBooking });

    controller.abort();
    await expect.poll(() => double.events.listeners()).toBe(0);
  });

  it('refuses the event stream without the token', async () => {
    const res = await send(shell, '/api/kiosk/events');
    expect(res.status).toBe(401);
  });
});

describe('startWebShell event stream to a client that stopped reading', () => {
  it('drops the stream instead of buffering without bound', async () => {
    const double = createKioskApiDouble();
    const shell = await startWebShell({
      ...shellOptions(double, TOKEN),
    });
    const socket = connect(shell.port, '127.0.0.1');
    try {
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      socket.write(
        `GET /api/kiosk/events HTTP/1.1\r\nHost: 127.0.0.1:${shell.port}\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`,
      );
      socket.pause(); // never read: the kernel buffers fill, then the server's
      await expect.poll(() => double.events.listeners()).toBe(1);
      const big = { ...syncStatus, lastError: 'x'.repeat(100_000) };
      for (let i = 0; i < 400 && double.events.listeners() > 0; i += 1) {
        double.emit({ type: 'status', status: big });
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(double.events.listeners()).toBe(0);
    } finally {
      socket.destroy();
      await shell.close();
    }
  });
});

describe('startWebShell without a built renderer', () => {
  it('explains how to build it at /', async () => {
    const double = createKioskApiDouble();
    const shell = await startWebShell({
      api: double.api,
      events: double.events,
      port: 0,
      token: TOKEN,
      rendererDir: join(tmpdir(), 'frontdesk-no-such-dir'),
      log: silentLogger,
    });
    try {
      const res = await send(shell, '/');
      expect(res.status).toBe(200);
      expect(res.body).toContain('npm run build');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    } finally {
      await shell.close();
    }
  });

  it('rejects when its port is taken', async () => {
    const double = createKioskApiDouble();
    const options = shellOptions(double, TOKEN);
    const first = await startWebShell({ ...options, port: 0 });
    try {
      await expect(startWebShell({ ...options, port: first.port })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
  });

  it('closes promptly with an event stream still open', async () => {
    const double = createKioskApiDouble();
    const shell = await startWebShell({
      ...shellOptions(double, TOKEN),
    });
    const res = await fetch(`${shell.url}/api/kiosk/events`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status).toBe(200);
    await expect.poll(() => double.events.listeners()).toBe(1);
    const started = Date.now();
    await shell.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(double.events.listeners()).toBe(0);
    await res.body?.cancel().catch(() => undefined);
  });
});
