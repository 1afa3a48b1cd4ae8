import { describe, expect, it } from 'vitest';
import { score, tally } from '../../../scripts/mutation-score';

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
});
