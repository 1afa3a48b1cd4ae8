import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { areaOf, score, strykerAreas, tally } from '../../../scripts/mutation-score';

describe('mutation score', () => {
  it('counts killed and timed-out mutants as detected, survived and uncovered ones as missed, errors not at all', () => {
    const t = tally([
      'Killed',
      'Killed',
      'Timeout',
      'Survived',
      'NoCoverage',
      'CompileError',
      'RuntimeError',
      'Ignored',
    ]);
    expect(t).toEqual({ detected: 3, survived: 1, noCoverage: 1 });
    expect(score(t)).toBe(60);
  });

  it('is 100 % with no valid mutant (nothing to detect)', () => {
    expect(score(tally(['CompileError']))).toBe(100);
  });

  it('adds each file to the area that mutates it, whether the path is relative, absolute or Windows-style', async () => {
    const areas = await strykerAreas();
    expect(areaOf('electron/core/outbox/send.ts', areas)).toBe('outbox');
    expect(areaOf('electron/core/db/outbox-store.ts', areas)).toBe('outbox');
    expect(areaOf('/work/main/electron/core/booking/booking.ts', areas)).toBe('booking');
    expect(areaOf('/work/main/electron/core/catalog/lookups.ts', areas)).toBe('booking');
    expect(areaOf('C:\\repo\\electron\\core\\mirror\\plan.ts', areas)).toBe('mirror');
    expect(areaOf('electron/core/kiosk-engine.ts', areas)).toBe('status');
    expect(areaOf('electron/core/db/open.ts', areas)).toBe('electron/core/db/open.ts');
    expect(areaOf('scripts/other.ts', areas)).toBe('scripts/other.ts');
  });
});

describe('the areas (stryker.config.mjs)', () => {
  it('name files and rooms that exist, each file in one area at most', async () => {
    const areas = await strykerAreas();
    const paths = Object.values(areas).flat();
    for (const path of paths) expect(existsSync(join('electron/core', path)), path).toBe(true);
    expect(new Set(paths).size).toBe(paths.length);
    const rooms = paths.filter((path) => path.endsWith('/'));
    const files = paths.filter((path) => !path.endsWith('/'));
    expect(files.filter((file) => rooms.some((room) => file.startsWith(room)))).toEqual([]);
  });

  it('hold every file of the committed results (bench/mutation)', async () => {
    const areas = await strykerAreas();
    for (const name of readdirSync('bench/mutation')) {
      const report = JSON.parse(readFileSync(join('bench/mutation', name), 'utf8')) as {
        files: Record<string, unknown>;
      };
      for (const path of Object.keys(report.files)) {
        expect(existsSync(path), path).toBe(true);
        expect(areaOf(path, areas), path).toBe(name.replace(/\.json$/, ''));
      }
    }
  });
});
