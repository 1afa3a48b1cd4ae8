/**
 * `node scripts/launch.mjs <entry.ts> [args...]`: what the npm scripts use instead of
 * `exec tsx ...` (cmd on Windows has no `exec`). Runs the TypeScript entry in a child Node with
 * tsx's loader, passes each termination signal on once, and exits as the child did.
 *
 * POSIX: the child gets its own process group, so a Ctrl+C in the terminal reaches it once,
 * through this launcher, not twice (terminal and launcher). npm may pass the same signal on
 * too; a repeat within a second is not forwarded again. Windows: the console delivers Ctrl+C to
 * every process on it, the child included, so the launcher only waits for the child.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/launch.mjs <entry.ts> [args...]');
  process.exit(2);
}

const windows = process.platform === 'win32';
const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), entry, ...args], {
  stdio: 'inherit',
  detached: !windows,
});

const lastForwarded = new Map();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']) {
  if (!(signal in constants.signals)) continue;
  process.on(signal, () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (windows && (signal === 'SIGINT' || signal === 'SIGBREAK')) return; // the console told the child
    const last = lastForwarded.get(signal) ?? -Infinity;
    if (Date.now() - last < 1_000) return;
    lastForwarded.set(signal, Date.now());
    child.kill(signal);
  });
}

child.on('error', (error) => {
  console.error(`launch: cannot start ${entry}: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (signal) {
    // End the same way, so that callers see the signal, not an exit code.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
