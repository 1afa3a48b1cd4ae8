import { useEffect, useState, type ReactNode } from 'react';

/**
 * How long a new screen ignores taps. A double tap lands about 100-300 ms after the first, and
 * nobody reads a new screen and chooses in under half a second.
 */
export const TAP_GUARD_MS = 500;

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
  useEffect(() => {
    const timer = setTimeout(() => setArmed(false), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return (
    <div className={`tap-guard${armed ? ' tap-guard-armed' : ''}`} data-tap-guard={armed ? 'armed' : 'open'}>
      {children}
    </div>
  );
}
