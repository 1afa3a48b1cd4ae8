import { describe, expect, it } from 'vitest';
import {
  collectCoreMetrics,
  type CoreMetricsInput,
} from '../../../electron/core/metrics/core-metrics';
import type { KioskHealth } from '../../../electron/core/metrics/kiosk-health';
import { createMetricsExposition, versionOrdinal } from '../../../electron/core/metrics/prometheus';

const NOW = Date.parse('2026-11-23T10:00:00Z');
const GOVERNOR = { day: { limit: 1000, used: 123 }, minute: { limit: 60, used: 4 } };
const ago = (seconds: number) => NOW - seconds * 1000;
const HEALTH: KioskHealth = {
  backupAgeSeconds: null,
  databaseChecks: { start: true, integrity: null },
  update: 'off',
  speechVoices: [],
};
const NO_FOLLOW_UPS = { count: 0, oldestRefusedAt: null };
const entry = (
  state: CoreMetricsInput['entries'][number]['state'],
  created: number,
  updated = created,
) => ({
  state,
  createdAt: ago(created),
  updatedAt: ago(updated),
});

describe('collectCoreMetrics', () => {
  it('groups bookings (queued and sending as queued, rejected as refused) with the oldest age', () => {
    const metrics = collectCoreMetrics({
      now: NOW,
      lastAnswerAt: ago(42.7),
      offlineForMs: 95_400,
      status: { online: false, mode: 'offline' },
      entries: [
        entry('queued', 30),
        entry('sending', 90.5),
        entry('unknown', 3600, 600),
        entry('rejected', 10),
        entry('sent', 99_999),
        entry('discarded', 99_999),
      ],
      openFollowUps: NO_FOLLOW_UPS,
      governor: GOVERNOR,
      health: HEALTH,
    });
    expect(metrics).toEqual({
      online: false,
      mode: 'offline',
      secondsSinceAnswer: 42,
      unreachableSeconds: 95,
      bookings: {
        queued: { count: 2, oldestAgeSeconds: 90 },
        unknown: { count: 1, oldestAgeSeconds: 3600 },
        refused: { count: 1, oldestAgeSeconds: 10 },
      },
      setAside: 0,
      // To check since its last change (600 s), not since it was made.
      waitingForStaff: { count: 1, oldestAgeSeconds: 600 },
      budget: { dayUsed: 123, dayLimit: 1000, minuteUsed: 4, minuteLimit: 60 },
      health: HEALTH,
    });
  });

  it('says "never" (null) without an answer and no age without bookings; a clock behind is 0', () => {
    const metrics = collectCoreMetrics({
      now: NOW,
      lastAnswerAt: null,
      offlineForMs: null,
      status: { online: true, mode: 'enabled' },
      entries: [{ state: 'queued', createdAt: NOW + 5_000, updatedAt: NOW + 5_000 }],
      openFollowUps: NO_FOLLOW_UPS,
      governor: GOVERNOR,
      health: HEALTH,
    });
    expect(metrics.secondsSinceAnswer).toBeNull();
    expect(metrics.unreachableSeconds).toBe(0);
    expect(metrics.bookings.queued).toEqual({ count: 1, oldestAgeSeconds: 0 });
    expect(metrics.bookings.unknown).toEqual({ count: 0, oldestAgeSeconds: null });
    expect(metrics.waitingForStaff).toEqual({ count: 0, oldestAgeSeconds: null });
  });

  it('counts set-aside rows and open refusals as waiting for staff, the oldest wait first', () => {
    const metrics = collectCoreMetrics({
      now: NOW,
      lastAnswerAt: ago(1),
      offlineForMs: null,
      status: { online: true, mode: 'enabled' },
      entries: [entry('quarantined', 5000, 120), entry('unknown', 300, 60), entry('rejected', 900)],
      // Two refusals staff have not handled; the older one 1,800 s ago.
      openFollowUps: { count: 2, oldestRefusedAt: ago(1800) },
      governor: GOVERNOR,
      health: HEALTH,
    });
    expect(metrics.setAside).toBe(1);
    expect(metrics.waitingForStaff).toEqual({ count: 4, oldestAgeSeconds: 1800 });
    const fresh = collectCoreMetrics({
      now: NOW,
      lastAnswerAt: ago(1),
      offlineForMs: null,
      status: { online: true, mode: 'enabled' },
      entries: [entry('unknown', 300, 60)],
      openFollowUps: { count: 1, oldestRefusedAt: ago(30) },
      governor: GOVERNOR,
      health: HEALTH,
    });
    expect(fresh.waitingForStaff).toEqual({ count: 2, oldestAgeSeconds: 60 });
  });
});

describe('the Prometheus exposition', () => {
  it('writes each value as a gauge and leaves out what is unknown', async () => {
    let answered: number | null = 7;
    let health: KioskHealth = {
      backupAgeSeconds: 3600,
      databaseChecks: { start: true, integrity: false },
      update: 'ready',
      speechVoices: [
        { language: 'de', available: true },
        { language: 'ar', available: false },
      ],
    };
    const exposition = createMetricsExposition({
      version: '1.4.0',
      core: () =>
        collectCoreMetrics({
          now: NOW,
          lastAnswerAt: answered === null ? null : ago(answered),
          offlineForMs: answered === null ? 12_000 : null,
          status: { online: true, mode: 'paused' },
          entries: [entry('unknown', 20), entry('quarantined', 50)],
          openFollowUps: { count: 1, oldestRefusedAt: ago(70) },
          governor: GOVERNOR,
          health,
        }),
      screensConnected: () => 3,
      diskFreeBytes: () => (answered === null ? null : 5_000_000),
    });
    expect(exposition.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await exposition.render();
    for (const line of [
      '# TYPE frontdesk_api_online gauge',
      'frontdesk_info{version="1.4.0"} 1',
      'frontdesk_version_ordinal 1004000',
      'frontdesk_api_online 1',
      'frontdesk_api_key_refused 1',
      'frontdesk_api_last_answer_age_seconds 7',
      'frontdesk_api_unreachable_seconds 0',
      'frontdesk_bookings{state="queued"} 0',
      'frontdesk_bookings{state="unknown"} 2',
      'frontdesk_bookings_oldest_age_seconds{state="unknown"} 50',
      'frontdesk_bookings_set_aside 1',
      'frontdesk_bookings_waiting_for_staff 3',
      'frontdesk_bookings_waiting_for_staff_oldest_age_seconds 70',
      'frontdesk_api_budget_used{window="day"} 123',
      'frontdesk_api_budget_limit{window="minute"} 60',
      'frontdesk_api_budget_remaining{window="day"} 877',
      'frontdesk_api_budget_remaining{window="minute"} 56',
      'frontdesk_screens_connected 3',
      'frontdesk_disk_free_bytes 5000000',
      'frontdesk_backup_age_seconds 3600',
      'frontdesk_database_check_ok{check="start"} 1',
      'frontdesk_database_check_ok{check="integrity"} 0',
      'frontdesk_update_state{state="ready"} 1',
      'frontdesk_update_state{state="error"} 0',
      'frontdesk_speech_voice_available{language="de"} 1',
      'frontdesk_speech_voice_available{language="ar"} 0',
    ])
      expect(text.split('\n')).toContain(line);
    expect(text).not.toContain('oldest_age_seconds{state="queued"}');
    answered = null; // a later scrape drops what became unknown
    health = { ...HEALTH, update: 'error' };
    const later = await exposition.render();
    expect(later).not.toMatch(/^frontdesk_api_last_answer_age_seconds /m);
    expect(later).not.toMatch(/^frontdesk_disk_free_bytes /m);
    expect(later).not.toMatch(/^frontdesk_backup_age_seconds /m);
    expect(later).not.toMatch(/check="integrity"/);
    expect(later).not.toMatch(/^frontdesk_speech_voice_available\{/m);
    expect(later).toMatch(/^frontdesk_update_state\{state="error"\} 1$/m);
    expect(later).toMatch(/^frontdesk_update_state\{state="ready"\} 0$/m);
    expect(later).toMatch(/^frontdesk_api_unreachable_seconds 12$/m);
    expect(later).toMatch(/^frontdesk_screens_connected 3$/m);
  });

  it('never reports less than nothing left of the budget', async () => {
    const exposition = createMetricsExposition({
      version: '1.4.0',
      core: () =>
        collectCoreMetrics({
          now: NOW,
          lastAnswerAt: null,
          offlineForMs: null,
          status: { online: true, mode: 'enabled' },
          entries: [],
          openFollowUps: NO_FOLLOW_UPS,
          governor: { day: { limit: 1000, used: 1004 }, minute: { limit: 60, used: 60 } },
          health: HEALTH,
        }),
      screensConnected: () => 0,
      diskFreeBytes: () => null,
    });
    const text = await exposition.render();
    expect(text).toMatch(/^frontdesk_api_budget_remaining\{window="day"\} 0$/m);
    expect(text).toMatch(/^frontdesk_api_budget_remaining\{window="minute"\} 0$/m);
  });
});

describe('versionOrdinal', () => {
  it.each([
    ['1.4.0', 1_004_000],
    ['v2.10.3', 2_010_003],
    ['1.5.0-beta.2', 1_005_000],
    ['development', null],
    ['1.4', null],
  ])('%s -> %s', (version, expected) => {
    expect(versionOrdinal(version)).toBe(expected);
  });

  it('orders versions as semver does for plain releases', () => {
    const ordered = ['0.9.9', '1.0.0', '1.0.10', '1.2.0', '1.10.0', '2.0.0'].map(versionOrdinal);
    expect([...ordered].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(ordered);
  });
});
