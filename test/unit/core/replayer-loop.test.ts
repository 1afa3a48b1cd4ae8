/**
 * The replayer as a loop, on a clock whose timers fire only when the test moves time: when it
 * schedules itself, joins a running run, stops after `maxPerRun`, pauses on a refused key and
 * resumes, wakes on `poke`, waits for the governor, survives a failing run, and stops.
 */
import { describe, expect, it } from 'vitest';
import { RateGovernor } from '../../../electron/core/governor/rate-governor';
import { silentLogger, type Logger } from '../../../electron/core/platform/log';
import type { OutboxEntry } from '../../../electron/core/outbox/entry';
import { createSendPath } from '../../../electron/core/outbox/send';
import { createReplayer, type Replayer } from '../../../electron/core/outbox/replayer';
import { createMemoryOutboxStore, type OutboxStore } from '../../../electron/core/outbox/store';
import type { UpstreamOutcome } from '../../../electron/core/upstream/outcome';
import type { BookingRequest, BookingResponse } from '../../../shared/api/schemas';
import { captureLog } from '../../support/core/log-capture';
import { timerClock, type TimerClock } from '../../support/core/manual-clock';
import { outboxEntry } from '../../support/core/outbox-entry';
import { upstreamDouble } from '../../support/core/upstream-double';

const START = 1_000_000;
const meta = { rateLimit: null, serverDate: null, receivedAt: 0 };
const ok = (id: string): UpstreamOutcome<BookingResponse> => ({
  kind: 'ok',
  status: 201,
  data: { bookingId: id } as BookingResponse,
  meta,
});
const http = (status: number): UpstreamOutcome<BookingResponse> => ({
  kind: 'http',
  status,
  message: `HTTP ${status}`,
  meta,
});

function request(n: number): BookingRequest {
  return {
    serviceId: 'svc',
    employeeId: 'emp',
    date: '2026-11-24',
    time: `1${n}:00`,
    customer: { name: `C${n}`, email: `c${n}@example.com`, phone: '123' },
  };
}

function queued(n: number, nextAttemptAt = START): OutboxEntry {
  return outboxEntry({
    localId: `l${n}`,
    idempotencyKey: `key-${n}`,
    request: request(n),
    nextAttemptAt,
    createdAt: START,
    updatedAt: START,
  });
}

interface Rig {
  clock: TimerClock;
  store: OutboxStore;
  replayer: Replayer;
  governor: RateGovernor;
  /** Idempotency keys in the order the upstream saw them. */
  sent: string[];
  pauses: unknown[];
  changes: string[];
  /** Answers to come; a function answers when the test lets it. */
  answers: (UpstreamOutcome<BookingResponse> | (() => Promise<UpstreamOutcome<BookingResponse>>))[];
}

function rig(
  entries: OutboxEntry[],
  options: { maxPerRun?: number; log?: Logger; store?: (memory: OutboxStore) => OutboxStore } = {},
): Rig {
  const clock = timerClock(START);
  const memory = createMemoryOutboxStore();
  for (const entry of entries) memory.insert(entry);
  const store = options.store?.(memory) ?? memory;
  const governor = new RateGovernor();
  const sent: string[] = [];
  const answers: Rig['answers'] = [];
  const client = upstreamDouble({
    // The send path's pre-check before a lost answer is sent again: the slot is still free.
    getTimeSlots: (query) =>
      Promise.resolve({
        kind: 'ok',
        status: 200,
        meta,
        data: {
          date: query.date,
          timeSlots: entries
            .filter((e) => e.request.date === query.date)
            .map((e) => ({ time: e.request.time, available: true, employeeId: query.employeeId })),
        },
      }),
    book(_body, key) {
      sent.push(key);
      const next = answers.shift();
      if (next === undefined) return Promise.reject(new Error('no answer scripted'));
      return typeof next === 'function' ? next() : Promise.resolve(next);
    },
  });
  const pauses: unknown[] = [];
  const changes: string[] = [];
  const replayer = createReplayer({
    store,
    send: createSendPath({ store, client: () => client, clock, random: () => 0.5 }),
    governor: () => governor,
    clock,
    onChange: (entry) => changes.push(`${entry.localId}:${entry.state}`),
    onPause: (error) => pauses.push(error),
    log: options.log ?? silentLogger,
    ...(options.maxPerRun === undefined ? {} : { maxPerRun: options.maxPerRun }),
  });
  return { clock, store, replayer, governor, sent, pauses, changes, answers };
}

describe('replayer loop', () => {
  it('before start nothing is scheduled and a poke sends nothing; start sends what is due', async () => {
    const r = rig([queued(1)]);
    r.answers.push(ok('b1'));
    r.replayer.poke();
    await r.clock.advance(10_000);
    expect(r.sent).toEqual([]);
    r.replayer.start();
    await r.clock.advance(0);
    expect(r.sent).toEqual(['key-1']);
    expect(r.store.get('l1')?.state).toBe('sent');
    expect(r.changes).toEqual(['l1:sending', 'l1:sent']);
    expect(r.clock.pending()).toEqual([]); // nothing left to wait for
  });

  it('schedules itself for the next entry due and no earlier', async () => {
    const r = rig([queued(1, START + 5_000)]);
    r.answers.push(ok('b1'));
    r.replayer.start();
    expect(r.clock.pending()).toEqual([5_000]);
    await r.clock.advance(4_999);
    expect(r.sent).toEqual([]);
    await r.clock.advance(1);
    expect(r.sent).toEqual(['key-1']);
  });

  it('after a failed attempt it comes back at the backoff, with the same key', async () => {
    const r = rig([queued(1)]);
    r.answers.push(http(503), ok('b1'));
    r.replayer.start();
    await r.clock.advance(0);
    const retryAt = r.store.get('l1')?.nextAttemptAt ?? 0;
    expect(retryAt).toBeGreaterThan(START);
    expect(r.clock.pending()).toEqual([retryAt - START]);
    await r.clock.advance(retryAt - START);
    expect(r.sent).toEqual(['key-1', 'key-1']);
    expect(r.store.get('l1')?.state).toBe('sent');
  });

  it('a second runOnce while one runs joins it: one send', async () => {
    const r = rig([queued(1)]);
    let answer: (outcome: UpstreamOutcome<BookingResponse>) => void = () => undefined;
    r.answers.push(() => new Promise((resolve) => (answer = resolve)));
    const first = r.replayer.runOnce();
    const second = r.replayer.runOnce();
    expect(second).toBe(first);
    answer(ok('b1'));
    await Promise.all([first, second]);
    expect(r.sent).toEqual(['key-1']);
  });

  it('stops a run after maxPerRun sends and goes on at once', async () => {
    const r = rig([queued(1), queued(2), queued(3)], { maxPerRun: 2 });
    r.answers.push(ok('b1'), ok('b2'), ok('b3'));
    r.replayer.start();
    await r.clock.advance(0);
    expect(r.sent).toEqual(['key-1', 'key-2', 'key-3']);
    const runs = rig([queued(1), queued(2), queued(3)], { maxPerRun: 2 });
    runs.answers.push(ok('b1'), ok('b2'), ok('b3'));
    await runs.replayer.runOnce();
    expect(runs.sent).toEqual(['key-1', 'key-2']);
  });

  it('a refused key pauses the queue until resume, then it goes on', async () => {
    const r = rig([queued(1), queued(2)]);
    r.answers.push(http(401));
    r.replayer.start();
    await r.clock.advance(0);
    expect(r.replayer.paused).toBe(true);
    expect(r.pauses).toEqual([{ status: 401, message: 'HTTP 401' }]);
    expect(r.sent).toEqual(['key-1']);
    r.replayer.poke();
    await r.clock.advance(60_000);
    expect(r.sent).toEqual(['key-1']);
    expect(r.clock.pending()).toEqual([]);
    r.answers.push(ok('b1'), ok('b2'));
    r.replayer.resume();
    expect(r.replayer.paused).toBe(false);
    await r.clock.advance(0);
    expect(r.sent).toEqual(['key-1', 'key-1', 'key-2']);
  });

  it('pause() holds the queue the same way', async () => {
    const r = rig([queued(1)]);
    r.answers.push(ok('b1'));
    r.replayer.start();
    r.replayer.pause();
    await r.clock.advance(0);
    await r.replayer.runOnce();
    expect(r.sent).toEqual([]);
  });

  it('a poke wakes a started loop for a booking just queued', async () => {
    const r = rig([]);
    r.replayer.start();
    expect(r.clock.pending()).toEqual([]);
    r.store.insert(queued(1));
    r.answers.push(ok('b1'));
    r.replayer.poke();
    await r.clock.advance(0);
    expect(r.sent).toEqual(['key-1']);
  });

  it('waits for the governor with the entry still queued, then sends', async () => {
    const r = rig([queued(1)]);
    r.answers.push(ok('b1'));
    r.governor.onRateLimited(START, 12_000);
    r.replayer.start();
    await r.clock.advance(0);
    expect(r.sent).toEqual([]);
    expect(r.store.get('l1')?.state).toBe('queued');
    expect(r.clock.pending()).toEqual([5_000]); // it looks again every 5 s at most
    await r.clock.advance(11_999);
    expect(r.sent).toEqual([]);
    await r.clock.advance(3_001);
    expect(r.sent).toEqual(['key-1']);
  });

  it('a run that throws is logged and the loop goes on', async () => {
    const r = rig([queued(1)]);
    r.answers.push(() => Promise.reject(new Error('boom')));
    r.replayer.start();
    await r.clock.advance(0);
    // The entry stays in sending (a dead attempt): recover() puts it back, and the loop lives.
    expect(r.store.get('l1')?.state).toBe('sending');
    expect(r.replayer.recover()).toBe(1);
    expect(r.store.get('l1')?.state).toBe('queued');
    expect(r.replayer.recover()).toBe(0);
    r.answers.push(ok('b1'));
    r.replayer.poke();
    await r.clock.advance(60 * 60_000);
    expect(r.store.get('l1')?.state).toBe('sent');
    expect(r.sent).toEqual(['key-1', 'key-1']);
  });

  it('stop clears the timer, waits for the send in flight and sends nothing more', async () => {
    const r = rig([queued(1), queued(2, START + 1_000)]);
    let answer: (outcome: UpstreamOutcome<BookingResponse>) => void = () => undefined;
    r.answers.push(() => new Promise((resolve) => (answer = resolve)), ok('b2'));
    r.replayer.start();
    await r.clock.advance(0);
    expect(r.sent).toEqual(['key-1']);
    let stopped = false;
    const stopping = r.replayer.stop().then(() => (stopped = true));
    await r.clock.advance(0);
    expect(stopped).toBe(false);
    answer(ok('b1'));
    await stopping;
    expect(r.store.get('l1')?.state).toBe('sent');
    await r.clock.advance(10_000);
    expect(r.sent).toEqual(['key-1']);
    expect(r.clock.pending()).toEqual([]);
    r.replayer.poke();
    await r.clock.advance(0);
    expect(r.sent).toEqual(['key-1']);
  });
});

describe('a replay run that throws', () => {
  it('backs off, growing and bounded, and logs the same error once with a count', async () => {
    const lines: string[] = [];
    const clock = timerClock(START);
    const memory = createMemoryOutboxStore();
    memory.insert(queued(1));
    let broken = true;
    // The store fails the way a full disk or a damaged row does: every read of what is due throws.
    const store: OutboxStore = {
      ...memory,
      due: (now, limit) => {
        if (broken) throw new Error('SQLITE_FULL: database or disk is full');
        return memory.due(now, limit);
      },
    };
    const client = upstreamDouble({ book: () => Promise.resolve(ok('b1')) });
    const log = {
      debug: () => undefined,
      info: (message: string) => lines.push(`info ${message}`),
      warn: (message: string) => lines.push(`warn ${message}`),
      error: (message: string, fields?: Record<string, unknown>) =>
        lines.push(
          `error ${message}${typeof fields?.count === 'number' ? ` x${fields.count}` : ''}`,
        ),
    };
    const governor = new RateGovernor();
    const replayer = createReplayer({
      store,
      send: createSendPath({ store, client: () => client, clock, random: () => 0.5 }),
      governor: () => governor,
      clock,
      onChange: () => undefined,
      onPause: () => undefined,
      log,
    });
    replayer.start();
    const delays: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const [next = -1] = clock.pending();
      delays.push(next);
      await clock.advance(next);
    }
    // 0 (due now), then 1 s, 2 s, 4 s ... up to 5 min: never a tight loop.
    expect(delays.slice(0, 6)).toEqual([0, 1_000, 2_000, 4_000, 8_000, 16_000]);
    expect(Math.max(...delays)).toBe(300_000);
    expect(lines).toEqual(['error replay run failed']);

    broken = false;
    await clock.advance(clock.pending()[0] ?? 0);
    expect(memory.get('l1')?.state).toBe('sent');
    expect(lines).toEqual([
      'error replay run failed',
      'info booking attempt',
      'info replay runs again',
      'error replay run failed repeatedly x12',
    ]);
    await replayer.stop();
  });
});

describe('what the replayer logs, and its timers', () => {
  const capture = () => captureLog('core:replay');

  it('each booking attempt is logged with its id, attempt, verdict and state; a clean run says no more', async () => {
    const { log, lines } = capture();
    const r = rig([queued(1)], { log });
    r.answers.push(ok('b1'));
    await r.replayer.runOnce();
    expect(lines).toEqual([
      'INFO core:replay: booking attempt {"localId":"l1","attempt":1,"verdict":"sent","state":"sent"}',
    ]);
  });

  it('an attempt that leaves its booking queued is logged once an hour per verdict; every booking sent is logged', async () => {
    const { log, lines } = capture();
    const r = rig([queued(1), queued(2), queued(3), queued(4), queued(5)], { log });
    r.answers.push(http(503), http(503), { kind: 'rateLimited', retryAfterMs: 9_000, meta });
    r.answers.push(ok('b4'), ok('b5'));
    await r.replayer.runOnce();
    expect(r.sent).toEqual(['key-1', 'key-2', 'key-3', 'key-4', 'key-5']);
    const attempts = lines
      .filter((line) => line.includes('booking attempt'))
      .map((line) => JSON.parse(line.slice(line.indexOf('{'))) as Record<string, unknown>)
      .map(
        (fields) => `${String(fields.localId)} ${String(fields.verdict)} ${String(fields.state)}`,
      );
    // l2's retry repeats l1's within the hour: held back (the next line says how many).
    expect(attempts).toEqual(['l1 retry queued', 'l3 wait queued', 'l4 sent sent', 'l5 sent sent']);
  });

  it('back online: bookings waiting out a backoff are sent at once; with none waiting the loop does not look', async () => {
    let looks = 0;
    const r = rig([queued(1, START + 60 * 60_000)], {
      store: (memory) => ({
        ...memory,
        due: (now, limit) => ((looks += 1), memory.due(now, limit)),
      }),
    });
    r.answers.push(ok('b1'));
    r.replayer.start();
    await r.clock.advance(0);
    expect(r.sent).toEqual([]);
    r.replayer.wakeQueued();
    await r.clock.advance(0);
    expect(r.sent).toEqual(['key-1']);
    const before = looks;
    r.replayer.wakeQueued();
    await r.clock.advance(0);
    expect(looks).toBe(before);
  });

  it('a refused key is logged as the queue pausing, with the status', async () => {
    const { log, lines } = capture();
    const r = rig([queued(1)], { log });
    r.answers.push(http(403));
    await r.replayer.runOnce();
    expect(lines.at(-1)).toBe(
      'WARN core:replay: queue paused: the API refused our key {"status":403}',
    );
  });

  it('recover logs how many interrupted sends it put back, and nothing when there were none', () => {
    const { log, lines } = capture();
    const r = rig(
      [queued(1), { ...queued(2), state: 'sending' }, { ...queued(3), state: 'sending' }],
      {
        log,
      },
    );
    expect(r.replayer.recover()).toBe(2);
    expect(lines).toEqual(['INFO core:replay: recovered interrupted sends {"count":2}']);
    expect(r.replayer.recover()).toBe(0);
    expect(lines).toHaveLength(1);
  });

  it('a failed run is logged with the wait before the next; one failure then success is not "repeatedly"', async () => {
    const { log, lines } = capture();
    let broken = true;
    const r = rig([queued(1)], {
      log,
      store: (memory) => ({
        ...memory,
        due: (now, limit) => {
          if (broken) throw new Error('the disk went away');
          return memory.due(now, limit);
        },
      }),
    });
    r.answers.push(ok('b1'));
    r.replayer.start();
    await r.clock.advance(0);
    expect(lines).toEqual([
      'ERROR core:replay: replay run failed {"error":{"name":"Error","message":"the disk went away"},"retryInMs":1000}',
    ]);
    broken = false;
    await r.clock.advance(1_000);
    expect(r.sent).toEqual(['key-1']);
    expect(lines.slice(1).map((line) => line.split(' {')[0])).toEqual([
      'INFO core:replay: booking attempt',
      'INFO core:replay: replay runs again',
    ]);
    expect(lines.at(-1)).toContain('{"afterFailures":1}');
  });

  it('a different error ends the repeat: the first is summed up with its count, the second logged', async () => {
    const { log, lines } = capture();
    const errors = ['first', 'first', 'first', 'second'];
    const r = rig([queued(1)], {
      log,
      store: (memory) => ({
        ...memory,
        due: () => {
          throw new Error(errors.shift() ?? 'second');
        },
      }),
    });
    for (let run = 0; run < 4; run += 1) await r.replayer.runOnce();
    expect(lines.map((line) => line.split(' {')[0])).toEqual([
      'ERROR core:replay: replay run failed',
      'ERROR core:replay: replay run failed repeatedly',
      'ERROR core:replay: replay run failed',
    ]);
    expect(lines[1]).toContain('"count":3');
    expect(lines[1]).toContain('"error":"Error: first"');
    expect(lines[2]).toContain('"message":"second"');
  });

  it('a store that cannot tell when the next booking is due: logged once, tried again after the backoff', async () => {
    const { log, lines } = capture();
    let broken = true;
    const r = rig([queued(1, START + 60_000)], {
      log,
      store: (memory) => ({
        ...memory,
        nextDueAt: () => {
          if (broken) throw new Error('cannot read');
          return memory.nextDueAt();
        },
      }),
    });
    r.replayer.start();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('replay run failed');
    expect(r.clock.pending()).toEqual([1_000]);
    broken = false;
    r.answers.push(ok('b1'));
    await r.clock.advance(1_000);
    // The run found nothing due yet and ran clean: the next timer is the entry's own time.
    expect(r.clock.pending()).toEqual([59_000]);
  });

  it('one timer at a time: a run rescheduling replaces the pending timer', async () => {
    const r = rig([queued(1, START + 5_000)]);
    r.replayer.start();
    expect(r.clock.pending()).toEqual([5_000]);
    await r.replayer.runOnce();
    await r.replayer.runOnce();
    expect(r.clock.pending()).toEqual([5_000]);
  });

  it('stop with a timer pending clears it', async () => {
    const r = rig([queued(1, START + 5_000)]);
    r.replayer.start();
    expect(r.clock.pending()).toEqual([5_000]);
    await r.replayer.stop();
    expect(r.clock.pending()).toEqual([]);
  });

  it('stop during a send: the run sends nothing after the one in flight, even what is due now', async () => {
    const r = rig([queued(1), queued(2)]);
    let answer: (outcome: UpstreamOutcome<BookingResponse>) => void = () => undefined;
    r.answers.push(() => new Promise((resolve) => (answer = resolve)), ok('b2'));
    void r.replayer.runOnce();
    await r.clock.advance(0);
    expect(r.sent).toEqual(['key-1']);
    const stopping = r.replayer.stop();
    answer(ok('b1'));
    await stopping;
    expect(r.sent).toEqual(['key-1']);
    expect(r.store.get('l2')?.state).toBe('queued');
  });

  it('sends from the reserve the governor keeps for customers: background traffic may not, bookings may', async () => {
    const r = rig([queued(1)]);
    // 50 requests this minute: over the background share (48 of 60), under the whole budget.
    for (let i = 0; i < 50; i += 1) r.governor.onSend(START, 'interactive');
    expect(r.governor.waitMs(START, 'background')).toBeGreaterThan(0);
    r.answers.push(ok('b1'));
    await r.replayer.runOnce();
    expect(r.sent).toEqual(['key-1']);
  });
});
