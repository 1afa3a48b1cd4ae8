/**
 * Audio mode's parts on a DOM of their own (issue 31): what is said of an item and a screen
 * (never personal data unasked), where the keypad moves (the calendar by day and week, the
 * on-screen keyboard by row), the speaker (a new sentence cuts the old, the rate's bounds) and
 * which languages have a voice. The whole flow in Chromium: test/e2e/audio-mode.spec.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AudioController } from '../../renderer/access/audio-controller';
import {
  describe as describeItem,
  personalDetails,
  screenSummary,
} from '../../renderer/access/describe';
import { handleKey } from '../../renderer/access/keypad';
import { calendarMove, keyRowMove } from '../../renderer/access/navigation';
import {
  createSpeaker,
  RATE,
  voiceAvailability,
  type Speaker,
  type Spoken,
} from '../../renderer/access/speech';
import { SPEECH_TEXT, helpScreen } from '../../renderer/access/speech-text';

const en = SPEECH_TEXT.en;

/** A speaker that keeps what it was asked to say (the controller's only output). */
class RecordingSpeaker implements Speaker {
  said: { parts: readonly Spoken[]; queue: boolean }[] = [];
  rate = 1;
  say(parts: readonly Spoken[], options: { queue?: boolean } = {}): void {
    this.said.push({ parts, queue: options.queue === true });
  }
  repeat(): void {
    this.said.push(this.said[this.said.length - 1] ?? { parts: [], queue: false });
  }
  changeRate(steps: number): number {
    this.rate += steps * RATE.step;
    return this.rate;
  }
  stop(): void {}
  text(): string {
    return this.said.flatMap((s) => s.parts.map((p) => p.text)).join(' | ');
  }
}

beforeEach(() => {
  // jsdom lays nothing out: every element counts as shown (a box of 10x10 at its place).
  vi.spyOn(Element.prototype, 'getClientRects').mockImplementation(
    () => [{ width: 10, height: 10 }] as unknown as DOMRectList,
  );
  document.documentElement.lang = 'en';
});

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('what audio mode says', () => {
  it('names an item with its state; a field by its label, never by what was typed', () => {
    document.body.innerHTML = `
      <main data-screen="details">
        <button aria-pressed="true">Anna</button>
        <label for="field-name">Name</label><input id="field-name" value="Ada Lovelace">
        <label for="field-email">E-mail</label><input id="field-email" type="email" value="">
      </main>`;
    const text = (selector: string): string =>
      describeItem(document.querySelector(selector) as Element, en)
        .map((p) => p.text)
        .join(' ');
    expect(text('button')).toBe('Anna chosen');
    expect(text('#field-name')).toBe(`Name ${en.textField}, ${en.filled}`);
    expect(text('#field-name')).not.toContain('Ada');
    expect(text('#field-email')).toBe(`E-mail ${en.textField}, ${en.empty}`);
  });

  it('says a screen without the customer’s details, each piece in its own language', () => {
    document.body.innerHTML = `
      <main data-screen="review">
        <h1>Please check your booking</h1>
        <dl class="summary">
          <div class="summary-row"><dt>Service</dt><dd lang="de">Damenhaarschnitt</dd></div>
          <div class="summary-row"><dt>Time</dt><dd>10:45</dd></div>
          <div class="summary-row" data-personal><dt>Name</dt><dd>Ada Lovelace</dd></div>
        </dl>
        <p class="lead" data-personal>A confirmation has been sent to ada@example.com.</p>
      </main>`;
    const main = document.querySelector('main') as Element;
    const summary = screenSummary(main);
    expect(summary).toEqual([
      { text: 'Please check your booking Service', lang: 'en' },
      { text: 'Damenhaarschnitt', lang: 'de' },
      { text: 'Time 10:45', lang: 'en' },
    ]);
    // Asked for (End): the details, and only then.
    const asked = personalDetails(main)
      .map((p) => p.text)
      .join(' ');
    expect(asked).toContain('Ada Lovelace');
    expect(asked).toContain('ada@example.com');
  });

  it('has help for every walk-in screen', () => {
    expect(helpScreen('add-service')).toBe('service');
    expect(helpScreen('visit-confirmation')).toBe('done');
    expect(helpScreen('receipt')).toBe('other');
    for (const words of Object.values(SPEECH_TEXT)) {
      for (const help of Object.values(words.help)) expect(help.length).toBeGreaterThan(10);
    }
  });
});

describe('where the keypad moves', () => {
  const calendar = (): Element => {
    document.body.innerHTML = `<main data-screen="day">${[2, 3, 4, 9, 10, 11, 16]
      .map((d) => `<button data-date="2026-12-${String(d).padStart(2, '0')}">${d}</button>`)
      .join('')}<button data-date="2026-12-05" disabled>5</button></main>`;
    return document.querySelector('main') as Element;
  };
  const dateOf = (element: Element | null): string | null =>
    element?.getAttribute('data-date') ?? null;

  it('moves the calendar by a day and a week, over days that cannot be chosen', () => {
    const root = calendar();
    const from = (date: string): Element => root.querySelector(`[data-date="${date}"]`) as Element;
    expect(dateOf(calendarMove(root, from('2026-12-02'), 1))).toBe('2026-12-03');
    expect(dateOf(calendarMove(root, from('2026-12-04'), 1))).toBe('2026-12-09'); // 5 is closed
    expect(dateOf(calendarMove(root, from('2026-12-02'), 7))).toBe('2026-12-09');
    expect(dateOf(calendarMove(root, from('2026-12-16'), -7))).toBe('2026-12-09');
    expect(dateOf(calendarMove(root, from('2026-12-04'), 7))).toBe('2026-12-11');
    // The month's edge: the keypad then moves on to the next item.
    expect(calendarMove(root, from('2026-12-16'), 1)).toBeNull();
    expect(calendarMove(root, from('2026-12-02'), -1)).toBeNull();
  });

  it('moves the on-screen keyboard by row to the nearest key', () => {
    document.body.innerHTML = `<div class="keyboard">
      <div class="hg-row"><div class="hg-button" data-skbtn="1">1</div><div class="hg-button" data-skbtn="2">2</div></div>
      <div class="hg-row"><div class="hg-button" data-skbtn="q">q</div><div class="hg-button" data-skbtn="w">w</div></div>
    </div>`;
    const keys = [...document.querySelectorAll('.hg-button')];
    keys.forEach((key, index) => {
      vi.spyOn(key, 'getBoundingClientRect').mockReturnValue({
        left: (index % 2) * 50,
        width: 40,
      } as DOMRect);
    });
    expect(keyRowMove(keys[1] as Element, 1)?.getAttribute('data-skbtn')).toBe('w');
    expect(keyRowMove(keys[2] as Element, -1)?.getAttribute('data-skbtn')).toBe('1');
    expect(keyRowMove(keys[0] as Element, -1)).toBeNull();
  });

  it('keypad: arrows move and say, Escape goes back, + is text in a field, End reads the details', () => {
    document.body.innerHTML = `
      <main data-screen="details"><h1>Your details</h1>
        <form class="details-form">
          <label for="field-phone">Phone</label><input id="field-phone" value="+49 30">
        </form>
        <button class="btn-next">Continue</button>
        <footer class="action-bar"><button data-nav="back">Back</button></footer>
      </main>`;
    const speaker = new RecordingSpeaker();
    const audio = new AudioController(speaker);
    audio.start(en.welcome);
    const press = (key: string): KeyboardEvent => {
      const event = new KeyboardEvent('keydown', { key, cancelable: true });
      handleKey(event, audio);
      return event;
    };
    expect(document.activeElement?.id).toBe('field-phone');
    expect(speaker.text()).toContain('Audio mode is on.');
    expect(speaker.text()).not.toContain('+49');

    expect(press('+').defaultPrevented).toBe(false); // typed into the phone number
    press('ArrowDown');
    expect(document.activeElement?.textContent).toBe('Continue');
    expect(speaker.said.at(-1)?.parts[0]?.text).toBe('Continue');

    press('+');
    expect(speaker.rate).toBe(1 + RATE.step);
    expect(speaker.said.at(-1)?.parts[0]?.text).toBe(en.faster);

    press('End');
    expect(speaker.said.at(-1)?.parts.map((p) => p.text)).toEqual(['Phone', '+49 30']);

    const back = vi.fn();
    document.querySelector('[data-nav="back"]')?.addEventListener('click', back);
    press('Escape');
    expect(back).toHaveBeenCalledTimes(1);
    audio.stop();
  });
});

describe('what appears on its own', () => {
  it('says a new alert dialog (title, text, its focused button) and a new status, then a new screen', async () => {
    document.body.innerHTML = `<main data-screen="time"><h1>Choose a time</h1>
      <button class="slot">10:45</button></main>`;
    const speaker = new RecordingSpeaker();
    const audio = new AudioController(speaker);
    audio.start(en.welcome);
    // The controller reads changes after the frame that shows them (rAF, then a task): two
    // frames on, it has.
    const frame = (): Promise<void> =>
      new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const tick = async (): Promise<void> => {
      await frame();
      await frame();
    };

    // The idle warning (any role="alertdialog"): said at once, cutting what was being said.
    const dialog = document.createElement('div');
    dialog.innerHTML = `<div role="alertdialog" aria-labelledby="t" aria-describedby="b">
      <h2 id="t">Are you still there?</h2><p id="b">The kiosk starts over in 20 seconds.</p>
      <button>I'm still here</button></div>`;
    document.body.append(dialog);
    await tick();
    const warned = speaker.said.at(-1);
    expect(warned?.queue).toBe(false);
    expect(warned?.parts.map((p) => p.text).join(' ')).toBe(
      "Are you still there? The kiosk starts over in 20 seconds. I'm still here",
    );
    expect(document.activeElement?.textContent).toBe("I'm still here");

    // Gone again: focus back where it was on the screen.
    dialog.remove();
    await tick();
    expect(document.activeElement?.textContent).toBe('10:45');

    // A status (a waiting state): queued behind what is being said.
    const status = document.createElement('p');
    status.setAttribute('role', 'status');
    status.textContent = 'Checking that this time is still free…';
    document.querySelector('main')?.append(status);
    await tick();
    expect(speaker.said.at(-1)).toEqual({
      parts: [{ text: 'Checking that this time is still free…', lang: 'en' }],
      queue: true,
    });

    // A new screen: its title, then its first choice, which gets focus.
    document.body.innerHTML = `<main data-screen="service"><h1>How can we help?</h1>
      <button class="service-main">Cut</button></main>`;
    await tick();
    expect(speaker.said.at(-1)?.parts.map((p) => p.text)).toEqual(['How can we help?', 'Cut']);
    expect(document.activeElement?.textContent).toBe('Cut');
    audio.stop();
  });
});

describe('the speaker', () => {
  interface Uttered {
    text: string;
    lang: string;
    rate: number;
  }
  let uttered: Uttered[];
  let cancels: number;

  beforeEach(() => {
    uttered = [];
    cancels = 0;
    class Utterance {
      lang = '';
      rate = 1;
      voice: unknown = null;
      constructor(public text: string) {}
    }
    vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
    vi.stubGlobal('speechSynthesis', {
      speak: (u: Uttered) => uttered.push({ text: u.text, lang: u.lang, rate: u.rate }),
      cancel: () => void cancels++,
      getVoices: () => [{ lang: 'en-GB' }, { lang: 'de_DE' }, { lang: 'ar-SA' }],
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('cuts the old sentence for a new one, queues when asked, repeats, keeps the rate in bounds', () => {
    const speaker = createSpeaker();
    speaker.say([{ text: 'Choose a service', lang: 'en' }]);
    speaker.say([{ text: 'Damenhaarschnitt', lang: 'de' }], { queue: true });
    expect(cancels).toBe(1);
    expect(uttered.map((u) => [u.text, u.lang])).toEqual([
      ['Choose a service', 'en-GB'],
      ['Damenhaarschnitt', 'de-DE'],
    ]);
    speaker.repeat();
    expect(cancels).toBe(2);
    expect(uttered.slice(2).map((u) => u.text)).toEqual(['Choose a service', 'Damenhaarschnitt']);
    for (let i = 0; i < 20; i++) speaker.changeRate(1);
    speaker.say([{ text: 'fast', lang: 'en' }]);
    expect(uttered.at(-1)?.rate).toBe(RATE.max);
    for (let i = 0; i < 20; i++) speaker.changeRate(-1);
    expect(speaker.changeRate(0)).toBe(RATE.min);
  });

  it('tells per language whether the platform has a voice', async () => {
    expect(await voiceAvailability()).toEqual({
      de: true,
      en: true,
      tr: false,
      pl: false,
      uk: false,
      ar: true,
    });
  });
});
