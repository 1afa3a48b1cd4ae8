import { describe, expect, it } from 'vitest';
import { importOnce } from '../../shared/import-once';

describe('importOnce', () => {
  it('loads once for every caller, and again after a failure', async () => {
    let calls = 0;
    let fail = true;
    const load = importOnce(() => {
      calls += 1;
      return fail ? Promise.reject(new Error('offline')) : Promise.resolve({ value: calls });
    });
    await expect(load()).rejects.toThrow('offline');
    fail = false;
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toBe(b);
    expect(a).toEqual({ value: 2 });
    await load();
    expect(calls).toBe(2);
  });
});
