/**
 * The release smoke test, run on each OS's runner by .github/workflows/release.yml (not here:
 * no Electron binary). It starts the built app (out/) on the runner's Electron with the
 * embedded demo server and a fresh data folder: the window must open on app://, the start
 * screen must render and the preload's API must answer. The packaged binary itself cannot be
 * driven by Playwright: its fuses turn off the --inspect flag that Playwright attaches with.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electron, expect, test } from '@playwright/test';
import type { KioskClient } from '../../shared/kiosk-api';

const root = fileURLToPath(new URL('../../', import.meta.url));

test('the window opens on app://, the start screen renders, the preload API answers', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'frontdesk-smoke-'));
  const app = await electron.launch({
    args: [root, '--upstream', 'embedded', '--data', dataDir],
    env: { ...process.env, FRONTDESK_CONFIG: '' },
  });
  try {
    const window = await app.firstWindow();
    await window.waitForLoadState('domcontentloaded');
    expect(window.url()).toMatch(/^app:\/\/frontdesk\/index\.html/);
    // A fresh data folder: kiosk mode, the walk-in start screen.
    await expect(window.locator('[data-screen="start"]')).toBeVisible();
    // The preload API answers: public methods at once, staff methods only with a session.
    const publicSettings = await window.evaluate(() =>
      (window as unknown as { frontdesk: KioskClient }).frontdesk.getPublicSettings(undefined),
    );
    expect(publicSettings).toMatchObject({ ok: true, result: { mode: 'kiosk', setup: 'demo' } });
    const refused = await window.evaluate(() =>
      (window as unknown as { frontdesk: KioskClient }).frontdesk.getAppInfo({
        session: 'x'.repeat(43),
      }),
    );
    expect(refused).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    const status = await window.evaluate(() =>
      (window as unknown as { frontdesk: KioskClient }).frontdesk.getSyncStatus(undefined),
    );
    expect(status).toMatchObject({ ok: true, result: { upstream: 'embedded' } });
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
