import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Hold } from '../../../contract/partner/index.ts';
import { LIVE, OTHER, expectData, expectProblem, startTestSandbox, type TestSandbox } from './helpers.ts';

let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox();
});
afterAll(() => sbx.close());
beforeEach(() => sbx.reset());

const read = async (id: string, clientId?: string) => sbx.call('GET', `/offers/${id}`, { token: await sbx.token(clientId) });

describe('GET /offers/{id}', () => {
  it('details a coach with seat selection: fare classes, seats matching the seat map, price range', async () => {
    const { offer, detail } = await sbx.pickOffer();
    expect(detail.id).toBe(offer.id);
    expect(detail.seat_selection).toBe(true);
    expect(detail.origin.departs_at).toBe(offer.departure_at);
    expect(detail.destination.arrives_at).toBe(offer.arrival_at);
    expect(detail.expires_at).toBe(offer.expires_at);
    expect(detail.fare_classes.length).toBeGreaterThanOrEqual(2);
    const prices = detail.fare_classes.map((c) => c.price.amount_minor);
    expect(detail.price_range).toEqual({ min_minor: Math.min(...prices), max_minor: Math.max(...prices) });
    const map = detail.seat_map!;
    const seatCells = map.cells.filter((c) => c.kind === 'SEAT');
    expect(seatCells.map((c) => c.seat).sort()).toEqual(detail.seats.map((s) => s.number).sort());
    expect(map.seat_count).toBe(detail.seats.length);
    expect(detail.vehicle.capacity).toBe(detail.seats.length);
    for (const seat of detail.seats) {
      const cell = seatCells.find((c) => c.seat === seat.number)!;
      expect(seat.position).toEqual({ row: cell.row, column: cell.column });
      expect(seat.price.amount_minor).toBe(detail.fare_classes.find((c) => c.name === seat.class)!.price.amount_minor);
    }
    expect(detail.seats_available).toBe(detail.seats.filter((s) => s.available).length);
    for (const fareClass of detail.fare_classes) {
      expect(fareClass.seats_available).toBe(detail.seats.filter((s) => s.available && s.class === fareClass.name).length);
    }
    expect(map.cells.some((c) => c.kind === 'DRIVER')).toBe(true);
    expect(map.cells.some((c) => c.kind === 'DOOR')).toBe(true);
  });

  it('has no seat map for an operator that assigns seats at boarding', async () => {
    const { detail } = await sbx.pickOffer({ seatSelection: false });
    expect(detail.seat_selection).toBe(false);
    expect(detail.seat_map).toBeNull();
    expect(detail.seats).toEqual([]);
    expect(detail.seats_available).toBeGreaterThan(0);
  });

  it('draws double-deckers as one grid with STAIRS cells and a deck label', async () => {
    const { offers } = await sbx.search({ to: 'Marsa Matrouh' });
    let found = false;
    for (const offer of offers) {
      const detail = await sbx.offer(offer.id);
      if (detail.seat_map?.cells.some((c) => c.kind === 'STAIRS')) {
        expect(detail.seat_map.deck_label).toMatch(/Upper deck.*Lower deck/);
        found = true;
        break;
      }
    }
    expect(found).toBe(true);
  });

  it('re-reads availability live: a seat held by another account shows taken', async () => {
    const { offer, detail } = await sbx.pickOffer();
    const seat = detail.seats.find((s) => s.available)!;
    const theirs = (await sbx.search({}, OTHER)).offers.find((o) => o.departure_at === offer.departure_at && o.operator.name === offer.operator.name)!;
    expectData(await sbx.call('POST', '/holds', { token: await sbx.token(OTHER), body: { offer_id: theirs.id, seats_requested: [seat.number] } }), Hold, 201);
    const again = await sbx.offer(offer.id);
    expect(again.seats.find((s) => s.number === seat.number)!.available).toBe(false);
    expect(again.seats_available).toBe(detail.seats_available! - 1);
  });

  it('answers 404 invalid_reference for a modified, truncated, extended or forged id', async () => {
    const { offer } = await sbx.search().then((r) => ({ offer: r.offers[0]! }));
    const id = offer.id;
    const middle = Math.floor(id.length / 2);
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    for (const bad of [
      id.slice(0, middle) + flip(id[middle]!) + id.slice(middle + 1),
      id.slice(0, -1) + flip(id.at(-1)!),
      id.slice(0, -4),
      `${id}A`,
      `off_${'A'.repeat(120)}`,
      'off_',
      'PH-0000000000',
      'not-an-offer',
    ]) {
      expectProblem(await read(bad), 404, 'invalid_reference');
    }
  });

  it('answers 404 to another account, and to the same account in the other environment', async () => {
    const { offers } = await sbx.search();
    expectProblem(await read(offers[0]!.id, OTHER), 404, 'invalid_reference');
    expectProblem(await read(offers[0]!.id, LIVE), 404, 'invalid_reference');
  });

  it('answers 409 offer_expired after 60 minutes, not before', async () => {
    const { offers } = await sbx.search();
    await sbx.advance(59 * 60);
    await sbx.offer(offers[0]!.id);
    await sbx.advance(61);
    expectProblem(await read(offers[0]!.id), 409, 'offer_expired');
  });
});
