/**
 * The first step of `npm test`: the end-to-end tests need a Chromium-based browser
 * (test/support/browser-path.ts) and the monitoring tests Prometheus's `prometheus` and
 * `promtool` (test/support/monitoring/tools.ts). Where one is missing, install Debian's package
 * when this machine can (root with apt-get, as .ci/run does), else stop at once with one line
 * that says what to install, instead of failing those tests after everything else has run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { browserPath } from '../test/support/browser-path';
import { PROMETHEUS_BIN, PROMTOOL_BIN } from '../test/support/monitoring/tools';

export interface TestTool {
  found: () => boolean;
  /** The variable that names it, when set (then it is never installed over). */
  variable: string | undefined;
  debianPackage: string;
  missing: string;
}

export function testTools(env: Record<string, string | undefined>): TestTool[] {
  return [
    {
      found: () => browserPath() !== null,
      variable: env.CHROME_PATH && `CHROME_PATH=${env.CHROME_PATH}`,
      debianPackage: 'chromium',
      missing:
        'the end-to-end tests need Chrome, Chromium or Edge: install one (Debian/Ubuntu: sudo apt-get install chromium) or set CHROME_PATH to its executable',
    },
    {
      found: () => existsSync(PROMETHEUS_BIN) && existsSync(PROMTOOL_BIN),
      variable:
        (env.PROMETHEUS || env.PROMTOOL) && `PROMETHEUS=${PROMETHEUS_BIN} PROMTOOL=${PROMTOOL_BIN}`,
      debianPackage: 'prometheus',
      missing:
        'the monitoring tests need prometheus and promtool: install them (Debian/Ubuntu: sudo apt-get install prometheus; elsewhere prometheus.io/download) or set PROMETHEUS and PROMTOOL to them',
    },
  ];
}

interface Deps {
  canInstall: boolean;
  install: (packages: string[]) => boolean;
}

/** The lines to print for what is still missing after installing what can be (none: all there). */
export function ensureTools(tools: readonly TestTool[], deps: Deps): string[] {
  const missing = tools.filter((tool) => !tool.found());
  const installable = missing.filter((tool) => !tool.variable);
  if (installable.length > 0 && deps.canInstall)
    deps.install(installable.map((tool) => tool.debianPackage));
  return missing
    .filter((tool) => !tool.found())
    .map((tool) =>
      tool.variable ? `npm test: ${tool.variable}: not found` : `npm test: ${tool.missing}`,
    );
}

function aptInstall(packages: string[]): boolean {
  console.log(`npm test: installing Debian's ${packages.join(' and ')} (apt-get)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) return false;
  const install = spawnSync('apt-get', ['install', '-y', '-qq', ...packages], {
    stdio: 'inherit',
    env,
  });
  return install.status === 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const lines = ensureTools(testTools(process.env), {
    canInstall:
      process.platform === 'linux' && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get'),
    install: aptInstall,
  });
  for (const line of lines) console.error(line);
  if (lines.length > 0) process.exit(1);
}
