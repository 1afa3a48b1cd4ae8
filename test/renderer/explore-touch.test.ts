/**
 * Explore by touch in audio mode (issue 31): one touch says the item under the finger and
 * focuses it (the page never sees the touch), a double tap activates the item last said, a
 * two-finger swipe goes back; mouse and pen are left alone. jsdom lays nothing out: the test
 * says which elements are under a point (`document.elementsFromPoint`), and sets each event's
 * time stamp itself (no clock involved).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AudioController } from '../../renderer/access/audio-controller';
import { DOUBLE_TAP, installExploreByTouch } from '../../renderer/access/explore-touch';
import { RATE, type Speaker, type Spoken } from '../../renderer/access/speech';
import { SPEECH_TEXT } from '../../renderer/access/speech-text';

const en = SPEECH_TEXT.en;

class RecordingSpeaker implements Speaker {
  said: { parts: readonly Spoken[]; queue: boolean }[] = [];
  rate = 1;
  say(parts: readonly Spoken[], options: { queue?: boolean } = {}): void {
    this.said.push({ parts, queue: options.queue === true });
  }
  repeat(): void {}
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
let uninstall: () => void;
/** The page's own handlers: what a touch would have reached without audio mode. */
let pageSaw: string[];
const pageListener = (event: Event): void => {
  pageSaw.push(event.type);
};

/** Rows of 100 px: an element with data-row="n" lies under every point with y in [100n, 100n+100). */
function elementsAt(_x: number, y: number): Element[] {
  const row = String(Math.floor(y / 100));
  const hit = document.querySelector(`[data-row="${row}"]`);
  if (!hit) return [document.body, document.documentElement];
  const chain: Element[] = [];
  for (let at: Element | null = hit; at; at = at.parentElement) chain.push(at);
  return chain;
}

beforeEach(() => {
  vi.spyOn(Element.prototype, 'getClientRects').mockImplementation(
    () => [{ width: 10, height: 10 }] as unknown as DOMRectList,
  );
  Object.defineProperty(document, 'elementsFromPoint', {
    value: elementsAt,
    configurable: true,
    writable: true,
  });
  document.documentElement.lang = 'en';
  document.body.innerHTML = `
    <main data-screen="service">
      <h1 data-row="0">How can we help?</h1>
      <button id="cut" class="service-main"><span data-row="1">Cut</span></button>
      <button id="colour" data-row="2">Colour</button>
      <p data-row="3">Prices include tax.</p>
      <div data-row="4"><span>decoration</span></div>
      <button id="hidden" hidden data-row="5">Hidden</button>
      <footer class="action-bar"><button id="back" data-nav="back" data-row="6">Back</button></footer>
    </main>
    <button id="outside" data-row="7">Outside the screen</button>`;
  pageSaw = [];
  for (const type of ['pointerdown', 'pointermove', 'pointerup']) {
    document.body.addEventListener(type, pageListener);
  }
  speaker = new RecordingSpeaker();
  audio = new AudioController(speaker);
  audio.start(en.welcome);
  uninstall = installExploreByTouch(audio);
});

afterEach(() => {
  uninstall();
  audio.stop();
  vi.restoreAllMocks();
  delete (document as { elementsFromPoint?: unknown }).elementsFromPoint;
  document.body.innerHTML = '';
});

function pointer(
  type: 'pointerdown' | 'pointermove' | 'pointerup' | 'pointercancel',
  options: { x?: number; y: number; id?: number; at?: number; kind?: string },
): PointerEvent {
  const event = new PointerEvent(type, {
    bubbles: true,
    cancelable: true,
    clientX: options.x ?? 50,
    clientY: options.y,
    pointerId: options.id ?? 1,
    pointerType: options.kind ?? 'touch',
  });
  Object.defineProperty(event, 'timeStamp', { value: options.at ?? 0 });
  document.body.dispatchEvent(event);
  return event;
}

function tap(y: number, at: number, x = 50, id = 1): void {
  pointer('pointerdown', { x, y, id, at });
  pointer('pointerup', { x, y, id, at: at + 50 });
}

const focused = (): string => (document.activeElement as HTMLElement | null)?.id ?? '';

describe('one touch', () => {
  it('says and focuses the item under the finger; the page never sees the touch', () => {
    expect(focused()).toBe('cut');
    tap(250, 0);
    expect(focused()).toBe('colour');
    expect(speaker.last()).toBe('Colour');
    // Inside an item (the label of a button): the item.
    tap(150, 10_000);
    expect(focused()).toBe('cut');
    expect(speaker.last()).toBe('Cut');
    expect(pageSaw).toEqual([]);
  });

  it('the down event is swallowed (no default, the page does not see it)', () => {
    const down = pointer('pointerdown', { y: 250 });
    expect(down.defaultPrevented).toBe(true);
    const up = pointer('pointerup', { y: 250, at: 40 });
    expect(up.defaultPrevented).toBe(true);
    expect(pageSaw).toEqual([]);
  });

  it('says a title or a line of text under the finger without moving focus', () => {
    tap(50, 0);
    expect(speaker.last()).toBe('How can we help?');
    expect(focused()).toBe('cut');
    tap(350, 10_000);
    expect(speaker.last()).toBe('Prices include tax.');
  });

  it('says nothing over decoration, a hidden item or what is outside the screen', () => {
    const before = speaker.said.length;
    tap(450, 0);
    tap(550, 10_000);
    tap(750, 20_000);
    tap(950, 30_000); // nothing there at all
    expect(speaker.said.length).toBe(before);
    expect(focused()).toBe('cut');
  });

  it('a finger that moves more than a tap says nothing', () => {
    const before = speaker.said.length;
    pointer('pointerdown', { y: 250, at: 0 });
    const move = pointer('pointermove', { y: 290, at: 20 });
    expect(move.defaultPrevented).toBe(true);
    pointer('pointerup', { y: 290, at: 40 });
    expect(speaker.said.length).toBe(before);
    expect(focused()).toBe('cut');
  });

  it('a small wobble is still a tap', () => {
    pointer('pointerdown', { y: 250, at: 0 });
    pointer('pointermove', { x: 60, y: 260, at: 20 });
    pointer('pointerup', { x: 60, y: 260, at: 40 });
    expect(focused()).toBe('colour');
  });

  it('mouse and pen are left to the page', () => {
    for (const kind of ['mouse', 'pen']) {
      const down = pointer('pointerdown', { y: 250, kind });
      pointer('pointermove', { y: 260, kind });
      pointer('pointerup', { y: 250, kind });
      expect(down.defaultPrevented).toBe(false);
    }
    expect(pageSaw).toEqual([
      'pointerdown',
      'pointermove',
      'pointerup',
      'pointerdown',
      'pointermove',
      'pointerup',
    ]);
    expect(focused()).toBe('cut');
  });

  it('a move or lift of a finger never put down is left alone', () => {
    const move = pointer('pointermove', { y: 250, id: 9 });
    const up = pointer('pointerup', { y: 250, id: 9 });
    expect(move.defaultPrevented).toBe(false);
    expect(up.defaultPrevented).toBe(false);
    expect(focused()).toBe('cut');
  });

  it('a cancelled touch is forgotten: its lift does nothing', () => {
    const before = speaker.said.length;
    pointer('pointerdown', { y: 250, at: 0 });
    pointer('pointercancel', { y: 250, at: 20 });
    pointer('pointerup', { y: 250, at: 40 });
    expect(speaker.said.length).toBe(before);
    expect(focused()).toBe('cut');
  });

  it('after uninstalling, touches reach the page again', () => {
    uninstall();
    tap(250, 0);
    expect(pageSaw).toEqual(['pointerdown', 'pointerup']);
    expect(focused()).toBe('cut');
    uninstall = () => undefined;
  });
});

describe('double tap', () => {
  it('activates the item last said, wherever the second tap is close to the first', () => {
    const clicks = vi.fn();
    document.getElementById('colour')?.addEventListener('click', clicks);
    tap(250, 0);
    tap(260, 300, 70); // 300 ms later, 22 px away
    expect(clicks).toHaveBeenCalledTimes(1);
    // A third tap is a new first tap: it says, it does not activate again.
    tap(250, 500);
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(speaker.last()).toBe('Colour');
  });

  it('two taps too far apart in time are two single taps', () => {
    const clicks = vi.fn();
    document.getElementById('colour')?.addEventListener('click', clicks);
    tap(250, 0);
    tap(250, DOUBLE_TAP.ms + 100);
    expect(clicks).not.toHaveBeenCalled();
  });

  it('two taps too far apart in place are two single taps, each said', () => {
    const clicks = vi.fn();
    document.getElementById('colour')?.addEventListener('click', clicks);
    document.getElementById('cut')?.addEventListener('click', clicks);
    tap(250, 0);
    tap(150, 200);
    expect(clicks).not.toHaveBeenCalled();
    expect(focused()).toBe('cut');
  });

  it('at its limits (same place, exactly the time allowed) it still counts', () => {
    const clicks = vi.fn();
    document.getElementById('colour')?.addEventListener('click', clicks);
    tap(250, 0);
    // The second tap's lift is DOUBLE_TAP.ms after the first one's.
    tap(250, DOUBLE_TAP.ms);
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('activates nothing when the first tap found no item or the item is gone', () => {
    const clicks = vi.fn();
    document.getElementById('colour')?.addEventListener('click', clicks);
    tap(350, 0); // text, no item
    tap(350, 200);
    expect(clicks).not.toHaveBeenCalled();
    tap(250, 10_000);
    document.getElementById('colour')?.remove();
    tap(250, 10_200);
    expect(clicks).not.toHaveBeenCalled();
  });
});

describe('two-finger swipe', () => {
  const swipe = (dx: number, dy: number): void => {
    pointer('pointerdown', { x: 100, y: 250, id: 1, at: 0 });
    pointer('pointerdown', { x: 100, y: 350, id: 2, at: 5 });
    pointer('pointermove', { x: 100 + dx, y: 250 + dy, id: 1, at: 50 });
    pointer('pointermove', { x: 100 + dx, y: 350 + dy, id: 2, at: 55 });
    pointer('pointerup', { x: 100 + dx, y: 250 + dy, id: 1, at: 100 });
    pointer('pointerup', { x: 100 + dx, y: 350 + dy, id: 2, at: 105 });
  };

  it('sideways goes back once, for both fingers', () => {
    const back = vi.fn();
    document.getElementById('back')?.addEventListener('click', back);
    swipe(-120, 10);
    expect(back).toHaveBeenCalledTimes(1);
    swipe(120, 0);
    expect(back).toHaveBeenCalledTimes(2);
    expect(pageSaw).toEqual([]);
  });

  it('too short or mostly up and down is no swipe, and no tap either', () => {
    const back = vi.fn();
    document.getElementById('back')?.addEventListener('click', back);
    const before = speaker.said.length;
    swipe(60, 0);
    swipe(90, 120);
    expect(back).not.toHaveBeenCalled();
    expect(speaker.said.length).toBe(before);
  });

  it('two fingers that stay put are no tap', () => {
    const before = speaker.said.length;
    swipe(0, 0);
    expect(speaker.said.length).toBe(before);
    // The next single finger is a tap again.
    tap(250, 1_000);
    expect(focused()).toBe('colour');
  });

  it('a tap before a swipe is no first half of a double tap after it', () => {
    const clicks = vi.fn();
    document.getElementById('colour')?.addEventListener('click', clicks);
    tap(250, 0);
    swipe(-120, 0);
    tap(250, 150);
    expect(clicks).not.toHaveBeenCalled();
  });
});
