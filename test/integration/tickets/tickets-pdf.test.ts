// Renders real ticket PDFs and reads them back the way a person or a scanner would:
// text through pdftotext, pages through pdftoppm, the QR code through jsQR.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderTicketsPdf } from '../../../sandbox/tickets/render.ts';
import type { TicketDocument } from '../../../sandbox/tickets/types.ts';
import { decodeQr, pdfPages, rasterise, squash } from '../../unit/pdf/pdf-tools.ts';
import { sampleTicket } from './fixtures.ts';

const OUT = path.resolve(import.meta.dirname, '../../../test-results/tickets');
// Harakat (tanween, shadda, ...) come out of pdftotext detached from their letters.
const HARAKAT = /[\u064b-\u0652]/gu;
const norm = (s: string) => squash(s).replace(HARAKAT, '');
const has = (page: string, needle: string) => norm(page).includes(norm(needle));

// Anything that looks like money: a currency, a price word, or an amount with piastres.
const MONEY = /\bEGP\b|\bLE\b|E£|جنيه|ج\.م|\bprice\b|\bfare\b|\btotal\b|سعر|المبلغ|\b\d+[.,]\d{2}\b(?![\d.,])/iu;

function expectNoPrice(page: string): void {
  const withoutMapLink = page.replace(/https:\/\/www\.google\.com\/maps\?q=[\d.,-]+/g, '');
  expect(withoutMapLink).not.toMatch(MONEY);
}

function cancelledLive(): TicketDocument {
  const base = sampleTicket();
  return sampleTicket({
    environment: 'LIVE',
    valid_for_travel: false,
    departure_cancelled: undefined,
    notice: 'The operator cancelled this departure. Do not travel.',
    notice_ar: 'ألغت شركة النقل هذه الرحلة. لا تسافر.',
    departure_at: '2026-12-15T00:40:00+02:00',
    arrival_at: null,
    seat_class: null,
    operator: { name: 'Upper Egypt Bus', name_ar: 'الصعيد' },
    origin: { ...base.origin, station: null, station_ar: null, address: null, address_ar: null, latitude: null, longitude: null },
    destination: { ...base.destination, name_ar: null },
    passengers: [{ passenger_index: 0, full_name: 'Karim Fawzy', seat: null, ticket_number: '55012399', e_ticket: null }],
  });
}

describe('ticket PDF, SANDBOX booking of two travellers', () => {
  const ticket = sampleTicket();
  let en: string[] = [];
  let ar: string[] = [];
  let enPdf: Buffer;
  let arPdf: Buffer;

  beforeAll(async () => {
    enPdf = await renderTicketsPdf(ticket, 'en');
    arPdf = await renderTicketsPdf(ticket, 'ar');
    en = pdfPages(enPdf);
    ar = pdfPages(arPdf);
  });

  it('has one page per traveller in each language', () => {
    expect(enPdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(en).toHaveLength(2);
    expect(ar).toHaveLength(2);
  });

  it('prints each traveller, seat and the booking on the English pages', () => {
    ticket.passengers.forEach((p, i) => {
      const page = en[i] ?? '';
      expect(page).toContain(p.full_name);
      expect(page).toMatch(new RegExp(`Seat\\s[\\s\\S]*\\b${p.seat}\\b`));
      expect(page).toContain(p.ticket_number);
      expect(page).toContain(p.e_ticket?.ticket_code);
      expect(page).toContain(`Passenger ${i + 1}`);
      expect(page).toContain('PB-7KX2M9QD');
      expect(page).toContain('SBX-GOB-584213');
      expect(page).toContain('Operator booking no.');
      // Departure exactly as the digits of 2026-07-01T23:30:00+03:00, arrival likewise.
      expect(page).toContain('23:30');
      expect(page).toContain('Wednesday 1 July 2026');
      expect(page).toContain('02:45');
      expect(page).toContain('Thursday 2 July 2026');
      expect(page).toContain('Cairo');
      expect(page).toContain('Alexandria');
      expect(page).toContain('Turgoman Bus Station');
      expect(page).toContain('Al Sahafa St, Bulaq, Cairo');
      expect(page).toContain('https://www.google.com/maps?q=30.0566,31.2441');
      expect(page).toContain('Go Bus');
      expect(page).toContain('Elite');
      expect(has(page, 'Collect your printed Go Bus ticket at the boarding point, free of charge.')).toBe(true);
      expect(page).toContain('Booked through Shubbak Demo Station and paid.');
      expect(page).toContain('NOT VALID FOR TRAVEL — SANDBOX');
      expect(page).not.toContain('CANCELLED');
      expectNoPrice(page);
    });
    // The other traveller's name is not on this page.
    expect(en[0]).not.toContain('أحمد');
    expect(en[1]).not.toContain('Mona');
  });

  it('prints the Arabic pages fully in Arabic, right to left, with Arabic names of places', () => {
    ticket.passengers.forEach((p, i) => {
      const page = ar[i] ?? '';
      expect(has(page, p.full_name)).toBe(true);
      expect(page).toMatch(new RegExp(`\\b${p.seat}\\b`));
      expect(page).toContain(p.ticket_number);
      expect(page).toContain('PB-7KX2M9QD');
      expect(page).toContain('SBX-GOB-584213');
      for (const word of [
        'القاهرة',
        'الإسكندرية',
        'موقف الترجمان',
        'موقف محرم بك',
        'شارع الصحافة، بولاق، القاهرة',
        'جو باص',
        'رقم الحجز',
        'رقم حجز الشركة',
        'المقعد',
        'مكان الركوب',
        'موعد القيام',
        'الأربعاء 1 يوليو 2026',
        'الخميس 2 يوليو 2026',
        'إيليت',
        'استلم تذكرة جو باص المطبوعة من مكان الركوب مجانا.',
        'تم الحجز عن طريق Shubbak Demo Station وتم الدفع.',
        'غير صالحة للسفر',
      ]) {
        expect(has(page, word), word).toBe(true);
      }
      expect(page).toContain('23:30');
      expect(page).toContain('02:45');
      expect(page).toContain('NOT VALID FOR TRAVEL — SANDBOX');
      // No English labels left on the Arabic ticket.
      for (const english of ['Booking reference', 'Departure', 'Passenger', 'Seat', 'Operator', 'Collect', 'Booked through']) {
        expect(page).not.toContain(english);
      }
      expectNoPrice(page);
    });
  });

  it('draws each operator QR e-ticket as a scannable code, in both languages', () => {
    for (const [lang, pdf] of [['en', enPdf], ['ar', arPdf]] as const) {
      const pngs = rasterise(pdf, OUT, `sandbox-${lang}`);
      expect(pngs).toHaveLength(2);
      pngs.forEach((png, i) => {
        expect(decodeQr(png)).toBe(ticket.passengers[i]?.e_ticket?.qr);
      });
    }
  });
});

describe('ticket PDF, cancelled LIVE departure', () => {
  const ticket = cancelledLive();

  it('says not to travel, in English', async () => {
    const pdf = await renderTicketsPdf(ticket, 'en');
    const [page = ''] = pdfPages(pdf);
    expect(page).toContain('DEPARTURE CANCELLED — DO NOT TRAVEL');
    expect(page).toContain('The operator cancelled this departure. Do not travel.');
    expect(page).not.toContain('SANDBOX');
    expect(page).toContain('Assigned at boarding');
    expect(page).toContain('This operator issues no e-ticket.');
    expect(page).toContain('Station to be confirmed by the operator');
    expect(page).not.toContain('google.com/maps');
    expect(page).not.toContain('Class');
    // 2026-12-15T00:40:00+02:00: 00:40 on Tuesday 15 December, i.e. the night from Monday.
    expect(page).toContain('00:40');
    expect(page).toContain('Tuesday 15 December 2026');
    expect(has(page, 'After midnight: the night of Monday 14 December to Tuesday 15 December')).toBe(true);
    expect(page).toContain('Not published by the operator');
    expectNoPrice(page);
    const [png = ''] = rasterise(pdf, OUT, 'cancelled-en');
    expect(decodeQr(png)).toBeNull();
  });

  it('says not to travel, in Arabic, falling back to English names only where no Arabic is given', async () => {
    const pdf = await renderTicketsPdf(ticket, 'ar');
    const [page = ''] = pdfPages(pdf);
    rasterise(pdf, OUT, 'cancelled-ar');
    for (const word of ['تم إلغاء الرحلة — لا تسافر', 'ألغت شركة النقل هذه الرحلة. لا تسافر.', 'يحدد عند الركوب', 'الصعيد', 'القاهرة', 'الثلاثاء 15 ديسمبر 2026']) {
      expect(has(page, word), word).toBe(true);
    }
    expect(page).toContain('00:40');
    expect(page).toContain('Alexandria'); // destination name_ar is null
    expect(page).not.toContain('SANDBOX');
    expectNoPrice(page);
  });
});

describe('ticket PDF, other states', () => {
  it('shows a rescheduling note of a SANDBOX ticket as a notice, not as a cancellation', async () => {
    const t = sampleTicket({ notice: 'Departure moved to 23:30 by the operator.', departure_cancelled: false });
    const [page = ''] = pdfPages(await renderTicketsPdf(t, 'en'));
    expect(page).toContain('Notice');
    expect(page).toContain('Departure moved to 23:30 by the operator.');
    expect(page).not.toContain('CANCELLED');
    expect(page).toContain('NOT VALID FOR TRAVEL — SANDBOX');
  });

  it('keeps the whole ticket, footer included, on its page when a notice crowds a full one', async () => {
    // A cancellation box and an after-midnight hint on top of a ticket with a QR panel.
    const t = sampleTicket({
      departure_at: '2026-11-27T01:02:00+02:00',
      notice: 'The operator cancelled this departure. Do not travel.',
      notice_ar: 'ألغت شركة النقل هذه الرحلة. لا تسافر.',
      departure_cancelled: true,
    });
    for (const lang of ['en', 'ar'] as const) {
      const pdf = await renderTicketsPdf(t, lang);
      const pages = pdfPages(pdf);
      expect(pages).toHaveLength(2);
      pages.forEach((page, i) => {
        expect(has(page, lang === 'en' ? 'Booked through Shubbak Demo Station and paid.' : 'تم الحجز عن طريق Shubbak Demo Station وتم الدفع.')).toBe(true);
        expect(has(page, lang === 'en' ? 'DEPARTURE CANCELLED — DO NOT TRAVEL' : 'تم إلغاء الرحلة — لا تسافر')).toBe(true);
        expect(page).toContain(lang === 'en' ? `PB-7KX2M9QD · Passenger ${i + 1}` : 'PB-7KX2M9QD');
      });
      rasterise(pdf, OUT, `crowded-${lang}`).forEach((png, i) => expect(decodeQr(png)).toBe(t.passengers[i]?.e_ticket?.qr));
    }
  });

  it('takes valid_for_travel false with a notice as a cancellation when not told otherwise', async () => {
    const t = sampleTicket({ notice: 'Do not travel.', departure_cancelled: undefined });
    const [page = ''] = pdfPages(await renderTicketsPdf(t, 'en'));
    expect(page).toContain('DEPARTURE CANCELLED — DO NOT TRAVEL');
  });

  it('prints a valid LIVE ticket without any warning band', async () => {
    const t = sampleTicket({ environment: 'LIVE', valid_for_travel: true, operator_reference: 'GOB-584213' });
    const [page = ''] = pdfPages(await renderTicketsPdf(t, 'en'));
    expect(page).not.toContain('NOT VALID');
    expect(page).not.toContain('SANDBOX');
    expect(page).toContain('GOB-584213');
  });

  it('renders the single passenger it is given (per-traveller PDF)', async () => {
    const t = sampleTicket();
    const one = { ...t, passengers: [t.passengers[1]!] };
    const pages = pdfPages(await renderTicketsPdf(one, 'en'));
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('Passenger 2');
    expect(pages[0]).toContain('SBX-TKT-100046');
  });

  it('refuses a document without passengers', async () => {
    await expect(renderTicketsPdf(sampleTicket({ passengers: [] }), 'en')).rejects.toThrow(RangeError);
  });

  it('prints the wall-clock digits whatever the offset or the server time zone', async () => {
    const t = sampleTicket({ departure_at: '2026-03-27T00:15:00+02:00', arrival_at: '2026-03-27T23:59:00-11:00' });
    const [page = ''] = pdfPages(await renderTicketsPdf(t, 'en'));
    expect(page).toContain('00:15');
    expect(page).toContain('Friday 27 March 2026');
    expect(page).toContain('23:59');
  });
});
