/**
 * Issue 38: screenshots of reach mode, 200 % text and both together on every walk-in screen of
 * the portrait touch kiosk, into docs/screenshots/access/ (`<mode>-<screen>.png`), to be looked
 * at by whoever changes the layout. Half scale (540x960) keeps them readable and small.
 */
import { join } from 'node:path';
import { openKiosk, setUpKiosk, test } from './support/stack';
import { turnOnMode, walkInScreens, type DisplayMode } from './support/walk-in-screens';

test.use({ hasTouch: true, viewport: { width: 1080, height: 1920 }, deviceScaleFactor: 0.5 });

const MODES: readonly DisplayMode[] = ['reach', 'large-text', 'reach-large-text'];

for (const [index, mode] of MODES.entries()) {
  test(`screenshots of every walk-in screen in ${mode}`, async ({ page, kiosk }) => {
    test.setTimeout(120_000);
    await setUpKiosk(kiosk);
    await openKiosk(page, kiosk);
    await turnOnMode(page, mode);
    // Each mode books its own day, so that the three walks leave each other's times free.
    await walkInScreens(page, kiosk, 2 + index, async (screen) => {
      await page.screenshot({
        path: join('docs', 'screenshots', 'access', `${mode}-${screen}.png`),
      });
    });
  });
}
