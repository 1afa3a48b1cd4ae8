/** The JSON depth check of the reference server (issue 11): a linear scan, strings skipped. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from '../../../server/http/json-body';

/** Nesting depth of a parsed JSON value, by a walk (the reference the scan must agree with). */
function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (value !== null && typeof value === 'object')
    return 1 + Math.max(0, ...Object.values(value).map(depthOf));
  return 0;
}

describe('nestsDeeperThan', () => {
  it.each([
    ['0', 0, false],
    ['[]', 0, true],
    ['[]', 1, false],
    ['{"a":[{"b":[]}]}', 3, true],
    ['{"a":[{"b":[]}]}', 4, false],
    ['"[[[[[["', 1, false],
    ['["\\"[[[["]', 1, false],
    ['["\\\\",[[]]]', 2, true],
    [`${'['.repeat(5000)}${']'.repeat(5000)}`, 32, true],
  ])('%s with limit %d: %s', (text, limit, expected) => {
    expect(nestsDeeperThan(text, limit)).toBe(expected);
  });

  it('agrees with the parsed depth of any JSON value', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 8 }),
        fc.integer({ min: 0, max: 10 }),
        (value, limit) => {
          expect(nestsDeeperThan(JSON.stringify(value), limit)).toBe(depthOf(value) > limit);
        },
      ),
      { numRuns: 500 },
    );
  });
});
