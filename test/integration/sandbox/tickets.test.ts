import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Problem, TicketList, type Booking } from '../../../contract/partner/index.ts';
import { decodeQr, pdfPages, rasterise, squash } from '../../unit/pdf/pdf-tools.ts';
import {
  DEMO,
  LIVE,
  OTHER,
  READONLY,
  contact,
  expectData,
  expectProblem,
  passenger,
  startTestSandbox,
  type Download,
  type TestSandbox,
} from './helpers.ts';

// GET /bookings/{reference}/tickets, tickets.pdf and tickets/{i}.pdf over real HTTP, in every
// state of partner-api.md § Tickets (by booking state); the PDFs are read back as text
// (pdftotext), as pixels (pdftoppm) and through a QR decoder.

const OUT = path.resolve(import.meta.dirname, '../../../test-results/tickets-http');
// Harakat come out of pdftotext detached, and brackets of right-to-left runs mirrored: neither counts.
const IGNORED = /[\u064b-\u0652()]/gu;
const norm = (s: string) => squash(s).replace(IGNORED, '');
const has = (page: string, needle: string) => norm(page).includes(norm(needle));

let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox();
});
afterAll(() => sbx.close());
beforeEach(() => sbx.reset());

const ARABIC_NAME = 'سلمى حسن';

/** A confirmed two-traveller booking with named seats (an operator that issues e-tickets). */
async function bookTwo(clientId = DEMO): Promise<Booking> {
  const { detail } = await sbx.pickOffer({ clientId });
  const cls = detail.fare_classes[0]!.name;
  const seats = detail.seats.filter((s) => s.available && s.class === cls).slice(0, 2);
  return sbx.bookOk(
    { offer_id: detail.id, passengers: [passenger('Mona Hassan', { seat: seats[0]!.number }), passenger(ARABIC_NAME, { seat: seats[1]!.number })], contact },
    { clientId },
  );
}

async function ticketList(reference: string, clientId = DEMO): Promise<TicketList> {
  return expectData(await sbx.call('GET', `/bookings/${reference}/tickets`, { token: await sbx.token(clientId) }), TicketList);
}

async function download(pathname: string, headers: Record<string, string> = {}, clientId = DEMO): Promise<Download> {
  return sbx.download(pathname, { token: await sbx.token(clientId), headers });
}

async function pdfOk(pathname: string, clientId = DEMO): Promise<{ pages: string[]; body: Buffer; etag: string; reply: Download }> {
  const reply = await download(pathname, {}, clientId);
  expect(reply.status, reply.body.toString()).toBe(200);
  expect(reply.headers.get('content-type')).toBe('application/pdf');
  expect(reply.body.subarray(0, 5).toString()).toBe('%PDF-');
  const etag = reply.headers.get('etag');
  expect(etag).toMatch(/^"[^"]+"$/);
  return { pages: pdfPages(reply.body), body: reply.body, etag: etag!, reply };
}

function problemOf(reply: Download, status: number, code: string): Problem {
  expect(reply.status).toBe(status);
  expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const problem = Problem.parse(JSON.parse(reply.body.toString()));
  expect(problem.code).toBe(code);
  return problem;
}

describe('confirmed SANDBOX booking', () => {
  it('lists its tickets: ready, not valid for travel, SBX- ticket numbers, absolute URLs', async () => {
    const booking = await bookTwo();
    const list = await ticketList(booking.id);
    const base = `${sbx.base}/bookings/${booking.id}/tickets`;
    expect(list).toEqual({
      booking_reference: booking.id,
      status: 'confirmed',
      ready: true,
      valid_for_travel: false,
      version: booking.tickets!.version,
      updated_at: booking.tickets!.updated_at,
      languages: ['en', 'ar'],
      pdf_url: `${base}.pdf`,
      passengers: booking.passengers.map((p, i) => ({
        passenger_index: i,
        full_name: p.full_name,
        seat: p.seat,
        ticket_number: expect.stringMatching(/^SBX-/),
        pdf_url: `${base}/${i}.pdf`,
      })),
      reason: expect.stringMatching(/sandbox/i),
    });
    expect(new URL(list.pdf_url).origin).toBe(sbx.server.origin);
    expect(booking.tickets).toMatchObject({ list_url: base, pdf_url: `${base}.pdf`, valid_for_travel: false });
    expect(booking.boarding.e_tickets.map((e) => e.ticket_code)).toEqual([expect.stringMatching(/^SBX-/), expect.stringMatching(/^SBX-/)]);
  });

  it('prints one English page per traveller with name, seat, references, SBX- values and NOT VALID FOR TRAVEL', async () => {
    const booking = await bookTwo();
    const list = await ticketList(booking.id);
    const { pages, reply } = await pdfOk(`/bookings/${booking.id}/tickets.pdf`);
    expect(reply.headers.get('content-disposition')).toBe(`inline; filename="tickets-${booking.id}-en.pdf"`);
    expect(pages).toHaveLength(2);
    list.passengers.forEach((p, i) => {
      const page = pages[i]!;
      expect(has(page, p.full_name)).toBe(true);
      expect(page).toMatch(new RegExp(`Seat[\\s\\S]*\\b${p.seat}\\b`));
      expect(page).toContain(p.ticket_number);
      expect(page).toContain(booking.id);
      expect(page).toContain(booking.boarding.operator_reference);
      expect(booking.boarding.operator_reference).toMatch(/^SBX-/);
      expect(page).toContain(booking.boarding.e_tickets[i]!.ticket_code);
      expect(page).toContain('NOT VALID FOR TRAVEL — SANDBOX');
      expect(page).toContain(booking.departure_at!.slice(11, 16));
      expect(page).toContain('Cairo');
      expect(page).toContain('Alexandria');
      expect(page).toContain(booking.origin.station!);
      // The boarding point's verified address and map link, the link whole on one line.
      expect(booking.origin.latitude).not.toBeNull();
      expect(page).toContain(booking.origin.address!);
      expect(page).toContain(`https://www.google.com/maps?q=${booking.origin.latitude},${booking.origin.longitude}`);
      expect(page).toContain('Booked through Shubbak Demo Station and paid.');
      expect(has(page, 'free of charge')).toBe(true);
      expect(page).not.toMatch(/\bEGP\b|\bprice\b/i);
    });
    expect(pages[0]).not.toContain(squash(ARABIC_NAME));
  });

  it('prints the Arabic PDF in Arabic, with Arabic city and station names', async () => {
    const booking = await bookTwo();
    const { pages, reply } = await pdfOk(`/bookings/${booking.id}/tickets.pdf?lang=ar`);
    expect(reply.headers.get('content-disposition')).toBe(`inline; filename="tickets-${booking.id}-ar.pdf"`);
    expect(reply.headers.get('content-language')).toBe('ar');
    expect(pages).toHaveLength(2);
    for (const page of pages) {
      for (const word of ['القاهرة', 'الإسكندرية', booking.origin.station_ar!, 'رقم الحجز', 'المقعد', 'غير صالحة للسفر', 'تم الحجز عن طريق Shubbak Demo Station وتم الدفع.']) {
        expect(has(page, word), word).toBe(true);
      }
      expect(page).toContain(booking.id);
      expect(page).toContain(booking.boarding.operator_reference);
      expect(page).toContain('NOT VALID FOR TRAVEL — SANDBOX');
      expect(page).not.toContain('Booked through');
    }
    expect(has(pages[1]!, ARABIC_NAME)).toBe(true);
  });

  it('serves each traveller’s page alone, and draws the operator QR as a code that scans back', async () => {
    const booking = await bookTwo();
    for (const i of [0, 1]) {
      const { pages, body, reply } = await pdfOk(`/bookings/${booking.id}/tickets/${i}.pdf?lang=${i === 0 ? 'en' : 'ar'}`);
      expect(reply.headers.get('content-disposition')).toBe(`inline; filename="ticket-${booking.id}-${i}-${i === 0 ? 'en' : 'ar'}.pdf"`);
      expect(pages).toHaveLength(1);
      expect(has(pages[0]!, booking.passengers[i]!.full_name)).toBe(true);
      expect(has(pages[0]!, booking.passengers[1 - i]!.full_name)).toBe(false);
      // Kept as test artefacts: test-results/tickets-http/passenger-<i>-1.png (80 dpi, as looked at).
      const [png] = rasterise(body, OUT, `passenger-${i}`, 80);
      expect(decodeQr(png!)).toBe(booking.boarding.e_tickets[i]!.qr);
    }
  });

  it('defaults to English and refuses any other lang with 422 naming lang', async () => {
    const booking = await bookTwo();
    const en = await pdfOk(`/bookings/${booking.id}/tickets.pdf?lang=en`);
    const dflt = await pdfOk(`/bookings/${booking.id}/tickets.pdf`);
    expect(dflt.etag).toBe(en.etag);
    for (const lang of ['fr', 'EN', '', 'en,ar']) {
      for (const p of [`/bookings/${booking.id}/tickets.pdf?lang=${lang}`, `/bookings/${booking.id}/tickets/0.pdf?lang=${lang}`]) {
        const problem = problemOf(await download(p), 422, 'invalid_request');
        expect(problem.errors?.map((e) => e.field)).toEqual(['lang']);
      }
    }
    const twice = problemOf(await download(`/bookings/${booking.id}/tickets.pdf?lang=en&lang=ar`), 422, 'invalid_request');
    expect(twice.errors?.map((e) => e.field)).toEqual(['lang']);
  });

  it('answers 404 invalid_reference for a passenger index out of range or not an integer', async () => {
    const booking = await bookTwo();
    for (const index of ['2', '99', '-1', '1.5', 'abc', '01', '0x1', '%20']) {
      problemOf(await download(`/bookings/${booking.id}/tickets/${index}.pdf`), 404, 'invalid_reference');
    }
    problemOf(await download(`/bookings/${booking.id}/tickets/0`), 404, 'invalid_reference');
  });
});

describe('ETag and If-None-Match', () => {
  it('gives every PDF an ETag by language and passenger scope, and 304 without a body on a match', async () => {
    const booking = await bookTwo();
    const urls = [
      `/bookings/${booking.id}/tickets.pdf`,
      `/bookings/${booking.id}/tickets.pdf?lang=ar`,
      `/bookings/${booking.id}/tickets/0.pdf`,
      `/bookings/${booking.id}/tickets/1.pdf`,
      `/bookings/${booking.id}/tickets/1.pdf?lang=ar`,
    ];
    const etags: string[] = [];
    for (const url of urls) {
      const first = await pdfOk(url);
      const again = await pdfOk(url);
      expect(again.etag).toBe(first.etag);
      expect(again.body.equals(first.body)).toBe(true);
      etags.push(first.etag);
      for (const header of [first.etag, `W/${first.etag}`, `"nope", ${first.etag}`, '*']) {
        const notModified = await download(url, { 'if-none-match': header });
        expect(notModified.status).toBe(304);
        expect(notModified.body).toHaveLength(0);
        expect(notModified.headers.get('etag')).toBe(first.etag);
      }
      expect((await download(url, { 'if-none-match': '"something-else"' })).status).toBe(200);
    }
    expect(new Set(etags).size).toBe(urls.length);
  });

  it('renders once and serves repeated downloads from the cache', async () => {
    const booking = await bookTwo();
    const url = `/bookings/${booking.id}/tickets.pdf?lang=ar`;
    const miss = await pdfOk(url);
    const hit = await pdfOk(url);
    const timing = (d: Download) => /pdf;desc="(hit|miss)";dur=([\d.]+)/.exec(d.headers.get('server-timing') ?? '');
    expect(timing(miss.reply)?.[1]).toBe('miss');
    expect(timing(hit.reply)?.[1]).toBe('hit');
    expect(Number(timing(hit.reply)![2])).toBeLessThan(Number(timing(miss.reply)![2]));
  });
});

describe('other states', () => {
  it('pending: the list answers ready false; the PDFs 409 ticket_not_ready with Retry-After; ready once confirmed', async () => {
    const { detail } = await sbx.pickOffer();
    const booking = await sbx.bookOk({ offer_id: detail.id, passengers: [passenger('Hany TEST PENDING')], contact });
    expect(booking.status).toBe('pending');
    const list = await ticketList(booking.id);
    expect(list).toMatchObject({ booking_reference: booking.id, status: 'pending', ready: false, valid_for_travel: false, languages: ['en', 'ar'] });
    expect(list.passengers).toHaveLength(1);
    for (const url of [`/bookings/${booking.id}/tickets.pdf`, `/bookings/${booking.id}/tickets/0.pdf?lang=ar`]) {
      const reply = await download(url);
      problemOf(reply, 409, 'ticket_not_ready');
      const retryAfter = Number(reply.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(30);
    }
    await sbx.advance(31);
    expect(await ticketList(booking.id)).toMatchObject({ status: 'confirmed', ready: true, version: '1' });
    expect((await pdfOk(`/bookings/${booking.id}/tickets.pdf`)).pages).toHaveLength(1);
  });

  it('failed: 409 booking_not_confirmed on the list and both PDFs', async () => {
    const { detail } = await sbx.pickOffer();
    const failed = await sbx.book({ offer_id: detail.id, passengers: [passenger('Omar TEST FAIL')], contact });
    const reference = expectProblem(failed, 409, 'provider_rejected').booking_reference as string;
    expectProblem(await sbx.call('GET', `/bookings/${reference}/tickets`, { token: await sbx.token() }), 409, 'booking_not_confirmed');
    problemOf(await download(`/bookings/${reference}/tickets.pdf`), 409, 'booking_not_confirmed');
    problemOf(await download(`/bookings/${reference}/tickets/0.pdf?lang=ar`), 409, 'booking_not_confirmed');
  });

  it('another account’s or an unknown booking: 404 invalid_reference on all three', async () => {
    const booking = await bookTwo();
    for (const [reference, clientId] of [
      [booking.id, OTHER],
      [booking.id, LIVE],
      ['PB-UNKNOWN00', DEMO],
    ] as const) {
      expectProblem(await sbx.call('GET', `/bookings/${reference}/tickets`, { token: await sbx.token(clientId) }), 404, 'invalid_reference');
      problemOf(await download(`/bookings/${reference}/tickets.pdf`, {}, clientId), 404, 'invalid_reference');
      problemOf(await download(`/bookings/${reference}/tickets/0.pdf`, {}, clientId), 404, 'invalid_reference');
    }
  });

  it('needs booking.write (403 insufficient_scope) and a token (401)', async () => {
    const booking = await bookTwo();
    expectProblem(await sbx.call('GET', `/bookings/${booking.id}/tickets`, { token: await sbx.token(READONLY) }), 403, 'insufficient_scope');
    problemOf(await download(`/bookings/${booking.id}/tickets.pdf`, {}, READONLY), 403, 'insufficient_scope');
    problemOf(await sbx.download(`/bookings/${booking.id}/tickets/0.pdf`), 401, 'unauthorized');
  });

  it('LIVE: valid for travel, no sandbox marks, no reason', async () => {
    await sbx.control('POST', '/wallet/topup', { client_id: LIVE, amount_minor: 5_000_000 });
    const booking = await bookTwo(LIVE);
    const list = await ticketList(booking.id, LIVE);
    expect(list).toMatchObject({ ready: true, valid_for_travel: true, reason: null });
    expect(list.passengers[0]!.ticket_number).not.toMatch(/^SBX-/);
    const { pages } = await pdfOk(`/bookings/${booking.id}/tickets.pdf`, LIVE);
    expect(pages[0]).not.toContain('NOT VALID');
    expect(pages[0]).not.toContain('SBX-');
    expect(pages[0]).toContain(booking.boarding.operator_reference);
  });

  it('an operator without e-tickets or seat selection: seat assigned at boarding, no QR', async () => {
    const { detail } = await sbx.pickOffer({ seatSelection: false });
    const booking = await sbx.bookOk({ offer_id: detail.id, passengers: [passenger('Karim Fawzy')], contact });
    const list = await ticketList(booking.id);
    expect(list.passengers[0]!.seat).toBeNull();
    const { pages, body } = await pdfOk(`/bookings/${booking.id}/tickets/0.pdf`);
    expect(pages[0]).toContain('Assigned at boarding');
    expect(pages[0]).toContain('This operator issues no e-ticket.');
    expect(decodeQr(rasterise(body, OUT, 'no-eticket', 80)[0]!)).toBeNull();
  });
});
