import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

export interface IdleTimerOptions {
  enabled: boolean;
  timeoutMs: number;
  /** The warning with a countdown shows for the last `warningMs`. */
  warningMs: number;
  onIdle: () => void;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  now?: () => number;
}

const ACTIVITY = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * Counts down while nobody touches the screen. Returns the seconds left once the warning
 * phase has begun (null before), and `stay()` for the warning's button.
 */
export function useIdleTimer(options: IdleTimerOptions): {
  secondsLeft: number | null;
  stay: () => void;
} {
  const { enabled, timeoutMs, warningMs } = options;
  const now = options.now ?? Date.now;
  const target = options.target ?? window;
  const lastActivity = useRef(now());
  const onIdle = useRef(options.onIdle);
  useLayoutEffect(() => {
    onIdle.current = options.onIdle;
  });
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);

  const stay = useCallback(() => {
    lastActivity.current = now();
    setSecondsLeft(null);
  }, [now]);

  useEffect(() => {
    if (!enabled) return;
    lastActivity.current = now();
    const touch = (): void => {
      lastActivity.current = now();
    };
    for (const type of ACTIVITY)
      target.addEventListener(type, touch, { passive: true, capture: true });
    const timer = setInterval(() => {
      const left = timeoutMs - (now() - lastActivity.current);
      if (left <= 0) {
        setSecondsLeft(null);
        lastActivity.current = now();
        onIdle.current();
      } else if (left <= warningMs) {
        setSecondsLeft(Math.ceil(left / 1000));
      } else {
        setSecondsLeft(null);
      }
    }, 250);
    return () => {
      clearInterval(timer);
      for (const type of ACTIVITY) target.removeEventListener(type, touch, { capture: true });
      setSecondsLeft(null); // a disabled or restarted timer shows no countdown
    };
  }, [enabled, timeoutMs, warningMs, target, now]);

  return { secondsLeft, stay };
}
