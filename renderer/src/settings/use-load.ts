import { useCallback, useEffect, useState } from 'react';
import type { AppError, Result } from '../../../contract/errors.ts';

export type Load<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; error: AppError };

/**
 * Runs a contract call when the tab opens and again on `reload()`. `load` must be stable (a
 * module-level function). State is only set in the promise callback, never in the effect body;
 * a reload keeps showing the last answer until the new one arrives.
 */
export function useLoad<T>(load: () => Promise<Result<T>>): [Load<T>, () => void, (value: T) => void] {
  const [state, setState] = useState<Load<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    void load().then((r) => {
      if (current) setState(r.ok ? { status: 'ready', value: r.value } : { status: 'error', error: r.error });
    });
    return () => {
      current = false;
    };
  }, [load, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const set = useCallback((value: T) => setState({ status: 'ready', value }), []);
  return [state, reload, set];
}

/** The value, once there is one. */
export function valueOf<T>(l: Load<T>): T | null {
  return l.status === 'ready' ? l.value : null;
}
