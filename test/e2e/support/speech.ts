/**
 * Audio mode in the browser (issue 31) without real audio: an init script replaces the page's
 * `speechSynthesis` with a recorder that keeps each utterance's text, language and rate and the
 * screen it was said on, and offers voices for the languages a test names (none for the rest,
 * as on a kiosk where IT installed only some).
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './stack';

export interface Utterance {
  text: string;
  lang: string;
  rate: number;
  screen: string | null;
}

/** The recorder; `voices`: the language tags the fake platform has a voice for. */
export async function recordSpeech(page: Page, voices: string[]): Promise<void> {
  // A string: this project's TypeScript for tests has no DOM types (as in screens.ts).
  await page.addInitScript(`(() => {
    const spoken = [];
    const list = ${JSON.stringify(voices)}.map((lang) => ({
      lang, name: 'fake ' + lang, default: false, localService: true, voiceURI: lang,
    }));
    class Utterance {
      constructor(text) { this.text = text; this.lang = ''; this.rate = 1; this.voice = null; }
    }
    const screen = () =>
      document.querySelector('main[data-screen]')?.getAttribute('data-screen') ?? null;
    const fake = {
      speak: (u) => spoken.push({ text: u.text, lang: u.lang, rate: u.rate, screen: screen() }),
      cancel: () => undefined,
      getVoices: () => list,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
    Object.defineProperty(window, 'speechSynthesis', { value: fake, configurable: true });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
    Object.defineProperty(window, '__spoken', { value: spoken });
  })()`);
}

export function spoken(page: Page): Promise<Utterance[]> {
  return page.evaluate<Utterance[]>('window.__spoken.slice()');
}

/** The text said since the `from`-th utterance, joined. */
export async function saidSince(page: Page, from: number): Promise<string> {
  return (await spoken(page))
    .slice(from)
    .map((u) => u.text)
    .join(' | ');
}

/** Waits until something said since `from` contains `text`. */
export async function expectSaid(page: Page, from: number, text: string | RegExp): Promise<void> {
  await expect
    .poll(() => saidSince(page, from), { timeout: 10_000 })
    .toMatch(typeof text === 'string' ? new RegExp(escape(text)) : text);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The screen takes input (its tap guard is open): keys pressed earlier are dropped on purpose. */
export async function screenReady(page: Page, screen: string): Promise<void> {
  await expect(page.locator(`[data-screen="${screen}"]`).first()).toBeVisible();
  await expect(page.locator('.tap-guard').first()).toHaveAttribute('data-tap-guard', 'open');
}

export function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate(
    (element: unknown) =>
      element ===
      (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
  );
}

/** Presses `key` until `target` has focus (the keypad's way to an item), at most `max` times. */
export async function keyTo(
  page: Page,
  target: Locator,
  key = 'ArrowDown',
  max = 80,
): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
  }
  expect(await isFocused(target), `${key} reached the item`).toBe(true);
}
