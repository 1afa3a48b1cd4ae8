/**
 * Calls for help from customer screens (issue 31), kept in memory: a call matters for minutes,
 * and after a restart the customer presses again. Each change is published to every screen as a
 * `staffCalls` event with the whole list, so a screen never has to merge.
 *
 * Flooding: each caller (the app's window, a browser token, a paired screen) has at most one open
 * call, a repeat returns it without an event, a new call from the same caller needs 10 s since
 * its last, and the shop holds at most 30 open calls.
 */
import { randomUUID } from 'node:crypto';
import type { KioskApi, KioskEvent, StaffCall } from '../../../shared/kiosk-api';
import { KioskFailure } from '../../../shared/result';
import type { Logger } from '../platform';

export const CALL_COOLDOWN_MS = 10_000;
export const MAX_OPEN_CALLS = 30;

export type StaffCallMethod = 'callStaff' | 'answerStaffCall' | 'getStaffCalls';

export interface StaffCallService {
  /** The methods for one caller (`caller`: the screen key the core's apiFor gets). */
  api(caller: string): Pick<KioskApi, StaffCallMethod>;
  open(): StaffCall[];
}

export function createStaffCalls(deps: {
  now: () => number;
  emit: (event: KioskEvent) => void;
  log: Logger;
}): StaffCallService {
  const open = new Map<string, StaffCall & { caller: string }>();
  const lastCallAt = new Map<string, number>();
  const list = (): StaffCall[] =>
    [...open.values()].map(({ id, screen, calledAt }) => ({ id, screen, calledAt }));
  const publish = (): void => deps.emit({ type: 'staffCalls', calls: list() });

  return {
    open: list,
    api: (caller) => ({
      callStaff: (input) =>
        Promise.resolve().then(() => {
          const existing = [...open.values()].find((call) => call.caller === caller);
          if (existing)
            return { id: existing.id, screen: existing.screen, calledAt: existing.calledAt };
          const now = deps.now();
          const last = lastCallAt.get(caller);
          if (last !== undefined && now - last < CALL_COOLDOWN_MS)
            throw new KioskFailure('invalid_request', 'staff were just called: please wait');
          if (open.size >= MAX_OPEN_CALLS)
            throw new KioskFailure('invalid_request', 'too many open calls for staff');
          const call = { id: randomUUID(), screen: input.screen ?? null, calledAt: now };
          open.set(call.id, { ...call, caller });
          lastCallAt.set(caller, now);
          deps.log.info('a screen called staff', { screen: call.screen ?? 'this machine' });
          publish();
          return call;
        }),
      answerStaffCall: ({ id }) =>
        Promise.resolve().then(() => {
          const answered = open.delete(id);
          if (answered) publish();
          return { answered };
        }),
      getStaffCalls: () => Promise.resolve(list()),
    }),
  };
}
