/**
 * Issue 38, "Reach mode and larger text" (items 9, 10, 11) and the blank bands, the cut select
 * and the idle warning's fade (item 17), measured by bounding boxes on the portrait 1080x1920
 * touch kiosk. An element counts by the part of it its scrolling boxes and the window show.
 */
import type { Page } from '@playwright/test';
import { turnOnReach } from './support/access';
import { chooseSlot, CUSTOMER, fillDetails, firstFreeSlot, start } from './support/flow';
import { onScreen } from './support/screens';
import { PRIMARY, SHOWN } from './support/shown';
import { expect, openKiosk, openKioskAt, setUpKiosk, STAFF_PIN, test } from './support/stack';
import { turnOnMode, walkInScreens, type WalkInScreen } from './support/walk-in-screens';

test.use({ hasTouch: true, viewport: { width: 1080, height: 1920 } });

const LINE = 1920 / 2;

/** Empty when the screen's primary action is shown whole without scrolling, else where it is. */
function primaryOutOfSight(page: Page, screen: WalkInScreen): Promise<string> {
  return page.evaluate<string>(`(() => { ${SHOWN}
    const element = [...document.querySelectorAll(${JSON.stringify(PRIMARY[screen])})].find((e) => e.checkVisibility());
    if (!element) return 'none';
    const { rect, top, bottom } = shown(element);
    return whole(element) ? '' : 'at ' + Math.round(rect.top) + '-' + Math.round(rect.bottom) + ', shown ' + Math.round(top) + '-' + Math.round(bottom);
  })()`);
}

test('issue 38 item 9: in reach mode every error on the details screen shows above the on-screen keyboard', async ({
  page,
  kiosk,
}) => {
  await setUpKiosk(kiosk);
  const choice = await firstFreeSlot(kiosk);
  await openKiosk(page, kiosk);
  await turnOnReach(page);
  await start(page);
  await chooseSlot(page, choice);
  await page.getByLabel('Name', { exact: true }).fill(CUSTOMER.name);
  await page.getByLabel('E-mail', { exact: true }).fill('eva.muster@');
  await page.getByRole('button', { name: /Continue/ }).tap();
  await expect(page.locator('.field-error')).toHaveCount(2); // the e-mail and the empty phone
  // Each field's error text is shown whole somewhere above the keyboard's top.
  const unseen = await page.evaluate<string[]>(`(() => { ${SHOWN}
    const keyboardTop = document.querySelector('[data-testid="on-screen-keyboard"]').getBoundingClientRect().top;
    return [...document.querySelectorAll('.field-error')].map((error) => error.textContent.trim())
      .filter((text) => ![...document.querySelectorAll('p, li')]
        .filter((element) => element.textContent.includes(text) && element.checkVisibility())
        .some((element) => whole(element) && element.getBoundingClientRect().bottom <= keyboardTop));
  })()`);
  expect(unseen, 'errors hidden under the keyboard or scrolled away').toEqual([]);
});

test('issue 38 item 10: in reach mode the summary reads above the line, every primary action is in sight without scrolling, the 30th one swipe away', async ({
  page,
  kiosk,
}) => {
  test.setTimeout(120_000);
  await setUpKiosk(kiosk);
  await openKiosk(page, kiosk);
  await turnOnReach(page);
  const hidden: string[] = [];
  await walkInScreens(page, kiosk, 2, async (screen) => {
    const where = await primaryOutOfSight(page, screen);
    if (where) hidden.push(`${screen}: ${where}`);
    if (screen === 'day') {
      // November 2026: the 30th is at most one window's height below what the calendar shows.
      const beyond = await page.evaluate<number>(`(() => { ${SHOWN}
        const day = document.querySelector('[data-date="2026-11-30"]');
        const { rect, bottom } = shown(day);
        const box = shown(day.closest('.screen-body'));
        return (rect.bottom - Math.max(bottom, box.bottom)) / box.height;
      })()`);
      expect(beyond, 'windows to swipe to the 30th').toBeLessThanOrEqual(1);
    }
    if (screen === 'review') {
      const summaries = page.locator('.summary');
      expect(await summaries.count()).toBeGreaterThan(0);
      const lowest = await page.evaluate<number>(
        `Math.max(...[...document.querySelectorAll('.summary')].map((s) => s.getBoundingClientRect().bottom))`,
      );
      expect(lowest, 'the summary reads above the reach line').toBeLessThanOrEqual(LINE);
    }
  });
  expect(hidden, 'screens whose primary action needs a scroll').toEqual([]);
});

test.describe('reach mode with 200 % text', () => {
  test.use({ kioskOptions: { access: { largeText: true } } });

  test('issue 38 item 11: reach mode with 200 % text shows two rows of times and the languages as one control', async ({
    page,
    kiosk,
  }) => {
    await setUpKiosk(kiosk);
    const choice = await firstFreeSlot(kiosk);
    await openKiosk(page, kiosk);
    await expect(page.locator('html')).toHaveClass(/large-text/);
    await turnOnReach(page);
    const languageControls = `[...document.querySelectorAll('.top-bar select, .top-bar button[lang], .language-choice button')].filter((e) => e.checkVisibility()).length`;
    expect(await page.evaluate<number>(languageControls), 'language controls on start').toBe(1);
    await start(page);
    await page.locator('.service-main', { hasText: choice.serviceTitle }).tap();
    await onScreen(page, 'day');
    if (choice.nextMonth && choice.monthOpens)
      await page.locator('.calendar-head button').last().tap();
    await page.locator(`[data-date="${choice.date}"]`).tap();
    await onScreen(page, 'time');
    expect(await page.evaluate<number>(languageControls), 'language controls on time').toBe(1);
    // The window of times: from the first row on, at least two rows in sight at once.
    const rows = await page.evaluate<number>(`(() => { ${SHOWN}
      const slots = [...document.querySelectorAll('.slot')];
      slots[0].scrollIntoView({ block: 'start' });
      return new Set(slots.filter(whole).map((slot) => Math.round(slot.getBoundingClientRect().top))).size;
    })()`);
    expect(rows, 'rows of times in sight').toBeGreaterThanOrEqual(2);
  });
});

const BAND = `(() => {
  const body = [...document.querySelectorAll('.screen-body')].find((e) => e.checkVisibility());
  const first = body && [...body.children].find((e) => e.checkVisibility() && e.getBoundingClientRect().height > 0);
  return first ? Math.round(first.getBoundingClientRect().top - body.getBoundingClientRect().top) : 0;
})()`;

for (const [index, mode] of (
  ['normal', 'reach', 'large-text', 'reach-large-text'] as const
).entries())
  test(`issue 38 item 17: no blank band over 120 px above the content of any walk-in screen (${mode})`, async ({
    page,
    kiosk,
  }) => {
    test.setTimeout(120_000);
    await setUpKiosk(kiosk);
    await openKiosk(page, kiosk);
    if (mode !== 'normal') await turnOnMode(page, mode);
    const bands: string[] = [];
    await walkInScreens(page, kiosk, 2 + index, async (screen) => {
      const band = await page.evaluate<number>(BAND);
      if (band > 120) bands.push(`${screen}: ${band} px`);
    });
    expect(bands).toEqual([]);
  });

for (const mode of ['kiosk', 'counter'] as const)
  test.describe(`Settings on the ${mode}`, () => {
    test.use({
      kioskOptions: { mode },
      viewport: mode === 'counter' ? { width: 1920, height: 1080 } : { width: 1080, height: 1920 },
    });

    test(`issue 38 item 17: the Settings language select shows its whole text (${mode})`, async ({
      page,
      kiosk,
    }) => {
      await setUpKiosk(kiosk);
      if (mode === 'counter') await openKioskAt(page, kiosk, 'pin');
      else {
        await openKioskAt(page, kiosk, 'start');
        await page.getByRole('button', { name: 'Staff', exact: true }).tap();
      }
      await page.getByLabel('Enter the staff PIN').fill(STAFF_PIN);
      await page.getByRole('button', { name: 'Unlock' }).tap();
      await page.getByRole('tab', { name: 'Settings' }).tap();
      await onScreen(page, 'settings');
      await expectSelectFits(page);
    });
  });

/** The chosen option's text against the width the select gives it (its padding and arrow off). */
async function expectSelectFits(page: Page): Promise<void> {
  const select = page.locator('#set-language');
  await select.selectOption('');
  await expect(select).toHaveValue('');
  const fit = await page.evaluate<{
    text: number;
    room: number;
    scroll: number;
    client: number;
  }>(`(() => {
    const select = document.getElementById('set-language');
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d');
    context.font = style.font;
    const arrow = 28; // Chromium's drop-down arrow at this size
    return {
      text: Math.ceil(context.measureText(select.selectedOptions[0].text).width),
      room: select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow,
      scroll: select.scrollWidth,
      client: select.clientWidth,
    };
  })()`);
  expect(fit.scroll).toBeLessThanOrEqual(fit.client);
  expect(fit.text, 'the text of "Automatic (browser language)"').toBeLessThanOrEqual(fit.room);
}

test('issue 38 item 17: the idle warning covers the name and e-mail at once, without a fade', async ({
  page,
  kiosk,
}) => {
  await setUpKiosk(kiosk, { idleTimeoutSec: 30 });
  const choice = await firstFreeSlot(kiosk);
  await openKiosk(page, kiosk);
  await start(page);
  await chooseSlot(page, choice);
  await fillDetails(page);
  await page.getByLabel('Name', { exact: true }).tap();
  await page.clock.runFor(31_000);
  const warning = page.getByTestId('idle-warning');
  await expect(warning).toBeAttached();
  // From its first frame: no animation, fully opaque, over both fields.
  const cover = await page.evaluate<Record<string, unknown>>(`(() => {
    const overlay = document.querySelector('[data-testid="idle-warning"]');
    const style = getComputedStyle(overlay);
    const over = (id) => {
      const rect = document.getElementById(id).getBoundingClientRect();
      const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      return !!top && overlay.contains(top);
    };
    return {
      animations: overlay.getAnimations().length,
      animationName: style.animationName,
      opacity: style.opacity,
      background: style.backgroundColor,
      name: over('field-name'),
      email: over('field-email'),
    };
  })()`);
  expect(cover).toMatchObject({
    animations: 0,
    animationName: 'none',
    opacity: '1',
    name: true,
    email: true,
  });
  expect(String(cover.background), 'an opaque cover').toMatch(/^rgb\(/);
});
