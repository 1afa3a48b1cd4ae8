/**
 * The rate governor's own count of the day and the minute limit it learned from refusals, kept
 * across restarts for the same upstream and key only (another upstream or key has its own
 * budget). Saved at every checkpoint and at close.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../platform';
import { type KioskDb, getSetting, setSetting } from '../db';
import { LearnedState, RateGovernor, type GovernorOptions } from '../governor';
import type { UpstreamTargetRef } from './upstream-target';

const GOVERNOR_SETTING = 'governorSends';
const SavedGovernor = z.object({
  identity: z.string(),
  sends: z.array(z.number()).max(100_000),
  /** The minute limit learned from the API's refusals (issue 30.8); absent in older saves. */
  learned: LearnedState.nullable().optional(),
});

function safeJsonParse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Which upstream and key a saved count belongs to; the key only as a short hash. */
function governorIdentity(target: UpstreamTargetRef | null): string {
  return target
    ? `${target.kind}|${target.baseUrl}|${createHash('sha256')
        .update(target.apiKey ?? '')
        .digest('hex')
        .slice(0, 16)}`
    : '';
}

export interface GovernorStore {
  current: () => RateGovernor;
  /** Saves the current governor's sends under the current target's identity. */
  save: () => void;
  /** A fresh governor for the current target, with the sends saved for it (if any). */
  renew: () => void;
}

export function createGovernorStore(deps: {
  db: KioskDb;
  clock: Clock;
  options?: Partial<GovernorOptions>;
  target: () => UpstreamTargetRef | null;
}): GovernorStore {
  const { db, clock } = deps;
  let governor = new RateGovernor(deps.options);
  const load = (): void => {
    const saved = SavedGovernor.safeParse(safeJsonParse(getSetting(db, GOVERNOR_SETTING)));
    if (saved.success && saved.data.identity === governorIdentity(deps.target())) {
      governor.importSends(saved.data.sends, clock.now());
      governor.importLearned(saved.data.learned ?? null);
    }
  };
  return {
    current: () => governor,
    save() {
      setSetting(
        db,
        GOVERNOR_SETTING,
        JSON.stringify({
          identity: governorIdentity(deps.target()),
          sends: governor.exportSends(clock.now()),
          learned: governor.exportLearned(),
        }),
      );
    },
    renew() {
      governor = new RateGovernor(deps.options);
      load();
    },
  };
}
