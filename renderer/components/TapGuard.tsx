import { useEffect, useState, type CSSProperties, type MouseEvent, type ReactNode } from 'react';

/**
 * How long a new screen ignores taps anywhere. A quick double tap lands 100-300 ms after the
 * first; nobody reads a new screen, finds a time or a language on it and chooses in under 800 ms
 * (issue 19).
 */
export const TAP_GUARD_MS = 800;
/**
 * How long, after the tap that opened a screen, the spot of that tap stays dead on the new
 * screen. A slow double tap (an impatient finger on a screen that seems not to react) comes up
 * to a second or more later, on the same place: measured at 700-900 ms in issue 28, so the spot
 * waits well past that, while the rest of the screen answers after TAP_GUARD_MS.
 */
export const TAP_SPOT_MS = 1_600;
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
  /** The last tap if it was less than TAP_SPOT_MS before `now`. */
  recent(now: number): TapSpot | null;
}

export function tapMemory(): TapMemory {
  let last: TapSpot | null = null;
  return {
    remember: (spot) => {
      last = spot;
    },
    recent: (now) => (last && now - last.at < TAP_SPOT_MS ? last : null),
  };
}

interface TapGuardProps {
  children: ReactNode;
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
export function TapGuard({ children, ms = TAP_GUARD_MS, taps }: TapGuardProps) {
  const [armed, setArmed] = useState(true);
  // When the screen appeared, on the clock of event time stamps.
  const [shownAt] = useState(() => performance.now());
  // The tap that opened this screen, if it was just now (Date.now: the page clock tests drive).
  const [spot, setSpot] = useState(() => taps?.recent(Date.now()) ?? null);
  useEffect(() => {
    const timer = setTimeout(() => setArmed(false), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  const spotAt = spot?.at;
  useEffect(() => {
    if (spotAt === undefined) return;
    const timer = setTimeout(() => setSpot(null), spotAt + TAP_SPOT_MS - Date.now());
    return () => clearTimeout(timer);
  }, [spotAt]);
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
