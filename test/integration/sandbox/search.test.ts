import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Offer, SearchMeta } from '../../../contract/partner/index.ts';
import { addDays } from '../../../core/cairo-time.ts';
import { expectPage, expectProblem, fieldsOf, startTestSandbox, type TestSandbox } from './helpers.ts';

let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox();
});
afterAll(() => sbx.close());
beforeEach(() => sbx.reset());

const search = async (body: unknown) => sbx.call('POST', '/search', { token: await sbx.token(), body });
const cairoToAlex = async (extra: Record<string, unknown> = {}) => ({
  origin: await sbx.cityId('Cairo'),
  destination: await sbx.cityId('Alexandria'),
  departure_date: await sbx.dateIn(3),
  ...extra,
});

describe('POST /search', () => {
  it('returns every operator departure on the route that day as offers, with meta', async () => {
    const date = await sbx.dateIn(3);
    const { offers, meta } = await sbx.search({ date });
    expect(offers.length).toBeGreaterThan(20);
    expect(meta).toEqual({ count: offers.length, currency: 'EGP', offer_ttl_seconds: 3600, passengers: 1, departure_date: date });
    expect(new Set(offers.map((o) => o.operator.name)).size).toBeGreaterThan(2);
    for (const offer of offers) {
      expect(offer.id).toMatch(/^off_[\w-]+$/);
      expect(offer.departure_at.startsWith(date)).toBe(true);
      expect(Number.isInteger(offer.net_price.amount_minor)).toBe(true);
      expect(offer.net_price.currency).toBe('EGP');
      expect(offer.origin.name).toBe('Cairo');
    }
  });

  it('prices Cairo-Alexandria in plausible EGP (170-450 per seat, in piastres)', async () => {
    const { offers } = await sbx.search();
    for (const offer of offers) {
      expect(offer.net_price.amount_minor).toBeGreaterThanOrEqual(17_000);
      expect(offer.net_price.amount_minor).toBeLessThanOrEqual(45_000);
    }
  });

  it('issues offers valid for 60 minutes', async () => {
    const now = await sbx.now();
    const { offers } = await sbx.search();
    for (const offer of offers) expect(Math.abs(Date.parse(offer.expires_at) - (now + 3_600_000))).toBeLessThan(3000);
  });

  it('shows departure times with the Cairo offset of that day (+03:00 in summer, +02:00 in winter)', async () => {
    const today = await sbx.dateIn(0);
    const year = Number(today.slice(0, 4));
    const next = (md: string) => [`${year}-${md}`, `${year + 1}-${md}`].find((d) => d > today)!;
    const summer = await sbx.search({ date: next('07-15') });
    const winter = await sbx.search({ date: next('01-15') });
    expect(summer.offers.every((o) => o.departure_at.endsWith('+03:00'))).toBe(true);
    expect(winter.offers.every((o) => o.departure_at.endsWith('+02:00'))).toBe(true);
  });

  it('answers 404 invalid_reference when origin or destination is not a city id', async () => {
    expectProblem(await search(await cairoToAlex({ origin: 'Cairo' })), 404, 'invalid_reference');
    expectProblem(await search(await cairoToAlex({ destination: 'cty_doesnotexist' })), 404, 'invalid_reference');
  });

  it('answers 422 for a date in the past or more than a year ahead, and accepts today and one year ahead', async () => {
    // "Today" is the Cairo date; for a few hours a night UTC is still on the day before, and a
    // date valid in either calendar is accepted.
    const now = await sbx.now();
    const [earlier, later] = [new Date(now).toISOString().slice(0, 10), await sbx.dateIn(0)].sort() as [string, string];
    expect(fieldsOf(await search(await cairoToAlex({ departure_date: addDays(earlier, -1) })))).toEqual(['departure_date']);
    const inAYear = `${Number(later.slice(0, 4)) + 1}${later.slice(4)}`;
    expect(fieldsOf(await search(await cairoToAlex({ departure_date: addDays(inAYear, 1) })))).toEqual(['departure_date']);
    expect(fieldsOf(await search(await cairoToAlex({ departure_date: '2020-01-01' })))).toEqual(['departure_date']);
    for (const date of [earlier, later, inAYear]) expectPage(await search(await cairoToAlex({ departure_date: date })), Offer, SearchMeta);
  });

  it.each([0, 11, 1.5, '2', null])('answers 422 naming passengers for passengers = %s', async (passengers) => {
    expect(fieldsOf(await search(await cairoToAlex({ passengers })))).toEqual(['passengers']);
  });

  it('answers 422 naming every missing field, every unknown field and a date that does not exist', async () => {
    expect(fieldsOf(await search({})).sort()).toEqual(['departure_date', 'destination', 'origin']);
    expect(fieldsOf(await search(await cairoToAlex({ currency: 'EGP' })))).toEqual(['currency']);
    expect(fieldsOf(await search(await cairoToAlex({ departure_date: '2027-02-30' })))).toEqual(['departure_date']);
    expect(fieldsOf(await search(await cairoToAlex({ departure_date: '03/12/2027' })))).toEqual(['departure_date']);
  });

  it('answers 200 with empty data for a pair without coaches', async () => {
    const { offers, meta } = await sbx.search({ from: 'Siwa', to: 'Abu Simbel' });
    expect(offers).toEqual([]);
    expect(meta.count).toBe(0);
  });

  it('filters out coaches without room for all passengers', async () => {
    const one = await sbx.search({ passengers: 1 });
    const ten = await sbx.search({ passengers: 10 });
    expect(ten.meta.passengers).toBe(10);
    expect(ten.offers.length).toBeLessThanOrEqual(one.offers.length);
    for (const offer of ten.offers) expect(offer.seats_available).toBeGreaterThanOrEqual(10);
    // Another account holds every free seat of one coach but two of its cheapest class.
    const { offer, detail } = await sbx.pickOffer({ freeSeats: 5 });
    const cheapest = detail.fare_classes[0]!.name;
    const free = detail.seats.filter((s) => s.available);
    const keep = free.filter((s) => s.class === cheapest).slice(0, 2).map((s) => s.number);
    const other = 'cid_sandbox_other';
    const theirOffer = (await sbx.search({}, other)).offers.find((o) => sameDeparture(o, offer))!;
    for (const fareClass of detail.fare_classes) {
      const seats = free.filter((s) => s.class === fareClass.name && !keep.includes(s.number)).map((s) => s.number);
      for (let i = 0; i < seats.length; i += 10) {
        const body = { offer_id: theirOffer.id, seats_requested: seats.slice(i, i + 10) };
        expect((await sbx.call('POST', '/holds', { token: await sbx.token(other), body })).status).toBe(201);
      }
    }
    const two = await sbx.search({ passengers: 2 });
    expect(two.offers.find((o) => sameDeparture(o, offer))?.seats_available).toBe(2);
    const three = await sbx.search({ passengers: 3 });
    expect(three.offers.find((o) => sameDeparture(o, offer))).toBeUndefined();
  });

  it('loses seats to other channels as simulated time passes', async () => {
    const date = await sbx.dateIn(1);
    const before = await sbx.search({ date });
    await sbx.advance(12 * 3600);
    const after = await sbx.search({ date });
    const total = (offers: Offer[]) => offers.reduce((sum, o) => sum + (o.seats_available ?? 0), 0);
    expect(total(after.offers)).toBeLessThan(total(before.offers));
  });
});

const sameDeparture = (a: Offer, b: Offer): boolean => a.departure_at === b.departure_at && a.operator.name === b.operator.name;
