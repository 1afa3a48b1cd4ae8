/**
 * `npm run arch:path` (scripts/arch-path.ts): one walk-in booking against the real reference
 * server, measured under V8 coverage. Run as its own process (`--json`): the measurement starts,
 * takes and stops the isolate's precise coverage, which would take vitest's own coverage of
 * this worker with it.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { ArchPath } from '../../scripts/arch-path';

function runArchPathProcess(): Promise<ArchPath> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/arch-path.ts', '--json'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code === 0) resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '') as ArchPath);
      else reject(new Error(`arch-path exited ${String(code)}: ${err}${out}`));
    });
  });
}

describe('npm run arch:path', () => {
  it('lists the product files one walk-in booking executes, in the order they first ran, listeners apart', async () => {
    const path = await runArchPathProcess();
    expect(path.state).toBe('sent');
    const { files, listeners } = path;
    expect(files.length).toBeGreaterThan(0);
    // Product files only, each once, none both on the path and among the listeners'.
    for (const file of [...files, ...listeners]) expect(file).toMatch(/^(electron|shared)\//);
    expect(new Set([...files, ...listeners]).size).toBe(files.length + listeners.length);
    // The booking room takes the call before the upstream client sends it; the answer's
    // meaning (the outcome table) is read after the client had it.
    const at = (file: string) => files.indexOf(file);
    expect(at('electron/core/booking/booking.ts')).toBeGreaterThanOrEqual(0);
    expect(at('electron/core/upstream/client.ts')).toBeGreaterThan(
      at('electron/core/booking/booking.ts'),
    );
    expect(at('electron/core/upstream/outcome-table.ts')).toBeGreaterThan(
      at('electron/core/upstream/client.ts'),
    );
    // The booking's language travels on it as data (issue 40): the path asks notify/ nothing.
    expect(files.filter((file) => file.startsWith('electron/core/notify/'))).toEqual([]);
    // The status room hears the booking's change through the domain events.
    expect(listeners.some((file) => file.startsWith('electron/core/status/'))).toBe(true);
  }, 180_000);
});
