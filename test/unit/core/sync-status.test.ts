import { describe, expect, it } from 'vitest';
import {
  MAX_CLOCK_SKEW_MS,
  ONLINE_FRESH_MS,
  SLOW_ANSWER_MS,
  SyncStatusTracker,
} from '../../../electron/core/status/sync-status';
import { SyncStatus } from '../../../shared/kiosk-data';
import { syncState } from '../../../shared/sync-state';

const counts = { queued: 2, unknown: 1 };
const answer = (skewMs: number) => ({
  rateLimit: { limit: 60, remaining: 42, resetAt: 1_800_000_060_000 },
  serverDate: 1_800_000_000_000 + skewMs,
  receivedAt: 1_800_000_000_000,
});

describe('SyncStatusTracker', () => {
  it('issue 39 item 6: starts unknown (not offline) until an answer or a failed connection; a re-target is unknown again', () => {
    const tracker = new SyncStatusTracker(
      () => 'remote',
      () => 0,
    );
    expect(tracker.snapshot(counts)).toMatchObject({ online: false, known: false });
    expect(syncState(tracker.snapshot(counts))).toBe('unknown');
    tracker.onAnswer(answer(0));
    expect(tracker.snapshot(counts)).not.toHaveProperty('known');
    expect(syncState(tracker.snapshot(counts))).toBe('online');
    tracker.reset();
    expect(syncState(tracker.snapshot(counts))).toBe('unknown');
    tracker.onNetworkFailure(5, 'connect');
    expect(syncState(tracker.snapshot(counts))).toBe('offline');
    expect(SyncStatus.parse(tracker.snapshot(counts))).not.toHaveProperty('known');
  });

  it('is not online until the API answers, then reports the rate limit and the clock skew', () => {
    const tracker = new SyncStatusTracker(() => 'remote');
    expect(tracker.snapshot(counts)).toMatchObject({
      online: false,
      mode: 'offline',
      rateLimit: null,
      clockSkewMs: null,
      lastSyncAt: null,
    });
    tracker.onAnswer(answer(3_000));
    tracker.onSuccess(1_800_000_000_000);
    expect(tracker.snapshot(counts)).toMatchObject({
      online: true,
      mode: 'enabled',
      queued: 2,
      unknown: 1,
      clockSkewMs: 3_000,
      lastError: null,
      rateLimit: { limit: 60, remaining: 42, resetAt: '2027-01-15T08:01:00.000Z' },
      lastSyncAt: '2027-01-15T08:00:00.000Z',
    });
  });

  it('reports a clock skew over two minutes as a configuration error', () => {
    const tracker = new SyncStatusTracker(() => 'remote');
    tracker.onAnswer(answer(-(MAX_CLOCK_SKEW_MS + 5_000)));
    expect(tracker.snapshot(counts).lastError).toMatch(/clock/);
    tracker.onAnswer(answer(MAX_CLOCK_SKEW_MS - 5_000));
    expect(tracker.snapshot(counts).lastError).toBeNull();
  });

  it('a refused key pauses, and says so before anything else', () => {
    const tracker = new SyncStatusTracker(() => 'embedded');
    tracker.onAnswer(answer(10 * MAX_CLOCK_SKEW_MS));
    tracker.onAuthError({ status: 401, message: 'bad key' });
    expect(tracker.snapshot(counts)).toMatchObject({ mode: 'paused', upstream: 'embedded' });
    expect(tracker.snapshot(counts).lastError).toMatch(/API key/);
    tracker.clearAuthError();
    expect(tracker.snapshot(counts).mode).toBe('enabled');
  });

  it('goes offline on a network failure and back on the next answer', () => {
    const tracker = new SyncStatusTracker(() => 'remote');
    tracker.onNetworkFailure(5, 'connect');
    expect(tracker.offlineSince).toBe(5);
    expect(tracker.snapshot(counts)).toMatchObject({
      online: false,
      mode: 'offline',
      lastError: 'API unreachable (connect)',
    });
    tracker.onAnswer(answer(0));
    expect(tracker.offlineSince).toBeNull();
    expect(tracker.snapshot(counts).online).toBe(true);
  });

  it('an answer without rate-limit or Date headers keeps what the last one said', () => {
    const tracker = new SyncStatusTracker(() => 'remote');
    tracker.onAnswer(answer(3_000));
    tracker.onAnswer({ rateLimit: null, serverDate: null, receivedAt: 1_800_000_100_000 });
    expect(tracker.snapshot(counts)).toMatchObject({
      rateLimit: { limit: 60, remaining: 42 },
      clockSkewMs: 3_000,
    });
    expect(tracker.skewMs).toBe(3_000);
  });

  it('the skew limit is inclusive, and the message gives whole seconds', () => {
    const tracker = new SyncStatusTracker(() => 'remote');
    tracker.onAnswer(answer(MAX_CLOCK_SKEW_MS));
    expect(tracker.snapshot(counts).lastError).toBeNull();
    tracker.onAnswer(answer(MAX_CLOCK_SKEW_MS + 60_000));
    expect(tracker.snapshot(counts).lastError).toBe(
      "The kiosk's clock differs from the API's by 180 s: set the system clock.",
    );
  });

  it('a refused key without a status says HTTP ?; the last failure shows once nothing outranks it', () => {
    const tracker = new SyncStatusTracker(() => 'remote');
    tracker.onFailure('mirror refresh failed (HTTP 500)');
    tracker.onAuthError({ status: null, message: 'refused' });
    expect(tracker.snapshot(counts).lastError).toBe(
      'The API refused the API key (HTTP ?): check the key in settings.',
    );
    expect(tracker.paused).toBe(true);
    tracker.clearAuthError();
    expect(tracker.snapshot(counts)).toMatchObject({
      mode: 'offline',
      lastError: 'mirror refresh failed (HTTP 500)',
    });
  });

  it('after a re-target nothing is known: offline, no rate limit, no skew, no error', () => {
    const tracker = new SyncStatusTracker(() => 'remote');
    tracker.onAnswer(answer(MAX_CLOCK_SKEW_MS * 2));
    tracker.onAuthError({ status: 403, message: 'x' });
    tracker.onNetworkFailure(7, 'reset');
    tracker.reset();
    expect(tracker.snapshot(counts)).toMatchObject({
      online: false,
      mode: 'offline',
      rateLimit: null,
      clockSkewMs: null,
      lastError: null,
    });
    expect(tracker.offlineSince).toBeNull();
    expect(tracker.paused).toBe(false);
  });

  it('a 5xx is "the API has problems", not online; the next good answer clears it', () => {
    const tracker = new SyncStatusTracker(() => 'remote');
    tracker.onAnswer({ ...answer(0), status: 200 });
    tracker.onAnswer({ ...answer(0), status: 503 });
    expect(tracker.snapshot(counts)).toMatchObject({
      online: false,
      lastError: 'The API has problems (HTTP 503).',
    });
    expect(tracker.offlineSince).toBeNull(); // it answered: not unreachable
    tracker.onAnswer({ ...answer(0), status: 200 });
    expect(tracker.snapshot(counts)).toMatchObject({ online: true, lastError: null });
  });

  it('reads what an answer says of the API from the outcome table (408 is a retry there, a redirect a fault: both problems)', () => {
    for (const status of [201, 401, 404, 409, 422, 429]) {
      const tracker = new SyncStatusTracker(() => 'remote');
      tracker.onAnswer({ ...answer(0), status });
      expect(tracker.snapshot(counts), `HTTP ${status}`).toMatchObject({ online: true });
    }
    // A redirect is not followed (an API address that moved): no booking gets through it.
    for (const status of [301, 302, 408, 500, 502]) {
      const tracker = new SyncStatusTracker(() => 'remote');
      tracker.onAnswer({ ...answer(0), status });
      expect(tracker.snapshot(counts), `HTTP ${status}`).toMatchObject({
        online: false,
        lastError: `The API has problems (HTTP ${status}).`,
      });
    }
  });

  it('the last error clears when the API answers again', () => {
    const tracker = new SyncStatusTracker(() => 'remote');
    tracker.onNetworkFailure(1_000, 'connect');
    expect(tracker.snapshot(counts).lastError).toBe('API unreachable (connect)');
    tracker.onFailure('mirror refresh failed (HTTP 500)');
    tracker.onAnswer({ ...answer(0), status: 404 });
    expect(tracker.snapshot(counts)).toMatchObject({ online: true, lastError: null });
  });

  it('an answer slower than 3 s shows "the API is slow" with the time it took, until a fast one', () => {
    const tracker = new SyncStatusTracker(() => 'remote');
    tracker.onAnswer({ ...answer(0), status: 200, elapsedMs: 5_240 });
    expect(tracker.snapshot(counts)).toMatchObject({
      online: true,
      lastError: 'The API is slow: its last answer took 5.2 s.',
    });
    tracker.onAnswer({ ...answer(0), status: 200, elapsedMs: 2_900 });
    expect(tracker.snapshot(counts).lastError).toBeNull();
  });

  it('an answer says whether it ends an offline spell (the loops wake only then)', () => {
    const tracker = new SyncStatusTracker(() => 'remote');
    expect(tracker.onAnswer(answer(0))).toBe(false);
    tracker.onNetworkFailure(5, 'timeout');
    tracker.onNetworkFailure(9, 'reset'); // still the spell that began at 5
    expect(tracker.offlineSince).toBe(5);
    expect(tracker.onAnswer(answer(0))).toBe(true);
    expect(tracker.onAnswer(answer(0))).toBe(false);
  });

  it('the reason it is offline is given only while offline for lack of a connection', () => {
    const tracker = new SyncStatusTracker(() => 'remote');
    const reasonOf = () => {
      const snapshot = SyncStatus.parse(tracker.snapshot(counts));
      return 'offlineReason' in snapshot ? snapshot.offlineReason : 'absent';
    };
    expect(reasonOf()).toBe('absent'); // offline, but nothing failed yet
    tracker.onNetworkFailure(5, 'timeout');
    expect(reasonOf()).toBe('timeout');
    tracker.onAnswer({ ...answer(0), status: 503 }); // offline with an answer: no reason
    expect(reasonOf()).toBe('absent');
  });

  it('exactly 3 s is not slow; an answer that does not say how long it took leaves the note', () => {
    const tracker = new SyncStatusTracker(() => 'remote');
    tracker.onAnswer({ ...answer(0), status: 200, elapsedMs: SLOW_ANSWER_MS });
    expect(tracker.snapshot(counts).lastError).toBeNull();
    tracker.onAnswer({ ...answer(0), status: 200, elapsedMs: SLOW_ANSWER_MS + 1 });
    tracker.onAnswer({ ...answer(0), status: 200 });
    expect(tracker.snapshot(counts).lastError).toBe('The API is slow: its last answer took 3.0 s.');
  });

  it('online stays for a minute to the millisecond; without a clock a connection changes nothing', () => {
    let now = 0;
    const tracker = new SyncStatusTracker(
      () => 'remote',
      () => now,
    );
    tracker.onAnswer(answer(0));
    now = ONLINE_FRESH_MS;
    expect(tracker.snapshot(counts).online).toBe(true);
    now = ONLINE_FRESH_MS + 1;
    expect(tracker.snapshot(counts).online).toBe(false);
    const clockless = new SyncStatusTracker(() => 'remote');
    clockless.onAnswer(answer(0));
    clockless.onReachable();
    expect(clockless.snapshot(counts).online).toBe(true);
  });
});
