/**
 * IT's `access.tapGuardMs` reaches every screen's tap guard: a new screen ignores taps that long
 * (800 ms by default, issue 19), and 0 turns the guard off.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeKioskClient } from './support/fake-kiosk-client';
import { renderApp, settle, tap } from './support/render-app';

afterEach(() => {
  cleanup();
  document.documentElement.className = '';
});

/** The guard of the screen the customer is on. */
function guard(): string | null {
  return document.querySelector('.tap-guard')?.getAttribute('data-tap-guard') ?? null;
}

describe("the tap guard's length from IT's access config", () => {
  it('by default a new screen ignores taps, and the spot of the tap that opened it stays dead', async () => {
    renderApp(new FakeKioskClient());
    await settle();
    await tap('Touch to start');
    expect(guard()).toBe('armed');
    expect(document.querySelector('.tap-shield')).not.toBeNull();
  });

  it('0 turns it off: the next screen takes taps at once, with no shield over the last tap', async () => {
    renderApp(
      new FakeKioskClient({ access: { reachLinePercent: 50, largeText: false, tapGuardMs: 0 } }),
    );
    await settle();
    await tap('Touch to start');
    expect(guard()).toBe('open');
    expect(document.querySelector('.tap-shield')).toBeNull();
  });
});
