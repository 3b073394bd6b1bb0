// An 80 mm ticket the app renders from the booking alone, for counters that have only a receipt
// printer: one section per traveller (name, seat, references, boarding point and address, the
// local departure as on the operator's ticket, the operator's QR e-ticket where issued), the
// notice to collect the operator's printed ticket, booked and paid through the station, no price,
// and the not-valid-for-travel banner outside LIVE. Arabic or English. One roll for the booking:
// the agent tears between travellers at the dashed rules.
import type { CounterEnvironment } from '../../contract/counter.ts';
import type { Booking } from '../../contract/partner/resources.ts';
import { wallClockDate, wallClockTime } from '../../core/wall-clock.ts';
import { drawQr, ltr } from '../../lib/pdf/index.ts';
import { RECEIPT_STRINGS, type ReceiptLanguage } from './format.ts';
import { renderPage, type RenderedPage } from './layout.ts';

const STRINGS = {
  en: {
    title: 'Travel ticket',
    passenger: 'Passenger',
    seat: 'Seat',
    seatAtBoarding: 'at boarding',
    booking: 'Booking reference',
    operatorRef: 'Operator booking no.',
    from: 'From',
    to: 'To',
    departure: 'Departure',
    operator: 'Operator',
    eTicket: 'E-ticket',
    collect: 'Collect the operator’s printed ticket at the boarding point if asked.',
    paid: 'Booked and paid through the station. Keep this ticket.',
  },
  ar: {
    title: 'تذكرة سفر',
    passenger: 'الراكب',
    seat: 'المقعد',
    seatAtBoarding: 'عند الصعود',
    booking: 'رقم الحجز',
    operatorRef: 'رقم حجز شركة النقل',
    from: 'من',
    to: 'إلى',
    departure: 'موعد القيام',
    operator: 'شركة النقل',
    eTicket: 'التذكرة الإلكترونية',
    collect: 'استلم تذكرة شركة النقل المطبوعة من نقطة الصعود إن طُلب منك.',
    paid: 'حُجزت ودُفعت عبر المحطة. احتفظ بهذه التذكرة.',
  },
} as const;

export function renderThermalTickets(b: Booking, lang: ReceiptLanguage, environment: CounterEnvironment): Promise<RenderedPage> {
  const s = STRINGS[lang];
  type Place = Pick<Booking['origin'], 'name' | 'station' | 'station_ar' | 'address' | 'address_ar'>;
  const place = (p: Place) =>
    [lang === 'ar' ? (p.station_ar ?? p.station) : p.station, p.name].filter(Boolean).join(' · ') || '—';
  const address = (p: Place) => (lang === 'ar' ? (p.address_ar ?? p.address) : p.address);
  const departure = b.departure_at ? `${wallClockDate(b.departure_at)}  ${wallClockTime(b.departure_at)}` : '—';
  return renderPage('80mm', lang, { title: `${s.title} ${b.id}`, author: 'Shubbak', environment }, (p) => {
    b.passengers.forEach((traveller, i) => {
      if (i > 0) p.rule(0.75, true, p.size(1.2));
      if (environment !== 'LIVE') {
        const banner = environment === 'TRAINING' ? RECEIPT_STRINGS[lang].training : RECEIPT_STRINGS[lang].sandbox;
        p.banner(banner.replace(/ — .*$/, ''), p.size(1));
        p.gap(0.5);
      }
      p.line(s.title, { size: p.size(1.2), bold: true, align: 'center' }, p.size(0.3));
      p.row(s.passenger, traveller.full_name, { value: { bold: true } });
      p.row(s.seat, traveller.seat ? ltr(traveller.seat) : s.seatAtBoarding, { value: { bold: true, size: p.size(1.3) } });
      p.row(s.booking, ltr(b.id), { value: { bold: true } });
      p.row(s.operatorRef, ltr(b.boarding.operator_reference));
      const operator = lang === 'ar' ? (b.operator.name_ar ?? b.operator.name) : b.operator.name;
      if (operator) p.row(s.operator, operator);
      p.rule(0.75, true);
      p.row(s.from, place(b.origin), { value: { bold: true } });
      const from = address(b.origin);
      if (from) p.line(from, { size: p.size(0.85) }, p.size(0.2));
      p.row(s.to, place(b.destination));
      p.row(s.departure, ltr(departure), { value: { bold: true, size: p.size(1.2) } });
      const eTicket = b.boarding.e_tickets.find((t) => t.passenger_index === i);
      if (eTicket) {
        p.gap(0.4);
        p.line(`${s.eTicket} ${ltr(eTicket.ticket_code)}`, { size: p.size(0.9), align: 'center' }, p.size(0.2));
        const side = p.w * 0.6;
        if (!p.measuring) drawQr(p.doc, eTicket.qr, { x: p.x0 + (p.w - side) / 2, y: p.y, size: side });
        p.y += side + p.size(0.3);
      }
      p.line(s.collect, { size: p.size(0.85) }, p.size(0.15));
      p.line(s.paid, { size: p.size(0.85), bold: true });
    });
  });
}
