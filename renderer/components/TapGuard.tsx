import {
  createContext,
  useContext,
  useEffect,
  useState,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { ACCESS_DEFAULTS } from '../../shared/access-defaults';

/**
 * How long a new screen ignores taps anywhere. A quick double tap lands 100-300 ms after the
 * first; nobody reads a new screen, finds a time or a language on it and chooses in under 800 ms
 * (issue 19). IT sets another (`access.tapGuardMs`): longer for hands that shake, 0 for none.
 */
const TAP_GUARD_MS: number = ACCESS_DEFAULTS.tapGuardMs;
/**
 * How long, after the tap that opened a screen, the spot of that tap stays dead on the new
 * screen, as a multiple of the guard. A slow double tap (an impatient finger on a screen that
 * seems not to react) comes up to a second or more later, on the same place: measured at
 * 700-900 ms in issue 28, so the spot waits well past that (1,600 ms by default), while the rest
 * of the screen answers after the guard.
 */
const SPOT_FACTOR = 2;

/** The guard's length on this kiosk (IT's `access.tapGuardMs`), for every TapGuard below it. */
export const TapGuardTime = createContext(TAP_GUARD_MS);
/** A finger's second tap lands within about this many pixels of the first one's button. */
const SPOT_MARGIN_PX = 24;

/** Where the last accepted tap of the flow was (viewport pixels) and when (page clock, ms). */
interface TapSpot {
  left: number;
  top: number;
  width: number;
  height: number;
  at: number;
}

/** The flow's last accepted tap, shared by the guards of its screens. */
interface TapMemory {
  remember(spot: TapSpot): void;
  /** The last tap if it was less than `spotMs` before `now`. */
  recent(now: number, spotMs: number): TapSpot | null;
}

export function tapMemory(): TapMemory {
  let last: TapSpot | null = null;
  return {
    remember: (spot) => {
      last = spot;
    },
    recent: (now, spotMs) => (last && now - last.at < spotMs ? last : null),
  };
}

interface TapGuardProps {
  children: ReactNode;
  /** How long the screen ignores taps; by default the kiosk's (TapGuardTime). */
  ms?: number;
  /**
   * The flow's last accepted tap, shared by the screens' guards: each guard records its taps
   * there, and a screen that appears right after one keeps that spot dead for TAP_SPOT_MS.
   */
  taps?: TapMemory;
}

/** The box a tap acted on: its button (or field), else a square around the finger. */
function spotOf(event: MouseEvent, at: number): TapSpot {
  const target = event.target instanceof Element ? event.target : null;
  const control = target?.closest('button, a, input, textarea, select, label, [role="button"]');
  if (control) {
    const box = control.getBoundingClientRect();
    return { left: box.left, top: box.top, width: box.width, height: box.height, at };
  }
  const size = 2 * SPOT_MARGIN_PX;
  return {
    left: event.clientX - size / 2,
    top: event.clientY - size / 2,
    width: size,
    height: size,
    at,
  };
}

/**
 * Makes its screen ignore pointer input for a short time after it appears, so that the second
 * tap of a double tap cannot act on the next screen (e.g. "Finish" where "Book now" was).
 * `pointer-events: none` rather than swallowing clicks: the tap falls through to the inert
 * background, and automation (Playwright) sees the screen as not yet clickable and waits.
 * A slower second tap lands after that, on the same place: a transparent shield over the spot of
 * the tap that opened the screen takes it, whatever the new screen has there (a service under
 * "Touch to start", a time under a day). Mount it with a key per screen so that each screen is
 * guarded anew.
 */
export function TapGuard({ children, ms: msProp, taps }: TapGuardProps) {
  const kioskMs = useContext(TapGuardTime);
  const ms = msProp ?? kioskMs;
  const spotMs = SPOT_FACTOR * ms;
  const [armed, setArmed] = useState(ms > 0);
  // When the screen appeared, on the clock of event time stamps.
  const [shownAt] = useState(() => performance.now());
  // The tap that opened this screen, if it was just now (Date.now: the page clock tests drive).
  const [spot, setSpot] = useState(() => taps?.recent(Date.now(), spotMs) ?? null);
  useEffect(() => {
    if (ms <= 0) return;
    const timer = setTimeout(() => setArmed(false), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  const spotAt = spot?.at;
  useEffect(() => {
    if (spotAt === undefined) return;
    const timer = setTimeout(() => setSpot(null), spotAt + spotMs - Date.now());
    return () => clearTimeout(timer);
  }, [spotAt, spotMs]);
  // Belt and braces for a busy machine: a click whose input happened before the screen was
  // ms old is dropped by its own time stamp, even if it is handled late (both taps of a double
  // tap queued behind a slow render would otherwise both be dispatched to the new screen).
  const onClick = (event: MouseEvent): void => {
    if (event.timeStamp - shownAt < ms) {
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    const shielded = event.target instanceof Element && event.target.closest('.tap-shield');
    if (!shielded) taps?.remember(spotOf(event, Date.now()));
  };
  // Physical pixels on purpose: the shield covers where the finger was, in any direction.
  const shield: CSSProperties | null = spot && {
    position: 'fixed',
    left: spot.left - SPOT_MARGIN_PX,
    top: spot.top - SPOT_MARGIN_PX,
    width: spot.width + 2 * SPOT_MARGIN_PX,
    height: spot.height + 2 * SPOT_MARGIN_PX,
  };
  return (
    <div
      className={`tap-guard${armed ? ' tap-guard-armed' : ''}`}
      data-tap-guard={armed ? 'armed' : 'open'}
      onClickCapture={onClick}
    >
      {children}
      {shield && (
        <div className="tap-shield" data-testid="tap-shield" style={shield} aria-hidden="true" />
      )}
    </div>
  );
}
