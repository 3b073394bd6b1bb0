import { useEffect, useState } from 'react';

/** How long the typing must rest before what it changed is said aloud. */
export const SETTLE_MS = 700;

/**
 * `value` once it has stayed the same for `ms`: what a live region says while the agent types
 * (the change due after the last digit, not after each one).
 */
export function useSettled<T>(value: T, ms = SETTLE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
