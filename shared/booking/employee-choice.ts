/**
 * Which employee takes a slot, or why nobody can: candidates are tried in the day's order
 * (fewest bookings that day, then name) and the first one free for the whole duration wins.
 */
import type { DayCandidate, DayContext } from './day-context';
import { inRanges } from './schedule';
import type { EmployeeSchedule } from './types';

/** Short English reasons carried by unavailable slots. */
export const SLOT_REASONS = {
  past: 'past',
  tooSoon: 'too soon',
  horizon: 'beyond booking horizon',
  break: 'break',
  noFit: 'not enough time',
  booked: 'booked',
} as const;

export type SlotVerdict =
  { available: true; employee: EmployeeSchedule } | { available: false; reason: string };

const REASON_RANK: Record<string, number> = {
  [SLOT_REASONS.break]: 1,
  [SLOT_REASONS.noFit]: 2,
  [SLOT_REASONS.booked]: 3,
};

/** Why one candidate cannot take the slot, or null when it can. Shared with checkSlot. */
export function candidateProblem(
  candidate: DayCandidate,
  minute: number,
  startMs: number,
  endMs: number,
): 'hours' | 'break' | 'fit' | 'taken' | null {
  if (!inRanges(candidate.working, minute)) return 'hours';
  if (inRanges(candidate.breaks, minute)) return 'break';
  if (!candidate.free.some(([start, end]) => start <= startMs && endMs <= end)) return 'fit';
  if (candidate.busy.some((b) => b.startMs < endMs && startMs < b.endMs)) return 'taken';
  return null;
}

export function evaluateSlot(ctx: DayContext, minute: number): SlotVerdict {
  if (ctx.status === 'past') return { available: false, reason: SLOT_REASONS.past };
  if (ctx.status === 'horizon') return { available: false, reason: SLOT_REASONS.horizon };
  const startMs = ctx.clock.instant(minute);
  if (startMs === null) return { available: false, reason: SLOT_REASONS.past };
  if (startMs < ctx.now) return { available: false, reason: SLOT_REASONS.past };
  if (startMs < ctx.earliestStart) return { available: false, reason: SLOT_REASONS.tooSoon };
  const endMs = startMs + ctx.durationMs;

  let reason: string = SLOT_REASONS.noFit;
  let rank = 0;
  // Candidates are sorted by fewest bookings, then name: the first free one is the pick.
  for (const candidate of ctx.candidates) {
    const problem = candidateProblem(candidate, minute, startMs, endMs);
    if (problem === null) return { available: true, employee: candidate.employee };
    if (problem === 'hours') continue;
    const text =
      problem === 'break'
        ? SLOT_REASONS.break
        : problem === 'fit'
          ? SLOT_REASONS.noFit
          : SLOT_REASONS.booked;
    const textRank = REASON_RANK[text] ?? 0;
    if (textRank > rank) {
      rank = textRank;
      reason = text;
    }
  }
  return { available: false, reason };
}
