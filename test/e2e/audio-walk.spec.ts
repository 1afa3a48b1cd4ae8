/**
 * Issue 38, acceptance: a walk in audio mode with the keyboard only, in English, German and
 * Arabic, from the start screen to a confirmation, pressing Escape once on every screen and
 * coming back. What is said at each turn is asserted (where the customer is, what Enter does,
 * in the customer's language; the shop's texts in the shop's content language), and the whole
 * recorded speech of each walk (text and language, in order) is written to
 * `$AUDIO_WALK_DIR/audio-walk-<lang>.txt` (default test-results/) to be read with eyes closed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { CUSTOMER, firstFreeSlot } from './support/flow';
import { keyTo, recordSpeech, screenReady, spoken, type Utterance } from './support/speech';
import { ACCESS_DEFAULTS } from '../../shared/access-defaults';
import { expect, openKiosk, setUpKiosk, test } from './support/stack';

const TAGS = { en: 'en-GB', de: 'de-DE', ar: 'ar' } as const;
type Lang = keyof typeof TAGS;
const LANGUAGE_NAMES: Record<Lang, string> = { en: 'English', de: 'Deutsch', ar: 'العربية' };

/** What the walk expects to hear, in each language (part of a sentence). */
const HEARD: Record<
  Lang,
  {
    startAgain: string;
    enterStarts: string;
    chosenLanguage: string;
    book: string;
    booked: string;
  }
> = {
  en: {
    startAgain: 'Start screen',
    enterStarts: 'Press Enter to start a booking',
    chosenLanguage: 'English is chosen',
    book: 'Book now',
    booked: 'booked',
  },
  de: {
    startAgain: 'Startseite',
    enterStarts: 'Enter beginnt eine Buchung',
    chosenLanguage: 'Deutsch ist gewählt',
    book: 'Jetzt buchen',
    booked: 'gebucht',
  },
  ar: {
    startAgain: 'شاشة البداية',
    enterStarts: 'اضغط Enter لبدء حجز',
    chosenLanguage: 'العربية مختارة',
    book: 'احجز الآن',
    booked: 'تم',
  },
};

// The demo shop's services and people are German (server/demo seed): the shop's content
// language, set by IT in the machine config (issue 38 item 7).
// Audio mode as a customer hears it: the kiosk's own tap guard (the screen speaks before it takes keys).
test.use({ kioskOptions: { contentLanguage: 'de' }, tapGuardMs: ACCESS_DEFAULTS.tapGuardMs });

const walkDir = process.env.AUDIO_WALK_DIR ?? 'test-results';

function transcript(all: readonly Utterance[]): string {
  return all.map((u) => `[${u.screen ?? '-'}] (${u.lang}) ${u.text}`).join('\n') + '\n';
}

/** Runs `action` and returns what was said while it happened and until `settled` holds. */
async function hear(
  page: Page,
  action: () => Promise<void>,
  settled: (said: Utterance[]) => boolean,
): Promise<Utterance[]> {
  const from = (await spoken(page)).length;
  await action();
  let said: Utterance[] = [];
  await expect
    .poll(async () => {
      said = (await spoken(page)).slice(from);
      return settled(said);
    })
    .toBe(true);
  return said;
}

const joined = (said: readonly Utterance[]): string => said.map((u) => u.text).join(' | ');

for (const lang of ['en', 'de', 'ar'] as const) {
  test(`issue 38 acceptance: an audio walk with Escape on every screen, in ${lang}`, async ({
    page,
    kiosk,
  }) => {
    test.setTimeout(180_000);
    const words = HEARD[lang];
    const choice = await firstFreeSlot(kiosk);
    const slots = (await kiosk.call('getTimeSlots', {
      date: choice.date,
      serviceId: choice.serviceId,
    })) as { timeSlots: { time: string; employeeName?: string }[] };
    const employee = slots.timeSlots.find((s) => s.time === choice.time)?.employeeName ?? '';
    await recordSpeech(page, ['en-GB', 'de-DE', 'ar-SA']);
    await setUpKiosk(kiosk);
    await openKiosk(page, kiosk);
    try {
      // Start: any key turns audio mode on; the language is chosen with the keypad.
      await screenReady(page, 'start');
      await expect(async () => {
        await page.keyboard.press('ArrowDown');
        await expect(page.locator('html')).toHaveClass(/audio-mode/, { timeout: 2000 });
      }).toPass();
      await expect(page.locator('.btn-hero')).toBeFocused();
      const language = page.locator('.language-choice button', { hasText: LANGUAGE_NAMES[lang] });
      await keyTo(page, language);
      if (lang !== 'en') {
        await page.keyboard.press('Enter');
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
      }
      // Enter on the language already chosen (item 2): said so, and how to go on.
      const again = await hear(
        page,
        () => page.keyboard.press('Enter'),
        (said) => joined(said).includes(words.chosenLanguage),
      );
      expect.soft(again.every((u) => u.lang === TAGS[lang])).toBe(true);
      await keyTo(page, page.locator('.btn-hero'), 'ArrowUp');
      await page.keyboard.press('Enter');

      // Services, then Escape: the start screen again, said in the customer's language (item 1).
      await screenReady(page, 'service');
      const back = await hear(
        page,
        () => page.keyboard.press('Escape'),
        (said) => joined(said).includes(words.enterStarts),
      );
      expect.soft(joined(back)).toContain(words.startAgain);
      expect.soft(back.every((u) => u.lang === TAGS[lang])).toBe(true);
      await screenReady(page, 'start');
      await expect(page.locator('html')).toHaveClass(/audio-mode/);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('.btn-hero')).toBeFocused();

      // Services: the service's title in the shop's content language (item 7).
      const service = await hear(
        page,
        () => page.keyboard.press('Enter'),
        (said) => said.some((u) => u.text.includes(choice.serviceTitle)),
      );
      await screenReady(page, 'service');
      const title = page.locator('.service-main', { hasText: choice.serviceTitle });
      await keyTo(page, title);
      const saidTitle = service.filter((u) => u.text.includes(choice.serviceTitle));
      expect.soft(saidTitle.map((u) => u.lang)).toEqual(saidTitle.map(() => 'de-DE'));
      await page.keyboard.press('Enter');

      // Day, Escape, back to the service (focus on it), Enter: the day screen again.
      await screenReady(page, 'day');
      await page.keyboard.press('Escape');
      await screenReady(page, 'service');
      await keyTo(page, title);
      await page.keyboard.press('Enter');
      await screenReady(page, 'day');
      // Next month and back (item 4): the month shown is said.
      const next = page.getByRole('button', { name: /Next month|Nächster Monat|الشهر التالي/ });
      await keyTo(page, next, 'Tab');
      const month = await hear(
        page,
        () => page.keyboard.press('Enter'),
        (said) => said.length > 0,
      );
      await expect(page.locator('.calendar-month')).toHaveText(month.map((u) => u.text).join(' '));
      await keyTo(
        page,
        page.getByRole('button', { name: /Previous month|Voriger Monat|الشهر السابق/ }),
        'Tab',
      );
      await page.keyboard.press('Enter');
      if (choice.nextMonth) await page.keyboard.press('Enter');
      await keyTo(page, page.locator(`[data-date="${choice.date}"]`), 'Tab');
      await page.keyboard.press('Enter');

      // Time, Escape: the day screen with the chosen day in focus; Enter: the time screen again.
      await screenReady(page, 'time');
      await page.keyboard.press('Escape');
      await screenReady(page, 'day');
      await expect(page.locator(`[data-date="${choice.date}"]`)).toBeFocused();
      await page.keyboard.press('Enter');
      await screenReady(page, 'time');
      // The person of the chosen time (item 4): who, and how many free times they have.
      const chip = page.locator('.chip', { hasText: employee });
      await keyTo(page, chip, 'ArrowRight');
      await hear(
        page,
        () => page.keyboard.press('Enter'),
        (said) => said.some((u) => u.text.includes(employee)),
      );
      const slot = page.locator(`[data-time="${choice.time}"]`);
      await keyTo(page, slot, 'ArrowRight');
      await page.keyboard.press('Enter');

      // Details, Escape: the time screen with the chosen time in focus; Enter: the details again.
      await screenReady(page, 'details');
      await page.keyboard.press('Escape');
      await screenReady(page, 'time');
      await expect(slot).toBeFocused();
      await page.keyboard.press('Enter');
      await screenReady(page, 'details');
      await expect(page.locator('#field-name')).toBeFocused();
      await page.keyboard.type(CUSTOMER.name);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.type(CUSTOMER.email);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.type(CUSTOMER.phone);
      await page.keyboard.press('Enter');

      // Review, Escape: the details, filled; Enter on the phone: the review again, then book.
      await screenReady(page, 'review');
      await page.keyboard.press('Escape');
      await screenReady(page, 'details');
      await keyTo(page, page.locator('#field-phone'));
      await page.keyboard.press('Enter');
      await screenReady(page, 'review');
      const confirm = page.getByRole('button', { name: words.book });
      await expect(confirm).toBeFocused();
      await expect(confirm).toBeEnabled();
      await page.keyboard.press('Enter');

      // The confirmation: its number and time said; Escape does not undo a booking.
      await screenReady(page, 'confirmation');
      const number = (await page.getByTestId('appointment-number').textContent()) ?? '';
      await expect
        .poll(async () => joined((await spoken(page)).filter((u) => u.screen === 'confirmation')))
        .toContain(number);
      await page.keyboard.press('Escape');
      await expect(page.locator('[data-screen="confirmation"]')).toBeVisible();
      const all = await spoken(page);
      const review = all.filter((u) => u.screen === 'review');
      // Book now once per arrival on the review (twice in this walk), "Booking…" once (item 3).
      expect.soft(review.filter((u) => u.text.includes(words.book)).length).toBe(2);
      // The language buttons say their names in their own languages; the rest is the screen's.
      const ui = all.filter((u) => u.lang !== 'de-DE' && u.screen !== 'start');
      expect.soft(ui.filter((u) => u.lang !== TAGS[lang]).map((u) => u.text)).toEqual([]);
      expect.soft(joined(all)).toContain(words.booked);
    } finally {
      mkdirSync(walkDir, { recursive: true });
      writeFileSync(join(walkDir, `audio-walk-${lang}.txt`), transcript(await spoken(page)));
    }
  });
}
