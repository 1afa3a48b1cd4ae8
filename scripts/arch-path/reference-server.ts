/**
 * The reference server for `npm run arch:path`: what `npm run server` runs (demo data, 127.0.0.1,
 * port 0), in a child Node with tsx as its loader. Its own process, so the shared/ code it runs
 * is not counted as the kiosk's, and it loads while the measuring process imports the core.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ARCH_PATH_KEY = 'arch-path-book-key-0001';

export interface ReferenceServer {
  /** Resolves once it listens; rejects when it exits first. */
  url: Promise<string>;
  close(): Promise<void>;
}

/** Starts it from the checkout at `root`; returns at once. */
export function startReferenceServer(root: string): ReferenceServer {
  const dir = mkdtempSync(join(tmpdir(), 'fd-arch-path-server-'));
  const args = ['--port', '0', '--db', join(dir, 'server.db'), '--seed', 'demo'];
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/main.ts',
      ...args,
      '--key',
      ARCH_PATH_KEY,
      '--rate-limit',
      '6000,100000',
    ],
    {
      cwd: root,
      env: { ...process.env, FRONTDESK_API_KEYS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let out = '';
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const url = new Promise<string>((found, failed) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match?.[1]) found(match[1]);
    });
    void exited.then(() => failed(new Error(`the reference server exited: ${out}`)));
  });
  // A caller that fails before it asks for the URL must not leave a rejection unhandled.
  url.catch(() => undefined);
  return {
    url,
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
