/**
 * The keypad of audio mode, key by key (issue 31): which key moves, activates, goes back, asks
 * for help, repeats or changes the rate; which keys stay text in a text field; the calendar and
 * the on-screen keyboard; and where the keypad moves (a dialog over the screen, wrapping).
 * A fake speaker records what is said; the DOM is built here.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AudioController } from '../../renderer/access/audio-controller';
import { handleKey } from '../../renderer/access/keypad';
import {
  activate,
  backControl,
  calendarMove,
  firstItem,
  focusItem,
  keyRowMove,
  leaveKeyboard,
  navigationRoot,
  step,
} from '../../renderer/access/navigation';
import { RATE, type Speaker, type Spoken } from '../../renderer/access/speech';
import { SPEECH_TEXT } from '../../renderer/access/speech-text';

const en = SPEECH_TEXT.en;

class RecordingSpeaker implements Speaker {
  said: { parts: readonly Spoken[]; queue: boolean }[] = [];
  repeats = 0;
  rate = 1;
  say(parts: readonly Spoken[], options: { queue?: boolean } = {}): void {
    this.said.push({ parts, queue: options.queue === true });
  }
  repeat(): void {
    this.repeats++;
  }
  changeRate(steps: number): number {
    this.rate += steps * RATE.step;
    return this.rate;
  }
  stop(): void {}
  last(): string {
    return (this.said.at(-1)?.parts ?? []).map((p) => p.text).join(' ');
  }
}

let speaker: RecordingSpeaker;
let audio: AudioController;

beforeEach(() => {
  // jsdom lays nothing out: every element counts as shown unless hidden.
  vi.spyOn(Element.prototype, 'getClientRects').mockImplementation(
    () => [{ width: 10, height: 10 }] as unknown as DOMRectList,
  );
  // jsdom returns a selector list's matches grouped by selector (buttons, then links, then
  // inputs...), not in document order as a browser does: put them back in document order.
  const original = Object.getOwnPropertyDescriptor(Element.prototype, 'querySelectorAll')
    ?.value as (this: Element, selectors: string) => NodeListOf<Element>;
  vi.spyOn(Element.prototype, 'querySelectorAll').mockImplementation(function (
    this: Element,
    selector: string,
  ) {
    return [...original.call(this, selector)].sort((a, b) =>
      a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
    ) as unknown as NodeListOf<Element>;
  });
  document.documentElement.lang = 'en';
  speaker = new RecordingSpeaker();
  audio = new AudioController(speaker);
});

afterEach(() => {
  audio.stop();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

function press(key: string, init: KeyboardEventInit = {}): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, cancelable: true, bubbles: true, ...init });
  handleKey(event, audio);
  return event;
}

const focused = (): string => (document.activeElement as HTMLElement | null)?.id ?? '';

const screen = (): void => {
  document.body.innerHTML = `
    <main data-screen="service"><h1>How can we help?</h1>
      <button id="a" class="service-main">Cut</button>
      <button id="b">Colour</button>
      <button id="off" disabled>Closed</button>
      <button id="gone" hidden>Gone</button>
      <a id="c" href="#more">More</a>
      <footer class="action-bar"><button id="back" data-nav="back">Back</button></footer>
    </main>`;
};

describe('keys that move', () => {
  beforeEach(() => {
    screen();
    audio.start(en.welcome);
  });

  it('starts on the screen’s main choice and says it after the welcome', () => {
    expect(focused()).toBe('a');
    expect(speaker.last()).toBe(`${en.welcome} Cut`);
  });

  it.each([
    ['ArrowDown', {}, 'b'],
    ['ArrowRight', {}, 'b'],
    ['Tab', {}, 'b'],
    ['ArrowUp', {}, 'back'],
    ['ArrowLeft', {}, 'back'],
    ['Tab', { shiftKey: true }, 'back'],
  ] as const)('%s %o from the first item goes to #%s and says it', (key, init, id) => {
    const event = press(key, init);
    expect(event.defaultPrevented).toBe(true);
    expect(focused()).toBe(id);
    expect(speaker.last()).toBe(document.getElementById(id)?.textContent);
  });

  it('skips disabled and hidden items and wraps at the end', () => {
    press('ArrowDown');
    press('ArrowDown');
    expect(focused()).toBe('c');
    press('ArrowDown');
    expect(focused()).toBe('back');
    press('ArrowDown');
    expect(focused()).toBe('a');
  });

  it('leaves keys with Ctrl, Alt or Meta to the page', () => {
    for (const init of [{ ctrlKey: true }, { altKey: true }, { metaKey: true }]) {
      const event = press('ArrowDown', init);
      expect(event.defaultPrevented).toBe(false);
      expect(focused()).toBe('a');
    }
  });

  it('from outside the screen starts at its first item, or its last going back', () => {
    (document.activeElement as HTMLElement).blur();
    press('ArrowDown');
    expect(focused()).toBe('a');
    (document.activeElement as HTMLElement).blur();
    press('ArrowUp');
    expect(focused()).toBe('back');
  });

  it('with nothing focused (no HTML element), Backspace is no text and goes back', () => {
    const back = vi.fn();
    document.getElementById('back')?.addEventListener('click', back);
    vi.spyOn(document, 'activeElement', 'get').mockReturnValue(null);
    expect(press('Backspace').defaultPrevented).toBe(true);
    expect(back).toHaveBeenCalledTimes(1);
  });

  it('ignores other keys', () => {
    const event = press('x');
    expect(event.defaultPrevented).toBe(false);
    expect(focused()).toBe('a');
  });
});

describe('keys that act', () => {
  beforeEach(() => {
    screen();
    audio.start(en.welcome);
  });

  it('Escape and Backspace outside a text field press the screen’s back control', () => {
    const back = vi.fn();
    document.getElementById('back')?.addEventListener('click', back);
    expect(press('Escape').defaultPrevented).toBe(true);
    expect(back).toHaveBeenCalledTimes(1);
    expect(press('Backspace').defaultPrevented).toBe(true);
    expect(back).toHaveBeenCalledTimes(2);
  });

  it('going back on a screen without a back control does nothing', () => {
    document.getElementById('back')?.remove();
    expect(() => press('Escape')).not.toThrow();
    expect(focused()).toBe('a');
  });

  it('F1 and ? say the screen’s help; Home repeats; End says nothing was entered', () => {
    press('F1');
    expect(speaker.last()).toBe(en.help.service);
    const before = speaker.said.length;
    expect(press('?').defaultPrevented).toBe(true);
    expect(speaker.said.length).toBe(before + 1);
    expect(speaker.last()).toBe(en.help.service);
    expect(press('Home').defaultPrevented).toBe(true);
    expect(speaker.repeats).toBe(1);
    press('End');
    expect(speaker.last()).toBe(en.nothingEntered);
  });

  it('+ and - change the rate and say so', () => {
    press('+');
    expect(speaker.rate).toBeCloseTo(1 + RATE.step);
    expect(speaker.last()).toBe(en.faster);
    press('-');
    press('-');
    expect(speaker.rate).toBeCloseTo(1 - RATE.step);
    expect(speaker.last()).toBe(en.slower);
  });

  it('Enter and Space on a button are left to the button itself', () => {
    const click = vi.fn();
    document.getElementById('a')?.addEventListener('click', click);
    expect(press('Enter').defaultPrevented).toBe(false);
    expect(press(' ').defaultPrevented).toBe(false);
    expect(click).not.toHaveBeenCalled();
  });
});

describe('keys in a text field', () => {
  beforeEach(() => {
    document.body.innerHTML = `
      <main data-screen="details"><h1>Your details</h1>
        <form class="details-form">
          <label for="name">Name</label><input id="name">
          <label for="note">Note</label><textarea id="note"></textarea>
          <label for="agree">Agree</label><input id="agree" type="checkbox">
        </form>
        <footer class="action-bar"><button id="back" data-nav="back">Back</button></footer>
      </main>`;
    audio.start(en.welcome);
  });

  it('+, -, ? and Backspace are text in an input and a textarea', () => {
    const back = vi.fn();
    document.getElementById('back')?.addEventListener('click', back);
    for (const id of ['name', 'note']) {
      document.getElementById(id)?.focus();
      const said = speaker.said.length;
      for (const key of ['+', '-', '?', 'Backspace']) {
        expect(press(key).defaultPrevented).toBe(false);
      }
      expect(speaker.said.length).toBe(said);
      expect(speaker.rate).toBe(1);
    }
    expect(back).not.toHaveBeenCalled();
  });

  it('a checkbox is no text field: Backspace goes back, + changes the rate', () => {
    const back = vi.fn();
    document.getElementById('back')?.addEventListener('click', back);
    document.getElementById('agree')?.focus();
    expect(press('Backspace').defaultPrevented).toBe(true);
    expect(back).toHaveBeenCalledTimes(1);
    press('+');
    expect(speaker.rate).toBeCloseTo(1 + RATE.step);
  });

  it('Escape goes back even from a text field; arrows still move', () => {
    const back = vi.fn();
    document.getElementById('back')?.addEventListener('click', back);
    document.getElementById('name')?.focus();
    press('Escape');
    expect(back).toHaveBeenCalledTimes(1);
    press('ArrowDown');
    expect(focused()).toBe('note');
    expect(speaker.last()).toBe(`Note ${en.textField}, ${en.empty}`);
  });
});

describe('the on-screen keyboard', () => {
  const build = (): HTMLElement[] => {
    document.body.innerHTML = `
      <main data-screen="details">
        <label for="name">Name</label><input id="name">
        <div class="keyboard">
          <div class="hg-row"><div class="hg-button" id="k1" data-skbtn="1">1</div><div class="hg-button" id="k2" data-skbtn="2">2</div></div>
          <div class="hg-row"><div class="hg-button" id="kq" data-skbtn="q">q</div><div class="hg-button" id="kw" data-skbtn="w">w</div></div>
        </div>
        <button id="next" class="btn-next">Continue</button>
      </main>`;
    const keys = [...document.querySelectorAll<HTMLElement>('.hg-button')];
    keys.forEach((key, index) => {
      vi.spyOn(key, 'getBoundingClientRect').mockReturnValue({
        left: (index % 2) * 50,
        width: 40,
      } as DOMRect);
    });
    return keys;
  };

  it('a key gets focus as a button; Enter and Space press it with pointer events', () => {
    build();
    audio.start(en.welcome);
    const key = document.getElementById('k2') as HTMLElement;
    audio.moveTo(key);
    expect(focused()).toBe('k2');
    expect(key.getAttribute('tabindex')).toBe('-1');
    expect(key.getAttribute('role')).toBe('button');
    expect(speaker.last()).toBe('2');
    const seen: string[] = [];
    for (const type of ['pointerdown', 'pointerup', 'click']) {
      key.addEventListener(type, () => seen.push(type));
    }
    expect(press('Enter').defaultPrevented).toBe(true);
    expect(press(' ').defaultPrevented).toBe(true);
    expect(seen).toEqual(['pointerdown', 'pointerup', 'pointerdown', 'pointerup']);
  });

  it('up and down move a row to the nearest key, and out of the keyboard at its edges', () => {
    build();
    audio.start(en.welcome);
    audio.moveTo(document.getElementById('k2') as HTMLElement);
    press('ArrowDown');
    expect(focused()).toBe('kw');
    press('ArrowUp');
    expect(focused()).toBe('k2');
    press('ArrowUp'); // above the first row: the item before the keyboard, not key 1
    expect(focused()).toBe('name');
    expect(speaker.last()).toBe(`Name ${en.textField}, ${en.empty}`);
    audio.moveTo(document.getElementById('k1') as HTMLElement);
    press('ArrowDown');
    expect(focused()).toBe('kq');
    press('ArrowDown'); // below the last row: the item after the keyboard, not key w
    expect(focused()).toBe('next');
    expect(speaker.last()).toBe('Continue');
  });

  it('left and right move key by key', () => {
    build();
    audio.start(en.welcome);
    audio.moveTo(document.getElementById('k2') as HTMLElement);
    press('ArrowRight');
    expect(focused()).toBe('kq');
    press('ArrowLeft');
    press('ArrowLeft');
    expect(focused()).toBe('k1');
  });

  it('a row without keys under the key: the keypad moves on to the next item', () => {
    build();
    document
      .querySelector('.keyboard')
      ?.insertAdjacentHTML('beforeend', '<div class="hg-row"></div>');
    const root = document.querySelector('main') as Element;
    const w = document.getElementById('kw') as HTMLElement;
    expect(keyRowMove(w, 1)).toBeNull();
    expect(leaveKeyboard(root, w, 1)?.id).toBe('next');
  });

  it('a key keeps a tabindex it already has', () => {
    build();
    const key = document.getElementById('k1') as HTMLElement;
    key.setAttribute('tabindex', '0');
    focusItem(key);
    expect(key.getAttribute('tabindex')).toBe('0');
    expect(key.hasAttribute('role')).toBe(false);
  });

  it('keyRowMove and leaveKeyboard need a keyboard around the key', () => {
    document.body.innerHTML = `<main data-screen="x"><div class="hg-row"><div class="hg-button" id="k">k</div></div>
      <button id="b">B</button></main>`;
    const root = document.querySelector('main') as Element;
    const key = document.getElementById('k') as HTMLElement;
    expect(keyRowMove(key, 1)).toBeNull();
    expect(leaveKeyboard(root, key, 1)).toBeNull();
  });

  it('leaving a keyboard whose keys are all hidden finds nothing', () => {
    document.body.innerHTML = `<main data-screen="x"><div class="keyboard" hidden>
      <div class="hg-row"><div class="hg-button" id="k">k</div></div></div><button>B</button></main>`;
    const root = document.querySelector('main') as Element;
    expect(leaveKeyboard(root, document.getElementById('k') as Element, -1)).toBeNull();
  });

  it('a key at the screen’s last item has nothing after it: the keypad moves on', () => {
    document.body.innerHTML = `<main data-screen="x"><button id="first">First</button>
      <div class="keyboard"><div class="hg-row"><div class="hg-button" id="k">k</div></div></div></main>`;
    audio.start(en.welcome);
    audio.moveTo(document.getElementById('k') as HTMLElement);
    press('ArrowDown');
    expect(focused()).toBe('first'); // wrapped by the ordinary move
  });
});

describe('the calendar', () => {
  beforeEach(() => {
    document.body.innerHTML = `<main data-screen="day"><h1>Choose a day</h1>
      <button id="prev">Previous month</button>
      ${[2, 3, 4, 9, 10, 11, 16]
        .map(
          (d) =>
            `<button class="day day-open" id="d${d}" data-date="2026-12-${String(d).padStart(2, '0')}">${d}</button>`,
        )
        .join('')}
      <button class="day" id="d5" data-date="2026-12-05" disabled>5</button>
      <button id="after">Next month</button></main>`;
    audio.start(en.welcome);
  });

  it('starts on the first open day', () => {
    expect(focused()).toBe('d2');
  });

  it('right and left move a day, down and up a week, over closed days', () => {
    press('ArrowRight');
    expect(focused()).toBe('d3');
    press('ArrowDown');
    expect(focused()).toBe('d10');
    press('ArrowLeft');
    expect(focused()).toBe('d9');
    press('ArrowUp');
    expect(focused()).toBe('d2');
    audio.moveTo(document.getElementById('d4') as HTMLElement);
    press('ArrowRight'); // 5 is closed
    expect(focused()).toBe('d9');
  });

  it('at the month’s edge the keypad moves to the next or previous item', () => {
    press('ArrowLeft');
    expect(focused()).toBe('prev');
    audio.moveTo(document.getElementById('d16') as HTMLElement);
    press('ArrowDown');
    expect(focused()).toBe('after');
  });

  it('Tab leaves the calendar one item at a time, not by day', () => {
    audio.moveTo(document.getElementById('d4') as HTMLElement);
    press('Tab');
    expect(focused()).toBe('d9'); // the next item in the screen's order (5 is disabled)
    press('Tab', { shiftKey: true });
    expect(focused()).toBe('d4');
  });

  it('a day without a date moves nowhere by day', () => {
    const root = document.querySelector('main') as Element;
    const button = document.getElementById('prev') as Element;
    expect(calendarMove(root, button, 1)).toBeNull();
  });
});

describe('where the keypad works', () => {
  it('in an open dialog over the screen, not on the screen under it', () => {
    document.body.innerHTML = `
      <main data-screen="time"><button id="slot" class="slot">10:45</button></main>
      <div role="dialog" aria-label="Sure?"><button id="yes">Yes</button><button id="no">No</button></div>`;
    expect(navigationRoot()?.getAttribute('role')).toBe('dialog');
    audio.moveTo(document.getElementById('yes') as HTMLElement);
    press('ArrowDown');
    expect(focused()).toBe('no');
    press('ArrowDown');
    expect(focused()).toBe('yes');
  });

  it('a hidden dialog does not count; of several screens, the visible one', () => {
    document.body.innerHTML = `
      <main data-screen="old" id="old"><button>Old</button></main>
      <main data-screen="new" id="new"><button>New</button></main>
      <div role="alertdialog" hidden><button>Gone</button></div>`;
    expect(navigationRoot()?.id).toBe('new');
    document.getElementById('new')?.setAttribute('hidden', '');
    expect(navigationRoot()?.id).toBe('old');
    document.getElementById('old')?.setAttribute('hidden', '');
    expect(navigationRoot()).toBeNull();
  });

  it('no screen at all: keys move nowhere and go back nowhere', () => {
    document.body.innerHTML = `<button id="lonely">Lonely</button>`;
    expect(navigationRoot()).toBeNull();
    press('ArrowDown');
    press('Escape');
    expect(focused()).toBe('');
    expect(speaker.said).toEqual([]);
  });

  it('a screen without items: no step', () => {
    document.body.innerHTML = `<main data-screen="empty"><h1>Nothing</h1></main>`;
    const root = document.querySelector('main') as Element;
    expect(step(root, null, 1)).toBeNull();
    expect(firstItem(root)).toBeNull();
  });

  it('the first item follows the screen’s order of preference', () => {
    document.body.innerHTML = `<main data-screen="time">
      <button id="other">Other</button>
      <button class="slot" id="s1">9:00</button>
      <button class="slot" id="s2" aria-pressed="true">9:30</button>
      <button class="btn-hero" id="hero" hidden>Hero</button>
    </main>`;
    const root = document.querySelector('main') as Element;
    expect(firstItem(root)?.id).toBe('s2'); // what was chosen before, the hidden hero skipped
    document.getElementById('s2')?.removeAttribute('aria-pressed');
    expect(firstItem(root)?.id).toBe('s1');
  });

  it('the back control must be enabled', () => {
    document.body.innerHTML = `<main data-screen="x"><button data-nav="back" disabled>Back</button></main>`;
    const root = document.querySelector('main') as Element;
    expect(backControl(root)).toBeNull();
  });

  it('activating a field focuses it; anything else is clicked', () => {
    document.body.innerHTML = `<main data-screen="x"><input id="i"><textarea id="t"></textarea>
      <button id="b">B</button></main>`;
    const click = vi.fn();
    document.getElementById('i')?.addEventListener('click', click);
    document.getElementById('b')?.addEventListener('click', click);
    activate(document.getElementById('i') as HTMLElement);
    expect(focused()).toBe('i');
    activate(document.getElementById('t') as HTMLElement);
    expect(focused()).toBe('t');
    expect(click).not.toHaveBeenCalled();
    audio.activate(document.getElementById('b') as HTMLElement);
    expect(click).toHaveBeenCalledTimes(1);
  });
});
