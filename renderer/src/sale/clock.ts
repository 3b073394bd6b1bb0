import { useEffect, useState } from 'react';
import { HOLD_DURATION_MS } from '../../../core/hold.ts';

// The Partner API's clock as the counter last saw it. Offer and hold expiries are the service's
// timestamps; a counter PC whose clock is a few minutes off would otherwise show a wrong
// countdown. Each hold (core/hold.ts) and each search (offers live 60 minutes) tells us
// the service's "now" at the moment of the answer; we keep the difference.

const OFFER_TTL_MS = 60 * 60_000;
let offsetMs = 0;

export function apiNow(): number {
  return Date.now() + offsetMs;
}

function observe(serviceNowMs: number) {
  if (!Number.isFinite(serviceNowMs)) return;
  const offset = serviceNowMs - Date.now();
  if (Math.abs(offset - offsetMs) > 2_000) offsetMs = offset;
}

/** A hold was just created: its expiry minus the hold duration is the service's now. */
export function observeHold(expiresAt: string) {
  observe(Date.parse(expiresAt) - HOLD_DURATION_MS);
}

/** Offers were just issued: the latest expiry minus 60 minutes is the service's now. */
export function observeOffers(expiries: readonly string[]) {
  if (expiries.length === 0) return;
  observe(Math.max(...expiries.map((e) => Date.parse(e))) - OFFER_TTL_MS);
}

/** Milliseconds left until a service timestamp, re-rendering every second. */
export function useRemaining(until: string | null | undefined): number | null {
  const [now, setNow] = useState(apiNow);
  const [counting, setCounting] = useState(until);
  if (counting !== until) {
    // a new deadline (fresh offers, a new hold): count from the service's now of this moment
    setCounting(until);
    setNow(apiNow());
  }
  useEffect(() => {
    if (!until) return;
    const id = setInterval(() => setNow(apiNow()), 1000);
    return () => clearInterval(id);
  }, [until]);
  return until ? Date.parse(until) - now : null;
}
