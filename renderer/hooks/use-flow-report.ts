/**
 * Sends the walk-in flow's steps to the core's kiosk day (issue 41 part 3), one report after
 * another (the core counts a step only in an open session, so order matters over HTTP too),
 * each with the screen's language and access modes. Screens report what only they see ("no
 * time found") through `useFlowReport`. A failed report is dropped: counts are not worth a retry.
 */
import { createContext, useCallback, useContext, useEffect, useRef } from 'react';
import type { KioskClient } from '../../shared/kiosk-api';
import type { LanguageCode } from '../i18n/languages';
import type { AccessModes } from '../access/access-modes';
import { endsSession, type FlowState } from '../flow/flow-machine';
import { flowReports, type FlowReport } from '../flow/flow-report';

type Report = (report: FlowReport) => void;

const FlowReportContext = createContext<Report>(() => undefined);
export const FlowReportProvider = FlowReportContext.Provider;

/** For a screen of the flow: reports within the customer's session. */
export function useFlowReport(): Report {
  return useContext(FlowReportContext);
}

export function useFlowReporter(
  client: KioskClient,
  state: FlowState,
  language: LanguageCode,
  modes: AccessModes,
): { report: Report; endSession: () => void } {
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const flags = useRef({ language, ...modes });
  const open = useRef(false);
  const previous = useRef(state.step);
  useEffect(() => {
    flags.current = { language, ...modes };
  }, [language, modes]);

  const report = useCallback<Report>(
    (event) => {
      const { language: now, audio, reach } = flags.current;
      const input = {
        ...event,
        language: now,
        ...(audio ? { audio } : {}),
        ...(reach ? { reach } : {}),
      };
      chain.current = chain.current
        .then(() => client.reportKioskFlow(input))
        .catch(() => undefined);
    },
    [client],
  );
  const endSession = useCallback(() => {
    if (open.current) report({ kind: 'abandoned' });
    open.current = false;
  }, [report]);

  useEffect(() => {
    const next = flowReports(previous.current, state.step, endsSession(state), open.current);
    previous.current = state.step;
    open.current = next.open;
    for (const event of next.reports) report(event);
  }, [state, report]);
  // The flow goes away with a customer in it (the staff area opened): that session ended.
  useEffect(() => endSession, [endSession]);
  return { report, endSession };
}
