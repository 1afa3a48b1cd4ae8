import { describe, expect, it } from 'vitest';
import { createLogger } from '../../electron/core/platform/log';
import { startUpdates, type InstallGate } from '../../electron/main/updates';
import { FakeUpdater } from './fake-updater';

/** Timers the test runs by hand. */
function manualTimers() {
  const intervals = new Map<number, () => void>();
  let next = 1;
  return {
    intervals,
    setInterval: (callback: () => void) => {
      intervals.set(next, callback);
      return next++;
    },
    clearInterval: (handle: unknown) => void intervals.delete(handle as number),
  };
}

type Counts = { sending: number; dueNow: number };
function gate(state: { counts: Counts; screen: string }): InstallGate {
  return {
    outboxIdle: () => state.counts.sending === 0 && state.counts.dueNow === 0,
    onIdleScreen: () => Promise.resolve(state.screen === 'start'),
  };
}

function setup(feedUrl: string | null = 'https://updates.example.com/frontdesk') {
  const updater = new FakeUpdater();
  const state = { counts: { sending: 0, dueNow: 0 }, screen: 'start' };
  const timers = manualTimers();
  let built = 0;
  const build = () => {
    built++;
    return updater;
  };
  const lines: string[] = [];
  const log = createLogger('updates', { level: 'info', sink: (line) => lines.push(line) });
  const updates = startUpdates({ updater: build, feedUrl, gate: gate(state), log, timers });
  return { updater, state, timers, updates, built: () => built, lines };
}

describe('updates', () => {
  it('stay off without an update URL: no feed, no check, never an install', async () => {
    const { updater, updates, built } = setup(null);
    expect(updates.status()).toEqual({ state: 'off', version: null });
    expect(built()).toBe(0); // electron-updater's updater is never even created
    expect(updater.feed).toBeNull();
    expect(updater.checks).toBe(0);
    expect(await updates.tryInstall()).toBe(false);
    expect(updater.installs).toEqual([]);
  });

  it('check the generic feed at start and download in the background', () => {
    const { updater, updates, lines } = setup();
    updater.logger?.info('Checking for update'); // electron-updater's own messages reach our log
    expect(lines.at(-1)).toMatch(/INFO updates: updater: Checking for update$/);
    expect(updater.feed).toEqual({
      provider: 'generic',
      url: 'https://updates.example.com/frontdesk',
    });
    expect(updater.autoDownload).toBe(true);
    expect(updater.autoInstallOnAppQuit).toBe(false);
    expect(updater.checks).toBe(1);
    updater.fire('update-available', { version: '1.5.0' });
    expect(updates.status()).toEqual({ state: 'downloading', version: '1.5.0' });
    updater.fire('update-downloaded', { version: '1.5.0' });
    expect(updates.status()).toEqual({ state: 'ready', version: '1.5.0' });
  });

  it('install only after two idle checks in a row on the start screen with an idle outbox', async () => {
    const { updater, state, updates } = setup();
    updater.fire('update-downloaded', { version: '1.5.0' });
    expect(await updates.tryInstall()).toBe(false); // first idle check
    expect(await updates.tryInstall()).toBe(true);
    expect(updater.installs).toEqual([[true, true]]);
    expect(await updates.tryInstall()).toBe(false); // once only
    expect(state.screen).toBe('start');
  });

  it.each([
    ['a booking is being sent', { sending: 1, dueNow: 0 }, 'start'],
    ['a queued booking is due', { sending: 0, dueNow: 2 }, 'start'],
    ['a customer is choosing a time', { sending: 0, dueNow: 0 }, 'time'],
  ])('never install while %s', async (_why, counts, screen) => {
    const { updater, state, updates } = setup();
    updater.fire('update-downloaded', { version: '1.5.0' });
    Object.assign(state, { counts, screen });
    for (let i = 0; i < 5; i++) expect(await updates.tryInstall()).toBe(false);
    expect(updater.installs).toEqual([]);
    // Once the kiosk is idle again the update goes in, after two idle checks.
    Object.assign(state, { counts: { sending: 0, dueNow: 0 }, screen: 'start' });
    await updates.tryInstall();
    expect(await updates.tryInstall()).toBe(true);
  });

  it('start over counting when the kiosk is busy between two idle checks', async () => {
    const { updater, state, updates } = setup();
    updater.fire('update-downloaded', { version: '1.5.0' });
    await updates.tryInstall();
    state.screen = 'details';
    await updates.tryInstall();
    state.screen = 'start';
    expect(await updates.tryInstall()).toBe(false);
    expect(await updates.tryInstall()).toBe(true);
  });

  it('run the gate on a timer once downloaded, and stop the timers after installing', async () => {
    const { updater, timers } = setup();
    expect(timers.intervals.size).toBe(1); // the periodic check
    updater.fire('update-downloaded', { version: '1.5.0' });
    expect(timers.intervals.size).toBe(2);
    const gateTick = [...timers.intervals.values()][1];
    gateTick?.();
    await Promise.resolve();
    gateTick?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(updater.installs).toHaveLength(1);
    expect(timers.intervals.size).toBe(0);
  });

  it('report a failed check as an error and keep a ready update ready', () => {
    const { updater, updates } = setup();
    updater.fire('error', new Error('ENOTFOUND updates.example.com'));
    expect(updates.status().state).toBe('error');
    updater.fire('update-downloaded', { version: '1.5.0' });
    updater.fire('error', new Error('later failure'));
    expect(updates.status()).toEqual({ state: 'ready', version: '1.5.0' });
  });
});
