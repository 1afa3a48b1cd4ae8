import { useEffect, useState } from 'react';
import type { KioskError, Result } from '../../shared/result';

export type Loadable<T> =
  { state: 'loading' } | { state: 'ready'; value: T } | { state: 'error'; error: KioskError };

const LOADING = { state: 'loading' } as const;

/**
 * Runs a kiosk call whenever `load` changes and keeps only the latest answer. Pass a
 * `useCallback`, so that the hooks lint checks what the call depends on. An answer belongs to
 * the `load` that asked for it: a new `load` shows `loading` at once, not the previous answer.
 */
export function useResult<T>(load: () => Promise<Result<T>>): Loadable<T> {
  const [answer, setAnswer] = useState<{
    load: () => Promise<Result<T>>;
    value: Loadable<T>;
  } | null>(null);
  useEffect(() => {
    let live = true;
    void load().then((result) => {
      if (!live) return;
      setAnswer({
        load,
        value: result.ok
          ? { state: 'ready', value: result.result }
          : { state: 'error', error: result.error },
      });
    });
    return () => {
      live = false;
    };
  }, [load]);
  return answer?.load === load ? answer.value : LOADING;
}
