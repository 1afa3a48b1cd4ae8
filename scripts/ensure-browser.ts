/**
 * The first step of `npm test`: the end-to-end tests need a Chromium-based browser
 * (test/support/browser-path.ts). Where there is none, install Debian's when this machine can
 * (root with apt-get, as .ci/run does), else stop at once with one line that says what to
 * install, instead of failing the end-to-end tests after everything else has run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { browserPath } from '../test/support/browser-path';

function canInstallWithApt(): boolean {
  return process.platform === 'linux' && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
}

function installDebianChromium(): boolean {
  console.log("npm test: no browser found; installing Debian's chromium (apt-get)");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) return false;
  const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env,
  });
  return install.status === 0;
}

if (!browserPath()) {
  const installed =
    !process.env.CHROME_PATH && canInstallWithApt() && installDebianChromium() && browserPath();
  if (!installed) {
    console.error(
      process.env.CHROME_PATH
        ? `npm test: CHROME_PATH=${process.env.CHROME_PATH} does not exist; point it at a Chrome, Chromium or Edge executable`
        : 'npm test: the end-to-end tests need Chrome, Chromium or Edge: install one (Debian/Ubuntu: sudo apt-get install chromium) or set CHROME_PATH to its executable',
    );
    process.exit(1);
  }
}
