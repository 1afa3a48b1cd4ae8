/**
 * The CLI as a child process, the way tests outside the repo start it. tsx's own CLI is run
 * with this Node (what `npx tsx server/main.ts` runs; npm's wrapper would die of the signal
 * itself instead of reporting the server's exit code).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../../shared/api/schemas';
import { tempDir } from '../../support/server/harness';

const tmp = tempDir('fd-server-cli-');
afterAll(() => tmp.remove());

interface Run {
  stdout: () => string;
  stderr: () => string;
  waitFor(pattern: RegExp): Promise<RegExpExecArray>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
}

function runCli(args: string[], env: Record<string, string> = {}): Run {
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/main.ts', ...args], {
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
    const run = runCli(['--port', '0', '--db', join(tmp.dir, 'cli.db'), '--seed', 'demo', '--key', 'cli-key-1', '--key', 'cli-ro:read', '--rate-limit', '100,1000']);
    const [url] = await run.waitFor(URL_LINE);
    const services = await fetch(`${url}${API_PREFIX}/services`, { headers: { authorization: 'Bearer cli-ro' } });
    expect(services.status).toBe(200);
    expect(services.headers.get('x-ratelimit-limit')).toBe('100');
    const book = await fetch(`${url}${API_PREFIX}/book`, { method: 'POST', headers: { authorization: 'Bearer cli-ro', 'content-type': 'application/json' }, body: '{}' });
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
    const response = await fetch(`${url}${API_PREFIX}/employees`, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    run.kill('SIGINT');
    expect((await run.exit).code).toBe(0);

    const fromEnv = runCli(['--port', '0', '--db', join(tmp.dir, 'env.db')], { FRONTDESK_API_KEYS: 'env-key-1,env-key-2:read' });
    const [envUrl] = await fromEnv.waitFor(URL_LINE);
    expect(fromEnv.stdout()).not.toContain('generated');
    const ok = await fetch(`${envUrl}${API_PREFIX}/services`, { headers: { authorization: 'Bearer env-key-2' } });
    expect(ok.status).toBe(200);
    fromEnv.kill('SIGTERM');
    expect((await fromEnv.exit).code).toBe(0);
  });

  it('bad arguments: one clear line and exit code 2', async () => {
    const run = runCli(['--port', 'eighty']);
    expect((await run.exit).code).toBe(2);
    expect(run.stderr().trim().split('\n')).toHaveLength(1);
    expect(run.stderr()).toMatch(/--port/);
  });
});
