/**
 * The CLI as a child process, the way tests outside the repo start it. The first test runs what
 * `npm run server` runs (scripts/launch.mjs with tsx; npm's wrapper would die of the signal
 * itself instead of reporting the server's exit code); the others run server/main.ts bundled,
 * which starts in a quarter of tsx's time (issue 40; the launcher's own test: launcher.test.ts).
 */
// Every response this file's tests receive is checked against the OpenAPI document.
import '../../support/server/conformance-setup';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import type { Socket } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, BookingCreatedEnvelope, TimeSlotsEnvelope } from '../../../shared/api/schemas';
import { bundledEntry } from '../../support/bundled-entry';
import { tempDir } from '../../support/server/harness';

const tmp = tempDir('fd-server-cli-');
afterAll(() => tmp.remove());
let bundle = '';
beforeAll(async () => {
  bundle = await bundledEntry('server/main.ts');
});

interface Run {
  stdout: () => string;
  stderr: () => string;
  waitFor(pattern: RegExp): Promise<RegExpExecArray>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
}

/**
 * Runs server/main.ts bundled, in the spawned process itself (a SIGKILL hits the server), or
 * with `npm: true` what `npm run server -- args` runs (scripts/launch.mjs, which passes signals
 * on to the server's own process).
 */
function runCli(args: string[], env: Record<string, string> = {}, npm = false): Run {
  const command = npm ? ['scripts/launch.mjs', 'server/main.ts'] : [bundle];
  const child = spawn(process.execPath, [...command, ...args], {
    cwd: process.cwd(),
    env: { ...process.env, FRONTDESK_API_KEYS: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const waiters: (() => void)[] = [];
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    for (const w of waiters) w();
  });
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  void exit.then(() => clearTimeout(timer));
  return {
    stdout: () => out,
    stderr: () => err,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(out);
          if (match) resolve(match);
        };
        waiters.push(check);
        check();
        void exit.then(() => reject(new Error(`exited before ${String(pattern)}: ${out} ${err}`)));
      }),
    exit,
    kill: (signal) => child.kill(signal),
  };
}

const URL_LINE = /http:\/\/127\.0\.0\.1:(\d+)/;

describe('npm run server', () => {
  it('prints its URL, serves, and exits 0 on SIGTERM', async () => {
    const run = runCli(
      [
        '--port',
        '0',
        '--db',
        join(tmp.dir, 'cli.db'),
        '--seed',
        'demo',
        '--key',
        'cli-key-1',
        '--key',
        'cli-ro:read',
        '--rate-limit',
        '100,1000',
      ],
      {},
      true,
    );
    const [url] = await run.waitFor(URL_LINE);
    const services = await fetch(`${url}${API_PREFIX}/services`, {
      headers: { authorization: 'Bearer cli-ro' },
    });
    expect(services.status).toBe(200);
    expect(services.headers.get('x-ratelimit-limit')).toBe('100');
    const book = await fetch(`${url}${API_PREFIX}/book`, {
      method: 'POST',
      headers: { authorization: 'Bearer cli-ro', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(book.status).toBe(403);
    run.kill('SIGTERM');
    expect(await run.exit).toEqual({ code: 0, signal: null });
    expect(run.stdout() + run.stderr()).not.toContain('cli-key-1');
  });

  it('without a key it generates one, prints it once, and that key works; keys also come from the environment', async () => {
    const run = runCli(['--port', '0', '--db', join(tmp.dir, 'gen.db')]);
    const [url] = await run.waitFor(URL_LINE);
    const key = /\n\s+(fd_[\w-]+)\n/.exec(run.stdout())?.[1];
    expect(key).toBeDefined();
    const response = await fetch(`${url}${API_PREFIX}/employees`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.status).toBe(200);
    run.kill('SIGINT');
    expect((await run.exit).code).toBe(0);

    const fromEnv = runCli(['--port', '0', '--db', join(tmp.dir, 'env.db')], {
      FRONTDESK_API_KEYS: 'env-key-1,env-key-2:read',
    });
    const [envUrl] = await fromEnv.waitFor(URL_LINE);
    expect(fromEnv.stdout()).not.toContain('generated');
    const ok = await fetch(`${envUrl}${API_PREFIX}/services`, {
      headers: { authorization: 'Bearer env-key-2' },
    });
    expect(ok.status).toBe(200);
    fromEnv.kill('SIGTERM');
    expect((await fromEnv.exit).code).toBe(0);
  });

  it('--key-file: keys one a line, never on the command line; an unreadable or bad file is one line and exit 2', async () => {
    const keyFile = join(tmp.dir, 'keys.txt');
    writeFileSync(keyFile, '# keys of the test shop\nfile-book-key\nfile-read-key:read\n', {
      mode: 0o600,
    });
    const run = runCli([
      '--port',
      '0',
      '--db',
      join(tmp.dir, 'keyfile.db'),
      '--seed',
      'demo',
      '--key-file',
      keyFile,
    ]);
    const [url] = await run.waitFor(URL_LINE);
    expect(run.stdout()).not.toContain('generated');
    const read = await fetch(`${url}${API_PREFIX}/services`, {
      headers: { authorization: 'Bearer file-read-key' },
    });
    expect(read.status).toBe(200);
    const book = await fetch(`${url}${API_PREFIX}/book`, {
      method: 'POST',
      headers: { authorization: 'Bearer file-read-key', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(book.status).toBe(403);
    const booker = await fetch(`${url}${API_PREFIX}/book`, {
      method: 'POST',
      headers: { authorization: 'Bearer file-book-key', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(booker.status).toBe(400);
    run.kill('SIGTERM');
    expect((await run.exit).code).toBe(0);
    expect(run.stdout() + run.stderr()).not.toMatch(/file-book-key|file-read-key|warning/);

    const missing = runCli([
      '--port',
      '0',
      '--db',
      join(tmp.dir, 'nokeys.db'),
      '--key-file',
      join(tmp.dir, 'absent.txt'),
    ]);
    expect((await missing.exit).code).toBe(2);
    expect(missing.stderr().trim().split('\n')).toHaveLength(1);
    expect(missing.stderr()).toMatch(/--key-file .*absent\.txt: cannot read it \(ENOENT\)/);

    const badFile = join(tmp.dir, 'bad-keys.txt');
    writeFileSync(badFile, 'ok-key\nsecret key with spaces\n', { mode: 0o644 });
    const bad = runCli(['--port', '0', '--db', join(tmp.dir, 'badkeys.db'), '--key-file', badFile]);
    expect((await bad.exit).code).toBe(2);
    expect(bad.stderr()).toMatch(/bad-keys\.txt: line 2: /);
    expect(bad.stderr()).not.toContain('secret');
  });

  it('--log writes request paths without their query strings', async () => {
    const run = runCli([
      '--port',
      '0',
      '--db',
      join(tmp.dir, 'log.db'),
      '--seed',
      'demo',
      '--key',
      'log-key-1',
      '--log',
    ]);
    const [url] = await run.waitFor(URL_LINE);
    const query = '?date=2030-01-01&email=anna%40example.com&api_key=log-secret-1';
    const slots = await fetch(`${url}${API_PREFIX}/employees${query}`, {
      headers: { authorization: 'Bearer log-key-1' },
    });
    expect(slots.status).toBe(200);
    const missing = await fetch(`${url}/nowhere${query}`);
    expect(missing.status).toBe(404);
    run.kill('SIGTERM');
    expect((await run.exit).code).toBe(0);
    const logged = run.stdout() + run.stderr();
    expect(logged).toContain(`"url":"${API_PREFIX}/employees"`);
    expect(logged).toContain('"url":"/nowhere"');
    expect(logged).not.toMatch(/anna|log-secret-1|2030-01-01|\?date/);
  });

  it('bad arguments: one clear line and exit code 2', async () => {
    const run = runCli(['--port', 'eighty']);
    expect((await run.exit).code).toBe(2);
    expect(run.stderr().trim().split('\n')).toHaveLength(1);
    expect(run.stderr()).toMatch(/--port/);
  });

  it('SIGKILL after a booking committed, before its mail: a retry with the same Idempotency-Key replays it', async () => {
    // An SMTP server that accepts the connection and never says a word: the mail hangs.
    const sockets: Socket[] = [];
    const mute = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => mute.listen(0, '127.0.0.1', resolve));
    const address = mute.address();
    const smtpPort = typeof address === 'object' && address ? address.port : 0;
    const dbPath = join(tmp.dir, 'kill.db');
    const args = [
      '--port',
      '0',
      '--db',
      dbPath,
      '--seed',
      'demo',
      '--key',
      'kill-key-1',
      '--rate-limit',
      '1000,100000',
    ];
    const headers = {
      authorization: 'Bearer kill-key-1',
      'content-type': 'application/json',
      'idempotency-key': 'kiosk-7f3a',
    };
    const first = runCli([...args, '--smtp', `smtp://127.0.0.1:${smtpPort}`]);
    try {
      const [url] = await first.waitFor(URL_LINE);
      // The server runs on the real clock: take the first free slot from tomorrow on.
      let slot: { date: string; time: string; employeeId: string } | undefined;
      for (let day = 1; day <= 14 && !slot; day += 1) {
        const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
        const response = await fetch(
          `${url}${API_PREFIX}/availability?date=${date}&serviceId=svc-herren-schnitt`,
          { headers },
        );
        const free = TimeSlotsEnvelope.parse(await response.json()).data.timeSlots.find(
          (s) => s.available && s.employeeId,
        );
        if (free?.employeeId) slot = { date, time: free.time, employeeId: free.employeeId };
      }
      if (!slot) throw new Error('no free slot in the next two weeks');
      const body = JSON.stringify({
        serviceId: 'svc-herren-schnitt',
        ...slot,
        customer: {
          name: 'Erika Mustermann',
          email: 'erika@example.com',
          phone: '+49 30 555 0100',
        },
      });
      const lost = fetch(`${url}${API_PREFIX}/book`, { method: 'POST', headers, body }).catch(
        () => 'no response',
      );

      const reader = new Database(dbPath, { readonly: true });
      const committed = () =>
        reader
          .prepare('SELECT id FROM bookings WHERE date = ? AND time = ?')
          .all(slot.date, slot.time) as { id: string }[];
      try {
        const deadline = Date.now() + 10_000;
        while (committed().length === 0 && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 10));
        first.kill('SIGKILL'); // the booking is committed, its response not yet sent
        expect(await first.exit).toEqual({ code: null, signal: 'SIGKILL' });
        expect(await lost).toBe('no response');
        expect(committed()).toHaveLength(1);

        const second = runCli(args);
        try {
          const [url2] = await second.waitFor(URL_LINE);
          const retry = await fetch(`${url2}${API_PREFIX}/book`, { method: 'POST', headers, body });
          expect(retry.status).toBe(201);
          const data = BookingCreatedEnvelope.parse(await retry.json()).data;
          expect(data.bookingId).toBe(committed()[0]?.id);
          expect(data.emailSent).toBe(false);
          expect(committed()).toHaveLength(1);
        } finally {
          second.kill('SIGTERM');
          await second.exit;
        }
      } finally {
        reader.close();
      }
    } finally {
      first.kill('SIGKILL');
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => mute.close(resolve));
    }
  });
});
