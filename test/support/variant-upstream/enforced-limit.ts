/**
 * An API that enforces less than its headers say (issue 30.8): the reference server's limiter
 * counts and advertises the configured limits, and this one answers 429 once `enforcedPerMinute`
 * requests were accepted in the clock minute (the headers still showing budget left). As at the
 * reference, a refused request does not count.
 */
const MINUTE = 60_000;

export interface EnforcedLimit {
  /** Null when the request may go on (it is counted), else the seconds until the minute resets. */
  refuse(perMinute: number | null): number | null;
}

export function enforcedLimit(now: () => number): EnforcedLimit {
  let windowStart = 0;
  let accepted = 0;
  return {
    refuse(perMinute) {
      const at = now();
      const start = at - (at % MINUTE);
      if (start !== windowStart) {
        windowStart = start;
        accepted = 0;
      }
      if (perMinute !== null && accepted >= perMinute)
        return Math.max(1, Math.ceil((start + MINUTE - at) / 1_000));
      accepted += 1;
      return null;
    },
  };
}
