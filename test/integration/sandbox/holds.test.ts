import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cairoDate } from '../../../core/cairo-time.ts';
import { Hold, HoldRelease, type OfferDetail } from '../../../contract/partner/index.ts';
import { OTHER, expectData, expectPage, expectProblem, fieldsOf, startTestSandbox, type TestSandbox } from './helpers.ts';

let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox();
});
afterAll(() => sbx.close());
beforeEach(() => sbx.reset());

const hold = async (body: unknown, clientId?: string) => sbx.call('POST', '/holds', { token: await sbx.token(clientId), body });
const holdOk = async (body: unknown, clientId?: string) => expectData(await hold(body, clientId), Hold, 201);
const freeSeats = (detail: OfferDetail, fareClass?: string) =>
  detail.seats.filter((s) => s.available && (fareClass === undefined || s.class === fareClass)).map((s) => s.number);
/** The same departure, offered to another account. */
// searched on the departure's own Cairo date: the sandbox's clock, advanced, may have passed midnight since it was picked
const offerFor = async (clientId: string, detail: OfferDetail) =>
  (await sbx.search({ date: cairoDate(Date.parse(detail.origin.departs_at!)) }, clientId)).offers.find((o) => o.departure_at === detail.origin.departs_at && o.operator.name === detail.operator.name)!;

describe('POST /holds', () => {
  it('holds named seats for 20 minutes at the class price, charging nothing', async () => {
    const { detail } = await sbx.pickOffer();
    const fareClass = detail.fare_classes[1]!;
    const seats = freeSeats(detail, fareClass.name).slice(0, 2);
    const balance = (await sbx.wallet()).balance.amount_minor;
    const now = await sbx.now();
    const held = await holdOk({ offer_id: detail.id, seats_requested: seats });
    expect(held.id).toMatch(/^PH-/);
    expect(held).toMatchObject({ offer_id: detail.id, seats: 2, seats_requested: seats, fare_class: fareClass.name, status: 'held' });
    expect(held.total).toEqual({ amount_minor: fareClass.price.amount_minor * 2, currency: 'EGP' });
    expect(Math.abs(Date.parse(held.expires_at) - (now + 20 * 60_000))).toBeLessThan(3000);
    expect((await sbx.wallet()).balance.amount_minor).toBe(balance);
  });

  it('defaults to one seat of the cheapest class, assigned at booking', async () => {
    const { detail } = await sbx.pickOffer();
    const held = await holdOk({ offer_id: detail.id });
    expect(held).toMatchObject({ seats: 1, seats_requested: [], fare_class: detail.fare_classes[0]!.name });
    expect(held.total.amount_minor).toBe(detail.fare_classes[0]!.price.amount_minor);
  });

  it('holds a count of seats in the fare_class asked for', async () => {
    const { detail } = await sbx.pickOffer();
    const dear = detail.fare_classes.at(-1)!;
    const held = await holdOk({ offer_id: detail.id, seats: 2, fare_class: dear.name });
    expect(held).toMatchObject({ seats: 2, fare_class: dear.name, total: { amount_minor: dear.price.amount_minor * 2 } });
    const after = await sbx.offer(detail.id);
    expect(after.fare_classes.at(-1)!.seats_available).toBe(dear.seats_available - 2);
  });

  it('keeps held seats from other accounts: 409 seats_unavailable for their hold and their booking', async () => {
    const { detail } = await sbx.pickOffer();
    const seat = freeSeats(detail)[0]!;
    await holdOk({ offer_id: detail.id, seats_requested: [seat] });
    const theirs = await offerFor(OTHER, detail);
    expectProblem(await hold({ offer_id: theirs.id, seats_requested: [seat] }, OTHER), 409, 'seats_unavailable');
    const booking = await sbx.book(
      { offer_id: theirs.id, passengers: [{ full_name: 'Other Person', seat }], contact: { name: 'Other' } },
      { clientId: OTHER },
    );
    expectProblem(booking, 409, 'seats_unavailable');
  });

  it('refuses a seat that does not exist, naming the field', async () => {
    const { detail } = await sbx.pickOffer();
    expect(fieldsOf(await hold({ offer_id: detail.id, seats_requested: ['999'] }))).toEqual(['seats_requested[0]']);
  });

  it('refuses seats of two fare classes, naming the seat of the second class', async () => {
    const { detail } = await sbx.pickOffer();
    const [a, b] = detail.fare_classes;
    const body = { offer_id: detail.id, seats_requested: [freeSeats(detail, a!.name)[0], freeSeats(detail, b!.name)[0]] };
    expect(fieldsOf(await hold(body))).toEqual(['seats_requested[1]']);
  });

  it('refuses a named seat outside the requested fare_class, and an unknown fare_class', async () => {
    const { detail } = await sbx.pickOffer();
    const [a, b] = detail.fare_classes;
    const body = { offer_id: detail.id, seats_requested: [freeSeats(detail, a!.name)[0]], fare_class: b!.name };
    expect(fieldsOf(await hold(body))).toEqual(['seats_requested[0]']);
    expect(fieldsOf(await hold({ offer_id: detail.id, fare_class: 'Platinum' }))).toEqual(['fare_class']);
  });

  it('refuses a seat count that disagrees with the named seats, or outside 1..10', async () => {
    const { detail } = await sbx.pickOffer();
    expect(fieldsOf(await hold({ offer_id: detail.id, seats: 2, seats_requested: [freeSeats(detail)[0]] }))).toEqual(['seats']);
    expect(fieldsOf(await hold({ offer_id: detail.id, seats: 0 }))).toEqual(['seats']);
    expect(fieldsOf(await hold({ offer_id: detail.id, seats: 11 }))).toEqual(['seats']);
  });

  it('refuses unknown and missing fields', async () => {
    const { detail } = await sbx.pickOffer();
    expect(fieldsOf(await hold({ offer_id: detail.id, passengers: 1 }))).toEqual(['passengers']);
    expect(fieldsOf(await hold({}))).toEqual(['offer_id']);
  });

  it('refuses named seats where the operator assigns seats at boarding', async () => {
    const { detail } = await sbx.pickOffer({ seatSelection: false });
    expect(fieldsOf(await hold({ offer_id: detail.id, seats_requested: ['1'] }))).toEqual(['seats_requested[0]']);
    await holdOk({ offer_id: detail.id, seats: 2 });
  });

  it('answers 409 offer_expired for an expired offer and 404 for a modified one', async () => {
    const { detail } = await sbx.pickOffer();
    // Its last two characters changed (to 'AA', or 'BB' for an id that already ends in 'AA': one in 4,096).
    const modified = `${detail.id.slice(0, -2)}${detail.id.endsWith('AA') ? 'BB' : 'AA'}`;
    expectProblem(await hold({ offer_id: modified }), 404, 'invalid_reference');
    await sbx.advance(3601);
    expectProblem(await hold({ offer_id: detail.id }), 409, 'offer_expired');
  });
});

describe('GET and DELETE /holds/{reference}', () => {
  it('reads a hold of the account; another account or an unknown reference gets 404', async () => {
    const { detail } = await sbx.pickOffer();
    const held = await holdOk({ offer_id: detail.id });
    expect(expectData(await sbx.call('GET', `/holds/${held.id}`, { token: await sbx.token() }), Hold)).toEqual(held);
    expectProblem(await sbx.call('GET', `/holds/${held.id}`, { token: await sbx.token(OTHER) }), 404, 'invalid_reference');
    expectProblem(await sbx.call('GET', '/holds/PH-NOPE', { token: await sbx.token() }), 404, 'invalid_reference');
  });

  it('releases an active hold: seats free at once; releasing again is 404', async () => {
    const { detail } = await sbx.pickOffer();
    const seat = freeSeats(detail)[0]!;
    const held = await holdOk({ offer_id: detail.id, seats_requested: [seat] });
    const token = await sbx.token();
    const released = expectData(await sbx.call('DELETE', `/holds/${held.id}`, { token }), HoldRelease);
    expect(released).toEqual({ id: held.id, status: 'released' });
    expect((await sbx.offer(detail.id)).seats.find((s) => s.number === seat)!.available).toBe(true);
    await holdOk({ offer_id: (await offerFor(OTHER, detail)).id, seats_requested: [seat] }, OTHER);
    expectProblem(await sbx.call('DELETE', `/holds/${held.id}`, { token }), 404, 'invalid_reference');
    expect(expectData(await sbx.call('GET', `/holds/${held.id}`, { token }), Hold).status).toBe('released');
  });

  it('accepts a DELETE sent with a JSON content type and no body', async () => {
    const { detail } = await sbx.pickOffer();
    const held = await holdOk({ offer_id: detail.id });
    const reply = await sbx.call('DELETE', `/holds/${held.id}`, { token: await sbx.token(), headers: { 'content-type': 'application/json' } });
    expect(expectData(reply, HoldRelease).status).toBe('released');
  });

  it('expires after 20 minutes: status expired, seats free, DELETE 404', async () => {
    const { detail } = await sbx.pickOffer();
    const seat = freeSeats(detail)[0]!;
    const held = await holdOk({ offer_id: detail.id, seats_requested: [seat] });
    await sbx.advance(19 * 60);
    const token = await sbx.token();
    expect(expectData(await sbx.call('GET', `/holds/${held.id}`, { token }), Hold).status).toBe('held');
    await sbx.advance(61);
    expect(expectData(await sbx.call('GET', `/holds/${held.id}`, { token }), Hold).status).toBe('expired');
    expectProblem(await sbx.call('DELETE', `/holds/${held.id}`, { token }), 404, 'invalid_reference');
    await holdOk({ offer_id: (await offerFor(OTHER, detail)).id, seats_requested: [seat] }, OTHER);
  });
});

describe('GET /holds', () => {
  it('lists the holds of the account, newest first, filtered by status', async () => {
    const { detail } = await sbx.pickOffer({ freeSeats: 6 });
    const token = await sbx.token();
    const a = await holdOk({ offer_id: detail.id });
    const b = await holdOk({ offer_id: detail.id });
    const c = await holdOk({ offer_id: detail.id });
    await sbx.call('DELETE', `/holds/${b.id}`, { token });
    await holdOk({ offer_id: (await offerFor(OTHER, detail)).id }, OTHER);
    const all = expectPage(await sbx.call('GET', '/holds', { token }), Hold);
    expect(all.data.map((h) => h.id)).toEqual([c.id, b.id, a.id]);
    expect(all.meta).toEqual({ count: 3, has_more: false, next_before: null });
    const held = expectPage(await sbx.call('GET', '/holds?status=held', { token }), Hold);
    expect(held.data.map((h) => h.id)).toEqual([c.id, a.id]);
    const released = expectPage(await sbx.call('GET', '/holds?status=released', { token }), Hold);
    expect(released.data.map((h) => h.id)).toEqual([b.id]);
    await sbx.advance(1201);
    const expired = expectPage(await sbx.call('GET', '/holds?status=expired', { token }), Hold);
    expect(expired.data.map((h) => h.id)).toEqual([c.id, a.id]);
    expect(expectPage(await sbx.call('GET', '/holds?status=held', { token }), Hold).data).toEqual([]);
    expect(fieldsOf(await sbx.call('GET', '/holds?status=open', { token }))).toEqual(['status']);
  });
});
