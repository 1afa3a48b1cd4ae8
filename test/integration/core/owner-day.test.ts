/**
 * Issue 41 part 3, through the real core on real SQLite: three customers walk (one books, one
 * leaves on the time screen, one finds no time and joins the waitlist); getKioskDay, the CSV
 * and /metrics show exactly those counts, and so does the kiosk after a restart. The public
 * method takes only its closed sets: free text and unknown kinds are refused by the contract.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  createKioskCoreInternals,
  type KioskCoreInternals,
} from '../../../electron/core/kiosk-core';
import { createMetricsExposition } from '../../../electron/core/metrics';
import { createMemorySecretStore } from '../../../electron/core/staff/secret-store';
import type { KioskFlowEvent } from '../../../shared/kiosk-api';
import { dispatchKioskCall } from '../../../shared/kiosk-dispatch';
import { makeTempDir } from '../../support/core/harness';
import { manualClock } from '../../support/core/manual-clock';
import { openStaffSession } from '../../support/core/staff';

// Monday 23 November 2026, 14:05 in Berlin.
const START = Date.parse('2026-11-23T13:05:00Z');
const TODAY = { from: '2026-11-23', to: '2026-11-23' };

let temp: ReturnType<typeof makeTempDir>;
let core: KioskCoreInternals | null = null;
beforeEach(() => {
  temp = makeTempDir('fd-owner-day-');
});
afterEach(async () => {
  await core?.close();
  core = null;
  temp.remove();
});

const open = (clock: ReturnType<typeof manualClock>) =>
  createKioskCoreInternals({
    dataDir: join(temp.dir, 'kiosk'),
    secretStore: createMemorySecretStore(),
    autoStart: false,
    clock,
    timeZone: 'Europe/Berlin',
  });

it('counts three walks exactly, in the answer, the CSV and /metrics, and after a restart', async () => {
  const clock = manualClock(START);
  core = await open(clock);
  const screen = (name: string) => core!.apiFor(name);
  const send = async (name: string, event: KioskFlowEvent, afterMs = 15_000) => {
    clock.advance(afterMs);
    return dispatchKioskCall(screen(name), 'reportKioskFlow', event);
  };
  const walk = async (name: string, to: 'details' | 'time' | 'review') => {
    await send(name, { kind: 'started', language: name === 'c' ? 'ar' : 'de' });
    for (const step of ['service', 'day', 'time', 'details', 'review'] as const) {
      await send(name, { kind: 'step', step, ...(name === 'b' ? { reach: true } : {}) });
      if (step === to) return;
    }
  };
  // a: books in 90 s (five steps of 15 s, then "Book now").
  await walk('a', 'review');
  expect(await send('a', { kind: 'step', step: 'booked' })).toEqual({
    ok: true,
    result: { counted: true },
  });
  // b: leaves on the time screen (the idle reset).
  await walk('b', 'time');
  await send('b', { kind: 'abandoned' });
  // c: no time that day, joins the waitlist (its screen reports it; its session then ends).
  await walk('c', 'time');
  await send('c', { kind: 'noTimeFound', language: 'ar' });
  await send('c', { kind: 'waitlistJoined', language: 'ar' });
  await send('c', { kind: 'abandoned' });

  // Free text, unknown kinds, a step not in the flow, a stray field: the contract refuses them.
  for (const bad of [
    { kind: 'started', note: 'Eva Muster' },
    { kind: 'started', language: 'Eva Muster' },
    { kind: 'eva@example.com' },
    { kind: 'booked' },
    { kind: 'step', step: 'confirmation' },
    { kind: 'step', step: 'A-000001' },
    { kind: 'started', audio: 'yes' },
    'Eva Muster',
  ]) {
    const answer = await dispatchKioskCall(screen('d'), 'reportKioskFlow', bad);
    expect({ bad, answer }).toMatchObject({
      answer: { ok: false, error: { code: 'invalid_input' } },
    });
  }
  // A screen starting again and again within seconds counts once.
  expect(await send('d', { kind: 'started' }, 0)).toMatchObject({ result: { counted: true } });
  expect(await send('d', { kind: 'started' }, 1_000)).toMatchObject({ result: { counted: false } });
  await send('d', { kind: 'abandoned' });

  const expected = {
    started: 4,
    reached: { service: 3, day: 3, time: 3, details: 1, review: 1, booked: 1 },
    abandoned: { service: 0, day: 0, time: 1, details: 0, review: 0, booked: 0 },
    noTimeFound: 1,
    waitlistJoined: 1,
    arrived: 0,
    languages: { de: 2, ar: 1 },
    audio: 0,
    reach: 1,
    medianSecondsToBooked: 90,
  };
  const read = async () => {
    const session = await openStaffSession(core!);
    return {
      day: await core!.api.getKioskDay({ session, ...TODAY }),
      csv: await core!.api.exportKioskDay({ session, ...TODAY }),
      metrics: await createMetricsExposition({
        version: '1.0.0',
        core: () => core!.metrics(),
        screensConnected: () => 0,
        diskFreeBytes: () => null,
      }).render(),
    };
  };
  const check = async () => {
    const { day, csv, metrics } = await read();
    expect(day.total).toEqual(expected);
    expect(day.days).toEqual([{ date: '2026-11-23', ...expected }]);
    expect(day.hours.map(({ date, hour }) => `${date} ${hour}`)).toEqual(['2026-11-23 14']);
    expect(csv.fileName).toBe('kiosk-day-2026-11-23-2026-11-23.csv');
    const [header, dayLine, hourLine, end] = csv.csv.split('\r\n');
    expect(header).toBe(
      'date,hour,started,reached_service,reached_day,reached_time,reached_details,reached_review,' +
        'reached_booked,abandoned_service,abandoned_day,abandoned_time,abandoned_details,' +
        'abandoned_review,abandoned_booked,no_time_found,waitlist_joined,arrived,language_de,' +
        'language_en,language_tr,language_pl,language_uk,language_ar,audio,reach,' +
        'median_seconds_to_booked',
    );
    expect(dayLine).toBe('2026-11-23,,4,3,3,3,1,1,1,0,0,1,0,0,0,1,1,0,2,0,0,0,0,1,0,1,90');
    expect(hourLine).toBe('2026-11-23,14,4,3,3,3,1,1,1,0,0,1,0,0,0,1,1,0,2,0,0,0,0,1,0,1,90');
    expect(end).toBe('');
    const sample = (line: string) => expect(metrics).toMatch(new RegExp(`^${line}$`, 'm'));
    sample('frontdesk_kiosk_today_sessions_started 4');
    sample('frontdesk_kiosk_today_sessions_reached\\{step="time"\\} 3');
    sample('frontdesk_kiosk_today_sessions_reached\\{step="booked"\\} 1');
    sample('frontdesk_kiosk_today_sessions_abandoned\\{step="time"\\} 1');
    sample('frontdesk_kiosk_today_sessions_abandoned\\{step="review"\\} 0');
    sample('frontdesk_kiosk_today_sessions_with\\{event="no_time_found"\\} 1');
    sample('frontdesk_kiosk_today_sessions_with\\{event="waitlist_joined"\\} 1');
    sample('frontdesk_kiosk_today_sessions_with\\{event="arrived"\\} 0');
    sample('frontdesk_kiosk_today_sessions_by_language\\{language="de"\\} 2');
    sample('frontdesk_kiosk_today_sessions_by_language\\{language="ar"\\} 1');
    sample('frontdesk_kiosk_today_sessions_by_mode\\{mode="reach"\\} 1');
    sample('frontdesk_kiosk_today_median_seconds_to_booked 90');
  };
  await check();

  // The restart: the same data folder, a new core, the counts as they were.
  await core.close();
  core = await open(clock);
  await check();
  // The next day, /metrics starts from zero and the median is unknown; the days stay.
  clock.set(Date.parse('2026-11-24T07:00:00Z'));
  const { metrics, day } = await read();
  expect(metrics).toMatch(/^frontdesk_kiosk_today_sessions_started 0$/m);
  expect(metrics).not.toContain('frontdesk_kiosk_today_median_seconds_to_booked');
  expect(day.total.started).toBe(4);
});
