import { Suspense, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccessModes, type SessionEnd } from '../access/access-modes';
import { customerIdleTiming } from '../access/idle-timing';
import { IdleWarning } from '../components/IdleWarning';
import { LoadingStatus } from '../components/LoadingStatus';
import { useKiosk, useService } from './kiosk-context';
import { TapGuard, tapMemory } from '../components/TapGuard';
import { preloadKeyboard, preloadQrCode } from '../components/lazy';
import {
  ConfirmationScreen,
  DetailsScreen,
  preloadDetails,
  preloadLaterScreens,
  preloadTimeScreen,
  ReceiptScreen,
  ReviewScreen,
  TimeScreen,
  VisitConfirmationScreen,
} from '../screens/lazy-screens';
import { endsSession, flowReducer, initialFlowState } from '../flow/flow-machine';
import { useIdleTimer } from '../hooks/use-idle-timer';
import { FlowReportProvider, useFlowReporter } from '../hooks/use-flow-report';
import { useAudioEntry } from '../access/audio-entry';
import type { LanguageCode } from '../i18n/languages';
import { DayScreen } from '../screens/DayScreen';
import { receiptData } from '../lib/receipt';
import { visitLines } from '../lib/visit';
import { ServiceScreen } from '../screens/ServiceScreen';
import { StartScreen } from '../screens/StartScreen';
import { assertNever } from '../../shared/result';

interface WalkInFlowProps {
  /** Kiosk mode: touch keyboard and idle reset. Counter mode: physical keyboard, no timeout. */
  kiosk: boolean;
  idleTimeoutSec: number;
  language: LanguageCode;
  onLanguage: (language: LanguageCode) => void;
  /** The display is as a new customer finds it: the shop's language, default text and contrast. */
  pristine: boolean;
  /**
   * Called when a customer's session ends (finish, cancel or idle) so the app can reset itself;
   * not when they go back to the start (their language and access modes stay until then).
   */
  onSessionEnd: (end: SessionEnd) => void;
}

/** The steps during which this screen holds its customer's time. */
const HOLDING: ReadonlySet<string> = new Set(['details', 'review']);

export function WalkInFlow({
  kiosk,
  idleTimeoutSec,
  language,
  onLanguage,
  pristine,
  onSessionEnd,
}: WalkInFlowProps) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(flowReducer, initialFlowState);
  const service = useService(state.draft.serviceId);
  const { catalog, client } = useKiosk();
  const [printing, setPrinting] = useState(false);
  const previousStep = useRef(state.step);
  // The last tap on a screen: the next screen keeps its spot dead for a slow second tap.
  const [taps] = useState(tapMemory);
  // The reset under way is the idle timer's (said in audio mode), not the customer's.
  const idleReset = useRef(false);

  useEffect(() => {
    if (endsSession(state) && previousStep.current !== 'start') {
      onSessionEnd(idleReset.current ? 'idle' : 'customer');
      idleReset.current = false;
    }
    // Back from the details or review, or reset (idle, cancel): the time held for this screen
    // goes back to the others (issue 28). A booking ends the hold in the core itself.
    if (HOLDING.has(previousStep.current) && !HOLDING.has(state.step) && state.step !== 'done')
      void client.releaseHold({});
    previousStep.current = state.step;
  }, [state, onSessionEnd, client]);

  // Once a customer has begun, fetch the details form, keyboard and QR code chunks in the
  // background, so that the details and confirmation screens do not wait for them. A failed
  // fetch is retried by React.lazy.
  const begun = state.step !== 'start';
  useEffect(() => {
    if (!begun) return;
    preloadDetails().catch(() => undefined);
    preloadTimeScreen().catch(() => undefined);
    preloadLaterScreens().catch(() => undefined);
    if (kiosk) preloadKeyboard().catch(() => undefined);
    preloadQrCode().catch(() => undefined);
  }, [begun, kiosk]);

  // A customer who chose a language (or larger text) on the start screen and walked away leaves
  // nothing personal behind: the start screen goes back to the shop's display without a warning.
  const atStart = state.step === 'start';
  // Audio mode starts from the start screen with a key, a gesture or a headset (issue 31).
  useAudioEntry(kiosk && atStart && !printing);
  const modes = useAccessModes();
  // The owner's kiosk day: where customers go in the flow, counted in the core (issue 41 part 3).
  const flow = useFlowReporter(client, state, language, modes);
  const timing = customerIdleTiming(idleTimeoutSec, modes, atStart);
  const idle = useIdleTimer({
    enabled: kiosk && (!atStart || !pristine || modes.audio || modes.reach),
    ...timing,
    onIdle: () => {
      setPrinting(false);
      if (atStart) {
        flow.endSession(); // back at the start, then gone: the session ends here
        onSessionEnd('idle');
      } else {
        idleReset.current = true;
        dispatch({ type: 'reset' });
      }
    },
  });

  const screen = (() => {
    const receipt =
      printing && state.outcome ? receiptData(state.outcome, state.draft, service) : null;
    // A visit (issue 19): a slip for each service that was booked.
    const receipts = state.visitOutcome
      ? visitLines(state.visitOutcome.parts, state.draft, catalog.services).flatMap((line) =>
          line.receipt ? [{ data: line.receipt, serviceId: line.part.serviceId }] : [],
        )
      : receipt
        ? [{ data: receipt, serviceId: state.draft.serviceId }]
        : [];
    if (printing && receipts.length > 0) {
      return <ReceiptScreen receipts={receipts} onDone={() => setPrinting(false)} />;
    }
    switch (state.step) {
      case 'start':
        return (
          <StartScreen
            onStart={() => dispatch({ type: 'begin' })}
            language={language}
            onLanguage={onLanguage}
          />
        );
      case 'service':
        return <ServiceScreen dispatch={dispatch} />;
      case 'addService':
        return (
          <ServiceScreen
            dispatch={dispatch}
            adding={{ chosen: [state.draft.serviceId ?? '', ...state.draft.then] }}
          />
        );
      case 'day':
        return <DayScreen state={state} dispatch={dispatch} />;
      case 'time':
        return <TimeScreen state={state} dispatch={dispatch} />;
      case 'details':
        return <DetailsScreen state={state} dispatch={dispatch} touchKeyboard={kiosk} />;
      case 'review':
        return <ReviewScreen state={state} dispatch={dispatch} />;
      case 'done':
        return state.visitOutcome ? (
          <VisitConfirmationScreen
            state={state}
            dispatch={dispatch}
            onPrint={() => setPrinting(true)}
          />
        ) : (
          <ConfirmationScreen state={state} dispatch={dispatch} onPrint={() => setPrinting(true)} />
        );
      default:
        return assertNever(state.step);
    }
  })();

  return (
    <>
      <TapGuard key={printing ? 'receipt' : state.step} taps={taps}>
        {/* A booking's answer came before its confirmation's chunk: the customer still reads
            the booking's own waiting state, never a bare "Loading…" (issue 28). Any other
            screen's code: "Loading…" only once the wait lasts (issue 38). */}
        <Suspense
          fallback={
            state.step === 'done' ? (
              <p className="hint app-center" role="status">
                {t('review.booking')}
              </p>
            ) : (
              <LoadingStatus text={t('app.loading')} />
            )
          }
        >
          <FlowReportProvider value={flow.report}>{screen}</FlowReportProvider>
        </Suspense>
      </TapGuard>
      {idle.secondsLeft !== null && (
        <IdleWarning secondsLeft={idle.secondsLeft} onStay={idle.stay} />
      )}
    </>
  );
}
