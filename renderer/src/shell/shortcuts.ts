import { useEffect } from 'react';
import { useLocale } from '../i18n/index.ts';
import { useDesk } from '../desk/store.ts';
import { useReports } from '../reports/store.ts';
import { useLookup } from '../lookup/store.ts';
import { useSale } from '../sale/store.ts';
import { useWorklist } from '../worklist/store.ts';
import { useShell } from './store.ts';

/**
 * The counter's function keys, the same on every step (shown in the key bar):
 *   F2 search · F3 language · F4 swap · F6 seats · F8 passengers · F9 payment · F10 confirm ·
 *   F12 or Ctrl+N next customer · Ctrl+F find a booking · Esc back.
 * Enter is handled by each field (it moves to the next thing to type).
 */
export function useShortcuts() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      const shell = useShell.getState();
      const sale = useSale.getState();
      const key = e.key;
      const handled = () => e.preventDefault();
      if (key === 'F3') {
        handled();
        useLocale.getState().toggle();
        return;
      }
      if (shell.settingsOpen) return; // the settings screen has its own keys (Esc closes it)
      const desk = useDesk.getState();
      if (e.ctrlKey && !e.altKey && (e.code === 'KeyL' || key.toLowerCase() === 'l') && desk.desk?.signedIn) {
        handled();
        void desk.lock();
        return;
      }
      // Find a booking: from the main screen; over it, its own screen takes the keys (Esc: back, then
      // closes). An Esc its screen did not take (the focus left on the page, e.g. when what had it
      // was drawn again after a reprint) still goes back.
      if (useLookup.getState().open) {
        if (key === 'Escape') {
          handled();
          useLookup.getState().back();
        }
        return;
      }
      if (e.ctrlKey && !e.altKey && (e.code === 'KeyF' || key.toLowerCase() === 'f') && !useReports.getState().open && desk.panel === null) {
        handled();
        useLookup.getState().show(true);
        return;
      }
      if (key === 'F7') {
        handled();
        useReports.getState().show(!useReports.getState().open);
        return;
      }
      if (key === 'F11' && desk.desk?.shift) {
        handled();
        desk.showPanel(desk.panel === null ? 'cash' : null);
        return;
      }
      const worklist = useWorklist.getState();
      if (worklist.open) {
        if (key === 'Escape') {
          handled();
          worklist.show(false);
        }
        return;
      }
      // Over the sale, the Reports screen and the shift panel take Esc (back, then close) and nothing else.
      const reports = useReports.getState();
      if (reports.open || desk.panel !== null) {
        if (key !== 'Escape') return;
        handled();
        if (reports.open && reports.z) void reports.openZ(null);
        else if (reports.open) reports.show(false);
        else desk.showPanel(null);
        return;
      }
      const next = key === 'F12' || (e.ctrlKey && !e.altKey && (e.code === 'KeyN' || key.toLowerCase() === 'n'));
      // Leaving a sale with seats held or cash typed was asked: Esc and F12 again stay; Enter
      // presses the button with the focus (Stay, unless the agent moved to Leave).
      if (sale.leaveAsked) {
        if (next) {
          handled();
        } else if (key === 'Escape') {
          handled();
          sale.stayInSale();
        }
        return;
      }
      if (next) {
        handled();
        if (!e.repeat) sale.askNewCustomer();
        return;
      }
      switch (key) {
        case 'F2':
          handled();
          if (sale.step !== 'search') sale.goTo('search');
          sale.focusOn('from');
          return;
        case 'F4':
          handled();
          if (sale.step === 'search') sale.swap();
          return;
        case 'F6':
          handled();
          if (sale.offer) sale.goTo('seats');
          return;
        case 'F8':
          handled();
          sale.goTo('passengers');
          return;
        case 'F9':
          handled();
          sale.goTo('payment');
          return;
        case 'F10':
          handled();
          if (!e.repeat && sale.step === 'payment') void sale.confirm();
          return;
        case 'Escape':
          handled();
          sale.back();
          return;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
