import { useEffect } from 'react';
import type { DeskState } from '../../../contract/shifts.ts';
import { useDesk } from './store.ts';

/** Locks the screen after the counter's idle time without a key, a click or a touch. */
export function useIdleLock(desk: DeskState | null): void {
  const minutes = desk?.signedIn && !desk.locked ? desk.idleLockMinutes : 0;
  useEffect(() => {
    if (minutes <= 0) return;
    let timer = setTimeout(lock, minutes * 60_000);
    function lock() {
      void useDesk.getState().lock();
    }
    const active = () => {
      clearTimeout(timer);
      timer = setTimeout(lock, minutes * 60_000);
    };
    const events = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;
    for (const e of events) window.addEventListener(e, active, { passive: true, capture: true });
    return () => {
      clearTimeout(timer);
      for (const e of events) window.removeEventListener(e, active, { capture: true });
    };
  }, [minutes]);
}
