/**
 * A logger that writes a repeating line once, then at most once an hour with how many times it
 * repeated meanwhile (issue 30): a weekend offline must not push the useful history out of the
 * 5 MB log. A line repeats when its message and its `keyFields` are the same; a new one (another
 * reason, another status: a change of state) is written at once. Errors always go through.
 */
import type { LogFields, Logger } from './log';

export const QUIET_EVERY_MS = 3_600_000;
/** Distinct lines remembered at most; the oldest is forgotten first. */
const MAX_KEYS = 200;

export interface QuietOptions {
  /** The fields that tell one state from another (`reason`, `status`); the rest may vary. */
  keyFields?: readonly string[];
  everyMs?: number;
}

export function quietRepeats(log: Logger, now: () => number, options: QuietOptions = {}): Logger {
  const everyMs = options.everyMs ?? QUIET_EVERY_MS;
  const keyFields = options.keyFields ?? ['reason', 'status'];
  const seen = new Map<string, { writtenAt: number; held: number }>();

  const quiet =
    (level: 'debug' | 'info' | 'warn') =>
    (message: string, fields?: LogFields): void => {
      const key = JSON.stringify([level, message, ...keyFields.map((name) => fields?.[name])]);
      const at = now();
      const entry = seen.get(key);
      if (entry && at - entry.writtenAt < everyMs && at >= entry.writtenAt) {
        entry.held += 1;
        return;
      }
      seen.delete(key); // re-inserted last: the map's order is the age order
      if (seen.size >= MAX_KEYS) {
        const oldest = seen.keys().next().value;
        if (oldest !== undefined) seen.delete(oldest);
      }
      seen.set(key, { writtenAt: at, held: 0 });
      const held = entry?.held ?? 0;
      log[level](message, held > 0 ? { ...fields, repeatedSinceLastLine: held } : fields);
    };

  return {
    debug: quiet('debug'),
    info: quiet('info'),
    warn: quiet('warn'),
    error: (message, fields) => log.error(message, fields),
  };
}
