/**
 * Issue 38, audio mode as a blind customer meets it: each item with `speechSynthesis` recorded
 * (support/speech.ts), asserting what is said, in which language (the utterance's `lang`) and
 * how often. Keyboard only, as with a USB keypad.
 */
import type { Page } from '@playwright/test';
import { CUSTOMER, firstFreeSlot, type SlotChoice } from './support/flow';
import { keyTo, recordSpeech, screenReady, spoken, type Utterance } from './support/speech';
import { ACCESS_DEFAULTS } from '../../shared/access-defaults';
import { expect, openKiosk, setUpKiosk, test, type Kiosk } from './support/stack';

// The demo shop's services and people are German: IT says so in the machine config (item 7).
// Audio mode as a customer hears it: the kiosk's own tap guard (the screen speaks before it takes keys).
test.use({ kioskOptions: { contentLanguage: 'de' }, tapGuardMs: ACCESS_DEFAULTS.tapGuardMs });

const VOICES = ['en-GB', 'de-DE', 'ar'];

/** Audio mode on with a key at the start screen, in `lang` (chosen with the keypad). */
async function startAudio(page: Page, kiosk: Kiosk, lang: 'en' | 'ar' = 'en'): Promise<void> {
  await recordSpeech(page, VOICES);
  await setUpKiosk(kiosk);
  await openKiosk(page, kiosk);
  await screenReady(page, 'start');
  await expect(async () => {
    await page.keyboard.press('ArrowDown');
    await expect(page.locator('html')).toHaveClass(/audio-mode/, { timeout: 2000 });
  }).toPass();
  if (lang === 'ar') {
    await keyTo(page, page.locator('.language-choice button', { hasText: 'العربية' }));
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await keyTo(page, page.locator('.btn-hero'), 'ArrowUp');
  }
}

/** What is said from now on: call `since()` for the utterances after this point. */
async function mark(page: Page): Promise<() => Promise<Utterance[]>> {
  const from = (await spoken(page)).length;
  return async () => (await spoken(page)).slice(from);
}

const texts = (said: readonly Utterance[]): string => said.map((u) => u.text).join(' | ');
const count = (said: readonly Utterance[], text: string): number =>
  said.filter((u) => u.text.includes(text)).length;

/** Start -> service -> day -> time of `choice`, with the keypad. */
async function toTime(page: Page, choice: SlotChoice): Promise<void> {
  await page.keyboard.press('Enter');
  await screenReady(page, 'service');
  await keyTo(page, page.locator('.service-main', { hasText: choice.serviceTitle }));
  await page.keyboard.press('Enter');
  await screenReady(page, 'day');
  if (choice.nextMonth && choice.monthOpens) {
    await keyTo(page, page.getByRole('button', { name: 'Next month' }), 'Tab');
    await page.keyboard.press('Enter');
  }
  await keyTo(page, page.locator(`[data-date="${choice.date}"]`), 'Tab');
  await page.keyboard.press('Enter');
  await screenReady(page, 'time');
}

test('issue 38 item 1: Escape on the services goes back to the start in audio mode and the customer’s language, and says where and what Enter does', async ({
  page,
  kiosk,
}) => {
  await startAudio(page, kiosk, 'ar');
  await page.keyboard.press('Enter');
  await screenReady(page, 'service');
  const since = await mark(page);
  await page.keyboard.press('Escape');
  await screenReady(page, 'start');
  await expect.poll(async () => texts(await since())).toContain('اضغط Enter لبدء حجز');
  await expect(page.locator('html')).toHaveClass(/audio-mode/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  // The next key moves on: no welcome again, nothing in English.
  await page.keyboard.press('Tab');
  await expect.poll(async () => (await since()).length).toBeGreaterThan(2);
  const said = await since();
  expect(count(said, 'شاشة البداية')).toBe(1);
  expect(texts(said)).not.toContain('الوضع الصوتي مفعّل');
  expect(texts(said)).not.toContain('Audio mode is on');
  expect(said.filter((u) => u.lang !== 'ar' && u.screen !== 'start')).toEqual([]);
  expect(said.filter((u) => u.lang === 'en-GB')).toEqual([]);
});

test('issue 38 item 2: Enter on the language already chosen says it is chosen and how to go on', async ({
  page,
  kiosk,
}) => {
  await startAudio(page, kiosk);
  await keyTo(page, page.locator('.language-choice button', { hasText: 'English' }));
  const since = await mark(page);
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => texts(await since()))
    .toContain('English is chosen. Move up to the first button and press Enter');
  const said = await since();
  expect(count(said, 'English is chosen')).toBe(1);
  expect(said.map((u) => u.lang)).toEqual(said.map(() => 'en-GB'));
});

test('issue 38 item 3: on the review "Book now" is said once, and "Booking…" once', async ({
  page,
  kiosk,
}) => {
  test.setTimeout(120_000);
  const choice = await firstFreeSlot(kiosk);
  await startAudio(page, kiosk);
  await toTime(page, choice);
  await keyTo(page, page.locator(`[data-time="${choice.time}"]`), 'ArrowRight');
  await page.keyboard.press('Enter');
  await screenReady(page, 'details');
  await page.keyboard.type(CUSTOMER.name);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.type(CUSTOMER.email);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.type(CUSTOMER.phone);
  const since = await mark(page);
  await page.keyboard.press('Enter');
  await screenReady(page, 'review');
  const confirm = page.getByRole('button', { name: 'Book now' });
  await expect(confirm).toBeFocused();
  // Everything the review says on arrival: its summary, the check, the hold.
  await expect.poll(async () => texts(await since())).toContain('still free');
  await expect.poll(async () => texts(await since())).toContain('kept for you');
  const booking = await mark(page);
  await page.keyboard.press('Enter');
  await screenReady(page, 'confirmation');
  await expect.poll(async () => texts(await since())).toContain('You are booked');
  const review = (await since()).filter((u) => u.screen === 'review');
  expect(count(review, 'Book now'), texts(review)).toBe(1);
  // Until the confirmation, wherever it is said (the review, or the wait for the next screen).
  const busy = (await booking()).filter((u) => u.screen !== 'confirmation');
  expect(count(busy, 'Booking…'), texts(busy)).toBe(1);
});

test('issue 38 item 4: Enter on a person says who is chosen and how many free times they have; Enter on "Next month" says the month', async ({
  page,
  kiosk,
}) => {
  test.setTimeout(120_000);
  const choice = await firstFreeSlot(kiosk);
  await startAudio(page, kiosk);
  await page.keyboard.press('Enter');
  await screenReady(page, 'service');
  await keyTo(page, page.locator('.service-main', { hasText: choice.serviceTitle }));
  await page.keyboard.press('Enter');
  await screenReady(page, 'day');
  const month = page.locator('.calendar-month');
  const before = await month.textContent();
  await keyTo(page, page.getByRole('button', { name: 'Next month' }), 'Tab');
  const next = await mark(page);
  await page.keyboard.press('Enter');
  await expect(month).not.toHaveText(before ?? '');
  const shown = (await month.textContent()) ?? '';
  await expect.poll(async () => count(await next(), shown)).toBe(1);
  expect((await next()).find((u) => u.text.includes(shown))?.lang).toBe('en-GB');
  await keyTo(page, page.getByRole('button', { name: 'Previous month' }), 'Tab');
  await page.keyboard.press('Enter');
  await expect(month).toHaveText(before ?? '');
  await keyTo(page, page.locator(`[data-date="${choice.date}"]`), 'Tab');
  await page.keyboard.press('Enter');
  await screenReady(page, 'time');

  // The person of the first free time; their name is the shop's (German) text.
  const slots = (await kiosk.call('getTimeSlots', {
    date: choice.date,
    serviceId: choice.serviceId,
  })) as { timeSlots: { time: string; employeeName?: string }[] };
  const name = slots.timeSlots.find((s) => s.time === choice.time)?.employeeName ?? '';
  const chip = page.locator('.chip', { hasText: name });
  await keyTo(page, chip, 'ArrowRight');
  const person = await mark(page);
  await page.keyboard.press('Enter');
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => texts(await person())).toContain('Free times:');
  await expect(page.locator('.slot').first()).toBeVisible();
  const free = await page.locator('.slot:not(:disabled)').count();
  const said = await person();
  expect(count(said, 'Free times:'), texts(said)).toBe(1);
  expect(texts(said)).toContain(`chosen. Free times: ${free}.`);
  expect(said.find((u) => u.text === name)?.lang).toBe('de-DE');
});

test('issue 38 item 5: the next free appointment is said as it appears, without symbols', async ({
  page,
  kiosk,
}) => {
  await startAudio(page, kiosk);
  await page.keyboard.press('Enter');
  await screenReady(page, 'service');
  const search = page.locator('.service-card').first().locator('.service-next button');
  await keyTo(page, search);
  const since = await mark(page);
  await page.keyboard.press('Enter');
  const offer = page.locator('.service-card').first().locator('.service-next .btn-accent');
  await expect(offer).toBeFocused();
  await expect.poll(async () => texts(await since())).toContain('Take it');
  const said = await since();
  expect(count(said, 'Take it'), texts(said)).toBe(1);
  expect(texts(said)).toMatch(/ at \d\d:\d\d with /);
  expect(texts(said)).not.toMatch(/[→⚡]/);
});

test('issue 38 item 7: the shop’s texts are marked and said in its content language on an Arabic screen', async ({
  page,
  kiosk,
}) => {
  test.setTimeout(120_000);
  const choice = await firstFreeSlot(kiosk);
  await startAudio(page, kiosk, 'ar');
  await toTime(page, choice);
  await keyTo(page, page.locator(`[data-time="${choice.time}"]`), 'ArrowRight');
  await page.keyboard.press('Enter');
  await screenReady(page, 'details');
  const all = await spoken(page);
  const titles = all.filter((u) => u.text.includes(choice.serviceTitle));
  // Said on the service list, the day screen, the time screen and the details.
  expect(new Set(titles.map((u) => u.screen))).toEqual(
    new Set(['service', 'day', 'time', 'details']),
  );
  expect(titles.map((u) => `${u.screen}: ${u.lang}`)).toEqual(
    titles.map((u) => `${u.screen}: de-DE`),
  );
  expect(all.filter((u) => u.lang === 'en-GB' && u.screen !== 'start')).toEqual([]);
  await expect(page.locator('[data-screen="details"] [lang="de"]').first()).toContainText(
    choice.serviceTitle,
  );
});

test('issue 38 item 7: a person who does not work that day: the name said in the content language, the note in the screen’s', async ({
  page,
  kiosk,
}) => {
  test.setTimeout(120_000);
  // Anna Becker does not work on Saturdays; Kinderhaarschnitt is open on Saturday the 28th.
  const saturday = {
    serviceId: '',
    serviceTitle: 'Kinderhaarschnitt',
    date: '2026-11-28',
    time: '',
    nextMonth: false,
    monthOpens: true,
  };
  await startAudio(page, kiosk, 'ar');
  await toTime(page, saturday);
  const anna = page.locator('.employee-choice').getByRole('button', { name: /^Anna Becker/ });
  await expect(anna).toHaveAttribute('data-person-day', 'off');
  // Its accessible name is its content: the name marked with the content language.
  await expect(anna.locator('[lang="de"]')).toHaveText('Anna Becker');
  expect(await anna.getAttribute('aria-label')).toBeNull();
  const since = await mark(page);
  await keyTo(page, anna, 'Tab');
  await expect.poll(async () => texts(await since())).toContain('لا دوام في هذا اليوم');
  const said = await since();
  const name = said.filter((u) => u.text.includes('Anna Becker'));
  expect(name.length, texts(said)).toBeGreaterThan(0);
  expect(name.map((u) => [u.text, u.lang])).toEqual(name.map(() => ['Anna Becker', 'de-DE']));
  const note = said.find((u) => u.text.includes('لا دوام في هذا اليوم'));
  expect(note?.lang).toBe('ar');
  expect(note?.text).not.toContain(',');
});

test('issue 38 item 8: in audio mode the idle warning says to press any key, title first, and the reset is said', async ({
  page,
  kiosk,
}) => {
  await startAudio(page, kiosk);
  await page.keyboard.press('Enter');
  await screenReady(page, 'service');
  const since = await mark(page);
  // Audio mode: 60 s idle time doubled, then 30 s of warning.
  await page.clock.runFor(121_000);
  const warning = page.getByRole('alertdialog');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('Press any key to continue.');
  await expect(warning).not.toContainText('Touch the screen');
  await expect.poll(async () => (await since()).length).toBeGreaterThan(0);
  const heard = await since();
  expect(heard[0]?.text).toMatch(/^Are you still there\?/);
  expect(texts(heard)).toContain('Press any key to continue.');
  expect(texts(heard)).not.toContain('Touch the screen');
  const reset = await mark(page);
  await page.clock.runFor(31_000);
  await screenReady(page, 'start');
  await expect(page.locator('html')).not.toHaveClass(/audio-mode/);
  await expect.poll(async () => texts(await reset())).toContain('Your session has ended');
  const said = await reset();
  expect(count(said, 'Your session has ended')).toBe(1);
  expect(said.find((u) => u.text.includes('Your session has ended'))?.lang).toBe('en-GB');
});

test('audio mode: "Loading…" is not said on every screen change, only once where loading lasts', async ({
  page,
  kiosk,
}) => {
  test.setTimeout(120_000);
  const choice = await firstFreeSlot(kiosk);
  // The details screen's code is held back until the test lets it through: a slow load.
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/DetailsScreen-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await startAudio(page, kiosk);
  const since = await mark(page);
  // Service, day and time come at once: nothing is said of loading them.
  await toTime(page, choice);
  await keyTo(page, page.locator(`[data-time="${choice.time}"]`), 'ArrowRight');
  expect(count(await since(), 'Loading'), texts(await since())).toBe(0);
  await page.keyboard.press('Enter');
  // The details take long: said once, after a second.
  await expect.poll(async () => count(await since(), 'Loading')).toBe(1);
  release();
  await screenReady(page, 'details');
  await page.keyboard.type(CUSTOMER.name);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.type(CUSTOMER.email);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.type(CUSTOMER.phone);
  await page.keyboard.press('Enter');
  await screenReady(page, 'review');
  await expect.poll(async () => texts(await since())).toContain('kept for you');
  await page.keyboard.press('Enter');
  await screenReady(page, 'confirmation');
  await expect.poll(async () => texts(await since())).toContain('You are booked');
  const said = await since();
  expect(count(said, 'Loading'), texts(said)).toBe(1);
  expect(said.find((u) => u.text.includes('Loading'))?.text).toBe('Loading…');
});
