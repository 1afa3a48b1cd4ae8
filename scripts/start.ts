/**
 * `npm start`: builds the app, then launches Electron. Where the Electron binary cannot be had
 * (a machine with no internet: electron fetches it on first launch), it says so in one line and
 * starts the browser shell with the embedded default instead, printing the URL to open.
 */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function build(): void {
  // The package's JS entry through this Node: node_modules/.bin shims are .cmd files on Windows,
  // which spawn cannot start without a shell.
  const cli = join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
  const result = spawnSync(process.execPath, [cli, 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) {
    console.error('start: the build failed (see above)');
    process.exit(result.status ?? 1);
  }
}

/** The electron package's main export is the binary's path; it throws when it cannot fetch it. */
function electronBinary(): string | null {
  const probe = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return probe.status === 0 && probe.stdout ? probe.stdout : null;
}

/**
 * The kiosk:web defaults, with the machine config and FRONTDESK_* variables as IT set them, and
 * the flags given after `npm start --` (`--port N`, as for kiosk:web).
 */
async function startBrowserShell(): Promise<void> {
  const { readStartArgs } = await import('../electron/web/start-args');
  const { startKioskWeb } = await import('../electron/web/main');
  const { startFailureLine } = await import('../electron/web/start-failure');
  const read = readStartArgs(process.argv.slice(2), process.env, process.platform);
  if (!read.ok) {
    if (read.exitCode === 0) console.log(read.line);
    else console.error(read.line);
    process.exit(read.exitCode);
  }
  const { args } = read;
  let shell;
  try {
    shell = await startKioskWeb(args);
  } catch (error) {
    console.error(startFailureLine(error, args.port, 'start'));
    process.exit(1);
  }
  const stop = (): void => {
    void shell.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

build();
const electron = electronBinary();
if (electron) {
  const child = spawn(electron, [root], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.log(
    'start: the Electron binary is not available on this machine; starting the browser shell instead.',
  );
  await startBrowserShell();
}
