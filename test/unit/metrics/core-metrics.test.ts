import { describe, expect, it } from 'vitest';
import { collectCoreMetrics } from '../../../electron/core/metrics/core-metrics';
import { createMetricsExposition } from '../../../electron/core/metrics/prometheus';

const NOW = Date.parse('2026-11-23T10:00:00Z');
const GOVERNOR = { day: { limit: 1000, used: 123 }, minute: { limit: 60, used: 4 } };
const ago = (seconds: number) => NOW - seconds * 1000;

describe('collectCoreMetrics', () => {
  it('groups bookings (queued and sending as queued, rejected as refused) with the oldest age', () => {
    const metrics = collectCoreMetrics({
      now: NOW,
      lastAnswerAt: ago(42.7),
      status: { online: false, mode: 'offline' },
      entries: [
        { state: 'queued', createdAt: ago(30) },
        { state: 'sending', createdAt: ago(90.5) },
        { state: 'unknown', createdAt: ago(3600) },
        { state: 'rejected', createdAt: ago(10) },
        { state: 'sent', createdAt: ago(99_999) },
        { state: 'discarded', createdAt: ago(99_999) },
      ],
      governor: GOVERNOR,
    });
    expect(metrics).toEqual({
      online: false,
      mode: 'offline',
      secondsSinceAnswer: 42,
      bookings: {
        queued: { count: 2, oldestAgeSeconds: 90 },
        unknown: { count: 1, oldestAgeSeconds: 3600 },
        refused: { count: 1, oldestAgeSeconds: 10 },
      },
      budget: { dayUsed: 123, dayLimit: 1000, minuteUsed: 4, minuteLimit: 60 },
    });
  });

  it('says "never" (null) without an answer and no age without bookings; a clock behind is 0', () => {
    const metrics = collectCoreMetrics({
      now: NOW,
      lastAnswerAt: null,
      status: { online: true, mode: 'enabled' },
      entries: [{ state: 'queued', createdAt: NOW + 5_000 }],
      governor: GOVERNOR,
    });
    expect(metrics.secondsSinceAnswer).toBeNull();
    expect(metrics.bookings.queued).toEqual({ count: 1, oldestAgeSeconds: 0 });
    expect(metrics.bookings.unknown).toEqual({ count: 0, oldestAgeSeconds: null });
  });
});

describe('the Prometheus exposition', () => {
  it('writes each value as a gauge and leaves out what is unknown', async () => {
    let answered: number | null = 7;
    const exposition = createMetricsExposition({
      version: '1.4.0',
      core: () =>
        collectCoreMetrics({
          now: NOW,
          lastAnswerAt: answered === null ? null : ago(answered),
          status: { online: true, mode: 'paused' },
          entries: [{ state: 'unknown', createdAt: ago(20) }],
          governor: GOVERNOR,
        }),
      screensConnected: () => 3,
      diskFreeBytes: () => (answered === null ? null : 5_000_000),
    });
    expect(exposition.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await exposition.render();
    for (const line of [
      '# TYPE frontdesk_api_online gauge',
      'frontdesk_info{version="1.4.0"} 1',
      'frontdesk_api_online 1',
      'frontdesk_api_key_refused 1',
      'frontdesk_api_last_answer_age_seconds 7',
      'frontdesk_bookings{state="queued"} 0',
      'frontdesk_bookings{state="unknown"} 1',
      'frontdesk_bookings_oldest_age_seconds{state="unknown"} 20',
      'frontdesk_api_budget_used{window="day"} 123',
      'frontdesk_api_budget_limit{window="minute"} 60',
      'frontdesk_screens_connected 3',
      'frontdesk_disk_free_bytes 5000000',
    ])
      expect(text.split('\n')).toContain(line);
    expect(text).not.toContain('oldest_age_seconds{state="queued"}');
    answered = null; // a later scrape drops what became unknown
    const later = await exposition.render();
    expect(later).not.toMatch(/^frontdesk_api_last_answer_age_seconds /m);
    expect(later).not.toMatch(/^frontdesk_disk_free_bytes /m);
    expect(later).toMatch(/^frontdesk_screens_connected 3$/m);
  });
});
