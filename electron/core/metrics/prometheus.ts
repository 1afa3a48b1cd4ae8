/**
 * The metrics in the Prometheus text format (prom-client), for IT's own monitoring (Prometheus,
 * Grafana Agent, any scraper of that format). Read at each scrape from the core's snapshot
 * (core-metrics.ts, kiosk-health.ts), the hub's open event streams and the data folder's disk:
 * no booking, no customer, no key. docs/monitoring/ holds the alerting rules and the dashboard
 * built on these names (a test checks that they name only metrics exported here). A value nobody knows (no answer yet, no booking of that kind) is left out
 * rather than given as 0, which would read as "just now".
 */
import { Gauge, Registry } from 'prom-client';
import { UpdateStatus } from '../../../shared/kiosk-api';
import { BOOKING_GROUPS } from '../../../shared/booking/booking-states';
import type { CoreMetrics } from './core-metrics';
import { kioskDayMetrics } from './kiosk-day-metrics';

const UPDATE_STATES = UpdateStatus.shape.state.options;
const BUDGET_WINDOWS = ['day', 'minute'] as const;

export interface MetricsSources {
  version: string;
  core: () => CoreMetrics;
  /** Screens with an open event stream (a hub's screens, or the browser shell's one tab). */
  screensConnected: () => number;
  /** Free bytes on the disk of the data folder; null when unknown. */
  diskFreeBytes: () => number | null;
}

export interface MetricsExposition {
  contentType: string;
  /** The exposition text, read now. */
  render(): Promise<string>;
}

export function createMetricsExposition(sources: MetricsSources): MetricsExposition {
  const registry = new Registry();
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers: [registry] });
  // A gauge without labels always writes a sample (0 after a reset): one whose value may be
  // unknown is registered only while it is known.
  const optional = (name: string, help: string) => {
    const metric = new Gauge({ name, help, registers: [] });
    return (value: number | null): void => {
      registry.removeSingleMetric(name);
      if (value === null) return;
      registry.registerMetric(metric);
      metric.set(value);
    };
  };

  const info = gauge('frontdesk_info', 'Always 1; the version in a label', ['version']);
  const ordinal = optional(
    'frontdesk_version_ordinal',
    'The version as one number (major*1e6 + minor*1e3 + patch), to compare across a fleet',
  );
  // Absent until the kiosk knows (an answer, or two failed connections): a restart is not an
  // outage, and FrontdeskShopOffline (`== 0`) must not page for one (docs/monitoring).
  const online = optional(
    'frontdesk_api_online',
    '1 while the booking API answers, 0 while it does not (absent: not known since the start)',
  );
  const paused = gauge('frontdesk_api_key_refused', '1 while the API refuses the key (401/403)');
  const answerAge = optional(
    'frontdesk_api_last_answer_age_seconds',
    'Seconds since the booking API last answered (absent: not since the start)',
  );
  const bookings = gauge(
    'frontdesk_bookings',
    'Bookings waiting: queued (not yet sent), unknown (staff must check), refused (follow up)',
    ['state'],
  );
  const oldest = gauge(
    'frontdesk_bookings_oldest_age_seconds',
    'Age of the oldest booking in that state (absent: none)',
    ['state'],
  );
  const budgetUsed = gauge('frontdesk_api_budget_used', 'API requests used in the window', [
    'window',
  ]);
  const budgetLimit = gauge('frontdesk_api_budget_limit', "The API key's limit in the window", [
    'window',
  ]);
  const budgetLeft = gauge(
    'frontdesk_api_budget_remaining',
    'API requests left in the window (limit minus used, at least 0)',
    ['window'],
  );
  const unreachable = gauge(
    'frontdesk_api_unreachable_seconds',
    'Seconds the booking API has been unreachable in this spell (0 while it answers)',
  );
  const setAside = gauge(
    'frontdesk_bookings_set_aside',
    'Bookings whose stored row could not be read and was set aside (staff check them by hand)',
  );
  const staffWaiting = gauge(
    'frontdesk_bookings_waiting_for_staff',
    'Bookings waiting for staff: to check, set aside, or refused and not yet handled',
  );
  const staffWaitingAge = optional(
    'frontdesk_bookings_waiting_for_staff_oldest_age_seconds',
    'Seconds the longest-waiting of those has waited for staff (absent: none)',
  );
  const screens = gauge('frontdesk_screens_connected', 'Screens with an open event stream');
  const diskFree = optional('frontdesk_disk_free_bytes', 'Free bytes on the data folder disk');
  const backupAge = optional(
    'frontdesk_backup_age_seconds',
    'Seconds since the newest backup (daily database copy) was written (absent: none yet)',
  );
  const dbCheck = gauge(
    'frontdesk_database_check_ok',
    'Database checks: start (at start-up), integrity (the last full check); 1 passed, 0 failed',
    ['check'],
  );
  const update = gauge(
    'frontdesk_update_state',
    "1 for the update channel's current state (off, idle, checking, downloading, ready, error)",
    ['state'],
  );
  const voice = gauge(
    'frontdesk_speech_voice_available',
    '1 when the kiosk screen has a speech voice for the language, 0 when not (as last reported)',
    ['language'],
  );
  const kioskDay = kioskDayMetrics(registry);

  return {
    contentType: registry.contentType,
    render: async () => {
      const core = sources.core();
      registry.resetMetrics(); // labels and absent values from the last scrape go
      info.set({ version: sources.version }, 1);
      ordinal(versionOrdinal(sources.version));
      online(core.online === null ? null : core.online ? 1 : 0);
      paused.set(core.mode === 'paused' ? 1 : 0);
      answerAge(core.secondsSinceAnswer);
      for (const state of BOOKING_GROUPS) {
        const group = core.bookings[state];
        bookings.set({ state }, group.count);
        if (group.oldestAgeSeconds !== null) oldest.set({ state }, group.oldestAgeSeconds);
      }
      for (const window of BUDGET_WINDOWS) {
        const used = window === 'day' ? core.budget.dayUsed : core.budget.minuteUsed;
        const limit = window === 'day' ? core.budget.dayLimit : core.budget.minuteLimit;
        budgetUsed.set({ window }, used);
        budgetLimit.set({ window }, limit);
        budgetLeft.set({ window }, Math.max(0, limit - used));
      }
      unreachable.set(core.unreachableSeconds);
      setAside.set(core.setAside);
      staffWaiting.set(core.waitingForStaff.count);
      staffWaitingAge(core.waitingForStaff.oldestAgeSeconds);
      screens.set(sources.screensConnected());
      diskFree(sources.diskFreeBytes());
      const health = core.health;
      backupAge(health.backupAgeSeconds);
      dbCheck.set({ check: 'start' }, health.databaseChecks.start ? 1 : 0);
      if (health.databaseChecks.integrity !== null)
        dbCheck.set({ check: 'integrity' }, health.databaseChecks.integrity ? 1 : 0);
      for (const state of UPDATE_STATES) update.set({ state }, health.update === state ? 1 : 0);
      for (const { language, available } of health.speechVoices)
        voice.set({ language }, available ? 1 : 0);
      kioskDay(core.kioskDay);
      return registry.metrics();
    },
  };
}

/** 1.4.2 -> 1004002 (a pre-release suffix is ignored); null for 'development' and the like. */
export function versionOrdinal(version: string): number | null {
  const match = /^v?(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?:[-+].*)?$/.exec(version);
  if (!match) return null;
  const [major, minor, patch] = match.slice(1).map(Number) as [number, number, number];
  return major * 1_000_000 + minor * 1_000 + patch;
}
