/**
 * scripts/launch.mjs, which the npm scripts use instead of `exec tsx`: it runs a TypeScript
 * entry, passes a signal on once and exits with the child's code.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

function launch(args: string[]) {
  const child = spawn(
    process.execPath,
    ['scripts/launch.mjs', 'test/support/launcher/fixture.ts', ...args],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const ready = async (): Promise<void> => {
    for (let i = 0; i < 200 && !output.includes('ready'); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
  };
  return { child, exited, ready, output: () => output };
}

describe('scripts/launch.mjs', () => {
  it('runs a TypeScript entry and exits with its code', async () => {
    const run = launch(['exit', '3']);
    expect(await run.exited).toEqual({ code: 3, signal: null });
  });

  it.skipIf(process.platform === 'win32')(
    'passes SIGTERM on once and exits with the code the child chose',
    async () => {
      const run = launch([]);
      await run.ready();
      expect(run.output()).toContain('ready number');
      run.child.kill('SIGTERM');
      run.child.kill('SIGTERM'); // a repeat (npm passing it on too) is not forwarded again
      expect(await run.exited).toEqual({ code: 7, signal: null });
      expect(run.output().match(/got SIGTERM/g)).toHaveLength(1);
    },
  );

  it('refuses to run without an entry', async () => {
    const child = spawn(process.execPath, ['scripts/launch.mjs'], { cwd: root, stdio: 'ignore' });
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(2);
  });
});
