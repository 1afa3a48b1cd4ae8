/**
 * The open days of a service, for one person or anyone, as far as the API lets book (the
 * counter's day strip, hooks/use-open-days.ts). Read through the kiosk, so mostly answered by
 * its mirror; the bench of a start's requests replays it (bench/core/start-requests.ts).
 */
import type { KioskClient } from '../../shared/kiosk-api';
import type { Result } from '../../shared/result';
import { addMonths, toDateString } from './dates';

/** The open days (`YYYY-MM-DD`) found, and the last day of the last month that had any. */
export interface OpenDays {
  days: Set<string>;
  /** The last month worth showing: the last one with open days, at least next month. */
  through: { year: number; month: number };
}

/**
 * A bound on the loop, not the horizon: the API's own horizon ends it (months beyond it answer
 * no days, per shared/spec/decisions.md); this only stops an upstream that never says so.
 */
const MAX_MONTHS_ASKED = 24;
/** The first month asked ahead (0: this month). */
const AHEAD_FROM = 2;

/**
 * Month after month from `from` until one (after the first) has no open day or cannot be had.
 * Offline (or, for a month asked ahead, at a busy start), a month the kiosk cannot answer ends
 * the search but keeps the days already found; only when no month answers is the failure
 * returned.
 */
export async function loadOpenDays(
  client: Pick<KioskClient, 'getAvailableDays'>,
  serviceId: string | null,
  employeeId: string | null,
  from: { year: number; month: number },
): Promise<Result<OpenDays>> {
  const { year, month } = from;
  const days = new Set<string>();
  let through = addMonths(year, month, 1);
  if (!serviceId) return { ok: true, result: { days, through } };
  let failure: Result<never> | null = null;
  for (let i = 0; i < MAX_MONTHS_ASKED; i += 1) {
    const asked = addMonths(year, month, i);
    const answer = await client.getAvailableDays({
      ...asked,
      serviceId,
      ...(employeeId ? { employeeId } : {}),
      // This month and the next are the strip's first view (and the kiosk's mirror keeps them);
      // the later ones are asked ahead: at a busy start the kiosk answers them from its copy or
      // not at all, and the strip then ends sooner (issue 37).
      ...(i >= AHEAD_FROM ? { ahead: true } : {}),
    });
    if (!answer.ok) failure = answer;
    const found = answer.ok ? answer.result.availableDays : [];
    for (const day of found) days.add(toDateString(asked.year, asked.month, day));
    if (found.length > 0 && i > 0) through = asked;
    // The first month may have no day left (its last days closed): look at the next one.
    if (i > 0 && found.length === 0) break;
  }
  return failure && days.size === 0 ? failure : { ok: true, result: { days, through } };
}
