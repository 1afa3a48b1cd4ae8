/**
 * Issue 37, a person's days (the demo salon, from Tuesday 2026-11-24 10:00): a person who does
 * not work on the chosen day is shown so and never offered as bookable; choosing them keeps the
 * chosen day and says why nothing can be booked; the booking goes to the day on screen (the
 * reference server's own record says so). And after a booking, the same person's overlapping
 * times are gone while the other people's times at that hour stay.
 *
 * Counter at 1920x1080 (Sophie Wagner works Mondays, Wednesdays to Fridays, never Tuesdays);
 * portrait kiosk at 1080x1920 with touch (Anna Becker works Monday to Friday, never Saturdays).
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Locator, Page } from '@playwright/test';
import { CUSTOMER, fillDetails, start, typeCustomerAndBook } from './support/flow';
import { SCREENSHOT_DIR, expectAccessible, expectTouchTargets, onScreen } from './support/screens';
import {
  API_KEY,
  STAFF_PIN,
  expect,
  openKiosk,
  openKioskAt,
  setUpKiosk,
  test,
  type Kiosk,
  type Stack,
} from './support/stack';

/** What the reference server itself holds of a booking (not what the kiosk says it sent). */
function serverBooking(
  stack: Stack,
  appointmentNumber: string,
): { date: string; time: string; employee_id: string } | undefined {
  const db = new Database(stack.dbPath, { readonly: true });
  try {
    return db
      .prepare('select date, time, employee_id from bookings where appointment_number = ?')
      .get(appointmentNumber) as { date: string; time: string; employee_id: string } | undefined;
  } finally {
    db.close();
  }
}

interface ApiSlot {
  time: string;
  available: boolean;
  employeeId?: string;
}

/** The reference server's own list of a day (asked with the test's key, not through the kiosk). */
async function apiSlots(
  stack: Stack,
  date: string,
  serviceId: string,
  employeeId?: string,
): Promise<ApiSlot[]> {
  const query = new URLSearchParams({ date, serviceId });
  if (employeeId) query.set('employeeId', employeeId);
  const response = await fetch(
    `${stack.server.url}/api/public/booking/availability?${query.toString()}`,
    { headers: { authorization: `Bearer ${API_KEY}` } },
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { timeSlots: ApiSlot[] } }).data.timeSlots;
}

const minutes = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

/** The times (HH:mm) the counter's grid offers now (its enabled buttons). */
function offered(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(
    `[...document.querySelectorAll('.desk-slot:not(:disabled)')].map((b) => b.dataset.time)`,
  );
}

/** The counter's "With whom?" chip of a person (its accessible name may carry their day). */
const personChip = (page: Page, name: string) =>
  page.getByTestId('desk-who').getByRole('button', { name: new RegExp(`^${name}`) });

async function unlock(page: Page, kiosk: Kiosk): Promise<void> {
  await openKioskAt(page, kiosk, 'pin');
  await page.getByLabel('Enter the staff PIN').fill(STAFF_PIN);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await onScreen(page, 'counter-booking');
}

const SIZES = {
  landscape: { width: 1920, height: 1080 },
  portrait: { width: 1080, height: 1920 },
} as const;

// In the page (strings: this project's TypeScript has no DOM types).
const SETTLED = `document.getAnimations().every((animation) => animation.playState !== 'running')`;
/** Texts of the new states that do not fit their box (cut off or spilling out). */
const OVERFLOWING = `[...document.querySelectorAll('.chip, .desk-day-note, .notice, .day-person .btn, .person-day .btn, .group-title')]
  .filter((element) => element.offsetParent !== null && element.scrollWidth > element.clientWidth + 1)
  .map((element) => (element.textContent || '').trim().slice(0, 40))`;

/**
 * The screen at both sizes (the counter's landscape, the kiosk's portrait), each once its
 * animations have ended, with every text of the new states fitting its box and `inView` (the
 * chosen day) on screen; back to the size the test runs at.
 */
async function screenshots(page: Page, name: string, inView?: Locator): Promise<void> {
  const original = page.viewportSize() ?? SIZES.portrait;
  for (const [suffix, size] of Object.entries(SIZES)) {
    await page.setViewportSize(size);
    await expect.poll(() => page.evaluate<boolean>(SETTLED)).toBe(true);
    expect(await page.evaluate<string[]>(OVERFLOWING), `${name} (${suffix}): texts fit`).toEqual(
      [],
    );
    if (inView) await expect(inView).toBeInViewport();
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${suffix}.png`) });
  }
  await page.setViewportSize(original);
}

test.describe('the counter at 1920x1080', () => {
  test.use({ kioskOptions: { mode: 'counter' }, viewport: { width: 1920, height: 1080 } });
  test.setTimeout(120_000);

  test('Sophie does not work on Tuesdays: not offered as bookable, choosing her keeps Tue 8 Dec and says why; the booking goes to Tue 8 Dec', async ({
    page,
    kiosk,
    stack,
  }) => {
    const TUESDAY = '2026-12-08';
    await setUpKiosk(kiosk);
    await unlock(page, kiosk);
    await page.locator('.desk-choice:text-is("Damenhaarschnitt")').click();
    const tuesday = page.locator(`.desk-day[data-date="${TUESDAY}"]`);
    await tuesday.click();
    await expect(tuesday).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { name: 'Times on Tue 8 Dec' })).toBeVisible();

    // She does the service, so she is in the row, but marked: not working that day.
    const sophie = personChip(page, 'Sophie Wagner');
    await expect(sophie).toHaveAttribute('data-person-day', 'off');
    await expect(sophie).toHaveAccessibleName('Sophie Wagner, not working that day');
    await expect(personChip(page, 'Anna Becker')).toHaveAttribute('data-person-day', 'free');
    await expectAccessible(page, 'counter: a person not working that day');

    // Choosing her: the day stays chosen and in view, the note by the times says why, nothing
    // is offered (and no other day was chosen instead).
    await sophie.click();
    await expect(sophie).toHaveAttribute('aria-pressed', 'true');
    const note = page.getByTestId('desk-day-note');
    await expect(note).toHaveText(
      'Sophie Wagner does not work on Tue 8 Dec. Choose another day or person.',
    );
    await expect(tuesday).toHaveAttribute('aria-pressed', 'true');
    await expect(tuesday).toBeEnabled();
    await expect(tuesday).toBeInViewport();
    await expect(page.locator('.desk-day[aria-pressed="true"]')).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Times on Tue 8 Dec' })).toBeVisible();
    await expect(page.locator('.desk-slot:not(:disabled)')).toHaveCount(0);
    // The strip offers her days: Wednesday the 9th is one, Tuesday the 1st is not.
    await expect(page.locator('.desk-day[data-date="2026-12-09"]')).toBeEnabled();
    await expect(page.locator('.desk-day[data-date="2026-12-01"]')).toBeDisabled();
    await expectAccessible(page, 'counter: the chosen day kept, and why nothing is free');
    await expectTouchTargets(page, 'counter: the chosen day kept');
    await screenshots(page, 'person-days-counter-off', tuesday);
    // In German and in Arabic (right to left): the same, in their words, and it still fits.
    await page.locator('.top-bar-languages button[lang="de"]').click();
    await expect(note).toHaveText(
      'Sophie Wagner arbeitet am Di., 8. Dez. nicht. Anderen Tag oder andere Person wählen.',
    );
    await expect(sophie).toHaveAccessibleName('Sophie Wagner, arbeitet an dem Tag nicht');
    await screenshots(page, 'person-days-counter-off-de', tuesday);
    await page.locator('.top-bar-languages button[lang="ar"]').click();
    await expect(sophie).toHaveAccessibleName('Sophie Wagner، لا دوام في هذا اليوم');
    await screenshots(page, 'person-days-counter-off-ar', tuesday);
    await page.locator('.top-bar-languages button[lang="en"]').click();
    await expect(note).toHaveText(
      'Sophie Wagner does not work on Tue 8 Dec. Choose another day or person.',
    );

    // Herrenhaarschnitt (Mehmet and Sophie): the row stays when she is chosen, the day too.
    await page.locator('.desk-choice:text-is("Herrenhaarschnitt")').click();
    await expect(tuesday).toHaveAttribute('aria-pressed', 'true');
    await expect(personChip(page, 'Mehmet Yilmaz')).toHaveAttribute('data-person-day', 'free');
    await personChip(page, 'Sophie Wagner').click();
    await expect(page.getByTestId('desk-who').getByRole('button')).toHaveCount(3);
    await expect(note).toHaveText(
      'Sophie Wagner does not work on Tue 8 Dec. Choose another day or person.',
    );
    await expect(tuesday).toHaveAttribute('aria-pressed', 'true');
    await expect(tuesday).toBeInViewport();

    // Back to Damenhaarschnitt with Anna: the day on screen is the day booked.
    await page.locator('.desk-choice:text-is("Damenhaarschnitt")').click();
    await expect(tuesday).toHaveAttribute('aria-pressed', 'true');
    await personChip(page, 'Anna Becker').click();
    await expect(note).toHaveText('');
    const time = page.locator('.desk-slot:not(:disabled)').first();
    await expect(time).toBeVisible();
    const chosen = (await time.getAttribute('data-time')) ?? '';
    await time.click();
    await expect(page.getByTestId('desk-chosen')).toContainText('Tue 8 Dec');
    await typeCustomerAndBook(page);
    const booked = page.getByText(/^Booked: [A-Z]-\d{6,}/);
    await expect(booked).toBeVisible();
    const number = /[A-Z]-\d{6,}/.exec((await booked.textContent()) ?? '')?.[0] ?? '';
    expect(serverBooking(stack, number)).toEqual({
      date: TUESDAY,
      time: chosen,
      employee_id: 'emp-anna',
    });
  });

  test("after a booking, the person's overlapping times are gone and the others' times at that hour stay", async ({
    page,
    kiosk,
    stack,
  }) => {
    const SERVICE = 'svc-damen-schnitt'; // 45 minutes, Anna and Sophie
    const LENGTH = 45;
    // A day both work (Wednesday, Thursday) and a time Anna is free around, Sophie at, per the
    // API itself (earlier tests of this worker may have booked some).
    let found: { date: string; time: string; annaFree: string[] } | null = null;
    for (const date of ['2026-12-10', '2026-12-09', '2026-12-17', '2026-12-16']) {
      const anna = (await apiSlots(stack, date, SERVICE, 'emp-anna'))
        .filter((s) => s.available)
        .map((s) => s.time);
      const sophie = (await apiSlots(stack, date, SERVICE, 'emp-sophie'))
        .filter((s) => s.available)
        .map((s) => s.time);
      const time = anna.find(
        (t) =>
          sophie.includes(t) &&
          anna.some((o) => minutes(o) === minutes(t) - 30) &&
          anna.some((o) => minutes(o) === minutes(t) + 30),
      );
      if (time) {
        found = { date, time, annaFree: anna };
        break;
      }
    }
    if (!found) throw new Error('no day where Anna and Sophie are both free');
    const { date, time, annaFree } = found;
    // Anna's times a 45-minute booking at `time` takes from her: those that would overlap it.
    const overlapping = annaFree.filter(
      (t) => minutes(t) < minutes(time) + LENGTH && minutes(t) + LENGTH > minutes(time),
    );
    expect(overlapping.length).toBeGreaterThanOrEqual(3);

    await setUpKiosk(kiosk);
    await unlock(page, kiosk);
    await page.locator('.desk-choice:text-is("Damenhaarschnitt")').click();
    const day = page.locator(`.desk-day[data-date="${date}"]`);
    await day.click();
    await expect(day).toHaveAttribute('aria-pressed', 'true');
    await personChip(page, 'Anna Becker').click();
    await expect(personChip(page, 'Anna Becker')).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => offered(page)).toEqual(expect.arrayContaining(overlapping));
    await page.locator(`.desk-slot[data-time="${time}"]`).click();
    await typeCustomerAndBook(page);
    const booked = page.getByText(/^Booked: [A-Z]-\d{6,}/);
    await expect(booked).toBeVisible();
    const number = /[A-Z]-\d{6,}/.exec((await booked.textContent()) ?? '')?.[0] ?? '';
    expect(serverBooking(stack, number)).toEqual({ date, time, employee_id: 'emp-anna' });

    // Anna's grid, asked again after the booking: none of the times it took from her.
    await expect
      .poll(async () => (await offered(page)).filter((t) => overlapping.includes(t)), {
        message: `Anna's times overlapping ${time} are gone`,
      })
      .toEqual([]);
    await screenshots(page, 'person-days-counter-after-booking');
    // Sophie's grid and "Anyone": that hour is still free (with Sophie).
    await personChip(page, 'Sophie Wagner').click();
    await expect(page.locator(`.desk-slot[data-time="${time}"]`)).toBeEnabled();
    await personChip(page, 'Anyone').click();
    await expect(page.locator(`.desk-slot[data-time="${time}"]`)).toBeEnabled();
  });
});

test.describe('the portrait kiosk at 1080x1920, by touch', () => {
  test.use({ viewport: { width: 1080, height: 1920 }, hasTouch: true });
  test.setTimeout(120_000);

  test('Anna does not work on Saturdays: not offered as bookable, choosing her keeps Sat 28 and says why, her days one tap away; the booking goes to Sat 28', async ({
    page,
    kiosk,
    stack,
  }) => {
    const SATURDAY = '2026-11-28';
    await setUpKiosk(kiosk);
    await openKiosk(page, kiosk);
    await start(page);
    await page.locator('.service-main', { hasText: 'Kinderhaarschnitt' }).tap();
    await onScreen(page, 'day');
    await page.locator(`[data-date="${SATURDAY}"]`).tap();
    await onScreen(page, 'time');

    const people = page.locator('.employee-choice');
    const anna = people.getByRole('button', { name: /^Anna Becker/ });
    await expect(anna).toHaveAttribute('data-person-day', 'off');
    await expect(anna).toHaveAccessibleName('Anna Becker, not working that day');
    await expect(people.getByRole('button', { name: /^Mehmet Yilmaz/ })).toHaveAttribute(
      'data-person-day',
      'free',
    );

    // Choosing her: still Saturday the 28th, said why; no time offered, no grid of taken ones.
    await anna.tap();
    await expect(anna).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.step-header .subtitle')).toContainText(
      'Saturday, 28 November 2026',
    );
    await expect(
      page.getByText(
        'Anna Becker does not work on Saturday, 28 November 2026. Please choose another day or another person.',
      ),
    ).toBeVisible();
    await expect(page.locator('.slot:not(:disabled)')).toHaveCount(0);
    await expect(page.getByText('No free times on this day. Please pick another day.')).toHaveCount(
      0,
    );
    await expectAccessible(page, 'kiosk: a person not working that day');
    await expectTouchTargets(page, 'kiosk: a person not working that day');
    await screenshots(page, 'person-days-kiosk-off');
    // In Ukrainian (the longest words here): it still fits.
    await page.locator('.top-bar-languages button[lang="uk"]').tap();
    await expect(anna).toHaveAccessibleName('Anna Becker, не працює цього дня');
    await screenshots(page, 'person-days-kiosk-off-uk');
    await page.locator('.top-bar-languages button[lang="en"]').tap();
    await expect(anna).toHaveAccessibleName('Anna Becker, not working that day');

    // Her days: Saturday is not one of them; "anyone" again is one tap away.
    await page.getByTestId('person-days').tap();
    await onScreen(page, 'day');
    await expect(page.getByText('Days with Anna Becker')).toBeVisible();
    await expect(page.locator(`[data-date="${SATURDAY}"]`)).toBeDisabled();
    await expect(page.locator('[data-date="2026-11-27"]')).toBeEnabled();
    await expectAccessible(page, "kiosk: a person's days");
    await screenshots(page, 'person-days-kiosk-days');
    await page.getByRole('button', { name: 'Show the days with anyone' }).tap();
    await expect(page.getByText('Days with Anna Becker')).toHaveCount(0);
    await page.locator(`[data-date="${SATURDAY}"]`).tap();
    await onScreen(page, 'time');

    // With Mehmet (who works Saturdays): the booking is Saturday's.
    await people.getByRole('button', { name: /^Mehmet Yilmaz/ }).tap();
    const time = page.locator('.slot:not(:disabled)').first();
    await expect(time).toBeVisible();
    const chosen = (await time.getAttribute('data-time')) ?? '';
    await time.tap();
    await onScreen(page, 'details');
    await fillDetails(page);
    await page.getByRole('button', { name: /Continue/ }).tap();
    await expect(page.getByText('This time is still free.')).toBeVisible();
    await page.getByRole('button', { name: 'Book now' }).tap();
    await onScreen(page, 'confirmation');
    const number = (await page.getByTestId('appointment-number').textContent()) ?? '';
    const [booking] = (await kiosk.call('listBookings')) as {
      request: { date: string; customer: { email: string } };
    }[];
    expect(booking?.request).toMatchObject({ date: SATURDAY, customer: { email: CUSTOMER.email } });
    expect(serverBooking(stack, number)).toEqual({
      date: SATURDAY,
      time: chosen,
      employee_id: 'emp-mehmet',
    });
  });
});
