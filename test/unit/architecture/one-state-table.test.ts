/**
 * Issue 40 item 4: the booking states are declared once, in their table
 * (shared/booking/booking-states.ts). This reads every product file of the kiosk and finds a
 * list of states written out by hand (an enum, a set, an `in` list): such a list is a second
 * declaration that a new state's row does not reach (the contract's zod enum and
 * db/refused-slots.ts's own list were two).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOOKING_STATE_NAMES } from '../../../shared/booking/booking-states';

const REPO = join(import.meta.dirname, '..', '..', '..');
const TABLE = 'shared/booking/booking-states.ts';

function productFiles(dir: string): string[] {
  return readdirSync(join(REPO, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => relative(REPO, join(entry.parentPath, entry.name)))
    .filter((path) => !path.endsWith('.d.ts'));
}

const FILES = ['electron', 'renderer', 'shared'].flatMap(productFiles);

/** The bracketed lists of a source text that name two booking states or more. */
function stateLists(text: string): string[] {
  const lists = text.match(/\[[^[\]]*\]/g) ?? [];
  return lists.filter((list) => {
    const named = BOOKING_STATE_NAMES.filter((state) =>
      new RegExp(`['"\`]${state}['"\`]`).test(list),
    );
    return named.length >= 2;
  });
}

describe('one booking state table (issue 40)', () => {
  it('finds a list of states written out by hand (the scan finds what it looks for)', () => {
    expect(stateLists(`z.enum(['queued', 'sending'])`)).toHaveLength(1);
    expect(stateLists(`const REFUSED = ['rejected', 'discarded'] as const;`)).toHaveLength(1);
    expect(stateLists(`['queued', 'open']`)).toEqual([]);
    expect(FILES).toContain('shared/kiosk-data.ts');
    expect(FILES).toContain('electron/core/db/refused-slots.ts');
  });

  it('no product file but the table lists booking states by hand', () => {
    const found = FILES.filter((path) => path !== TABLE).flatMap((path) =>
      stateLists(readFileSync(join(REPO, path), 'utf8')).map((list) => `${path}: ${list}`),
    );
    expect(found).toEqual([]);
  });
});
