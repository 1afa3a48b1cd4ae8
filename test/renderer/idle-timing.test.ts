import { describe, expect, it } from 'vitest';
import { customerIdleTiming } from '../../renderer/access/idle-timing';

const OFF = { audio: false, reach: false };

describe("the customer's idle time (issue 31)", () => {
  it.each([
    ['no mode', OFF, 60_000 + 20_000, 20_000],
    ['reach mode: twice the quiet time', { audio: false, reach: true }, 120_000 + 20_000, 20_000],
    [
      'audio mode: twice, and 30 s to answer',
      { audio: true, reach: false },
      120_000 + 30_000,
      30_000,
    ],
  ])('%s', (_label, modes, timeoutMs, warningMs) => {
    expect(customerIdleTiming(60, modes, false)).toEqual({ timeoutMs, warningMs });
  });

  it('gives at least 20 s to answer even at the shortest idle setting', () => {
    const { timeoutMs, warningMs } = customerIdleTiming(15, OFF, false);
    expect(warningMs).toBeGreaterThanOrEqual(20_000);
    expect(timeoutMs - warningMs).toBe(15_000);
  });

  it('the start screen goes back to the shop display after the quiet time, without a warning', () => {
    expect(customerIdleTiming(15, OFF, true)).toEqual({ timeoutMs: 15_000, warningMs: 0 });
    expect(customerIdleTiming(15, { audio: false, reach: true }, true)).toEqual({
      timeoutMs: 30_000,
      warningMs: 0,
    });
  });
});
