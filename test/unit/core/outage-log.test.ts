/**
 * Issue 30: a long outage must not flood the log (29 lines a minute pushed a weekend's useful
 * history out of the 5 MB file). The core's own pieces on a clock the test moves: the status
 * events with the real tracker and outbox store, and the upstream client's and mirror's
 * repeat-quiet loggers, fed at the cadence of a real outage (a failed request every 3 s, the
 * mirror backing off every 2 min, a status announcement with each) for 72 hours.
 */
import { describe, expect, it } from 'vitest';
import { createEventHub } from '../../../electron/core/status/events';
import { createStatusEvents } from '../../../electron/core/status/status-events';
import { SyncStatusTracker } from '../../../electron/core/status/sync-status';
import { createLogger, silentLogger } from '../../../electron/core/platform/log';
import { QUIET_EVERY_MS, quietRepeats } from '../../../electron/core/platform/log-quiet';
import { createMemoryOutboxStore } from '../../../electron/core/outbox/store';

const HOUR = 3_600_000;
const START = Date.parse('2026-11-27T18:00:00Z');

function rig() {
  let now = START;
  const lines: string[] = [];
  const logger = (prefix: string) =>
    createLogger(prefix, {
      level: 'info',
      sink: (line) => lines.push(line),
      now: () => new Date(now),
    });
  const tracker = new SyncStatusTracker(
    () => 'remote',
    () => now,
  );
  const status = createStatusEvents({
    status: tracker,
    store: createMemoryOutboxStore(),
    events: createEventHub(silentLogger),
    log: logger('core:status'),
    now: () => now,
    storageFull: () => false,
    refused: () => 0,
    budget: () => undefined,
  });
  // As the upstream client and the mirror build theirs.
  const client = quietRepeats(logger('core:upstream'), () => now, {
    keyFields: ['method', 'reason', 'status', 'field'],
  });
  const mirror = quietRepeats(logger('core:mirror'), () => now, {
    keyFields: ['task', 'reason', 'status'],
  });
  return {
    lines,
    tracker,
    status,
    client,
    mirror,
    at: () => now,
    set: (ms: number) => void (now = ms),
  };
}

describe('a 72 h outage in the log', () => {
  it('says when the state changed and once an hour that it still is: under 200 lines a day', () => {
    const r = rig();
    r.tracker.onAnswer({ status: 200, rateLimit: null, serverDate: null, receivedAt: START });
    r.status.emitStatus();
    const perDay = [0, 0, 0];
    for (let t = START; t < START + 72 * HOUR; t += 3_000) {
      r.set(t);
      const before = r.lines.length;
      r.client.warn('request failed', {
        method: 'GET',
        path: `/availability?d=${t}`,
        reason: 'connect',
      });
      r.tracker.onNetworkFailure(t, 'connect');
      if ((t - START) % 120_000 === 0)
        r.mirror.warn('upstream unreachable; mirror backs off', { delayMs: 120_000 });
      r.status.emitStatus();
      const day = Math.floor((t - START) / (24 * HOUR));
      perDay[day] = (perDay[day] ?? 0) + r.lines.length - before;
    }
    expect(perDay.every((count) => count > 0 && count < 200)).toBe(true);
    expect(r.lines.filter((line) => / upstream offline /.test(line))).toHaveLength(1);
    expect(r.lines.filter((line) => /upstream still offline/.test(line)).length).toBe(71);
    // A repeated line, when written again, says how many were held back.
    expect(r.lines.some((line) => /"repeatedSinceLastLine":1199/.test(line))).toBe(true);

    // The API returns: said at once, with how long it was away.
    r.set(START + 72 * HOUR);
    r.tracker.onAnswer({ status: 200, rateLimit: null, serverDate: null, receivedAt: r.at() });
    r.status.emitStatus();
    expect(r.lines.at(-1)).toMatch(/upstream online .*"after":"offline","forMinutes":4320/);
  });

  it('a new reason is a change: written at once; errors are never held back', () => {
    const r = rig();
    r.client.warn('request failed', { method: 'GET', path: '/a', reason: 'connect' });
    r.client.warn('request failed', { method: 'GET', path: '/b', reason: 'connect' });
    r.client.warn('request failed', { method: 'GET', path: '/c', reason: 'timeout' });
    r.client.error('outbox row set aside', { localId: 'x' });
    r.client.error('outbox row set aside', { localId: 'y' });
    expect(r.lines).toHaveLength(4);
    r.set(START + QUIET_EVERY_MS);
    r.client.warn('request failed', { method: 'GET', path: '/d', reason: 'connect' });
    expect(r.lines.at(-1)).toMatch(/request failed .*"reason":"connect","repeatedSinceLastLine":1/);
  });

  it('each change says why (the reason offline, the HTTP status of an API with problems, the queue), at its level', () => {
    const r = rig();
    const said = () => r.lines.map((line) => line.replace(/^\S+ /, ''));
    // The first state of a start is said only when it is not the good one.
    r.tracker.onAnswer({ status: 200, rateLimit: null, serverDate: null, receivedAt: START });
    r.status.emitStatus();
    expect(said()).toEqual([]);
    r.tracker.onNetworkFailure(START, 'timeout');
    r.status.emitStatus();
    r.set(START + 60_000);
    r.tracker.onAnswer({ status: 503, rateLimit: null, serverDate: null, receivedAt: r.at() });
    r.status.emitStatus();
    r.set(START + 60_000 + QUIET_EVERY_MS);
    r.status.emitStatus();
    r.tracker.onAnswer({ status: 200, rateLimit: null, serverDate: null, receivedAt: r.at() });
    r.status.emitStatus();
    // Online, with answers: no hourly line.
    r.set(START + 60_000 + 3 * QUIET_EVERY_MS);
    r.tracker.onAnswer({ status: 200, rateLimit: null, serverDate: null, receivedAt: r.at() });
    r.status.emitStatus();
    expect(said()).toEqual([
      'WARN core:status: upstream offline {"reason":"timeout","queued":0,"after":"online","forMinutes":0}',
      'WARN core:status: upstream problems {"status":503,"queued":0,"after":"offline","forMinutes":1}',
      'INFO core:status: upstream still problems {"status":503,"queued":0,"forMinutes":60}',
      'INFO core:status: upstream online {"queued":0,"after":"problems","forMinutes":60}',
    ]);
  });

  it('a start that finds the API away says so at once', () => {
    const r = rig();
    r.tracker.onNetworkFailure(START, 'connect');
    r.status.emitStatus();
    expect(r.lines.map((line) => line.replace(/^\S+ /, ''))).toEqual([
      'WARN core:status: upstream offline {"reason":"connect","queued":0}',
    ]);
  });
});
