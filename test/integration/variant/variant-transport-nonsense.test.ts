/**
 * The variant upstream's own test, continued: slow and truncated answers, switching at run
 * time, and the seeded schema-valid nonsense.
 */
import { describe, expect, it } from 'vitest';
import {
  AvailableDaysEnvelope,
  DateString,
  ServicesEnvelope,
  TimeSlotsEnvelope,
} from '../../../shared/api/schemas';
import { DAY, NOW, call, query, services, variant } from './helpers';

describe('variant upstream: transport and switching', () => {
  it('slow: every answer waits delayMs', async () => {
    const upstream = await variant({ delayMs: 300 });
    const started = performance.now();
    expect((await call(upstream, '/services')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('truncated: every n-th answer ends halfway through its promised length', async () => {
    const upstream = await variant({ truncateEvery: 2 });
    expect((await call(upstream, '/services')).status).toBe(200);
    await expect(call(upstream, '/services')).rejects.toThrow();
    expect((await call(upstream, '/employees')).status).toBe(200);
    expect(upstream.answers()).toBe(3);
  });

  it('set: switches change from the next request on', async () => {
    const upstream = await variant();
    expect((await services(upstream))[0]!._id).toMatch(/^svc-/);
    upstream.set({ ids: 'numeric' });
    expect((await services(upstream))[0]!._id).toMatch(/^\d+$/);
    expect(upstream.switches().ids).toBe('numeric');
  });
});

describe('variant upstream: nonsense', () => {
  async function sample(seed: number, impossibleDates = false) {
    const upstream = await variant({ nonsense: { seed, impossibleDates } });
    const list = await call(upstream, '/services');
    const days = await call(upstream, `/available-days${query({ year: '2026', month: '11' })}`);
    const day = await call(
      upstream,
      `/availability${query({ date: DAY, serviceId: 'svc-damen-schnitt' })}`,
    );
    return { list, days, day };
  }

  it('answers schema-valid nonsense, the same for the same seed', async () => {
    const a = await sample(18);
    const b = await sample(18);
    expect([a.list.text, a.days.text, a.day.text]).toEqual([b.list.text, b.days.text, b.day.text]);
    const list = ServicesEnvelope.parse(a.list.json).data;
    expect(list.every((s) => s.pricing.price < 0)).toBe(true);
    const days = AvailableDaysEnvelope.parse(a.days.json).data;
    expect(`${days.year}-${days.month}`).not.toBe('2026-11');
    const day = TimeSlotsEnvelope.parse(a.day.json).data;
    expect(day.date).not.toBe(DAY);
    const limit = Number(a.list.headers.get('x-ratelimit-limit'));
    const remaining = Number(a.list.headers.get('x-ratelimit-remaining'));
    const reset = Number(a.list.headers.get('x-ratelimit-reset'));
    // At least one of them is absurd for the spec's windows.
    expect(
      limit > 1_000 ||
        limit < 2 ||
        remaining < 0 ||
        remaining > limit ||
        reset < NOW / 1000 ||
        reset > NOW / 1000 + 86_400 * 2,
    ).toBe(true);
    const c = await sample(19);
    expect(c.list.text).not.toBe(a.list.text);
  });

  it('impossible dates match the pattern but name no day', async () => {
    const { day } = await sample(18, true);
    const date = (day.json as { data: { date: string } }).data.date;
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(DateString.safeParse(date).success).toBe(false);
  });
});
