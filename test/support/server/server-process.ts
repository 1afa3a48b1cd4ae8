/**
 * The reference server as a process of its own (what `npm run server` runs), for tests that
 * signal the process itself: SIGSTOP and SIGCONT to hang the API as an overloaded or swapped-out
 * host does. tsx runs as a loader in the spawned Node, so its pid is the server's, not a
 * launcher's in front of it. Real clock: the process cannot be given another one.
 */
import { spawn } from 'node:child_process';

export interface ServerProcess {
  /** http://127.0.0.1:PORT */
  url: string;
  pid: number;
  /** Wakes the process if stopped, then SIGTERM; resolves when it has exited. */
  close(): Promise<void>;
}

const URL_LINE = /listening on (http:\/\/127\.0\.0\.1:\d+)/;

export async function spawnServer(options: {
  dbPath: string;
  key: string;
  rateLimit?: string;
  /** Where it sends its confirmation mails (`--smtp`); none by default. */
  smtpUrl?: string;
}): Promise<ServerProcess> {
  const args = ['--port', '0', '--db', options.dbPath, '--seed', 'demo', '--key', options.key];
  if (options.smtpUrl) args.push('--smtp', options.smtpUrl);
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/main.ts',
      ...args,
      '--rate-limit',
      options.rateLimit ?? '6000,100000',
    ],
    {
      cwd: process.cwd(),
      env: { ...process.env, FRONTDESK_API_KEYS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = URL_LINE.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    void exited.then(() => reject(new Error(`the server exited before listening: ${out} ${err}`)));
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server process has no pid');
  return {
    url,
    pid,
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        process.kill(pid, 'SIGCONT');
        child.kill('SIGTERM');
      }
      await exited;
    },
  };
}
