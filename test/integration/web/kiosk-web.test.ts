/**
 * The browser shell end to end: startKioskWeb with the core's embedded default (the reference
 * server in-process with demo data), in-process; then the `kiosk:web` command line itself.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KioskEvent } from '../../../shared/kiosk-api';
import { createHttpKioskClient } from '../../../shared/kiosk-http-client';
import { silentLogger } from '../../../electron/core/platform/log';
import { startKioskWeb } from '../../../electron/web/main';
import { openClientStaffSession } from '../../support/core/staff';
import { hashPin } from '../../../electron/core/staff/pin';
import { bundledEntry } from '../../support/bundled-entry';

const dirs: string[] = [];
function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fd-kiosk-web-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('startKioskWeb (embedded default)', () => {
  it('serves the demo catalog and the status stream through the HTTP client', async () => {
    const lines: string[] = [];
    const web = await startKioskWeb({
      port: 0,
      dataDir: tempDataDir(),
      rendererDir: null,
      print: (line) => lines.push(line),
      log: silentLogger,
    });
    try {
      // The demo has no PIN yet: its first one needs the printed code, as a remote kiosk's does.
      expect(lines).toEqual([
        expect.stringMatching(/^setup code: [2-9A-Z]{4}-[2-9A-Z]{4}$/),
        `Frontdesk kiosk ready: ${web.url}/#token=${web.token}`,
      ]);
      expect(web.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const client = createHttpKioskClient({ baseUrl: web.url, token: web.token });
      const catalog = await client.getCatalog({});
      if (!catalog.ok) throw new Error(`getCatalog failed: ${catalog.error.message}`);
      expect(catalog.result.services.map((s) => s._id)).toContain('svc-herren-schnitt');
      expect(catalog.result.employees.length).toBeGreaterThan(0);

      const events: KioskEvent[] = [];
      const unsubscribe = client.onEvent((event) => events.push(event));
      await expect.poll(() => events[0]?.type).toBe('status');
      unsubscribe();
      const status = events[0];
      expect(status?.type === 'status' && status.status.upstream).toBe('embedded');
    } finally {
      await web.close();
    }
  });
});

describe('startKioskWeb restart', () => {
  it('keeps the upstream and key staff set in Settings when started without --upstream', async () => {
    const dataDir = tempDataDir();
    const lines: string[] = [];
    const options = {
      port: 0,
      dataDir,
      rendererDir: null,
      print: (line: string) => void lines.push(line),
      log: silentLogger,
    };
    const first = await startKioskWeb(options);
    try {
      const client = createHttpKioskClient({ baseUrl: first.url, token: first.token });
      // A loopback port nobody listens on: the core re-targets without reaching anything.
      const session = await openClientStaffSession(client, '2468', setupCode(lines));
      const updated = await client.updateSettings({
        session,
        upstreamUrl: 'http://127.0.0.1:9',
        apiKey: 'staff-key-1',
        pin: '2468', // another host needs the current PIN too (issue 17)
      });
      if (!updated.ok) throw new Error(`updateSettings failed: ${updated.error.message}`);
    } finally {
      await first.close();
    }
    const second = await startKioskWeb(options);
    try {
      const client = createHttpKioskClient({ baseUrl: second.url, token: second.token });
      const settings = await client.getSettings({
        session: await openClientStaffSession(client, '2468'),
      });
      expect(settings.ok && settings.result).toMatchObject({
        upstreamUrl: 'http://127.0.0.1:9',
        apiKeySet: true,
      });
      const status = await client.getSyncStatus({});
      expect(status.ok && status.result.upstream).toBe('remote');
    } finally {
      await second.close();
    }
    // An explicit null (--upstream embedded) still forces the embedded server.
    const third = await startKioskWeb({ ...options, upstreamUrl: null });
    try {
      const client = createHttpKioskClient({ baseUrl: third.url, token: third.token });
      const settings = await client.getSettings({
        session: await openClientStaffSession(client, '2468'),
      });
      expect(settings.ok && settings.result.upstreamUrl).toBeNull();
    } finally {
      await third.close();
    }
  });
});

describe('startKioskWeb PIN lockout', () => {
  it("is the shell's own (by its token) and kept across a restart with the same token", async () => {
    const lines: string[] = [];
    const options = {
      port: 0,
      dataDir: tempDataDir(),
      rendererDir: null,
      print: (line: string) => void lines.push(line),
      log: silentLogger,
    };
    const first = await startKioskWeb({ ...options, token: 'shell-token-a' });
    try {
      const client = createHttpKioskClient({ baseUrl: first.url, token: first.token });
      await openClientStaffSession(client, '2468', setupCode(lines));
      for (let i = 0; i < 4; i += 1)
        expect(await client.verifyStaffPin({ pin: '0000' })).toEqual({
          ok: true,
          result: { valid: false },
        });
      expect(await client.verifyStaffPin({ pin: '0000' })).toEqual({
        ok: true,
        result: { valid: false, retryAfterSec: 60 },
      });
    } finally {
      await first.close();
    }
    const again = await startKioskWeb({ ...options, token: 'shell-token-a' });
    try {
      const client = createHttpKioskClient({ baseUrl: again.url, token: again.token });
      const locked = await client.verifyStaffPin({ pin: '2468' });
      expect(locked.ok && locked.result.valid).toBe(false);
      expect(locked.ok && locked.result.retryAfterSec).toBeGreaterThan(0);
    } finally {
      await again.close();
    }
    const other = await startKioskWeb({ ...options, token: 'shell-token-b' });
    try {
      const client = createHttpKioskClient({ baseUrl: other.url, token: other.token });
      expect(await client.verifyStaffPin({ pin: '2468' })).toMatchObject({
        ok: true,
        result: { valid: true, failedAttempts: 0 },
      });
    } finally {
      await other.close();
    }
  });
});

/** The code from the `setup code: XXXX-XXXX` line a remote kiosk without a PIN prints. */
function setupCode(lines: readonly string[]): string {
  const code = lines.map((line) => /^setup code: (\S+)$/.exec(line)?.[1]).find(Boolean);
  if (!code) throw new Error(`no setup code printed: ${JSON.stringify(lines)}`);
  return code;
}

describe('startKioskWeb with settings IT locked', () => {
  it('reports the locked names over HTTP and refuses a change to them', async () => {
    const lines: string[] = [];
    const web = await startKioskWeb({
      port: 0,
      dataDir: tempDataDir(),
      rendererDir: null,
      upstreamUrl: 'http://127.0.0.1:9',
      apiKey: 'it-key',
      mode: 'counter',
      locked: ['upstreamUrl', 'mode'],
      print: (line) => lines.push(line),
      log: silentLogger,
    });
    try {
      const client = createHttpKioskClient({ baseUrl: web.url, token: web.token });
      const session = await openClientStaffSession(client, '2468', setupCode(lines));
      const settings = await client.getSettings({ session });
      expect(settings.ok && settings.result).toMatchObject({
        mode: 'counter',
        locked: ['upstreamUrl', 'mode'],
      });
      expect(await client.updateSettings({ session, mode: 'kiosk' })).toEqual({
        ok: false,
        error: { code: 'invalid_input', message: 'mode is set by your IT department' },
      });
      const allowed = await client.updateSettings({ session, language: 'en' });
      expect(allowed.ok && allowed.result).toMatchObject({
        language: 'en',
        mode: 'counter',
        upstreamUrl: 'http://127.0.0.1:9',
      });
    } finally {
      await web.close();
    }
  });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const ROOT = join(import.meta.dirname, '..', '..', '..');
// The npm script's launcher on this Node (22), whatever PATH says: the machine's own node is 20.
const LAUNCH = join(ROOT, 'scripts', 'launch.mjs');

let bundle = '';
beforeAll(async () => {
  bundle = await bundledEntry('electron/web/main.ts');
});

/**
 * Runs electron/web/main.ts bundled (it starts in a quarter of tsx's time, issue 40), or with
 * `npm: true` what `npm run kiosk:web -- args` runs (`node scripts/launch.mjs
 * electron/web/main.ts args`), directly: npm's `sh -c` would take a SIGTERM itself and orphan
 * the shell. `onReady` sees the ready line.
 */
function runCli(
  args: string[],
  onReady?: (child: ReturnType<typeof spawn>, line: string, stdout: string) => void,
  env: Record<string, string> = {},
  npm = false,
): Promise<Run> {
  const command = npm ? [LAUNCH, 'electron/web/main.ts'] : [bundle];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...command, ...args], {
      cwd: ROOT,
      env: { ...process.env, FRONTDESK_LOG_LEVEL: 'warn', FRONTDESK_CONFIG: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group, so a timeout can kill tsx and its node child
    });
    let stdout = '';
    let stderr = '';
    let ready = false;
    const timer = setTimeout(() => {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, 30_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const line = /Frontdesk kiosk ready: \S+/.exec(stdout)?.[0];
      if (line && !ready) {
        ready = true;
        onReady?.(child, line, stdout);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

// The first test runs the npm script's command; the others the same entry bundled.
describe('the kiosk:web command line', () => {
  it('prints the URL with the token once ready, answers, and exits 0 on SIGTERM', async () => {
    let answered = 0;
    const run = await runCli(
      [
        '--port',
        '0',
        '--data',
        tempDataDir(),
        '--token',
        'cli-token-123456',
        '--api-key',
        'never-printed-key',
      ],
      (child, line) => {
        const url = /http:\/\/127\.0\.0\.1:\d+/.exec(line)?.[0] ?? '';
        void fetch(`${url}/api/kiosk/getSyncStatus`, {
          method: 'POST',
          headers: { authorization: 'Bearer cli-token-123456' },
        })
          .then((response) => {
            answered = response.status;
          })
          .finally(() => child.kill('SIGTERM'));
      },
      {},
      true,
    );
    expect(run.stdout).toMatch(/http:\/\/127\.0\.0\.1:\d+\/#token=cli-token-123456/);
    expect(answered).toBe(200);
    expect(run.code).toBe(0);
    expect(run.stdout + run.stderr).not.toContain('never-printed-key');
  });

  it('with --token-file, the ready line names the URL without the token, which still opens the API', async () => {
    const dir = tempDataDir();
    const tokenFile = join(dir, 'web-token');
    writeFileSync(tokenFile, 'file-token-98765\n', { mode: 0o600 });
    let answered = 0;
    const run = await runCli(
      ['--port', '0', '--data', join(dir, 'data'), '--token-file', tokenFile],
      (child, line) => {
        const url = /http:\/\/127\.0\.0\.1:\d+/.exec(line)?.[0] ?? '';
        void fetch(`${url}/api/kiosk/getSyncStatus`, {
          method: 'POST',
          headers: { authorization: 'Bearer file-token-98765' },
        })
          .then((response) => {
            answered = response.status;
          })
          .finally(() => child.kill('SIGTERM'));
      },
    );
    expect(run.stdout).toMatch(
      /Frontdesk kiosk ready: http:\/\/127\.0\.0\.1:\d+\/ \(open it with #token= and the token from the token file\)/,
    );
    expect(answered).toBe(200);
    expect(run.code).toBe(0);
    expect(run.stdout + run.stderr).not.toContain('file-token-98765');
  });

  it('a remote kiosk without a PIN prints a setup code once; only setupStaffPin with that code sets the first PIN', async () => {
    const answers: Record<string, unknown> = {};
    let code = '';
    const token = 'cli-token-setup-0001';
    const run = await runCli(
      [
        '--port',
        '0',
        '--data',
        tempDataDir(),
        '--token',
        token,
        '--upstream',
        'http://127.0.0.1:9',
        '--api-key',
        'k-0001',
      ],
      (child, line, stdout) => {
        code = /^setup code: (\S+)$/m.exec(stdout)?.[1] ?? '';
        const client = createHttpKioskClient({
          baseUrl: /http:\/\/127\.0\.0\.1:\d+/.exec(line)?.[0] ?? '',
          token,
        });
        void (async () => {
          answers.publicBefore = await client.getPublicSettings(undefined);
          answers.verify = await client.verifyStaffPin({ pin: '2468' });
          answers.update = await client.updateSettings({ session: 'x'.repeat(43), newPin: '2468' });
          answers.noCode = await client.setupStaffPin({ pin: '2468' });
          answers.wrongCode = await client.setupStaffPin({ pin: '2468', setupCode: 'AAAA-AAAA' });
          answers.rightCode = await client.setupStaffPin({ pin: '2468', setupCode: code });
          answers.again = await client.setupStaffPin({ pin: '1357', setupCode: code });
          answers.verifyAfter = await client.verifyStaffPin({ pin: '2468' });
          answers.publicAfter = await client.getPublicSettings(undefined);
        })().finally(() => child.kill('SIGTERM'));
      },
    );
    expect(run.code).toBe(0);
    expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    // Once on stdout (before the ready line) and once in the log on stderr.
    expect(run.stdout.match(/setup code: /g)).toHaveLength(1);
    expect(run.stdout.indexOf('setup code:')).toBeLessThan(
      run.stdout.indexOf('Frontdesk kiosk ready'),
    );
    expect(run.stderr.match(new RegExp(`setup code: ${code}`, 'g'))).toHaveLength(1);
    expect(answers.publicBefore).toMatchObject({
      ok: true,
      result: { setup: 'required', upstream: 'remote' },
    });
    expect(answers.verify).toEqual({ ok: true, result: { valid: false } });
    expect(answers.update).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect(answers.noCode).toEqual({ ok: true, result: { valid: false } });
    expect(answers.wrongCode).toEqual({ ok: true, result: { valid: false } });
    expect(answers.rightCode).toMatchObject({
      ok: true,
      result: { valid: true, session: expect.any(String) as unknown },
    });
    expect(answers.again).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(answers.verifyAfter).toMatchObject({ ok: true, result: { valid: true } });
    expect(answers.publicAfter).toMatchObject({ ok: true, result: { setup: 'done' } });
  });

  it("with IT's staffPinHash in the machine config no setup code is printed and that PIN opens a session", async () => {
    const dir = tempDataDir();
    const configFile = join(dir, 'config.json');
    writeFileSync(
      configFile,
      JSON.stringify({
        upstreamUrl: 'http://127.0.0.1:9',
        apiKey: 'k-0002',
        staffPinHash: hashPin('8642'),
      }),
    );
    const answers: Record<string, unknown> = {};
    const token = 'cli-token-hash-0002';
    const run = await runCli(
      ['--port', '0', '--data', join(dir, 'data'), '--token', token],
      (child, line) => {
        const client = createHttpKioskClient({
          baseUrl: /http:\/\/127\.0\.0\.1:\d+/.exec(line)?.[0] ?? '',
          token,
        });
        void (async () => {
          answers.public = await client.getPublicSettings(undefined);
          answers.wrong = await client.verifyStaffPin({ pin: '2468' });
          const right = await client.verifyStaffPin({ pin: '8642' });
          answers.right = right;
          const session = right.ok ? (right.result.session ?? '') : '';
          answers.settings = await client.getSettings({ session });
          answers.change = await client.updateSettings({ session, pin: '8642', newPin: '1357' });
        })().finally(() => child.kill('SIGTERM'));
      },
      { FRONTDESK_CONFIG: configFile },
    );
    expect(run.code).toBe(0);
    expect(run.stdout + run.stderr).not.toContain('setup code');
    expect(answers.public).toMatchObject({ ok: true, result: { setup: 'done' } });
    expect(answers.wrong).toEqual({ ok: true, result: { valid: false } });
    expect(answers.right).toMatchObject({ ok: true, result: { valid: true } });
    expect(answers.settings).toMatchObject({
      ok: true,
      result: { pinSet: true, pinSetByIt: true },
    });
    expect(answers.change).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringContaining('IT') as unknown },
    });
  });

  it('a kiosk whose kiosk.db was emptied does not start: one line naming docs/deploy.md, exit 1', async () => {
    const dataDir = join(tempDataDir(), 'data');
    mkdirSync(dataDir, { mode: 0o700 });
    // The marker says this kiosk had data (generation 12); its database is now 0 bytes.
    writeFileSync(join(dataDir, 'kiosk-identity.json'), '{"id":"3f1c","generation":12}\n', {
      mode: 0o600,
    });
    writeFileSync(join(dataDir, 'kiosk.db'), '', { mode: 0o600 });
    const run = await runCli(['--port', '0', '--data', dataDir]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(
        /^kiosk:web: could not start: database refused: kiosk\.db is empty \(0 bytes\).*docs\/deploy\.md$/,
      ),
    ]);
  });

  it('a port in use: one line naming the port and -- --port, exit 1, no stack', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as AddressInfo).port;
    try {
      const dataDir = join(tempDataDir(), 'data');
      const run = await runCli(['--port', String(port), '--data', dataDir]);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(
        `kiosk:web: port ${port} is already in use: stop what uses it, or choose another with -- --port N\n`,
      );
      // Asked before the core starts: no data folder, no setup code for a kiosk that is not up.
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      await new Promise<void>((resolve) => holder.close(() => resolve()));
    }
  });

  it('refuses a bad flag with one line and exit 2 (each rule: test/unit/web/cli-args)', async () => {
    const run = await runCli(['--bogus']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^kiosk:web: Unknown option '--bogus'/);
    // One line, as the server's (see --help for the usage), not the message and the usage.
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stdout).toBe('');
  });

  it('issue 38 item 18: refuses --port with --listen in one line and exit 2', async () => {
    const run = await runCli(['--port', '5175', '--listen', '127.0.0.1:0']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'kiosk:web: --port and --listen: give one (with --listen the shell serves only there) (see --help)\n',
    );
    expect(run.stdout).toBe('');
  });
});
