/**
 * The one mapping from an upstream outcome to the sync status (outcome-status.ts): per caller,
 * what each outcome kind does to the tracker, and that applying it reaches the snapshot.
 */
import { describe, expect, it } from 'vitest';
import {
  applyStatusEffect,
  createOutcomeNotes,
  statusEffect,
  type StatusEffect,
} from '../../../electron/core/status/outcome-status';
import { SyncStatusTracker } from '../../../electron/core/status/sync-status';
import type { OutcomePurpose, UpstreamOutcome } from '../../../electron/core/upstream/outcome';

const meta = { rateLimit: null, serverDate: null, receivedAt: 0 };
const ok: UpstreamOutcome<unknown> = { kind: 'ok', status: 200, data: [], meta };
const http = (status: number): UpstreamOutcome<unknown> => ({
  kind: 'http',
  status,
  message: `HTTP ${status}`,
  meta,
});
const network: UpstreamOutcome<unknown> = {
  kind: 'network',
  reason: 'timeout',
  message: 'timeout',
};
const invalidBody: UpstreamOutcome<unknown> = { kind: 'invalidBody', status: 200, meta };
const rateLimited: UpstreamOutcome<unknown> = { kind: 'rateLimited', retryAfterMs: 1_000, meta };
const throttled: UpstreamOutcome<unknown> = { kind: 'throttled', waitMs: 500 };

const lookup: OutcomePurpose = { kind: 'lookup' };
const booking: OutcomePurpose = { kind: 'booking' };
const replay: OutcomePurpose = { kind: 'replay' };
const mirror: OutcomePurpose = { kind: 'background', what: 'mirror refresh' };

const none: StatusEffect = { kind: 'none' };
const success: StatusEffect = { kind: 'success' };
const auth = (status: number): StatusEffect => ({
  kind: 'auth',
  error: { status, message: `HTTP ${status}` },
});
const failure = (message: string): StatusEffect => ({ kind: 'failure', message });

describe('statusEffect', () => {
  it.each<[string, UpstreamOutcome<unknown>, OutcomePurpose, StatusEffect]>([
    ['lookup ok', ok, lookup, success],
    ['lookup network', network, lookup, { kind: 'network', reason: 'timeout' }],
    ['lookup 401', http(401), lookup, auth(401)],
    ['lookup 403', http(403), lookup, auth(403)],
    ['lookup 404 (its own fault)', http(404), lookup, none],
    ['lookup 400', http(400), lookup, none],
    ['lookup 499', http(499), lookup, none],
    ['lookup 408', http(408), lookup, failure('live lookup failed (http 408)')],
    ['lookup 500', http(500), lookup, failure('live lookup failed (http 500)')],
    ['lookup 302', http(302), lookup, failure('live lookup failed (http 302)')],
    [
      'lookup invalid body',
      invalidBody,
      lookup,
      failure('The booking service answered something unexpected'),
    ],
    [
      'lookup answer that makes no sense: the operation and the field',
      {
        kind: 'invalidBody',
        status: 200,
        meta,
        problem: { operation: 'getTimeSlots', field: 'data.date' },
      } as const,
      lookup,
      failure('The booking service answered something unexpected (getTimeSlots: data.date)'),
    ],
    ['lookup rate limited', rateLimited, lookup, failure('live lookup failed (rate limited)')],
    ['lookup throttled', throttled, lookup, failure('live lookup failed (rate budget)')],
    ['booking ok', ok, booking, success],
    ['booking network', network, booking, { kind: 'network', reason: 'timeout' }],
    ['booking 401', http(401), booking, auth(401)],
    ['booking 409 (a clean refusal: the API works)', http(409), booking, success],
    ['booking 400', http(400), booking, success],
    ['booking 408', http(408), booking, none],
    ['booking 503', http(503), booking, none],
    ['booking 302', http(302), booking, none],
    ['booking invalid body', invalidBody, booking, none],
    ['booking rate limited', rateLimited, booking, none],
    ['booking throttled', throttled, booking, none],
    ['replay ok', ok, replay, none],
    ['replay network', network, replay, none],
    ['replay 403', http(403), replay, auth(403)],
    ['replay 409', http(409), replay, none],
    ['replay 500', http(500), replay, none],
    ['replay invalid body', invalidBody, replay, none],
    ['replay rate limited', rateLimited, replay, none],
    ['background ok', ok, mirror, success],
    ['background network', network, mirror, { kind: 'network', reason: 'timeout' }],
    ['background 401', http(401), mirror, auth(401)],
    ['background 404', http(404), mirror, failure('mirror refresh failed (HTTP 404)')],
    ['background 500', http(500), mirror, failure('mirror refresh failed (HTTP 500)')],
    [
      'background invalid body',
      invalidBody,
      mirror,
      failure('The booking service answered something unexpected'),
    ],
    ['background rate limited', rateLimited, mirror, none],
    ['background throttled', throttled, mirror, none],
  ])('%s', (_name, outcome, purpose, effect) => {
    expect(statusEffect(outcome, purpose)).toEqual(effect);
  });
});

describe('applying an effect', () => {
  const counts = { queued: 0, unknown: 0 };

  it('success, network, failure and auth each reach the snapshot; none changes nothing', () => {
    const tracker = new SyncStatusTracker(() => 'remote');
    applyStatusEffect(tracker, success, 1_800_000_000_000);
    expect(tracker.snapshot(counts)).toMatchObject({
      lastSyncAt: '2027-01-15T08:00:00.000Z',
      lastError: null,
    });
    applyStatusEffect(tracker, failure('probe failed (HTTP 500)'), 1);
    expect(tracker.snapshot(counts).lastError).toBe('probe failed (HTTP 500)');
    const before = tracker.snapshot(counts);
    applyStatusEffect(tracker, none, 2);
    expect(tracker.snapshot(counts)).toEqual(before);
    applyStatusEffect(tracker, { kind: 'network', reason: 'connect' }, 5);
    expect(tracker.offlineSince).toBe(5);
    expect(tracker.snapshot(counts)).toMatchObject({
      offlineReason: 'connect',
      lastError: 'API unreachable (connect)',
    });
    applyStatusEffect(tracker, auth(401), 6);
    expect(tracker.paused).toBe(true);
    expect(tracker.snapshot(counts).mode).toBe('paused');
  });

  it('createOutcomeNotes applies the effect at the time it reads and returns it', () => {
    const tracker = new SyncStatusTracker(() => 'remote');
    const note = createOutcomeNotes(
      tracker,
      () => 42,
      () => undefined,
      () => undefined,
    );
    expect(note(network, lookup)).toEqual({ kind: 'network', reason: 'timeout' });
    expect(tracker.offlineSince).toBe(42);
  });

  it('createOutcomeNotes says when the key is refused, and when an answer works with it again', () => {
    const tracker = new SyncStatusTracker(() => 'remote');
    const said: string[] = [];
    const note = createOutcomeNotes(
      tracker,
      () => 42,
      () => said.push('refused'),
      () => said.push('accepted'),
    );
    note(ok, lookup); // nothing was refused: nothing to say
    note(http(401), booking);
    note(network, lookup); // no answer: the key is still refused
    expect(said).toEqual(['refused']);
    note(ok, { kind: 'background', what: 'reachability probe' });
    expect(tracker.paused).toBe(false);
    note(ok, lookup);
    expect(said).toEqual(['refused', 'accepted']);
  });
});
