/**
 * The owner's kiosk day on /metrics (issue 41 part 3): today's counts so far, in the shop's time
 * zone, as gauges (they start again at midnight; the kiosk keeps the days in its database, read
 * with getKioskDay). The same counts as the counter's Kiosk tab and CSV, never who.
 */
import { Gauge, type Registry } from 'prom-client';
import { KIOSK_DAY_MODES, KIOSK_DAY_STEPS, type KioskDayCounts } from '../../../shared/kiosk-day';

export function kioskDayMetrics(registry: Registry): (today: KioskDayCounts | undefined) => void {
  const names: string[] = [];
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) => {
    names.push(name);
    return new Gauge<L>({ name, help, labelNames, registers: [] });
  };
  const started = gauge(
    'frontdesk_kiosk_today_sessions_started',
    'Customer sessions started today',
  );
  const reached = gauge(
    'frontdesk_kiosk_today_sessions_reached',
    'Sessions today that reached the step of the walk-in flow (booked: the booking was made)',
    ['step'],
  );
  const abandoned = gauge(
    'frontdesk_kiosk_today_sessions_abandoned',
    'Sessions today that ended without a booking, by the step they ended on',
    ['step'],
  );
  const events = gauge(
    'frontdesk_kiosk_today_sessions_with',
    'Sessions today that found no time (no_time_found), joined the waitlist, or arrived for an appointment',
    ['event'],
  );
  const languages = gauge(
    'frontdesk_kiosk_today_sessions_by_language',
    'Sessions today that used the language (a session may use several)',
    ['language'],
  );
  const modes = gauge(
    'frontdesk_kiosk_today_sessions_by_mode',
    'Sessions today that used audio or reach mode',
    ['mode'],
  );
  const median = gauge(
    'frontdesk_kiosk_today_median_seconds_to_booked',
    'Median seconds from start to booked of the sessions booked today (absent: none)',
  );
  const always = [started, reached, abandoned, events, languages, modes];

  return (today) => {
    for (const name of names) registry.removeSingleMetric(name);
    if (!today) return;
    for (const metric of always) registry.registerMetric(metric);
    started.set(today.started);
    for (const step of KIOSK_DAY_STEPS) {
      reached.set({ step }, today.reached[step]);
      abandoned.set({ step }, today.abandoned[step]);
    }
    events.set({ event: 'no_time_found' }, today.noTimeFound);
    events.set({ event: 'waitlist_joined' }, today.waitlistJoined);
    events.set({ event: 'arrived' }, today.arrived);
    for (const [language, count] of Object.entries(today.languages))
      languages.set({ language }, count);
    for (const mode of KIOSK_DAY_MODES) modes.set({ mode }, today[mode]);
    if (today.medianSecondsToBooked !== null) {
      registry.registerMetric(median);
      median.set(today.medianSecondsToBooked);
    }
  };
}
