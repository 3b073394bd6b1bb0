import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { PricedOffer, PricedOfferDetail } from '../../../contract/counter.ts';
import { OfferList } from '../search/OfferList.tsx';
import { SeatMapView } from '../seatmap/SeatMapView.tsx';
import '../shell/shell.css';
import '../search/search.css';
import '../sale/sale.css';

// Renderer benchmarks (test/bench/renderer.bench.ts). Loaded only when the page is opened with
// `?bench=` (read once at start in main.tsx, as a separate chunk): the real components render
// the fixture data the bench hands over, and the time to a laid-out DOM is measured here.

declare global {
  interface Window {
    shubbakBench?: {
      offers(offers: PricedOffer[], locale: 'ar' | 'en'): number;
      seatMap(detail: PricedOfferDetail, locale: 'ar' | 'en'): number;
      /** Clicks free seats of the map one after the other: the time of each click to a laid-out map. */
      seatClicks(detail: PricedOfferDetail, locale: 'ar' | 'en', clicks: number): number[];
    };
  }
}

function timed(root: Root, host: HTMLElement, element: React.ReactNode): number {
  const start = performance.now();
  flushSync(() => root.render(element));
  void host.getBoundingClientRect().height; // style and layout, as the agent would wait for them
  return performance.now() - start;
}

/** The seat map as the seats step holds it: a click picks a seat and the map repaints. */
function PickingMap({ detail, locale }: { detail: PricedOfferDetail; locale: 'ar' | 'en' }) {
  const [picked, setPicked] = useState<string[]>([]);
  return (
    <SeatMapView
      offer={detail.offer}
      retailBySeat={detail.retailBySeat}
      locale={locale}
      picked={picked}
      held={[]}
      classFilter={null}
      onToggle={(seat) => flushSync(() => setPicked((p) => (p.includes(seat.number) ? p.filter((x) => x !== seat.number) : [...p, seat.number])))}
    />
  );
}

export function startBench() {
  document.title = 'Shubbak bench';
  const host = document.getElementById('root') as HTMLElement;
  host.className = 'sale';
  let root = createRoot(host);
  const fresh = () => {
    root.unmount();
    root = createRoot(host);
  };
  window.shubbakBench = {
    offers(offers, locale) {
      fresh();
      document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
      return timed(
        root,
        host,
        <div className="offers-scroll">
          <OfferList offers={offers} locale={locale} passengers={2} expired={false} onChoose={() => {}} />
        </div>,
      );
    },
    seatMap(detail, locale) {
      fresh();
      document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
      return timed(
        root,
        host,
        <SeatMapView offer={detail.offer} retailBySeat={detail.retailBySeat} locale={locale} picked={[]} held={[]} classFilter={null} onToggle={() => {}} />,
      );
    },
    seatClicks(detail, locale, clicks) {
      fresh();
      document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
      flushSync(() => root.render(<PickingMap detail={detail} locale={locale} />));
      const free = [...host.querySelectorAll<HTMLButtonElement>('button.seat:not([disabled])')];
      const times: number[] = [];
      for (let i = 0; i < clicks && i < free.length; i++) {
        const start = performance.now();
        free[i]!.click();
        void host.getBoundingClientRect().height;
        times.push(performance.now() - start);
      }
      return times;
    },
  };
}
