/**
 * Issue 37: what a customer may be offered is decided in one place, the availability model
 * (shared/booking/free-times.ts). This reads every product file of the kiosk (electron/,
 * renderer/, shared/) and finds the marks of deciding whether a time is free: a free slot made
 * up, intervals compared, lists merged per time, holds applied. The reference server's own
 * computation (server/ and the schedule modules it uses) is the API's side, not the kiosk's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '..', '..', '..');
const MODEL = 'shared/booking/free-times.ts';

/** The reference server's computation from schedules (decisions.md "Time"): the API's truth. */
const API_SIDE = [
  'shared/booking/availability.ts',
  'shared/booking/check-slot.ts',
  'shared/booking/day-context.ts',
  'shared/booking/employee-choice.ts',
  'shared/booking/schedule.ts',
  'shared/booking/slot-grid.ts',
];

/** Files that may show a mark, each with why it does not decide. */
const READS_ONLY: Record<string, string> = {
  // The core's visit offers (each a free start the model's answers fitted) drawn as a grid.
  'renderer/lib/visit.ts': 'renders the core’s visit offers as free times',
};

const MARKS: { name: string; pattern: RegExp }[] = [
  { name: 'makes up a free slot', pattern: /available:\s*true\b/ },
  { name: 'compares intervals', pattern: /\bintervalsOverlap\s*\(/ },
  {
    name: 'defines a rule of what is free',
    pattern:
      /function\s+(offerAt|mergeSlotsByTime|freeEmployeesAt|listedFreeWith|clashes|freeTimes)\b/,
  },
  {
    name: 'uses a piecewise rule the model replaced',
    pattern: /\b(applyHolds|isSlotHeld|cachedSlots|refusedAsTakenSince|holdsFor)\b/,
  },
];

function productFiles(dir: string): string[] {
  return readdirSync(join(REPO, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => relative(REPO, join(entry.parentPath, entry.name)))
    .filter((path) => !path.endsWith('.d.ts'));
}

const FILES = ['electron', 'renderer', 'shared'].flatMap(productFiles);

describe('one availability model (issue 37)', () => {
  it('reads the kiosk’s product files (the scan is not empty)', () => {
    expect(FILES).toContain(MODEL);
    expect(FILES).toContain('electron/core/catalog/lookups.ts');
    expect(FILES.length).toBeGreaterThan(200);
  });

  it.each(MARKS)('no file outside the model $name', ({ pattern }) => {
    const found = FILES.filter(
      (path) =>
        path !== MODEL &&
        !API_SIDE.includes(path) &&
        !(path in READS_ONLY) &&
        pattern.test(readFileSync(join(REPO, path), 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('the model shows every mark (the patterns still find what they look for)', () => {
    const model = readFileSync(join(REPO, MODEL), 'utf8');
    for (const { name, pattern } of MARKS.slice(0, 3)) expect(model, name).toMatch(pattern);
  });

  it('the kiosk never computes free times from schedules: the API’s side is the server’s alone', () => {
    const importsApiSide = FILES.filter((path) => !path.startsWith('shared/')).filter((path) => {
      const text = readFileSync(join(REPO, path), 'utf8');
      return API_SIDE.some((side) =>
        text.includes(`shared/booking/${side.slice('shared/booking/'.length, -3)}'`),
      );
    });
    expect(importsApiSide).toEqual([]);
  });
});
