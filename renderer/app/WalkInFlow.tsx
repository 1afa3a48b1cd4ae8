import { useEffect, useReducer, useRef, useState } from 'react';
import { IdleWarning } from '../components/IdleWarning';
import { useService } from './kiosk-context';
import { TapGuard } from '../components/TapGuard';
import { preloadKeyboard, preloadQrCode } from '../components/lazy';
import { flowReducer, initialFlowState } from '../flow/flow-machine';
import { useIdleTimer } from '../hooks/use-idle-timer';
import type { LanguageCode } from '../i18n/languages';
import { ConfirmationScreen } from '../screens/ConfirmationScreen';
import { DayScreen } from '../screens/DayScreen';
import { DetailsScreen } from '../screens/DetailsScreen';
import { ReceiptScreen } from '../screens/ReceiptScreen';
import { receiptData } from '../lib/receipt';
import { ReviewScreen } from '../screens/ReviewScreen';
import { ServiceScreen } from '../screens/ServiceScreen';
import { StartScreen } from '../screens/StartScreen';
import { TimeScreen } from '../screens/TimeScreen';
import { assertNever } from '../../shared/result';

interface WalkInFlowProps {
  /** Kiosk mode: touch keyboard and idle reset. Counter mode: physical keyboard, no timeout. */
  kiosk: boolean;
  idleTimeoutSec: number;
  language: LanguageCode;
  onLanguage: (language: LanguageCode) => void;
  /** Called when a customer's session ends (finish, cancel or idle) so the app can reset itself. */
  onSessionEnd: () => void;
}

const WARNING_MS = 10_000;

export function WalkInFlow({ kiosk, idleTimeoutSec, language, onLanguage, onSessionEnd }: WalkInFlowProps) {
  const [state, dispatch] = useReducer(flowReducer, initialFlowState);
  const service = useService(state.draft.serviceId);
  const [printing, setPrinting] = useState(false);
  const previousStep = useRef(state.step);

  useEffect(() => {
    if (state.step === 'start' && previousStep.current !== 'start') onSessionEnd();
    previousStep.current = state.step;
  }, [state.step, onSessionEnd]);

  // Once a customer has begun, fetch the keyboard and QR code chunks in the background, so the
  // details and confirmation screens do not wait for them. A failed fetch is retried by React.lazy.
  const begun = state.step !== 'start';
  useEffect(() => {
    if (!begun) return;
    if (kiosk) preloadKeyboard().catch(() => undefined);
    preloadQrCode().catch(() => undefined);
  }, [begun, kiosk]);

  const idle = useIdleTimer({
    enabled: kiosk && state.step !== 'start',
    timeoutMs: idleTimeoutSec * 1000,
    warningMs: Math.min(WARNING_MS, (idleTimeoutSec * 1000) / 3),
    onIdle: () => {
      setPrinting(false);
      dispatch({ type: 'reset' });
    },
  });

  const screen = (() => {
    const receipt = printing && state.outcome ? receiptData(state.outcome, state.draft, service) : null;
    if (receipt) {
      return <ReceiptScreen data={receipt} serviceId={state.draft.serviceId} onDone={() => setPrinting(false)} />;
    }
    switch (state.step) {
      case 'start':
        return <StartScreen onStart={() => dispatch({ type: 'begin' })} language={language} onLanguage={onLanguage} />;
      case 'service':
        return <ServiceScreen dispatch={dispatch} />;
      case 'day':
        return <DayScreen state={state} dispatch={dispatch} />;
      case 'time':
        return <TimeScreen state={state} dispatch={dispatch} />;
      case 'details':
        return <DetailsScreen state={state} dispatch={dispatch} touchKeyboard={kiosk} />;
      case 'review':
        return <ReviewScreen state={state} dispatch={dispatch} />;
      case 'done':
        return <ConfirmationScreen state={state} dispatch={dispatch} onPrint={() => setPrinting(true)} />;
      default:
        return assertNever(state.step);
    }
  })();

  return (
    <>
      <TapGuard key={printing ? 'receipt' : state.step}>{screen}</TapGuard>
      {idle.secondsLeft !== null && <IdleWarning secondsLeft={idle.secondsLeft} onStay={idle.stay} />}
    </>
  );
}
