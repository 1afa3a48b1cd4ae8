/**
 * The main thread's work for the tablet's first load, as CPU time (issue 20):
 * `npm run build && npx tsx bench/hub/first-load-cpu.ts [--runs 5]`.
 *
 * Lighthouse's 4x figures multiply wall-clock task times by 4, which swing on a loaded machine
 * (a task that waited for a core looks long). This reads Chromium's trace instead: the renderer
 * main thread's CPU time (`tdur`) from navigation to the start screen's largest paint, the
 * module evaluation that blocks the first paint, and the evaluations after it (chunks loaded
 * apart). Unthrottled, in Debian's Chromium, on the hub's screen URL with a paired screen's
 * cookie, like bench/hub/lighthouse.ts. Prints each run and the medians.
 * `--latency MS` adds that round-trip time to every request (Chromium's network emulation), to
 * see the start screen's chain of round trips (HTML, scripts, the hub's first answers).
 */
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { pairScreen, pinnedAgent, startHubProcess } from './hub-process';
import { browserPath } from '../../test/support/browser-path';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  tdur?: number;
}

interface Run {
  /** Main-thread CPU from navigation to the last largest-contentful-paint candidate, ms. */
  cpuToLcp: number;
  /** Each module evaluation's CPU, in order (the first blocks the first paint), ms. */
  evaluations: number[];
  lcpAt: number;
}

function readRun(events: TraceEvent[]): Run | null {
  // The page's main thread is the one that records its largest-contentful-paint candidates.
  const candidates = events.filter((e) => e.name === 'largestContentfulPaint::Candidate');
  const main = candidates[0];
  const start = events.find((e) => e.name === 'navigationStart' && e.pid === main?.pid)?.ts;
  if (!main || start === undefined) return null;
  const lcp = Math.max(...candidates.filter((e) => e.pid === main.pid).map((e) => e.ts));
  const within = events.filter(
    (e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.ts >= start && e.ts <= lcp,
  );
  const ms = (list: TraceEvent[]) => list.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000;
  return {
    cpuToLcp: ms(within.filter((e) => e.name === 'RunTask')),
    evaluations: within.filter((e) => e.name === 'v8.evaluateModule').map((e) => ms([e])),
    lcpAt: (lcp - start) / 1000,
  };
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function main(): Promise<void> {
  const runsIndex = process.argv.indexOf('--runs');
  const runs = runsIndex > 0 ? Number(process.argv[runsIndex + 1]) : 5;
  const latencyIndex = process.argv.indexOf('--latency');
  const latency = latencyIndex > 0 ? Number(process.argv[latencyIndex + 1]) : 0;
  const dir = mkdtempSync(join(tmpdir(), 'fd-first-load-'));
  const hub = await startHubProcess({ upstreamUrl: 'embedded', apiKey: null, dataDir: dir });
  try {
    const agent = pinnedAgent(hub.fingerprint);
    const cookie = await pairScreen(hub, agent, 'First-load tablet');
    agent.destroy();
    const cert = new X509Certificate(readFileSync(join(dir, 'hub-tls-cert.pem'), 'utf8'));
    const spki = createHash('sha256')
      .update(cert.publicKey.export({ type: 'spki', format: 'der' }))
      .digest('base64');
    const browser = await chromium.launch({
      executablePath: browserPath() ?? '/usr/bin/chromium',
      args: [`--ignore-certificate-errors-spki-list=${spki}`, '--disable-gpu'],
    });
    const results: Run[] = [];
    for (let run = 1; run <= runs; run += 1) {
      const context = await browser.newContext({
        extraHTTPHeaders: { cookie, 'x-frontdesk-screen': '1' },
        viewport: { width: 412, height: 823 },
      });
      const page = await context.newPage();
      if (latency > 0) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency,
          downloadThroughput: -1,
          uploadThroughput: -1,
        });
      }
      const tracePath = join(dir, `trace-${run}.json`);
      await browser.startTracing(page, {
        path: tracePath,
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8.execute',
          'blink.user_timing',
          'loading',
        ],
      });
      await page.goto(`${hub.url}/`);
      await page.locator('[data-screen="start"] h1').waitFor();
      await page.waitForTimeout(1000); // the last LCP candidate is traced a little later
      await browser.stopTracing();
      await context.close();
      const trace = JSON.parse(readFileSync(tracePath, 'utf8')) as { traceEvents: TraceEvent[] };
      const result = readRun(trace.traceEvents);
      if (!result) throw new Error(`run ${run}: no navigation or paint of the hub's page traced`);
      results.push(result);
      const evaluations = result.evaluations.map((value) => value.toFixed(0)).join(' + ');
      process.stdout.write(
        `run ${run}: main-thread CPU to LCP ${result.cpuToLcp.toFixed(0)} ms; module evaluations ${evaluations} ms; LCP at ${result.lcpAt.toFixed(0)} ms\n`,
      );
    }
    await browser.close();
    const first = median(results.map((r) => r.evaluations[0] ?? 0));
    const later = median(results.map((r) => r.evaluations.slice(1).reduce((a, b) => a + b, 0)));
    process.stdout.write(
      `median of ${runs}${latency > 0 ? ` at ${latency} ms latency` : ''}: LCP at ${median(results.map((r) => r.lcpAt)).toFixed(0)} ms, main-thread CPU to LCP ${median(results.map((r) => r.cpuToLcp)).toFixed(0)} ms, first module evaluation ${first.toFixed(0)} ms, later ones ${later.toFixed(0)} ms\n`,
    );
  } finally {
    await hub.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
