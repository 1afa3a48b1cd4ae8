import { useEffect, useState } from 'react';
import type { KioskError, Result } from '../../shared/result';

export type Loadable<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'error'; error: KioskError };

/** Runs a kiosk call whenever `deps` change and keeps only the latest answer. */
export function useResult<T>(load: () => Promise<Result<T>>, deps: readonly unknown[]): Loadable<T> {
  const [value, setValue] = useState<Loadable<T>>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    setValue({ state: 'loading' });
    void load().then((result) => {
      if (!live) return;
      setValue(result.ok ? { state: 'ready', value: result.result } : { state: 'error', error: result.error });
    });
    return () => {
      live = false;
    };
    // The caller lists what the call depends on (no hooks lint plugin in this repo).
  }, deps);
  return value;
}
