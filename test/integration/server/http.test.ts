/**
 * Over real HTTP on 127.0.0.1 (startServer, port 0): 20 concurrent bookings of one slot, a
 * restart that keeps bookings, rate counters and idempotency records, and the e-mail sink.
 */
// Every response this file's tests receive is checked against the OpenAPI document.
import '../../support/server/conformance-setup';
import { readdirSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../../../server/start-server';
import type { RunningServer, StartServerOptions } from '../../../server/start-server';
import { API_PREFIX, BookingCreatedEnvelope } from '../../../shared/api/schemas';
import {
  BOOK_KEY,
  MONDAY_0800,
  demoBooking,
  startTestServer,
  tempDir,
} from '../../support/server/harness';
import { startSmtpSink } from '../../support/server/smtp-sink';

const tmp = tempDir('fd-server-http-');
afterAll(() => tmp.remove());

const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function start(
  name: string,
  extra: Partial<StartServerOptions> = {},
): Promise<RunningServer> {
  const server = await startServer({
    dbPath: join(tmp.dir, `${name}.db`),
    seed: 'demo',
    keys: [{ key: BOOK_KEY, scope: 'book' }],
    rateLimit: { perMinute: 1000, perDay: 10_000 },
    clock: () => MONDAY_0800,
    ...extra,
  });
  servers.push(server);
  return server;
}

/** This process's open file descriptors that point at `path` (or its -wal / -shm files). */
function openFilesOf(path: string): string[] {
  return readdirSync('/proc/self/fd')
    .map((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return ''; // closed while listing
      }
    })
    .filter((target) => target.startsWith(path));
}

function post(server: RunningServer, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${API_PREFIX}/book`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${BOOK_KEY}`,
      'content-type': 'application/json',
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

describe('startServer', () => {
  it('listens on 127.0.0.1 with a free port and says where', async () => {
    const server = await startTestServer();
    servers.push(server);
    // The socket itself, not a string built from the same default: 0.0.0.0 would fail here.
    expect(server.address()).toMatchObject({
      address: '127.0.0.1',
      family: 'IPv4',
      port: server.port,
    });
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(server.port).toBeGreaterThan(0);
    const response = await fetch(`${server.url}${API_PREFIX}/services`, {
      headers: { authorization: `Bearer ${BOOK_KEY}` },
    });
    expect(response.status).toBe(200);
  });

  it('20 concurrent requests for one slot: exactly one 201 and nineteen 409', async () => {
    const server = await start('race');
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(
          server,
          demoBooking({
            customer: { name: `Kunde ${i}`, email: `k${i}@example.com`, phone: '030 1234' },
          }),
        ),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    await Promise.all(responses.map((r) => r.arrayBuffer()));
  });

  it('a restart keeps bookings, rate counters and idempotency records', async () => {
    const options = { rateLimit: { perMinute: 50, perDay: 1000 } };
    const first = await start('restart', options);
    const created = await post(first, demoBooking(), { 'idempotency-key': 'restart-key' });
    expect(created.status).toBe(201);
    const firstBody: unknown = await created.json();
    const probe = await fetch(`${first.url}${API_PREFIX}/services`, {
      headers: { authorization: `Bearer ${BOOK_KEY}` },
    });
    expect(probe.headers.get('x-ratelimit-remaining')).toBe('48');
    await first.close();

    const second = await start('restart', options);
    const again = await fetch(`${second.url}${API_PREFIX}/services`, {
      headers: { authorization: `Bearer ${BOOK_KEY}` },
    });
    expect(again.headers.get('x-ratelimit-remaining')).toBe('47');
    const taken = await post(
      second,
      demoBooking({ customer: { name: 'X', email: 'x@example.com', phone: '030 1234' } }),
    );
    expect(taken.status).toBe(409);
    const replay = await post(second, demoBooking(), { 'idempotency-key': 'restart-key' });
    expect(replay.status).toBe(201);
    expect(await replay.json()).toEqual(firstBody);
  });

  it('rejects when the migrations cannot be applied (and closes the database)', async () => {
    const migrationsFolder = join(tmp.dir, 'no-migrations');
    const dbPath = join(tmp.dir, 'missing-dir', 'x.db');
    await expect(startServer({ dbPath, keys: [], migrationsFolder })).rejects.toThrow(
      /meta\/_journal\.json/,
    );
    // Closed: this process holds no file descriptor on the database any more (Linux's view).
    expect(openFilesOf(dbPath)).toEqual([]);
  });
});

describe('confirmation e-mail', () => {
  it('emailSent is true when the SMTP transport accepted the mail', async () => {
    const sink = await startSmtpSink();
    try {
      const server = await start('mail-ok', { smtpUrl: sink.url });
      const response = await post(
        server,
        demoBooking({ customer: { name: 'Mia', email: 'Mia@Example.com', phone: '030 1234' } }),
      );
      expect(response.status).toBe(201);
      const data = BookingCreatedEnvelope.parse(await response.json()).data;
      expect(data.emailSent).toBe(true);
      expect(sink.received).toHaveLength(1);
      expect(sink.received[0]?.to.map((a) => a.toLowerCase())).toEqual(['mia@example.com']);
      expect(sink.received[0]?.raw).toContain(data.appointmentNumber);
    } finally {
      await sink.close();
    }
  });

  it('a refusing or unreachable transport never fails the booking: emailSent is false', async () => {
    const sink = await startSmtpSink({ reject: true });
    const closedPort = await startSmtpSink();
    const deadUrl = closedPort.url;
    await closedPort.close();
    try {
      const refusing = await start('mail-refused', { smtpUrl: sink.url });
      const response = await post(refusing, demoBooking());
      expect(response.status).toBe(201);
      expect(BookingCreatedEnvelope.parse(await response.json()).data.emailSent).toBe(false);

      const unreachable = await start('mail-dead', { smtpUrl: deadUrl });
      const second = await post(unreachable, demoBooking());
      expect(second.status).toBe(201);
      expect(BookingCreatedEnvelope.parse(await second.json()).data.emailSent).toBe(false);
    } finally {
      await sink.close();
    }
  });

  it('a hanging SMTP server delays the booking by the mail budget at most: 201 with emailSent false', async () => {
    // Accepts connections and never says a word (no greeting): every nodemailer step would wait.
    const sockets: Socket[] = [];
    const socketClosed: Promise<'closed'>[] = [];
    const hanging = createServer((socket) => {
      sockets.push(socket);
      socketClosed.push(new Promise((resolve) => socket.once('close', () => resolve('closed'))));
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const { port } = hanging.address() as AddressInfo;
    try {
      const mailBudgetMs = 600;
      const server = await start('mail-hanging', {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        mailBudgetMs,
      });
      const started = performance.now();
      const response = await post(server, demoBooking());
      const elapsed = performance.now() - started;
      expect(response.status).toBe(201);
      expect(BookingCreatedEnvelope.parse(await response.json()).data.emailSent).toBe(false);
      expect(elapsed).toBeGreaterThanOrEqual(mailBudgetMs - 20);
      expect(elapsed).toBeLessThan(mailBudgetMs + 1500);
      // The abandoned send does not linger: its connection is closed, not left to time out.
      expect(sockets).toHaveLength(1);
      const timeout = new Promise<'open'>((resolve) =>
        setTimeout(() => resolve('open'), 2000).unref(),
      );
      expect(await Promise.race([socketClosed[0], timeout])).toBe('closed');
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    }
  });

  it('without a transport emailSent is false', async () => {
    const server = await start('mail-none');
    const response = await post(server, demoBooking());
    expect(BookingCreatedEnvelope.parse(await response.json()).data.emailSent).toBe(false);
  });
});
