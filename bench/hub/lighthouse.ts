/**
 * Lighthouse on the hub's screen URL, as a tablet opens it (issue 20):
 * `npm run build && npx tsx bench/hub/lighthouse.ts [--runs 3]`.
 *
 * Starts the hub (`kiosk:web --listen 127.0.0.1:0 --upstream embedded`), pairs one screen for
 * its cookie, and runs Lighthouse's default mobile configuration (Moto G-class screen, simulated
 * slow 4G, 4x CPU slowdown), performance only, in Debian's Chromium trusting exactly the hub's
 * key. The request headers a paired screen sends go with every request (`--extra-headers`), so
 * the page measured is the customer's start screen, not the pairing form.
 * Lighthouse is not a dependency of the project: it runs with `npx --yes lighthouse@<version>`
 * in a scratch folder (LIGHTHOUSE_VERSION, default below). Prints each run's score and metrics;
 * LIGHTHOUSE_REPORT_DIR keeps the JSON reports there; LIGHTHOUSE_ARGS adds flags (space-separated),
 * e.g. `--throttling.cpuSlowdownMultiplier=1` on a host whose benchmarkIndex is already a phone's.
 */
import { spawn } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pairScreen, pinnedAgent, startHubProcess } from './hub-process';
import { browserPath } from '../../test/support/browser-path';

const LIGHTHOUSE_VERSION = process.env.LIGHTHOUSE_VERSION ?? '13.5.0';
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
  'interactive',
] as const;

interface LighthouseReport {
  categories: { performance: { score: number } };
  audits: Record<string, { displayValue?: string; numericValue?: number }>;
  environment: { benchmarkIndex: number };
}

function spkiSha256(certPem: string): string {
  const spki = new X509Certificate(certPem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}

function runLighthouse(url: string, args: string[], cwd: string): Promise<LighthouseReport> {
  const reportPath = join(process.env.LIGHTHOUSE_REPORT_DIR ?? cwd, `report-${Date.now()}.json`);
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npx',
      [
        '--yes',
        `lighthouse@${LIGHTHOUSE_VERSION}`,
        url,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${reportPath}`,
        '--quiet',
        ...args,
      ],
      { cwd, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, CHROME_PATH } },
    );
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code}`));
      resolve(JSON.parse(readFileSync(reportPath, 'utf8')) as LighthouseReport);
    });
  });
}

const CHROME_PATH = browserPath() ?? '/usr/bin/chromium';

async function main(): Promise<void> {
  const runsIndex = process.argv.indexOf('--runs');
  const runs = runsIndex > 0 ? Number(process.argv[runsIndex + 1]) : 3;
  const dir = mkdtempSync(join(tmpdir(), 'fd-lighthouse-'));
  const hub = await startHubProcess({
    upstreamUrl: 'embedded',
    apiKey: null,
    dataDir: join(dir, 'hub'),
  });
  try {
    const agent = pinnedAgent(hub.fingerprint);
    const cookie = await pairScreen(hub, agent, 'Lighthouse tablet');
    agent.destroy();
    const spki = spkiSha256(readFileSync(join(dir, 'hub', 'hub-tls-cert.pem'), 'utf8'));
    const chromeFlags = [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      `--ignore-certificate-errors-spki-list=${spki}`,
    ].join(' ');
    const headers = JSON.stringify({ Cookie: cookie, 'x-frontdesk-screen': '1' });
    const scores: number[] = [];
    for (let run = 1; run <= runs; run += 1) {
      const report = await runLighthouse(
        `${hub.url}/`,
        [
          `--chrome-flags=${chromeFlags}`,
          `--extra-headers=${headers}`,
          ...(process.env.LIGHTHOUSE_ARGS ?? '').split(' ').filter(Boolean),
        ],
        dir,
      );
      const score = Math.round(report.categories.performance.score * 100);
      scores.push(score);
      const metrics = METRICS.map((id) =>
        `${id} ${report.audits[id]?.displayValue ?? '?'}`.replace(/\u00a0/g, ' '),
      ).join(', ');
      const host = `host benchmarkIndex ${report.environment.benchmarkIndex}`;
      process.stdout.write(`run ${run}: performance ${score} (${metrics}; ${host})\n`);
    }
    const sorted = [...scores].sort((a, b) => a - b);
    process.stdout.write(
      `median performance ${sorted[Math.floor(sorted.length / 2)]} of ${runs} runs (lighthouse ${LIGHTHOUSE_VERSION}, mobile preset${process.env.LIGHTHOUSE_ARGS ? `, ${process.env.LIGHTHOUSE_ARGS}` : ', 4x CPU slowdown'})\n`,
    );
  } finally {
    await hub.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
