/**
 * Touch gestures through Chromium's DevTools protocol (a tablet's finger, not a mouse): a touch,
 * a double tap, a tap with three fingers, a swipe with two.
 *
 * Time: the page compares the time stamps of taps (a double tap is two within 500 ms). Chromium
 * stamps touch events with the page clock, so a test pauses it (`page.clock.pauseAt`) and moves
 * it on between gestures: the two taps of `doubleTap` share one instant, and every gesture
 * after it is `gapMs` later, however slow the machine is.
 */
import type { Locator, Page } from '@playwright/test';

interface Point {
  x: number;
  y: number;
}

export interface Finger {
  /** One touch at `at`: explore by touch says what is there. */
  touch(at: Point): Promise<void>;
  /** Two taps at one instant of the paused page clock. */
  doubleTap(at: Point): Promise<void>;
  /** Touches with several fingers at once and lifts them (no movement). */
  multiTap(points: Point[]): Promise<void>;
  /** Two fingers moving `dx` px sideways. */
  swipe(from: Point, dx: number): Promise<void>;
}

export async function centre(target: Locator): Promise<Point> {
  const box = await target.boundingBox();
  if (!box) throw new Error('no box to touch');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A finger on the page, whose clock must be paused; each gesture ends `gapMs` of page time later. */
export async function finger(page: Page, gapMs = 1000): Promise<Finger> {
  const cdp = await page.context().newCDPSession(page);
  const send = (type: 'touchStart' | 'touchEnd' | 'touchMove', points: Point[]): Promise<unknown> =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })),
    });
  const tap = async (at: Point): Promise<void> => {
    await send('touchStart', [at]);
    await send('touchEnd', []);
  };
  const gap = (): Promise<void> => page.clock.runFor(gapMs);
  return {
    async touch(at) {
      await tap(at);
      await gap();
    },
    async doubleTap(at) {
      await tap(at);
      await tap(at);
      await gap();
    },
    async multiTap(points) {
      await send('touchStart', points);
      await send('touchEnd', []);
      await gap();
    },
    async swipe(from, dx) {
      const two = [from, { x: from.x, y: from.y + 80 }];
      await send('touchStart', two);
      for (let i = 1; i <= 4; i++) {
        await send(
          'touchMove',
          two.map((p) => ({ x: p.x + (dx * i) / 4, y: p.y })),
        );
      }
      await send('touchEnd', []);
      await gap();
    },
  };
}
