/**
 * A minute limit learned from refusals (issue 30.8). The spec's limits are what an API
 * documents, not a promise that it enforces no less: a 429 whose own X-RateLimit headers still
 * show budget left says the API stops earlier than it advertises. Then, as TCP does:
 * - decrease: the ceiling becomes what the API accepted in that window (at least 1, and below
 *   the ceiling that failed), and holds for an hour: a probe above it may cost a 429, so there
 *   is at most one an hour;
 * - increase: after the hold, +1 for each minute in which the ceiling held us back and no 429
 *   came (a minute in which we sent less than it allowed tested nothing); at the advertised
 *   limit the ceiling is forgotten.
 * Pure: `now` comes in with every call.
 */
import { z } from 'zod';

export const LearnedState = z.object({
  ceiling: z.number().int().min(1).max(100_000),
  holdUntil: z.number(),
});
export type LearnedState = z.infer<typeof LearnedState>;

/** How long a learned ceiling holds before it is probed upwards. */
export const LEARNED_HOLD_MS = 3_600_000;
const MINUTE = 60_000;

export class LearnedLimit {
  private state: LearnedState | null = null;
  private pressedAt = Number.NEGATIVE_INFINITY;
  private raisedAt = Number.NEGATIVE_INFINITY;

  /** The limit to pace against: the advertised one, or the learned ceiling below it. */
  cap(advertised: number): number {
    return this.state ? Math.min(advertised, this.state.ceiling) : advertised;
  }

  /** A 429 although its headers showed budget; `accepted`: what the API took in that window. */
  onSurprise(now: number, accepted: number): void {
    const failed = this.state?.ceiling ?? Number.POSITIVE_INFINITY;
    this.state = {
      ceiling: Math.max(1, Math.min(Math.floor(accepted), failed - 1)),
      holdUntil: now + LEARNED_HOLD_MS,
    };
    this.raisedAt = now;
  }

  /** We used all the ceiling allows a priority: the next clean answer may raise it. */
  onPressed(now: number): void {
    if (this.state) this.pressedAt = now;
  }

  /** An answer that was no 429. */
  onClean(now: number, advertised: number): void {
    const state = this.state;
    if (!state) return;
    if (state.ceiling >= advertised) {
      this.state = null;
      return;
    }
    if (now < state.holdUntil || now - this.pressedAt > MINUTE || now - this.raisedAt < MINUTE)
      return;
    this.state = { ...state, ceiling: state.ceiling + 1 };
    this.raisedAt = now;
    if (state.ceiling + 1 >= advertised) this.state = null;
  }

  export(): LearnedState | null {
    return this.state ? { ...this.state } : null;
  }

  /** Restores a saved state (a restart must not cost another 429 to learn it again). */
  import(state: LearnedState | null): void {
    this.state = state ? { ...state } : null;
  }
}
