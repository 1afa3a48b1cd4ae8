import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { areaOf, score, tally } from '../../../scripts/mutation-score';

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

  it('adds each file to its area, whether the path is relative, absolute or Windows-style', () => {
    expect(areaOf('electron/core/outbox/send.ts')).toBe('outbox');
    expect(areaOf('/work/main/electron/core/booking/booking.ts')).toBe('engine');
    expect(areaOf('C:\\repo\\electron\\core\\mirror\\plan.ts')).toBe('mirror');
    expect(areaOf('scripts/other.ts')).toBe('scripts/other.ts');
  });
});

describe('the engine area in parts (stryker.config.mjs)', () => {
  it('mutates every engine file in exactly one part', async () => {
    const config = (await import(pathToFileURL(resolve('stryker.config.mjs')).href)) as {
      PARTS: { engine: Record<string, string[]> };
    };
    const inParts = Object.values(config.PARTS.engine).flat();
    const files = readdirSync('electron/core/engine')
      .filter((file) => file.endsWith('.ts'))
      .map((file) => file.slice(0, -'.ts'.length));
    expect([...inParts].sort()).toEqual(files.sort());
    expect(new Set(inParts).size).toBe(inParts.length);
  });
});
