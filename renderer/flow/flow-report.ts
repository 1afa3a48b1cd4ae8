/**
 * What the walk-in flow tells the core's kiosk day (issue 41 part 3) when its step changes: a
 * pure mapping, so the hook only sends. The session opens with the first step after the start
 * screen, ends as booked on the confirmation or as abandoned when the flow is reset (cancel,
 * idle); back to the start screen keeps it open (the customer may begin again).
 */
import type { KioskDayStep, KioskFlowEvent } from '../../shared/kiosk-day';
import type { FlowStep } from './flow-machine';

/** An event without the flags (language, modes) the reporter adds to each. */
export type FlowReport = Pick<KioskFlowEvent, 'kind' | 'step'>;

const COUNTED: Partial<Record<FlowStep, KioskDayStep>> = {
  service: 'service',
  day: 'day',
  time: 'time',
  details: 'details',
  review: 'review',
  done: 'booked',
};

/**
 * The reports for a move from `from` to `to`; `reset`: the flow went back to its initial state
 * (the session ended); `open`: a session is open. Returns the reports and whether one is open.
 */
export function flowReports(
  from: FlowStep,
  to: FlowStep,
  reset: boolean,
  open: boolean,
): { reports: FlowReport[]; open: boolean } {
  if (reset) return { reports: open ? [{ kind: 'abandoned' }] : [], open: false };
  const step = COUNTED[to];
  if (from === to || !step) return { reports: [], open };
  if (step === 'booked') return { reports: open ? [{ kind: 'step', step }] : [], open: false };
  const reports: FlowReport[] = open ? [] : [{ kind: 'started' }];
  reports.push({ kind: 'step', step });
  return { reports, open: true };
}
