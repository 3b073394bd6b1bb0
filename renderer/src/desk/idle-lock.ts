import { useEffect } from 'react';
import { ACTIVITY_REPORT_MS } from '../../../contract/idle-lock.ts';
import type { DeskState } from '../../../contract/shifts.ts';
import { api } from '../api.ts';
import { useDesk } from './store.ts';

/**
 * Locks the screen after the counter's idle time without a key, a click or a touch, and tells
 * main of that activity (at most every ACTIVITY_REPORT_MS): main locks by itself a little later
 * when this timer does not.
 */
export function useIdleLock(desk: DeskState | null): void {
  const minutes = desk?.signedIn && !desk.locked ? desk.idleLockMinutes : 0;
  useEffect(() => {
    if (minutes <= 0) return;
    let timer = setTimeout(lock, minutes * 60_000);
    let reportedAt = 0; // the first activity is told at once: reported activity lags the last by ACTIVITY_REPORT_MS at most
    function lock() {
      void useDesk.getState().lock();
    }
    const active = () => {
      clearTimeout(timer);
      timer = setTimeout(lock, minutes * 60_000);
      if (Date.now() - reportedAt >= ACTIVITY_REPORT_MS) {
        reportedAt = Date.now();
        void api.reportActivity();
      }
    };
    const events = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;
    for (const e of events) window.addEventListener(e, active, { passive: true, capture: true });
    return () => {
      clearTimeout(timer);
      for (const e of events) window.removeEventListener(e, active, { capture: true });
    };
  }, [minutes]);
}
