import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';

/**
 * How long a new screen ignores taps. A quick double tap lands 100-300 ms after the first, a slow
 * one (an impatient finger on a screen that seems not to react) up to a second later; nobody
 * reads a new screen, finds a time or a language on it and chooses in under 800 ms (issue 19).
 */
export const TAP_GUARD_MS = 800;

interface TapGuardProps {
  children: ReactNode;
  ms?: number;
}

/**
 * Makes its screen ignore pointer input for a short time after it appears, so that the second
 * tap of a double tap cannot act on the next screen (e.g. "Finish" where "Book now" was).
 * `pointer-events: none` rather than swallowing clicks: the tap falls through to the inert
 * background, and automation (Playwright) sees the screen as not yet clickable and waits.
 * Mount it with a key per screen so that each screen is guarded anew.
 */
export function TapGuard({ children, ms = TAP_GUARD_MS }: TapGuardProps) {
  const [armed, setArmed] = useState(true);
  // When the screen appeared, on the clock of event time stamps.
  const [shownAt] = useState(() => performance.now());
  useEffect(() => {
    const timer = setTimeout(() => setArmed(false), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  // Belt and braces for a busy machine: a click whose input happened before the screen was
  // ms old is dropped by its own time stamp, even if it is handled late (both taps of a double
  // tap queued behind a slow render would otherwise both be dispatched to the new screen).
  const dropEarly = (event: MouseEvent): void => {
    if (event.timeStamp - shownAt < ms) {
      event.preventDefault();
      event.stopPropagation();
    }
  };
  return (
    <div
      className={`tap-guard${armed ? ' tap-guard-armed' : ''}`}
      data-tap-guard={armed ? 'armed' : 'open'}
      onClickCapture={dropEarly}
    >
      {children}
    </div>
  );
}
