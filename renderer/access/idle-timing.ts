import type { AccessModes } from './access-modes';

/** The customer's time to answer "Are you still there?" (WCAG 2.2.1: at least 20 s). */
export const WARNING_MS = 20_000;
/** In audio mode the warning is spoken first, so it leaves longer. */
export const AUDIO_WARNING_MS = 30_000;
/** Audio and reach mode double the quiet time before the warning: reading by ear and reaching take longer. */
export const SLOWER_MODES_FACTOR = 2;

/**
 * The idle timer of a customer's session (issue 31): after `idleTimeoutSec` without a touch or
 * key (doubled in audio or reach mode) the warning gives its own time on top, as often as the
 * customer needs. The start screen has nothing personal on it: it goes back to the shop's
 * display after the quiet time alone, without a warning.
 */
export function customerIdleTiming(
  idleTimeoutSec: number,
  modes: AccessModes,
  atStart: boolean,
): { timeoutMs: number; warningMs: number } {
  const quietMs = idleTimeoutSec * 1000 * (modes.audio || modes.reach ? SLOWER_MODES_FACTOR : 1);
  if (atStart) return { timeoutMs: quietMs, warningMs: 0 };
  const warningMs = modes.audio ? AUDIO_WARNING_MS : WARNING_MS;
  return { timeoutMs: quietMs + warningMs, warningMs };
}
