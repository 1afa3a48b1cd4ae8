/**
 * UI benchmark: the built renderer in Debian's Chromium against the browser shell (embedded
 * demo upstream). Reports tap -> next screen painted (p50/p95 over 50 runs of the flow with the
 * cache warm), the renderer bundle size (gzip), the JS the first screen loads (gzip, in English
 * in every language) and the time to the first interactive screen. Tap to paint is measured
 * twice: as a sighted customer uses the kiosk, and in audio mode (issue 31: a key on the start
 * screen turns it on; the speech layer then says each screen and focus as it appears).
 * Usage: npx tsx bench/ui/run.ts (after npm run build); `--first-load` measures only the first
 * load of each language.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { silentLogger } from '../../electron/core/platform/log';
import { BUILT_RENDERER_DIR, startKioskWeb } from '../../electron/web/start-kiosk-web';
import { IN_PAGE_SCRIPT } from './in-page';
import { CHROMIUM_LAUNCH_OPTIONS } from '../../test/support/chromium';
import { LANGUAGE_CODES, type LanguageCode } from '../../shared/languages';

export interface TapToPaint {
  samples: number;
  p50: number;
  p95: number;
  max: number;
  byStep: Record<string, { p50: number; p95: number }>;
}

export interface UiBenchResult {
  runs: number;
  tapToPaint: TapToPaint;
  /** The same taps with audio mode on (speech layer, keypad and explore by touch loaded). */
  tapToPaintAudio: TapToPaint;
  bundle: { jsBytes: number; jsGzip: number; cssBytes: number; cssGzip: number };
  /** The JS files a fresh page fetched until the start screen was painted (goal <= 150 kB gzip). */
  firstLoad: FirstLoad;
  firstInteractive: { runs: number; p50: number; max: number };
}

type FirstLoad = Record<LanguageCode, { files: string[]; jsBytes: number; jsGzip: number }>;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] ?? 0) * 10) / 10;
}

function bundleSizes(dir: string): UiBenchResult['bundle'] {
  const assets = join(dir, 'assets');
  const sizes = { jsBytes: 0, jsGzip: 0, cssBytes: 0, cssGzip: 0 };
  for (const name of readdirSync(assets)) {
    const data = readFileSync(join(assets, name));
    const gzip = gzipSync(data, { level: 9 }).length;
    if (name.endsWith('.js')) {
      sizes.jsBytes += data.length;
      sizes.jsGzip += gzip;
    } else if (name.endsWith('.css')) {
      sizes.cssBytes += data.length;
      sizes.cssGzip += gzip;
    }
  }
  return sizes;
}

/** A fresh page (empty cache) to the start screen; the JS it fetched, sized from out/renderer. */
async function firstLoadJs(
  browser: Browser,
  url: string,
): Promise<{ files: string[]; jsBytes: number; jsGzip: number }> {
  const context = await browser.newContext({ viewport: { width: 1080, height: 1920 } });
  const files = new Set<string>();
  const page = await context.newPage();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.endsWith('.js')) files.add(path.slice(path.lastIndexOf('/') + 1));
  });
  await page.goto(url);
  await page.locator('[data-screen="start"] .btn-hero').waitFor();
  await context.close();
  const result = { files: [...files].sort(), jsBytes: 0, jsGzip: 0 };
  for (const name of result.files) {
    const data = readFileSync(join(BUILT_RENDERER_DIR, 'assets', name));
    result.jsBytes += data.length;
    result.jsGzip += gzipSync(data, { level: 9 }).length;
  }
  return result;
}

async function timed(page: Page, screen: string, tap: () => Promise<void>): Promise<number> {
  const waiting = page.evaluate(
    (name) => (globalThis as unknown as { __fdWait(s: string): Promise<number> }).__fdWait(name),
    screen,
  );
  await page.waitForTimeout(20); // the listener is armed before the tap
  await tap();
  return waiting;
}

/** The first load of a fresh page with each language as the shop's. */
async function firstLoads(
  browser: Browser,
  url: string,
  setLanguage: (language: LanguageCode) => Promise<unknown>,
): Promise<FirstLoad> {
  const result: Partial<FirstLoad> = {};
  for (const language of LANGUAGE_CODES) {
    await setLanguage(language);
    result[language] = await firstLoadJs(browser, url);
  }
  return result as FirstLoad;
}

/**
 * `runs` runs of start -> service -> day -> time -> details -> start in each mode (one warm-up
 * of each first), alternating run by run, so that both modes meet the same load on the machine.
 */
async function tapRuns(
  context: BrowserContext,
  url: string,
  runs: number,
  log: (line: string) => void,
): Promise<{ plain: TapToPaint; audio: TapToPaint }> {
  const page = await context.newPage();
  await page.goto(url);
  await page.locator('[data-screen="start"] .btn-hero').waitFor();
  // A key on the start screen turns audio mode on; going back to the start ends it (a new customer).
  const audioOn = async (audio: boolean): Promise<void> => {
    if (!audio) return;
    await page.keyboard.press('ArrowDown');
    await page.locator('html.audio-mode').waitFor({ state: 'attached' });
  };
  const steps = (): Record<string, number[]> => ({
    service: [],
    day: [],
    time: [],
    details: [],
    start: [],
  });
  const byMode = { plain: steps(), audio: steps() };
  // One warm-up run of each fills the kiosk's caches and the browser's; it is not counted.
  for (let turn = -2; turn < 2 * runs; turn++) {
    const audio = turn % 2 !== 0;
    const run = Math.floor(turn / 2);
    const byStep = audio ? byMode.audio : byMode.plain;
    const samples: [string, number][] = [];
    await audioOn(audio);
    samples.push([
      'service',
      await timed(page, 'service', () => page.locator('.btn-hero').click()),
    ]);
    samples.push([
      'day',
      await timed(page, 'day', () => page.locator('.service-main').first().click()),
    ]);
    await page.locator('.day-open').first().waitFor();
    samples.push([
      'time',
      await timed(page, 'time', () => page.locator('.day-open').first().click()),
    ]);
    await page.locator('.slot:not([disabled])').first().waitFor();
    samples.push([
      'details',
      await timed(page, 'details', () => page.locator('.slot:not([disabled])').first().click()),
    ]);
    samples.push([
      'start',
      await timed(page, 'start', () => page.getByRole('button', { name: 'Start over' }).click()),
    ]);
    if (run >= 0) for (const [step, ms] of samples) byStep[step]?.push(ms);
    if (audio && run % 10 === 9) log(`ui bench: ${run + 1}/${runs} runs of each mode`);
  }
  await page.close();
  return { plain: summary(byMode.plain), audio: summary(byMode.audio) };
}

function summary(byStep: Record<string, number[]>): TapToPaint {
  const all = Object.values(byStep).flat();
  return {
    samples: all.length,
    p50: percentile(all, 50),
    p95: percentile(all, 95),
    max: percentile(all, 100),
    byStep: Object.fromEntries(
      Object.entries(byStep).map(([step, values]) => [
        step,
        { p50: percentile(values, 50), p95: percentile(values, 95) },
      ]),
    ),
  };
}

interface BenchKiosk {
  url: string;
  browser: Browser;
  /** Sets the shop's language (and an idle time the bench never reaches). */
  setLanguage: (language: LanguageCode) => Promise<unknown>;
  close: () => Promise<void>;
}

/** A kiosk with the embedded demo upstream, a staff session for its settings, and Chromium. */
async function openBenchKiosk(): Promise<BenchKiosk> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fd-bench-ui-'));
  const printed: string[] = [];
  const web = await startKioskWeb({
    port: 0,
    dataDir,
    token: 'bench',
    print: (line) => void printed.push(line),
    log: silentLogger,
  });
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  const close = async (): Promise<void> => {
    await browser.close();
    await web.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const call = async (method: string, input: unknown): Promise<unknown> => {
      const response = await fetch(`${web.url}/api/kiosk/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
        body: JSON.stringify(input),
      });
      const body = (await response.json()) as { ok: boolean; result?: unknown; error?: unknown };
      if (!body.ok) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
      return body.result;
    };
    // The first PIN needs the printed setup code (the embedded demo too); it opens the staff session.
    const setupCode = printed
      .map((line) => /^setup code: (\S+)$/.exec(line)?.[1])
      .find((code) => code !== undefined);
    const { session } = (await call('setupStaffPin', { pin: '2468', setupCode })) as {
      session: string;
    };
    return {
      url: web.openUrl,
      browser,
      setLanguage: (language) => call('updateSettings', { session, language, idleTimeoutSec: 600 }),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Only the first load of each language (`--first-load`). */
export async function runFirstLoadBench(): Promise<FirstLoad> {
  const kiosk = await openBenchKiosk();
  try {
    return await firstLoads(kiosk.browser, kiosk.url, kiosk.setLanguage);
  } finally {
    await kiosk.close();
  }
}

export async function runUiBench(
  options: { runs?: number; log?: (line: string) => void } = {},
): Promise<UiBenchResult> {
  const runs = options.runs ?? 50;
  const log = options.log ?? (() => undefined);
  const kiosk = await openBenchKiosk();
  try {
    const firstLoad = await firstLoads(kiosk.browser, kiosk.url, kiosk.setLanguage);
    await kiosk.setLanguage('en');
    const context = await kiosk.browser.newContext({ viewport: { width: 1080, height: 1920 } });
    await context.addInitScript(IN_PAGE_SCRIPT);

    // Time to the first interactive screen: a new page each time, HTTP cache warm after the first.
    const first: number[] = [];
    for (let i = 0; i < 10; i++) {
      const page = await context.newPage();
      await page.goto(kiosk.url);
      first.push(
        await page.evaluate(() =>
          (globalThis as unknown as { __fdFirstScreen(): Promise<number> }).__fdFirstScreen(),
        ),
      );
      await page.close();
    }

    const taps = await tapRuns(context, kiosk.url, runs, log);
    return {
      runs,
      tapToPaint: taps.plain,
      tapToPaintAudio: taps.audio,
      bundle: bundleSizes(BUILT_RENDERER_DIR),
      firstLoad,
      firstInteractive: {
        runs: first.length,
        p50: percentile(first, 50),
        max: percentile(first, 100),
      },
    };
  } finally {
    await kiosk.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = process.argv.includes('--first-load')
    ? { firstLoad: await runFirstLoadBench() }
    : await runUiBench({ log: (line) => console.log(line) });
  console.log(JSON.stringify(result, null, 2));
}
