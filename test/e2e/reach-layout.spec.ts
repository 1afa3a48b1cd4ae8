/**
 * Issue 38 items 10 and 11: reach mode, with and without 200 % text, on the portrait 1080x1920
 * touch kiosk. What is read (the step, the heading, the summary, the hold, the confirmation's
 * number) stands in the top half; the primary action is in sight without scrolling and covers
 * no text; at 200 % the time screens show two rows of times in their first view. Measured by
 * bounding boxes on every walk-in screen, as the screen first shows (nothing scrolled).
 */
import { expectTextFits } from './support/access';
import { PRIMARY, SHOWN } from './support/shown';
import { expect, openKiosk, setUpKiosk, test } from './support/stack';
import { turnOnMode, walkInScreens, type WalkInScreen } from './support/walk-in-screens';

test.use({ hasTouch: true, viewport: { width: 1080, height: 1920 } });

const LINE = 1920 / 2;

/** What each screen gives to read: the heading everywhere, more where there is more. */
const READ: Partial<Record<WalkInScreen, string[]>> = {
  review: ['.notice', '.summary'],
  confirmation: ['[data-testid="appointment-number"]', '.summary'],
};

/** What is wrong with the screen's layout, as the customer first sees it (empty: nothing). */
function layoutProblems(screen: WalkInScreen): string {
  return `(() => { ${SHOWN}
    const problems = [];
    const visible = (element) => element.checkVisibility();
    const label = (element) => '"' + (element.textContent || '').trim().slice(0, 30) + '"';
    const primary = [...document.querySelectorAll(${JSON.stringify(PRIMARY[screen])})].find(visible);
    if (!primary) return ['no primary action'];
    const p = shown(primary);
    if (!whole(primary))
      problems.push('primary ' + label(primary) + ' at ' + Math.round(p.rect.top) + '-' + Math.round(p.rect.bottom) + ', shown ' + Math.round(p.top) + '-' + Math.round(p.bottom));
    // No text under or over the primary action (a sticky button over a notice, say).
    for (const element of document.querySelectorAll('body *')) {
      if (!visible(element) || primary.contains(element) || element.contains(primary)) continue;
      if (![...element.childNodes].some((node) => node.nodeType === 3 && node.textContent.trim())) continue;
      const s = shown(element);
      const x = Math.min(s.right, p.right) - Math.max(s.left, p.left);
      const y = Math.min(s.bottom, p.bottom) - Math.max(s.top, p.top);
      if (x > 1 && y > 1) problems.push('primary over ' + label(element));
    }
    // The heading is read whole in the top half; the rest of what is read starts there.
    const heading = [...document.querySelectorAll('h1')].find(visible);
    if (!heading || !whole(heading) || heading.getBoundingClientRect().bottom > ${LINE})
      problems.push('heading ' + (heading ? label(heading) + ' at ' + Math.round(heading.getBoundingClientRect().bottom) : 'missing'));
    for (const selector of ${JSON.stringify(READ[screen] ?? [])}) {
      const element = [...document.querySelectorAll(selector)].find(visible);
      const s = element && shown(element);
      if (!s || s.height <= 0 || s.top >= ${LINE}) problems.push(selector + ' not in the top half' + (s ? ' (from ' + Math.round(s.rect.top) + ')' : ''));
    }
    // The appointment number whole in the top half: the one thing the customer writes down.
    const number = document.querySelector('[data-testid="appointment-number"]');
    if (number && (!whole(number) || number.getBoundingClientRect().bottom > ${LINE}))
      problems.push('appointment number at ' + Math.round(number.getBoundingClientRect().top));
    return problems;
  })()`;
}

for (const [index, mode] of (['reach', 'reach-large-text'] as const).entries())
  test(`issue 38 item 10: in ${mode} what is read stands in the top half and the primary action is in sight, covering no text, on every walk-in screen`, async ({
    page,
    kiosk,
  }) => {
    test.setTimeout(120_000);
    await setUpKiosk(kiosk);
    await openKiosk(page, kiosk);
    await turnOnMode(page, mode);
    const problems: string[] = [];
    await walkInScreens(page, kiosk, 2 + index, async (screen) => {
      const found = await page.evaluate<string[]>(layoutProblems(screen));
      problems.push(...found.map((problem) => `${screen}: ${problem}`));
      // The compacter rows still fit their text and keep their controls apart.
      if (mode === 'reach-large-text') await expectTextFits(page, `${screen} (${mode})`);
    });
    expect(problems).toEqual([]);
  });

test('issue 38 item 11: in reach mode with 200 % text the time screens show two rows of times in their first view', async ({
  page,
  kiosk,
}) => {
  test.setTimeout(120_000);
  await setUpKiosk(kiosk);
  await openKiosk(page, kiosk);
  await turnOnMode(page, 'reach-large-text');
  const rows: Partial<Record<WalkInScreen, number>> = {};
  await walkInScreens(page, kiosk, 4, async (screen) => {
    if (screen !== 'time' && screen !== 'visit-time') return;
    // Rows of times shown whole, nothing scrolled.
    rows[screen] = await page.evaluate<number>(`(() => { ${SHOWN}
      const slots = [...document.querySelectorAll('.slot')].filter(whole);
      return new Set(slots.map((slot) => Math.round(slot.getBoundingClientRect().top))).size;
    })()`);
  });
  expect(rows).toEqual({ time: expect.any(Number), 'visit-time': expect.any(Number) });
  expect(rows.time, 'rows of times on the time screen').toBeGreaterThanOrEqual(2);
  expect(rows['visit-time'], 'rows of times with a visit').toBeGreaterThanOrEqual(2);
});
