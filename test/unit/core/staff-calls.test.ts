import { describe, expect, it } from 'vitest';
import {
  CALL_COOLDOWN_MS,
  MAX_OPEN_CALLS,
  createStaffCalls,
} from '../../../electron/core/staff/staff-calls';
import { silentLogger } from '../../../electron/core/platform/log';
import type { KioskEvent } from '../../../shared/kiosk-api';
import { KioskFailure } from '../../../shared/result';

function setUp() {
  let now = 1_000_000;
  const events: KioskEvent[] = [];
  const calls = createStaffCalls({
    now: () => now,
    emit: (e) => events.push(e),
    log: silentLogger,
  });
  const lists = () =>
    events.map((e) => (e.type === 'staffCalls' ? e.calls.map((c) => c.screen) : e.type));
  return { calls, events, lists, advance: (ms: number) => (now += ms) };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(KioskFailure);
    return (error as KioskFailure).code;
  }
  throw new Error('expected a refusal');
}

describe('calls for staff (issue 31)', () => {
  it('publishes every open call to all screens and clears a call when staff answer it', async () => {
    const { calls, lists } = setUp();
    const one = await calls.api('screen:a').callStaff({ screen: 'Kiosk 1' });
    const two = await calls.api('screen:b').callStaff({ screen: 'Kiosk 2' });
    expect(await calls.api('screen:c').getStaffCalls(undefined)).toEqual([one, two]);
    expect(await calls.api('screen:c').answerStaffCall({ id: one.id })).toEqual({ answered: true });
    expect(await calls.api('screen:c').answerStaffCall({ id: one.id })).toEqual({
      answered: false,
    });
    expect(lists()).toEqual([['Kiosk 1'], ['Kiosk 1', 'Kiosk 2'], ['Kiosk 2']]);
  });

  it('a screen pressing again gets its open call back without a new event', async () => {
    const { calls, lists } = setUp();
    const first = await calls.api('app').callStaff({});
    for (let i = 0; i < 5; i++) expect(await calls.api('app').callStaff({})).toEqual(first);
    expect(first.screen).toBeNull();
    expect(lists()).toEqual([[null]]);
  });

  it('a new call from the same screen waits 10 s after its last; the shop holds at most 30', async () => {
    const { calls, advance } = setUp();
    const first = await calls.api('screen:a').callStaff({});
    await calls.api('screen:a').answerStaffCall({ id: first.id });
    expect(await refusal(calls.api('screen:a').callStaff({}))).toBe('invalid_request');
    advance(CALL_COOLDOWN_MS);
    expect((await calls.api('screen:a').callStaff({})).id).not.toBe(first.id);
    for (let i = 1; i < MAX_OPEN_CALLS; i++) await calls.api(`screen:${i}`).callStaff({});
    expect(calls.open()).toHaveLength(MAX_OPEN_CALLS);
    expect(await refusal(calls.api('screen:over').callStaff({}))).toBe('invalid_request');
  });
});
