/**
 * Issue 31, audio mode: a whole booking from the start screen to the confirmation with the
 * keyboard only (never a tap or a click) in English, German and Arabic, with `speechSynthesis`
 * recorded: each screen and each focus change said in the screen's language, the confirmation's
 * number and time said, the customer's name never said unless asked for (End). Also with two
 * services in one visit, and a language without a voice saying so on screen.
 */
import type { Page } from '@playwright/test';
import { addDays } from '../../shared/booking/time';
import { CUSTOMER, firstFreeSlot, kioskToday } from './support/flow';
import { axeViolations, describeViolations } from './support/axe';
import { expectSaid, keyTo, recordSpeech, screenReady, spoken } from './support/speech';
import { ACCESS_DEFAULTS } from '../../shared/access-defaults';
import { expect, openKiosk, setUpKiosk, test, type Kiosk } from './support/stack';

// Audio mode as a customer hears it: the kiosk's own tap guard (the screen speaks before it takes keys).
test.use({ tapGuardMs: ACCESS_DEFAULTS.tapGuardMs });

const TAGS = { en: 'en-GB', de: 'de-DE', ar: 'ar' } as const;
type Lang = keyof typeof TAGS;
const LANGUAGE_NAMES: Record<Lang, string> = { en: 'English', de: 'Deutsch', ar: 'العربية' };
const BOOK_NOW: Record<Lang, string> = { en: 'Book now', de: 'Jetzt buchen', ar: 'احجز الآن' };

/** The start screen: any key starts audio mode; then the language, chosen with the keypad. */
async function startAudio(page: Page, kiosk: Kiosk, lang: Lang): Promise<void> {
  await recordSpeech(page, ['en-GB', 'de-DE', 'ar-SA', 'tr-TR', 'pl-PL']);
  await setUpKiosk(kiosk);
  await openKiosk(page, kiosk);
  await screenReady(page, 'start');
  await page.keyboard.press('ArrowDown');
  await expectSaid(page, 0, 'Audio mode is on.');
  await expect(page.locator('.btn-hero')).toBeFocused();
  await expect(page.locator('html')).toHaveClass(/audio-mode/);
  if (lang !== 'en') {
    const before = (await spoken(page)).length;
    const button = page.locator('.language-choice button', { hasText: LANGUAGE_NAMES[lang] });
    await keyTo(page, button);
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    // The screen again, in its new language.
    await expect
      .poll(async () => (await spoken(page)).slice(before).some((u) => u.lang === TAGS[lang]))
      .toBe(true);
    await keyTo(page, page.locator('.btn-hero'), 'ArrowUp');
  }
  await page.keyboard.press('Enter');
  await screenReady(page, 'service');
}

/** The keypad from the service list to the time screen, for a service and a day. */
async function serviceAndDay(page: Page, title: string, date: string, axe = false): Promise<void> {
  if (axe) await expectAxe22(page, 'service');
  await keyTo(page, page.locator('.service-main', { hasText: title }));
  await page.keyboard.press('Enter');
  await screenReady(page, 'day');
  await expect(page.locator('.day-open').first()).toBeFocused();
  if (axe) await expectAxe22(page, 'day');
  await keyTo(page, page.locator(`[data-date="${date}"]`), 'ArrowRight');
  await page.keyboard.press('Enter');
  await screenReady(page, 'time');
  if (axe) await expectAxe22(page, 'time');
}

/** Details typed on the keyboard (letters as always), one key of the on-screen keyboard by the keypad. */
async function details(page: Page, axe = false): Promise<void> {
  await screenReady(page, 'details');
  await expect(page.locator('#field-name')).toBeFocused();
  if (axe) await expectAxe22(page, 'details');
  await page.keyboard.type(CUSTOMER.name);
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('#field-email')).toBeFocused();
  await page.keyboard.type(CUSTOMER.email);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.type(CUSTOMER.phone);
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('#field-notes')).toBeFocused();
  // The on-screen keyboard: arrows move over its keys, each key said, Enter types it.
  const from = (await spoken(page)).length;
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('.hg-button').first()).toBeFocused();
  await page.keyboard.press('ArrowRight');
  const key = page.locator('.hg-button').nth(1);
  await expect(key).toBeFocused();
  const letter = ((await key.getAttribute('data-skbtn')) ?? '').trim();
  await expectSaid(page, from, letter);
  await page.keyboard.press('Enter');
  await expect(page.locator('#field-notes')).toHaveValue(letter);
  // Up from the top row leaves the keyboard; up again to the phone, where Enter submits.
  await page.keyboard.press('ArrowUp');
  await expect(page.locator('#field-notes')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.locator('#field-phone')).toBeFocused();
  await page.keyboard.press('Enter');
}

/** Review: Book now gets focus once the time is checked; End says the details, asked for. */
async function reviewAndBook(page: Page, lang: Lang, axe = false): Promise<void> {
  await screenReady(page, 'review');
  const confirm = page.getByRole('button', { name: BOOK_NOW[lang] });
  await expect(confirm).toBeEnabled();
  await expect(confirm).toBeFocused();
  if (axe) await expectAxe22(page, 'review');
  expect((await spoken(page)).map((u) => u.text).join(' ')).not.toContain(CUSTOMER.name);
  const before = (await spoken(page)).length;
  await page.keyboard.press('End');
  await expectSaid(page, before, CUSTOMER.name);
  await page.keyboard.press('Enter');
}

/** axe with the WCAG 2.2 AA rule set on the screen as it is: no violation of any impact. */
async function expectAxe22(page: Page, label: string): Promise<void> {
  const found = describeViolations(
    await axeViolations(page, { tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }),
  );
  expect(found, `axe (WCAG 2.2 AA) in audio mode on ${label}`).toEqual([]);
}

/** Every utterance of a screen in the screen's language or the shop's data language (en). */
async function expectLanguages(page: Page, lang: Lang, screens: string[]): Promise<void> {
  const all = await spoken(page);
  for (const screen of screens) {
    const here = all.filter((u) => u.screen === screen);
    expect(here.length, `said on ${screen}`).toBeGreaterThan(0);
    expect(
      here.some((u) => u.lang === TAGS[lang]),
      `${screen} in ${lang}`,
    ).toBe(true);
    for (const u of here) expect([TAGS[lang], 'en-GB'], `${screen}: ${u.text}`).toContain(u.lang);
  }
}

for (const lang of ['en', 'de', 'ar'] as const) {
  test(`audio mode: a whole booking with the keyboard only, in ${lang}`, async ({
    page,
    kiosk,
  }) => {
    test.setTimeout(120_000);
    const choice = await firstFreeSlot(kiosk);
    await startAudio(page, kiosk, lang);
    // axe (WCAG 2.2 AA) on every screen in audio mode, once (English).
    const axe = lang === 'en';
    await serviceAndDay(page, choice.serviceTitle, choice.date, axe);
    const slot = page.locator(`[data-time="${choice.time}"]`);
    await keyTo(page, slot, 'ArrowRight');
    await page.keyboard.press('Enter');
    await details(page, axe);
    await reviewAndBook(page, lang, axe);

    await screenReady(page, 'confirmation');
    if (axe) await expectAxe22(page, 'confirmation');
    const number = (await page.getByTestId('appointment-number').textContent()) ?? '';
    const booked = (await spoken(page)).filter((u) => u.screen === 'confirmation');
    const said = booked.map((u) => u.text).join(' ');
    expect(said).toContain(number);
    // The time as the screen shows it (Latin digits in Arabic too).
    expect(said).toContain(choice.time);
    // The name only when asked for (End on the review), never on the confirmation.
    expect(said).not.toContain(CUSTOMER.name);
    expect(said).not.toContain(CUSTOMER.email);
    await expectLanguages(page, lang, [
      'service',
      'day',
      'time',
      'details',
      'review',
      'confirmation',
    ]);

    // Home repeats the last sentence, F1 helps, + speaks faster.
    const before = (await spoken(page)).length;
    await page.keyboard.press('Home');
    await expect.poll(async () => (await spoken(page)).length).toBeGreaterThan(before);
    await page.keyboard.press('+');
    await expect.poll(async () => (await spoken(page)).at(-1)?.rate).toBe(1.25);
    await page.keyboard.press('F1');
    await expect.poll(async () => (await spoken(page)).length).toBeGreaterThan(before + 2);
    // Finish ends the session: the next customer starts without audio mode.
    await keyTo(page, page.getByRole('button', { name: /Finish|Abschließen|إنهاء/ }));
    await page.keyboard.press('Enter');
    await screenReady(page, 'start');
    await expect(page.locator('html')).not.toHaveClass(/audio-mode/);
  });
}

test('audio mode: two services in one visit with the keyboard only', async ({ page, kiosk }) => {
  test.setTimeout(150_000);
  const now = kioskToday(kiosk);
  const date = addDays(now.date, 3);
  const times = (await kiosk.call('getVisitTimes', {
    date,
    serviceIds: ['svc-damen-schnitt', 'svc-faerben'],
  })) as { offers: { time: string }[] };
  const first = times.offers[0];
  if (!first) throw new Error(`no visit fits on ${date}`);
  await startAudio(page, kiosk, 'en');
  await serviceAndDay(page, 'Damenhaarschnitt', date);
  await keyTo(page, page.getByTestId('add-service'));
  await page.keyboard.press('Enter');
  await screenReady(page, 'add-service');
  await keyTo(page, page.locator('.service-main', { hasText: 'Färben' }));
  await page.keyboard.press('Enter');
  await screenReady(page, 'time');
  await expect(page.getByTestId('visit-services')).toContainText('Färben');
  await keyTo(page, page.locator(`[data-time="${first.time}"]`), 'ArrowRight');
  await page.keyboard.press('Enter');
  await details(page);
  await reviewAndBook(page, 'en');
  await screenReady(page, 'visit-confirmation');
  const said = (await spoken(page))
    .filter((u) => u.screen === 'visit-confirmation')
    .map((u) => u.text)
    .join(' ');
  expect(said).toContain('Your visit is booked');
  for (const line of await page.locator('.visit-line-state strong').allTextContents())
    expect(said).toContain(line);
  expect(said).toContain(first.time);
  expect(said).not.toContain(CUSTOMER.name);
  await expectLanguages(page, 'en', ['service', 'add-service', 'day', 'time', 'review']);
});

test('audio mode: a language without a voice says so on screen; axe finds nothing', async ({
  page,
  kiosk,
}) => {
  await startAudio(page, kiosk, 'en');
  await expect(page.getByTestId('audio-no-voice')).toHaveCount(0);
  await expectAxe22(page, 'service');
  await page.keyboard.press('Escape');
  await screenReady(page, 'start');
  await keyTo(page, page.locator('.language-choice button', { hasText: 'Українська' }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('audio-no-voice')).toBeVisible();
  await expect(page.getByTestId('audio-no-voice')).toContainText('голосу');
  await expectAxe22(page, 'start, no voice for Ukrainian');
});
