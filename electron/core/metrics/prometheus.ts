/**
 * The metrics in the Prometheus text format (prom-client), for IT's own monitoring (Prometheus,
 * Grafana Agent, any scraper of that format). Read at each scrape from the core's snapshot
 * (core-metrics.ts), the hub's open event streams and the data folder's disk: no booking, no
 * customer, no key. A value nobody knows (no answer yet, no booking of that kind) is left out
 * rather than given as 0, which would read as "just now".
 */
import { Gauge, Registry } from 'prom-client';
import { BOOKING_GROUPS, type CoreMetrics } from './core-metrics';

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
  const online = gauge('frontdesk_api_online', '1 while the booking API answers, else 0');
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
  const screens = gauge('frontdesk_screens_connected', 'Screens with an open event stream');
  const diskFree = optional('frontdesk_disk_free_bytes', 'Free bytes on the data folder disk');

  return {
    contentType: registry.contentType,
    render: async () => {
      const core = sources.core();
      registry.resetMetrics(); // labels and absent values from the last scrape go
      info.set({ version: sources.version }, 1);
      online.set(core.online ? 1 : 0);
      paused.set(core.mode === 'paused' ? 1 : 0);
      answerAge(core.secondsSinceAnswer);
      for (const state of BOOKING_GROUPS) {
        const group = core.bookings[state];
        bookings.set({ state }, group.count);
        if (group.oldestAgeSeconds !== null) oldest.set({ state }, group.oldestAgeSeconds);
      }
      budgetUsed.set({ window: 'day' }, core.budget.dayUsed);
      budgetLimit.set({ window: 'day' }, core.budget.dayLimit);
      budgetUsed.set({ window: 'minute' }, core.budget.minuteUsed);
      budgetLimit.set({ window: 'minute' }, core.budget.minuteLimit);
      screens.set(sources.screensConnected());
      diskFree(sources.diskFreeBytes());
      return registry.metrics();
    },
  };
}
