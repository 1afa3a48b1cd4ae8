import { useEffect, useState } from 'react';

/** A screen's code usually comes within a frame (it is preloaded): only a longer wait is told. */
export const LOADING_SHOWN_AFTER_MS = 1000;

interface LoadingStatusProps {
  text: string;
  className?: string;
}

/**
 * "Loading…" while a screen's code loads, once the wait lasts (issue 38): nothing for the first
 * second, then shown and, as a status, said once by audio mode and screen readers. A customer
 * in audio mode no longer hears "Loading…" between every two screens, nor anyone sees it flash.
 */
export function LoadingStatus({ text, className = 'hint app-center' }: LoadingStatusProps) {
  const [lasting, setLasting] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLasting(true), LOADING_SHOWN_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!lasting) return null;
  return (
    <p className={className} role="status">
      {text}
    </p>
  );
}
