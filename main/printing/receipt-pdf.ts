// The customer receipt as a PDF: on an 80 mm thermal roll (the page is as long as the
// receipt) or on A4, in the booking's language (Arabic right to left, shaped).
//
// It shows what the traveller paid the station (the RETAIL price), the cash handed over and
// the change: never the NET price the station pays the operator. Black on white only, no
// greys (thermal heads dither them into noise), no hairlines thinner than a dot.
import { formatCairo, formatMoney, formatNumber } from '../../core/format.ts';
import { ltr } from '../../lib/pdf/index.ts';
import type { ReceiptData } from '../selling/receipt.ts';
import { RECEIPT_STRINGS, formatClass, formatDeparture, type ReceiptLanguage, type ReceiptStrings } from './format.ts';
import { renderPage, type Painter, type Paper, type RenderedPage } from './layout.ts';

export type ReceiptPaper = Paper;

export interface ReceiptPdfOptions {
  paper: ReceiptPaper;
  lang: ReceiptLanguage;
  /** A reprint: marked COPY / نسخة. */
  copy: boolean;
  /** When a copy is printed (shown on it); now by default. */
  printedAt?: Date;
  /** Arabic name of a city by its id (the journal keeps the English names). */
  cityNameAr?: (cityId: string | null) => string | null;
}

/** Renders the customer receipt of one sale. */
export async function renderReceiptPdf(data: ReceiptData, opts: ReceiptPdfOptions): Promise<Buffer> {
  return (await renderReceipt(data, opts)).pdf;
}

/** The receipt with its page size (the roll's length is the receipt's). */
export function renderReceipt(data: ReceiptData, opts: ReceiptPdfOptions): Promise<RenderedPage> {
  const content = new ReceiptContent(data, opts);
  const title = `${RECEIPT_STRINGS[opts.lang].title} ${data.bookingReference ?? ''}`.trim();
  return renderPage(opts.paper, opts.lang, { title, author: data.station, environment: data.environment }, (p) => content.draw(p));
}

/** What goes on the receipt and in which order; the Painter decides how it looks on the paper. */
class ReceiptContent {
  private readonly d: ReceiptData;
  private readonly o: ReceiptPdfOptions;
  private readonly lang: ReceiptLanguage;
  private readonly s: ReceiptStrings;
  private readonly printedAt: Date;

  constructor(data: ReceiptData, opts: ReceiptPdfOptions) {
    this.d = data;
    this.o = opts;
    this.lang = opts.lang;
    this.s = RECEIPT_STRINGS[opts.lang];
    // Once, so that the measuring pass and the drawing pass print the same words.
    this.printedAt = opts.printedAt ?? new Date();
  }

  private money(minor: number): string {
    return formatMoney(minor, this.lang, this.d.currency);
  }

  private city(id: string | null, name: string | null): string {
    const ar = this.lang === 'ar' ? (this.o.cityNameAr?.(id) ?? null) : null;
    return ar ?? name ?? '—';
  }

  /** Draws everything, from the top down. */
  draw(p: Painter): void {
    const { d, s, lang } = this;

    // Never mistaken for a real sale: first thing on the paper, repeated in English for staff.
    if (d.environment !== 'LIVE') {
      const main = d.environment === 'TRAINING' ? s.training : s.sandbox;
      const english = d.environment === 'TRAINING' ? RECEIPT_STRINGS.en.training : RECEIPT_STRINGS.en.sandbox;
      p.banner(lang === 'ar' ? `${main}\n${english}` : main, p.size(1.1));
      p.gap(0.8);
    }

    p.line(d.station, { size: p.size(1.35), bold: true, align: 'center', lineHeight: 1.3 });
    p.line(s.title, { size: p.size(1.1), align: 'center' });
    if (this.o.copy) {
      p.gap(0.5);
      p.stamp(lang === 'ar' ? `${s.copy} · ${RECEIPT_STRINGS.en.copy}` : s.copy, p.size(1.6));
    }
    p.rule(1);

    p.row(s.date, formatCairo(d.confirmedAt ?? d.createdAt, lang, 'paper'));
    p.row(s.agent, d.agent.name);
    p.row(s.receiptNo, ltr(d.saleId.slice(0, 8).toUpperCase()));
    p.rule(0.75, true);

    // The references the traveller quotes at the operator's counter.
    p.line(s.bookingReference, { size: p.size(0.95), align: 'center' });
    p.line(ltr(d.bookingReference ?? '—'), { size: p.size(1.75), bold: true, align: 'center', lineHeight: 1.25 });
    const operatorRef = d.booking?.boarding.operator_reference;
    if (operatorRef) {
      p.gap(0.2);
      p.row(s.operatorReference, ltr(operatorRef), { value: { bold: true } });
    }
    p.rule(0.75, true);

    // The journey.
    const j = d.journey;
    const from = this.city(j.originId, j.originName ?? d.booking?.origin.name ?? null);
    const to = this.city(j.destinationId, j.destinationName ?? d.booking?.destination.name ?? null);
    p.line(`${from} ${s.arrow} ${to}`, { size: p.size(1.25), bold: true, lineHeight: 1.3 }, p.size(0.2));
    const departureAt = d.booking?.departure_at ?? j.departureAt;
    const dep = formatDeparture(departureAt, lang);
    if (dep) p.row(s.departure, `${dep.date}  ${ltr(dep.time)}`, { value: { bold: true } });
    const operator = lang === 'ar' ? (j.operatorNameAr ?? j.operatorName) : j.operatorName;
    if (operator) p.row(s.operator, operator);
    const cls = formatClass(d.booking?.seat_class ?? j.fareClass, lang);
    if (cls) p.row(s.seatClass, cls);
    p.rule(0.75, true);

    // Who travels, and where they sit.
    p.line(s.passengers(formatNumber(d.passengers.length, lang)), { size: p.size(1), bold: true }, p.size(0.15));
    for (const t of d.passengers) p.split(t.fullName, t.seat === null ? s.seatAtBoarding : s.seat(ltr(t.seat)), p.w * 0.3);
    p.rule(1);

    // What was paid: retail only.
    const labelWidth = p.w * 0.5;
    const end = { align: 'end' as const };
    const n = d.passengers.length;
    if (d.retailPerSeatMinor * n === d.retailTotalMinor) {
      p.row(s.tickets, `${formatNumber(n, lang)} × ${this.money(d.retailPerSeatMinor)}`, { labelWidth, value: end });
    }
    p.row(s.total, this.money(d.retailTotalMinor), {
      labelWidth,
      label: { size: p.size(1.3), bold: true, lineHeight: 1.3 },
      value: { size: p.size(1.3), bold: true, lineHeight: 1.3, ...end },
      gapAfter: p.size(0.4),
    });
    p.row(s.cash, this.money(d.cashTenderedMinor), { labelWidth, value: end });
    p.row(s.change, this.money(d.changeMinor), {
      labelWidth,
      label: { size: p.size(1.15), bold: true },
      value: { size: p.size(1.15), bold: true, ...end },
    });
    p.rule(1);

    p.line(s.separately, { size: p.size(0.9), align: 'center' });
    p.line(s.keep, { size: p.size(0.9), align: 'center' });
    if (this.o.copy) {
      p.gap(0.3);
      p.line(s.reprinted(formatCairo(this.printedAt, lang, 'paper')), { size: p.size(0.9), align: 'center' });
    }
  }
}
