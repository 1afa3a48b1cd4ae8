/**
 * What the kiosk offers is what the API would sell (issue 37, STYLE.md 27): a differential
 * property test. The real reference server behind the fault proxy and the kiosk core with its
 * loops on, on one driven clock (differential-rig.ts); random step lists of: book through the
 * kiosk (also while one of its lists is on the wire), book straight at the API as another
 * client, queue a booking with the API down (refusing or resetting connections), bring the API
 * back (until the replay settled), hold and release a time on a second screen, move the clock
 * past the mirror's or the kiosk's refresh, and ask afresh. After every step, for each service
 * used, each person who does it and anyone, on each day used, the kiosk's free times (as screen 1
 * sees them) are judged against the API's lists now with what the kiosk knows applied
 * (free-times-oracle.ts), and every booking's answer against the API's database.
 *
 * Runs: 200 with CI set, else DIFFERENTIAL_RUNS (default 20). A failure prints the step list and
 * fast-check's seed and path: `FC_SEED=<seed> FC_PATH=<path> npx vitest run <this file>` replays
 * it. Every shrunk counterexample is kept below as a named regression test.
 */
import fc from 'fast-check';
import { afterAll, describe, it } from 'vitest';
import { durationMinutes } from '../../../shared/api/duration';
import type { TimeSlot } from '../../../shared/api/schemas';
import type { LocalBooking } from '../../../shared/kiosk-api';
import { KioskFailure } from '../../../shared/result';
import { DEMO_EMPLOYEES } from '../../../server/seed/demo';
import { serverBookings } from '../../support/core/harness';
import {
  RIG_FRESHNESS,
  RIG_MIRROR_AGE_MS,
  prepareRigTemplate,
  startDifferentialRig,
} from '../../support/core/differential-rig';
import type { DifferentialRig, RigTemplate } from '../../support/core/differential-rig';
import {
  isClean,
  judge,
  overlaps,
  type DirectBooking,
  type KioskAnswer,
  type OracleQuery,
  type Span,
} from '../../support/core/free-times-oracle';

/**
 * Monday 2026-11-23 08:30 in Berlin: the days used are two and four days ahead, the first in the
 * mirror's window (its loop refreshes it), the second not (only the customers' lookups fetch it).
 */
const START = Date.parse('2026-11-23T07:30:00Z');
/** Wednesday (Anna 09-18, Mehmet 11-20, Sophie 08-14) and Friday (Sophie's split shift). */
const DAYS = ['2026-11-25', '2026-11-27'] as const;
const SERVICES = { damen: 'svc-damen-schnitt', kinder: 'svc-kinder-schnitt' } as const;
const PEOPLE = { anna: 'emp-anna', mehmet: 'emp-mehmet', sophie: 'emp-sophie' } as const;
type ServiceName = keyof typeof SERVICES;
type Who = keyof typeof PEOPLE | 'any';

/** Who does each service (the demo's bookable people). */
const doers = (service: ServiceName): string[] =>
  DEMO_EMPLOYEES.filter(
    (e) => e.bookable && (e.serviceIds as readonly string[]).includes(SERVICES[service]),
  ).map((e) => e.id);
const personName = (id: string): Who =>
  (Object.keys(PEOPLE) as (keyof typeof PEOPLE)[]).find((k) => PEOPLE[k] === id) ?? 'any';
/** Every (service, person or anyone) the oracle asks about. */
const PAIRS: { service: ServiceName; who: Who }[] = (['damen', 'kinder'] as const).flatMap(
  (service) => [
    ...doers(service).map((id) => ({ service, who: personName(id) })),
    { service, who: 'any' as const },
  ],
);

/** A time of a list: `pick` counts among the first free ones (so that bookings meet). */
interface Choice {
  service: ServiceName;
  who: Who;
  day: 0 | 1;
  pick: number;
}
type Step =
  | ({ kind: 'kioskBook' } & Choice) // through the kiosk (queued instead while the API is down)
  | ({ kind: 'directBook' } & Choice) // another client, straight at the API
  // The API down first, then through the kiosk: its host refusing connections (the kiosk knows
  // a request never reached it), or the fault proxy resetting them (a request's fate unknown).
  | ({ kind: 'offlineBook'; how: 'refused' | 'reset' } & Choice)
  | { kind: 'apiBack' } // the API up, until the replay settled
  | ({ kind: 'hold' } & Choice) // screen-2 holds a time (replacing its hold)
  | { kind: 'release' } // screen-2 lets its hold go
  | { kind: 'refresh'; of: 'mirror' | 'kiosk' } // the clock past the mirror's or the kiosk's refresh
  | ({ kind: 'freshLook' } & Omit<Choice, 'pick'>) // a customer's `fresh` lookup
  | ({ kind: 'bookWhileListed' } & Choice); // through the kiosk, a list of the day on the wire

const PICKS = 5;
/**
 * Anna (who does both services) and anyone, and the first day, come up more often: steps that
 * meet on one person and day are where a model goes wrong, and a run is only a few steps long.
 */
const choiceArb = fc
  .record({
    pair: fc.oneof(
      ...PAIRS.map((pair) => ({
        weight: pair.who === 'anna' || pair.who === 'any' ? 3 : 1,
        arbitrary: fc.constant(pair),
      })),
    ),
    day: fc.oneof(
      { weight: 3, arbitrary: fc.constant(0 as const) },
      { weight: 1, arbitrary: fc.constant(1 as const) },
    ),
    pick: fc.nat({ max: PICKS - 1 }),
  })
  .map(({ pair, day, pick }) => ({ ...pair, day, pick }));
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: choiceArb.map((c) => ({ kind: 'kioskBook' as const, ...c })) },
  { weight: 3, arbitrary: choiceArb.map((c) => ({ kind: 'directBook' as const, ...c })) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(choiceArb, fc.constantFrom('refused' as const, 'reset' as const))
      .map(([c, how]) => ({ kind: 'offlineBook' as const, how, ...c })),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'apiBack' as const }) },
  { weight: 2, arbitrary: choiceArb.map((c) => ({ kind: 'hold' as const, ...c })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'release' as const }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom('mirror' as const, 'kiosk' as const).map((of) => ({
      kind: 'refresh' as const,
      of,
    })),
  },
  {
    weight: 1,
    arbitrary: choiceArb.map(({ pick: _pick, ...c }) => ({ kind: 'freshLook' as const, ...c })),
  },
  { weight: 2, arbitrary: choiceArb.map((c) => ({ kind: 'bookWhileListed' as const, ...c })) },
);

const showStep = (step: Step): string =>
  step.kind === 'refresh'
    ? `refresh (${step.of}'s)`
    : 'service' in step
      ? `${step.kind}${'how' in step ? ` (${step.how})` : ''} ${step.service}/${step.who} ${DAYS[step.day]}${'pick' in step ? ` #${step.pick}` : ''}`
      : step.kind;

/** A booking made through the kiosk, and what its customer was told. */
interface KioskBooking {
  email: string;
  localId: string | null;
  slot: Span & { serviceId: string };
  told: string; // 'sent' | 'queued' | 'unknown' | 'refused <code>'
}

interface Run {
  rig: DifferentialRig;
  minutes: Map<string, number>;
  direct: DirectBooking[];
  kiosk: KioskBooking[];
  hold: (Span & { until: number }) | null;
  trace: string[];
  customers: number;
  /** Where the run is, for the message: the steps after it play no part in a failure. */
  at: string;
  /** The steps run so far (this one included): a failure's regression test. */
  done: Step[];
  /** The services and days the steps use: the oracle asks about these (each day, each person). */
  used: { services: Set<ServiceName>; days: Set<0 | 1> };
}

function usedBy(steps: readonly Step[]): Run['used'] {
  const choices = steps.flatMap((s) => ('service' in s ? [s] : []));
  return {
    services: new Set(choices.length ? choices.map((c) => c.service) : ['damen']),
    days: new Set(choices.length ? choices.map((c) => c.day) : [0]),
  };
}

class Counterexample extends Error {}

function fail(run: Run, what: string, details: string[] = []): never {
  throw new Counterexample(
    [
      `${run.at}: ${what}`,
      ...details.map((d) => `  ${d}`),
      'steps (what each came to):',
      ...run.trace,
      `as a regression test: runSteps(${JSON.stringify(run.done)})`,
    ].join('\n'),
  );
}

const isOnline = (run: Run) => run.rig.proxy.mode() === 'pass' && !run.rig.gate.refusing();
const showSpan = (s: Span) => `${s.employeeId} ${s.date} ${s.time} (${s.minutes} min)`;
const query = (c: Omit<Choice, 'pick'>) => ({
  date: DAYS[c.day],
  serviceId: SERVICES[c.service],
  ...(c.who === 'any' ? {} : { employeeId: PEOPLE[c.who] }),
});
const freeOf = (slots: readonly TimeSlot[], who: Who) =>
  slots.filter(
    (s): s is TimeSlot & { employeeId: string } =>
      s.available && s.employeeId !== undefined && (who === 'any' || s.employeeId === PEOPLE[who]),
  );
const pickOf = <T>(list: readonly T[], pick: number): T | undefined =>
  list.slice(0, PICKS)[pick % Math.min(list.length, PICKS)];

/** The kiosk's answer, or why it had none. */
const asked = <T>(answer: Promise<T>): Promise<T | Error> =>
  answer.catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));

async function isFreeAtApi(run: Run, slot: KioskBooking['slot']): Promise<boolean> {
  const truth = await run.rig.truth({
    date: slot.date,
    serviceId: slot.serviceId,
    employeeId: slot.employeeId,
  });
  return truth.some((s) => s.time === slot.time && s.available);
}

/** A time screen 1 offers for the choice (the person it names), or why there is none. */
async function offered(run: Run, c: Choice): Promise<KioskBooking['slot'] | string> {
  const list = await asked(run.rig.core.api.getTimeSlots(query(c)));
  if (list instanceof Error) return `the kiosk lists nothing (${list.message})`;
  const slot = pickOf(freeOf(list.timeSlots, c.who), c.pick);
  if (!slot) return 'nothing offered';
  const serviceId = SERVICES[c.service];
  return {
    employeeId: slot.employeeId,
    date: DAYS[c.day],
    time: slot.time,
    minutes: run.minutes.get(serviceId) ?? 0,
    serviceId,
  };
}

/**
 * Books `slot` through the kiosk (screen 1) and checks what the customer is told: with the API
 * up, sent when the API has the time free, else refused as taken (back to the times); with the
 * API down (and the kiosk knowing it), queued. `meanwhile` runs while the booking is under way.
 */
async function bookThroughKiosk(
  run: Run,
  slot: KioskBooking['slot'],
  meanwhile: (booking: Promise<unknown>) => Promise<void> = () => Promise.resolve(),
): Promise<string> {
  const online = isOnline(run);
  const freeAtApi = await isFreeAtApi(run, slot);
  run.customers += 1;
  const email = `kiosk${run.customers}@example.com`;
  const booking: KioskBooking = { email, localId: null, slot, told: '' };
  const request = run.rig.core.api
    .createBooking({
      serviceId: slot.serviceId,
      employeeId: slot.employeeId,
      date: slot.date,
      time: slot.time,
      customer: { name: `Kiosk Customer ${run.customers}`, email, phone: '+49 30 555 0101' },
    })
    .then((result) => {
      booking.localId = result.localId;
      booking.told =
        result.state === 'sent'
          ? `sent ${result.booking?.appointmentNumber ?? '(no number)'}`
          : result.state;
    })
    .catch((error: unknown) => {
      if (!(error instanceof KioskFailure)) throw error;
      booking.told = `refused ${error.code}`;
    });
  await meanwhile(request);
  await request;
  run.kiosk.push(booking);
  const what = `${showSpan(slot)} ${email} (free at the API: ${freeAtApi}) -> ${booking.told}`;
  run.trace.push(`    ${what}`);
  if (online && !freeAtApi && booking.told !== 'refused slot_taken')
    fail(run, `a time the API has taken was not refused as taken: ${what}`);
  if (online && freeAtApi && !booking.told.startsWith('sent'))
    fail(run, `a free time the kiosk offered was not booked: ${what}`);
  if (!online && booking.told !== 'queued')
    fail(run, `an offered time was not queued with the API down: ${what}`);
  run.trace.pop();
  return `${showSpan(slot)} -> ${booking.told}`;
}

/** Books through the kiosk (screen 1) a time it offers. */
async function kioskBook(run: Run, c: Choice): Promise<string> {
  const slot = await offered(run, c);
  return typeof slot === 'string' ? slot : bookThroughKiosk(run, slot);
}

/** Real-time polls of a state (never a fixed sleep); a guard against a hang, not a pace. */
async function waitFor(check: () => boolean, maxMs: number): Promise<boolean> {
  const deadline = Date.now() + maxMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return true;
}

/**
 * The kiosk books while a list of that day is on the wire: screen 1's `fresh` lookup of the
 * choice reaches the API first, the booking is answered, a kiosk second passes, and only then
 * does the list (computed before the booking) arrive, as a mirror refresh or another screen's
 * lookup under way during a booking would. A kiosk that waits for the list before it books is
 * let through after 10 s (the race is then not run, and nothing fails for it).
 */
async function bookWhileListed(run: Run, c: Choice): Promise<string> {
  const slot = await offered(run, c);
  if (typeof slot === 'string') return slot;
  const { gate, core } = run.rig;
  const q = query(c);
  gate.holdNext((path) => {
    const params = new URL(path, 'http://gate').searchParams;
    return (
      path.includes('/availability?') &&
      params.get('date') === q.date &&
      params.get('serviceId') === q.serviceId &&
      (params.get('employeeId') ?? undefined) === q.employeeId
    );
  });
  let listed = false;
  const lookup = asked(core.api.getTimeSlots({ ...q, fresh: true })).finally(() => {
    listed = true;
  });
  await waitFor(() => listed || gate.held() > 0, 20_000);
  const onWire = gate.held() > 0;
  if (!onWire) gate.release(); // the lookup did not go to the API: nothing else is held
  let waited = false;
  const booked = await bookThroughKiosk(run, slot, async (booking) => {
    if (!onWire) return;
    let done = false;
    const settled = () => {
      done = true;
    };
    booking.then(settled, settled);
    waited = !(await waitFor(() => done, 10_000));
    if (!waited) await run.rig.advance(1_000);
    gate.release();
  });
  const answer = await lookup;
  const source = answer instanceof Error ? answer.message : answer.source;
  if (!onWire) return `${booked} (the list did not go to the API: ${source})`;
  return `${booked}; the list asked before it arrived ${waited ? 'first (the booking waited)' : 'a second after it'} (${source})`;
}

/** Another client books straight at the API a time the API's own list shows free. */
async function directBook(run: Run, c: Choice): Promise<string> {
  const q = query(c);
  const slot = pickOf(freeOf(await run.rig.truth(q), c.who), c.pick);
  if (!slot) return 'nothing free at the API';
  run.customers += 1;
  const span = {
    employeeId: slot.employeeId,
    date: q.date,
    time: slot.time,
    minutes: run.minutes.get(q.serviceId) ?? 0,
  };
  const answer = await run.rig.bookDirect(
    { ...span, serviceId: q.serviceId },
    `other${run.customers}@example.com`,
  );
  if (answer.status !== 201)
    fail(run, `the API refused a time its list showed free: ${answer.status}`);
  run.direct.push({ ...span, at: answer.at });
  return `${showSpan(span)} -> ${answer.status}`;
}

async function hold(run: Run, c: Choice): Promise<string> {
  const screen = run.rig.core.apiFor('screen-2');
  const list = await screen.getTimeSlots(query(c));
  const slot = pickOf(freeOf(list.timeSlots, c.who), c.pick);
  if (!slot) return 'nothing offered to screen-2';
  const part = {
    serviceId: SERVICES[c.service],
    employeeId: slot.employeeId,
    date: DAYS[c.day],
    time: slot.time,
  };
  const held = await screen.holdSlot({ parts: [part] });
  run.hold = {
    employeeId: part.employeeId,
    date: part.date,
    time: part.time,
    minutes: run.minutes.get(part.serviceId) ?? 0,
    until: Date.parse(held.heldUntil),
  };
  return `screen-2 holds ${showSpan(run.hold)}`;
}

/**
 * The kiosk's bookings the API may not have: queued, being sent, or whose answer was lost
 * (`unknown`: the kiosk cannot tell, so it keeps the time, shared/booking/booking-states.ts).
 */
const UNSENT = new Set<LocalBooking['state']>(['queued', 'sending', 'unknown']);
/** Still to be sent: the replay has settled when none is left. */
const WAITING = new Set<LocalBooking['state']>(['queued', 'sending']);

/**
 * The API back: until the kiosk knows it (its probe) and no booking of it waits to be sent
 * (10 kiosk minutes at most).
 */
async function apiBack(run: Run): Promise<string> {
  run.rig.proxy.setMode('pass');
  await run.rig.gate.refuse(false);
  const { core } = run.rig;
  const settled = async () =>
    (await core.api.getSyncStatus({})).online &&
    (await run.rig.outbox()).every((e) => !WAITING.has(e.state));
  const took = await run.rig
    .advanceUntil(settled, 600_000)
    .catch(() => fail(run, 'the replay did not settle within 10 kiosk minutes of the API back'));
  const outbox = await run.rig.outbox();
  const states = run.kiosk
    .filter((b) => b.told === 'queued')
    .map((b) => `${b.slot.time} ${outbox.find((e) => e.localId === b.localId)?.state ?? 'gone'}`);
  return `settled in ${Math.round(took / 1000)} s: ${states.join(', ') || 'nothing queued'}`;
}

/**
 * The API down, and the kiosk knowing it (two failed lookups, as test/support/core/harness.ts
 * goOffline): its bookings are then queued without a try. A booking whose request met the reset
 * itself is honestly "unknown" (the kiosk cannot tell whether it arrived), not what this step is.
 */
async function goOffline(run: Run, c: Choice, how: 'refused' | 'reset'): Promise<void> {
  if (!isOnline(run)) return;
  if (how === 'refused') await run.rig.gate.refuse(true);
  else run.rig.proxy.setMode('down');
  for (let i = 0; i < 2; i += 1)
    await run.rig.core.api.getTimeSlots({ ...query(c), fresh: true }).catch(() => null);
  if ((await run.rig.core.api.getSyncStatus({})).online)
    fail(run, 'the kiosk did not notice the API was down');
}

async function apply(run: Run, step: Step): Promise<string> {
  switch (step.kind) {
    case 'kioskBook':
      return kioskBook(run, step);
    case 'bookWhileListed':
      return bookWhileListed(run, step);
    case 'offlineBook':
      await goOffline(run, step, step.how);
      return kioskBook(run, step);
    case 'directBook':
      return directBook(run, step);
    case 'apiBack':
      return apiBack(run);
    case 'hold':
      return hold(run, step);
    case 'release':
      await run.rig.core.apiFor('screen-2').releaseHold({});
      run.hold = null;
      return 'released';
    case 'refresh':
      // The mirror's: the mirrored day's `any` lists are fetched again, the kiosk's own lists
      // of a person not yet stale; the kiosk's: every list it answers from is stale.
      await run.rig.advance(
        (step.of === 'mirror' ? RIG_MIRROR_AGE_MS : RIG_FRESHNESS.otherMaxAgeMs) + 1_000,
      );
      return `clock now ${new Date(run.rig.clock.now()).toISOString()}`;
    case 'freshLook': {
      const answer = await run.rig.core.api.getTimeSlots({ ...query(step), fresh: true });
      if (isOnline(run) && answer.source !== 'live')
        fail(run, `a fresh lookup with the API up answered from the cache (${answer.asOf ?? ''})`);
      await judgeAll(run, [{ ...step, answer }]);
      return `source ${answer.source}`;
    }
  }
}

/**
 * What the customers were told is what happened: a booking told sent is in the API's database
 * once, at its time and person, and stays sent; one refused, queued or sending is not there; one
 * whose answer was lost (`unknown`: a request met the API going down) is there at most once;
 * one refused on replay met a booking of its person there; and no booking of the kiosk is there
 * that the kiosk did not make.
 */
async function checkBookings(run: Run): Promise<void> {
  const rows = serverBookings(run.rig.dbPath);
  const outbox = await run.rig.outbox();
  const stateOf = (b: KioskBooking) => outbox.find((e) => e.localId === b.localId)?.state ?? 'gone';
  const atApi: Span[] = [...run.direct];
  for (const b of run.kiosk) {
    const mine = rows.filter((r) => r.email === b.email);
    const state = stateOf(b);
    const at = `${showSpan(b.slot)} ${b.email}, told ${b.told}, now ${state}`;
    if (b.told.startsWith('sent') && state !== 'sent')
      fail(run, `a booking told sent is ${state}: ${at}`);
    if (!['sent', 'queued', 'sending', 'rejected', 'unknown', 'gone'].includes(state))
      fail(run, `a booking in an unexpected state: ${at}`);
    const asBooked = mine.every(
      (r) => r.date === b.slot.date && r.time === b.slot.time && r.employeeId === b.slot.employeeId,
    );
    const expectedRows = state === 'sent' ? [1] : state === 'unknown' ? [0, 1] : [0];
    if (!expectedRows.includes(mine.length) || !asBooked)
      fail(run, `the API's database does not hold what the kiosk says: ${at}`, [
        `at the API: ${JSON.stringify(mine)}`,
      ]);
    if (
      state === 'sent' &&
      !outbox.find((e) => e.localId === b.localId)?.booking?.appointmentNumber
    )
      fail(run, `a sent booking has no appointment number: ${at}`);
    if (mine.length > 0) atApi.push(b.slot);
  }
  for (const b of run.kiosk) {
    if (stateOf(b) !== 'rejected') continue;
    const others = atApi.filter((s) => s !== b.slot && s.employeeId === b.slot.employeeId);
    if (!others.some((s) => overlaps(b.slot.date, b.slot.time, b.slot.minutes, s)))
      fail(run, `a queued booking was refused though its time was free: ${showSpan(b.slot)}`);
  }
  const known = new Set(run.kiosk.map((b) => b.email));
  const strays = rows.filter((r) => r.email.startsWith('kiosk') && !known.has(r.email));
  if (strays.length > 0) fail(run, 'bookings of the kiosk nobody made', [JSON.stringify(strays)]);
}

interface Asked extends Omit<Choice, 'pick'> {
  answer: KioskAnswer | Error;
}

/** Judges the kiosk's answers against the API's lists now (one outbox and hold state). */
async function judgeAll(run: Run, asked: Asked[]): Promise<void> {
  const { rig } = run;
  const outbox = await rig.outbox();
  const unsent = outbox
    .filter((e) => UNSENT.has(e.state))
    .map((e) => ({
      employeeId: e.request.employeeId,
      date: e.request.date,
      time: e.request.time,
      minutes: run.minutes.get(e.request.serviceId) ?? 0,
    }));
  const holds = run.hold && run.hold.until > rig.clock.now() ? [run.hold] : [];
  const truthOf = (date: string, serviceId: string, person: string) =>
    rig.truth({ date, serviceId, employeeId: person });
  const problems: string[] = [];
  for (const a of asked) {
    const q = query(a);
    const oracle: OracleQuery = {
      date: q.date,
      serviceId: q.serviceId,
      minutes: run.minutes.get(q.serviceId) ?? 0,
      who: q.employeeId ?? 'any',
    };
    const truth = new Map<string, TimeSlot[]>();
    for (const person of doers(a.service))
      truth.set(person, await truthOf(q.date, q.serviceId, person));
    const name = `${a.service}/${a.who} ${q.date}`;
    if (a.answer instanceof Error) {
      problems.push(`${name}: the kiosk did not answer (${a.answer.message})`);
      continue;
    }
    const v = judge(oracle, { truth, unsent, holds, direct: run.direct }, a.answer);
    if (isClean(v)) continue;
    problems.push(
      [
        `${name} (source ${a.answer.source}, asOf ${a.answer.asOf ?? 'never'}):`,
        v.hidden.length ? `    hidden (free at the API, not offered): ${v.hidden.join(' ')}` : '',
        v.wrong.length
          ? `    offered but not free (no other client's booking since asOf): ${v.wrong.join(' ')}`
          : '',
        v.wrongName.length
          ? `    offered naming someone not free then: ${v.wrongName.join(', ')}`
          : '',
        `    expected: ${v.expected.join(' ') || '-'}`,
        `    offered:  ${v.offered.join(' ') || '-'}`,
        v.allowed.length ? `    (allowed: ${v.allowed.join(' ')})` : '',
      ]
        .filter(Boolean)
        .join('\n'),
    );
  }
  if (problems.length === 0) return;
  fail(run, 'the kiosk offers what the API would not sell, or hides what it would:', [
    `now ${new Date(rig.clock.now()).toISOString()}, API ${isOnline(run) ? 'up' : 'down'}`,
    `unsent kiosk bookings: ${unsent.map(showSpan).join('; ') || '-'}`,
    `screen-2 holds: ${holds.map(showSpan).join('; ') || '-'}`,
    `other client's bookings: ${run.direct.map((b) => `${showSpan(b)} at ${new Date(b.at).toISOString()}`).join('; ') || '-'}`,
    ...problems,
  ]);
}

/** Every (service used, person or anyone, day used), as screen 1 sees it (not fresh). */
async function oracle(run: Run): Promise<void> {
  await run.rig.quiet();
  const answers: Asked[] = [];
  for (const day of run.used.days)
    for (const pair of PAIRS.filter((p) => run.used.services.has(p.service))) {
      const answer = await asked(run.rig.core.api.getTimeSlots(query({ ...pair, day })));
      answers.push({ ...pair, day, answer });
    }
  await judgeAll(run, answers);
}

/**
 * Where every run starts: the API and the kiosk after its start, the mirror's warm-up and one
 * look at every list the oracle may ask about (built once per file, each run on a copy).
 */
let template: Promise<RigTemplate> | null = null;
const startingPoint = (): Promise<RigTemplate> =>
  (template ??= prepareRigTemplate(
    { start: START, mirrorDays: 3, services: Object.values(SERVICES) },
    async (rig) => {
      await rig.advance(1_000);
      for (const day of [0, 1] as const)
        for (const pair of PAIRS) await rig.core.api.getTimeSlots(query({ ...pair, day }));
      await rig.quiet();
    },
  ));
afterAll(async () => (await template)?.remove());

/** One run: a server and kiosk from the starting point, the steps, the oracle after each. */
async function runSteps(steps: readonly Step[]): Promise<void> {
  const rig = await startDifferentialRig(await startingPoint());
  const run: Run = {
    rig,
    minutes: new Map(),
    direct: [],
    kiosk: [],
    hold: null,
    trace: [],
    customers: 0,
    at: 'at the start',
    done: [],
    used: usedBy(steps),
  };
  try {
    const catalog = await rig.core.api.getCatalog({});
    for (const s of catalog.services) run.minutes.set(s._id, durationMinutes(s));
    run.trace.push('  start: the kiosk has asked every list once (the mirror warm)');
    await oracle(run);
    for (const [i, step] of steps.entries()) {
      // Every step at its own kiosk second: "after asOf" is never a tie.
      await rig.advance(1_000);
      run.at = `after step ${i + 1} of ${steps.length}`;
      run.done.push(step);
      run.trace.push(`  ${i + 1}. ${showStep(step)}`);
      const outcome = await apply(run, step);
      run.trace[run.trace.length - 1] += `: ${outcome}`;
      await rig.quiet();
      await checkBookings(run);
      await oracle(run);
    }
  } finally {
    await rig.close();
  }
}

const RUNS = process.env.CI ? 200 : Number(process.env.DIFFERENTIAL_RUNS ?? 20);

describe('the kiosk offers what the API would sell (issue 37)', () => {
  it(
    'property: random steps, the oracle after each',
    async () => {
      const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : Date.now() % 2 ** 31;
      const path = process.env.FC_PATH;
      console.log(
        `availability differential: FC_SEED=${seed}${path ? ` FC_PATH=${path}` : ''}, ${RUNS} runs`,
      );
      await fc.assert(
        fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 8 }), (steps) =>
          runSteps(steps),
        ),
        { numRuns: RUNS, seed, ...(path ? { path } : {}) },
      );
    },
    30 * 60_000,
  );

  // The counterexamples fast-check found and shrank, each kept as it was found (only the steps
  // up to the failing one: the shrinker sometimes leaves a later one that plays no part). The
  // first three were found on d730d97, before the availability model, with earlier versions of
  // the step generator (their seeds replay nothing now).

  // The `any` list names Anna at 09:00-09:30 and the kiosk's own booking
  // took those times out for everyone.
  it("regression: after the kiosk books Anna 09:00, 'anyone' still offers 09:00-09:30, free with Sophie", () =>
    runSteps([{ kind: 'kioskBook', service: 'damen', who: 'anna', day: 0, pick: 0 }]));

  // The same with another screen's hold.
  it("regression: screen-2 holding Anna 09:00 hides nothing of 'anyone' on screen 1 while Sophie is free", () =>
    runSteps([{ kind: 'hold', service: 'damen', who: 'anna', day: 0, pick: 0 }]));

  // Anna's list, asked before the booking and received a second after it,
  // was stamped as fetched after the booking, so the booking was not held against it; after the
  // mirror's `any` refresh Anna's 09:00-09:30 were offered around her own 09:00.
  it("regression: a list asked before the kiosk's own booking and received after it does not offer Anna's times around it", () =>
    runSteps([
      { kind: 'bookWhileListed', service: 'damen', who: 'anna', day: 0, pick: 0 },
      { kind: 'refresh', of: 'mirror' },
    ]));

  // On aff84df (the model), FC_SEED=103 FC_PATH=4:2:1:4:4:4:5:4 with this generator: a queued Damenhaarschnitt of Anna at 09:00
  // (45 min) is refused on replay (another client booked her Kinderhaarschnitt 09:00-09:30);
  // the kiosk then blocks all 45 minutes against its older lists and hides Anna's 09:30, which
  // the API has free, for both services until the lists are fetched again.
  it('regression: a booking refused on replay hides no time of its person that the API has free', () =>
    runSteps([
      { kind: 'offlineBook', how: 'refused', service: 'damen', who: 'anna', day: 0, pick: 0 },
      { kind: 'directBook', service: 'kinder', who: 'anna', day: 0, pick: 0 },
      { kind: 'apiBack' },
    ]));
});
