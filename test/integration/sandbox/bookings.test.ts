import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Booking, Hold, Transaction, type OfferDetail } from '../../../contract/partner/index.ts';
import {
  LIVE,
  OTHER,
  contact,
  expectData,
  expectPage,
  expectProblem,
  fieldsOf,
  passenger,
  startTestSandbox,
  type TestSandbox,
} from './helpers.ts';

let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox();
});
afterAll(() => sbx.close());
beforeEach(() => sbx.reset());

const freeSeats = (detail: OfferDetail, fareClass?: string) =>
  detail.seats.filter((s) => s.available && (fareClass === undefined || s.class === fareClass)).map((s) => s.number);
const statement = async (clientId?: string) =>
  expectPage(await sbx.call('GET', '/wallet/transactions', { token: await sbx.token(clientId) }), Transaction).data;
const bookings = async (query = '', clientId?: string) =>
  expectPage(await sbx.call('GET', `/bookings${query}`, { token: await sbx.token(clientId) }), Booking);
const holdOk = async (body: unknown) => expectData(await sbx.call('POST', '/holds', { token: await sbx.token(), body }), Hold, 201);

describe('POST /bookings', () => {
  it('charges the wallet and confirms the seats together, returning the whole journey', async () => {
    const { offer, detail } = await sbx.pickOffer();
    const fareClass = detail.fare_classes[0]!;
    const seats = freeSeats(detail, fareClass.name).slice(0, 2);
    const before = (await sbx.wallet()).balance.amount_minor;
    const booking = await sbx.bookOk({
      offer_id: detail.id,
      passengers: [passenger('Mona Hassan', { seat: seats[0], phone: '+201001234567' }), passenger('Ali Hassan', { seat: seats[1], email: 'ali@example.com' })],
      contact: { name: 'Mona Hassan', phone: '+201001234567', email: 'mona@example.com' },
    });
    expect(booking.id).toMatch(/^PB-/);
    expect(booking.status).toBe('confirmed');
    expect(booking.seats).toBe(2);
    expect(booking.seat_class).toBe(fareClass.name);
    expect(booking.passengers).toEqual([
      { full_name: 'Mona Hassan', seat: seats[0], phone: '+201001234567', email: null },
      { full_name: 'Ali Hassan', seat: seats[1], phone: null, email: 'ali@example.com' },
    ]);
    const total = fareClass.price.amount_minor * 2;
    expect(booking.price).toEqual({ per_seat_minor: fareClass.price.amount_minor, total_minor: total, currency: 'EGP' });
    expect(booking.total_charged).toEqual({ amount_minor: total, currency: 'EGP' });
    expect(booking.failure).toBeNull();
    expect(booking.contact).toEqual({ name: 'Mona Hassan', phone: '+201001234567', email: 'mona@example.com' });
    expect(booking.departure_at).toBe(offer.departure_at);
    expect(booking.origin).toMatchObject({ name: 'Cairo', station: offer.origin.station, departs_at: offer.departure_at });
    expect(booking.origin.station_ar).toMatch(/[\u0600-\u06ff]/);
    expect(booking.destination).toMatchObject({ name: 'Alexandria', arrives_at: offer.arrival_at });
    expect(booking.operator).toMatchObject({ name: offer.operator.name });
    expect(booking.operator.id).toMatch(/^opr_/);
    expect(booking.travel_date).toBe(offer.departure_at.slice(0, 10));
    expect(booking.confirmed_at).not.toBeNull();
    expect((await sbx.wallet()).balance.amount_minor).toBe(before - total);
    const [debit] = await statement();
    expect(debit).toMatchObject({ type: 'DEBIT', amount_minor: -total, balance_after_minor: before - total, booking_ref: booking.id });
  });

  it('in sandbox gives SBX- operator references and e-tickets, and tickets not valid for travel', async () => {
    const { detail } = await sbx.pickOffer();
    const booking = await sbx.bookOk({ offer_id: detail.id, passengers: [passenger(), passenger('Omar Said')], contact });
    expect(booking.boarding.operator_reference).toMatch(/^SBX-/);
    expect(booking.boarding.e_tickets).toHaveLength(2);
    booking.boarding.e_tickets.forEach((ticket, i) => {
      expect(ticket.passenger_index).toBe(i);
      expect(ticket.seat).toBe(booking.passengers[i]!.seat);
      expect(ticket.ticket_code).toMatch(/^SBX-/);
      expect(ticket.qr).toMatch(/^SBX-/);
    });
    const tickets = booking.tickets!;
    expect(tickets.valid_for_travel).toBe(false);
    expect(tickets.version).toEqual(expect.any(String));
    expect(tickets.list_url).toBe(`${sbx.base}/bookings/${booking.id}/tickets`);
    expect(tickets.pdf_url).toBe(`${sbx.base}/bookings/${booking.id}/tickets.pdf`);
    expect(tickets.passengers).toEqual([
      { passenger_index: 0, pdf_url: `${sbx.base}/bookings/${booking.id}/tickets/0.pdf` },
      { passenger_index: 1, pdf_url: `${sbx.base}/bookings/${booking.id}/tickets/1.pdf` },
    ]);
  });

  it('assigns unnamed seats from the cheapest class with room, all different', async () => {
    const { detail } = await sbx.pickOffer({ freeSeats: 4 });
    const booking = await sbx.bookOk({ offer_id: detail.id, passengers: [passenger(), passenger('B'), passenger('C')], contact });
    const cheapest = detail.fare_classes.find((c) => c.seats_available >= 3)!;
    expect(booking.seat_class).toBe(cheapest.name);
    const seats = booking.passengers.map((p) => p.seat!);
    expect(new Set(seats).size).toBe(3);
    for (const seat of seats) expect(detail.seats.find((s) => s.number === seat)!.class).toBe(cheapest.name);
    expect(booking.price.total_minor).toBe(cheapest.price.amount_minor * 3);
  });

  it('resolves the fare class in order: fare_class sent, else the named seats, else the hold, else the cheapest', async () => {
    const { detail } = await sbx.pickOffer();
    // the dearest class with room for the three bookings below (a class may be sold out on the day)
    const roomy = (n: number) => detail.fare_classes.filter((f) => freeSeats(detail, f.name).length >= n);
    const [cheap, dear] = [roomy(1)[0]!, roomy(3).at(-1)!];
    const sent = await sbx.bookOk({ offer_id: detail.id, fare_class: dear.name, passengers: [passenger()], contact });
    expect([sent.seat_class, sent.price.per_seat_minor]).toEqual([dear.name, dear.price.amount_minor]);
    const named = await sbx.bookOk({ offer_id: detail.id, passengers: [passenger('A', { seat: freeSeats(detail, dear.name)[1] })], contact });
    expect(named.seat_class).toBe(dear.name);
    const held = await holdOk({ offer_id: detail.id, fare_class: dear.name });
    const viaHold = await sbx.bookOk({ offer_id: held.id, passengers: [passenger()], contact });
    expect(viaHold.seat_class).toBe(dear.name);
    const cheapest = await sbx.bookOk({ offer_id: detail.id, passengers: [passenger()], contact });
    expect([cheapest.seat_class, cheapest.price.per_seat_minor]).toEqual([cheap.name, cheap.price.amount_minor]);
  });

  it('refuses seats of two fare classes, a seat outside fare_class, a seat that does not exist, and an unknown class (422)', async () => {
    const { detail } = await sbx.pickOffer();
    const [a, b] = detail.fare_classes;
    const two = [passenger('A', { seat: freeSeats(detail, a!.name)[0] }), passenger('B', { seat: freeSeats(detail, b!.name)[0] })];
    expect(fieldsOf(await sbx.book({ offer_id: detail.id, passengers: two, contact }))).toEqual(['passengers[1].seat']);
    expect(
      fieldsOf(await sbx.book({ offer_id: detail.id, fare_class: b!.name, passengers: [two[0]], contact })),
    ).toEqual(['passengers[0].seat']);
    expect(fieldsOf(await sbx.book({ offer_id: detail.id, passengers: [passenger('A', { seat: '999' })], contact }))).toEqual([
      'passengers[0].seat',
    ]);
    expect(fieldsOf(await sbx.book({ offer_id: detail.id, fare_class: 'First', passengers: [passenger()], contact }))).toEqual(['fare_class']);
    expect(await bookings()).toMatchObject({ data: [] });
  });

  it('refuses a seat that is taken with 409 seats_unavailable, charging nothing and recording nothing', async () => {
    const { detail } = await sbx.pickOffer();
    const seat = freeSeats(detail)[0]!;
    await sbx.bookOk({ offer_id: detail.id, passengers: [passenger('A', { seat })], contact });
    const balance = (await sbx.wallet()).balance.amount_minor;
    expectProblem(await sbx.book({ offer_id: detail.id, passengers: [passenger('B', { seat })], contact }), 409, 'seats_unavailable');
    expect((await sbx.wallet()).balance.amount_minor).toBe(balance);
    expect((await bookings()).data).toHaveLength(1);
  });

  it('books where the operator assigns seats at boarding: seats null, no e-tickets, naming a seat refused', async () => {
    const { detail } = await sbx.pickOffer({ seatSelection: false });
    const booking = await sbx.bookOk({ offer_id: detail.id, passengers: [passenger(), passenger('B')], contact });
    expect(booking.passengers.map((p) => p.seat)).toEqual([null, null]);
    expect(booking.boarding.e_tickets).toEqual([]);
    expect(booking.boarding.operator_reference).toMatch(/^SBX-/);
    expect((await sbx.offer(detail.id)).seats_available).toBe(detail.seats_available! - 2);
    expect(fieldsOf(await sbx.book({ offer_id: detail.id, passengers: [passenger('A', { seat: '1' })], contact }))).toEqual([
      'passengers[0].seat',
    ]);
  });

  it('answers 409 offer_expired for an expired offer, 404 for a modified or foreign one', async () => {
    const { detail } = await sbx.pickOffer();
    const body = (offer_id: string) => ({ offer_id, passengers: [passenger()], contact });
    expectProblem(await sbx.book(body(`${detail.id}x`)), 404, 'invalid_reference');
    expectProblem(await sbx.book(body(detail.id), { clientId: OTHER }), 404, 'invalid_reference');
    await sbx.advance(3601);
    expectProblem(await sbx.book(body(detail.id)), 409, 'offer_expired');
  });

  it.each([
    ['no passengers', { passengers: [] }, ['passengers']],
    ['eleven passengers', { passengers: Array.from({ length: 11 }, (_, i) => passenger(`P ${i}`)) }, ['passengers']],
    ['a passenger without a name', { passengers: [{ seat: '1' }] }, ['passengers[0].full_name']],
    ['an unknown passenger field', { passengers: [passenger('A', { age: 30 })] }, ['passengers[0].age']],
    ['a bad passenger email', { passengers: [passenger('A', { email: 'nope' })] }, ['passengers[0].email']],
    ['no contact', { contact: undefined }, ['contact']],
    ['a contact without a name', { contact: { phone: '+201001234567' } }, ['contact.name']],
    ['an unknown contact field', { contact: { ...contact, address: 'x' } }, ['contact.address']],
    ['an unknown body field', { notes: 'x' }, ['notes']],
  ])('answers 422 invalid_request for %s', async (_what, change, fields) => {
    const { detail } = await sbx.pickOffer();
    const body = { offer_id: detail.id, passengers: [passenger()], contact, ...change };
    expect(fieldsOf(await sbx.book(body))).toEqual(fields);
  });

  it('accepts a contact without a phone (the schema requires only the name)', async () => {
    const { detail } = await sbx.pickOffer();
    const booking = await sbx.bookOk({ offer_id: detail.id, passengers: [passenger()], contact: { name: 'Walk-in' } });
    expect(booking.contact).toEqual({ name: 'Walk-in', phone: null, email: null });
  });
});

describe('booking a hold', () => {
  it('carries the held seats, class and price over, even after the offer expired, and consumes the hold', async () => {
    const { detail } = await sbx.pickOffer();
    const dear = detail.fare_classes.at(-1)!;
    const seats = freeSeats(detail, dear.name).slice(0, 2);
    await sbx.advance(50 * 60);
    const held = await holdOk({ offer_id: detail.id, seats_requested: seats });
    await sbx.advance(15 * 60); // the offer's hour is over, the hold's 20 minutes are not
    const booking = await sbx.bookOk({ offer_id: held.id, passengers: [passenger('A'), passenger('B')], contact });
    expect(booking.passengers.map((p) => p.seat)).toEqual(seats);
    expect(booking.seat_class).toBe(dear.name);
    expect(booking.price.total_minor).toBe(held.total.amount_minor);
    expect(booking.total_charged.amount_minor).toBe(held.total.amount_minor);
    const after = expectData(await sbx.call('GET', `/holds/${held.id}`, { token: await sbx.token() }), Hold);
    expect(after.status).toBe('consumed');
    expectProblem(await sbx.book({ offer_id: held.id, passengers: [passenger('A'), passenger('B')], contact }), 404, 'invalid_reference');
  });

  it('assigns the seats a count-only hold kept', async () => {
    const { detail } = await sbx.pickOffer();
    const held = await holdOk({ offer_id: detail.id, seats: 2 });
    const booking = await sbx.bookOk({ offer_id: held.id, passengers: [passenger('A'), passenger('B')], contact });
    expect(booking.seat_class).toBe(held.fare_class);
    expect(booking.passengers.every((p) => p.seat !== null)).toBe(true);
  });

  it('refuses a passenger count other than the held seats, and a class other than the held one', async () => {
    const { detail } = await sbx.pickOffer();
    const held = await holdOk({ offer_id: detail.id, seats: 2, fare_class: detail.fare_classes[0]!.name });
    expect(fieldsOf(await sbx.book({ offer_id: held.id, passengers: [passenger()], contact }))).toEqual(['passengers']);
    const other = detail.fare_classes[1]!.name;
    expect(fieldsOf(await sbx.book({ offer_id: held.id, fare_class: other, passengers: [passenger(), passenger('B')], contact }))).toEqual([
      'fare_class',
    ]);
  });

  it('answers 409 offer_expired for an expired hold, 404 for a released one or one of another account', async () => {
    const { detail } = await sbx.pickOffer();
    const body = (offer_id: string) => ({ offer_id, passengers: [passenger()], contact });
    const released = await holdOk({ offer_id: detail.id });
    await sbx.call('DELETE', `/holds/${released.id}`, { token: await sbx.token() });
    expectProblem(await sbx.book(body(released.id)), 404, 'invalid_reference');
    const held = await holdOk({ offer_id: detail.id });
    expectProblem(await sbx.book(body(held.id), { clientId: OTHER }), 404, 'invalid_reference');
    await sbx.advance(20 * 60 + 1);
    expectProblem(await sbx.book(body(held.id)), 409, 'offer_expired');
  });
});

describe('wallet on booking', () => {
  it('answers 402 insufficient_funds on an empty live wallet: nothing booked or charged', async () => {
    const { detail } = await sbx.pickOffer({ clientId: LIVE });
    expectProblem(await sbx.book({ offer_id: detail.id, passengers: [passenger()], contact }, { clientId: LIVE }), 402, 'insufficient_funds');
    expect((await sbx.wallet(LIVE)).balance.amount_minor).toBe(0);
    expect(await statement(LIVE)).toEqual([]);
    expect((await bookings('', LIVE)).data).toEqual([]);
  });

  it('books down to exactly zero (credit_limit 0) and refuses one piastre more', async () => {
    const { detail } = await sbx.pickOffer();
    const price = detail.fare_classes[0]!.price.amount_minor;
    const balance = (await sbx.wallet()).balance.amount_minor;
    await sbx.control('POST', '/wallet/adjust', { client_id: 'cid_sandbox_demo', amount_minor: price - balance, reason: 'test' });
    await sbx.bookOk({ offer_id: detail.id, passengers: [passenger()], contact });
    expect((await sbx.wallet()).balance.amount_minor).toBe(0);
    await sbx.control('POST', '/wallet/adjust', { client_id: 'cid_sandbox_demo', amount_minor: price - 1, reason: 'test' });
    expectProblem(await sbx.book({ offer_id: detail.id, passengers: [passenger()], contact }), 402, 'insufficient_funds');
    expect((await sbx.wallet()).balance.amount_minor).toBe(price - 1);
  });
});

describe('sandbox failure triggers', () => {
  it.each([
    ['TEST CLASH', 'seats_unavailable'],
    ['TEST FAIL', 'provider_rejected'],
  ] as const)('%s: 409 %s with booking_reference; failed booking recorded; debit credited back', async (name, code) => {
    const { detail } = await sbx.pickOffer();
    const before = (await sbx.wallet()).balance.amount_minor;
    const reply = await sbx.book({ offer_id: detail.id, passengers: [passenger(`Mona ${name}`)], contact });
    const problem = expectProblem(reply, 409, code);
    expect(problem.booking_reference).toMatch(/^PB-/);
    const booking = expectData(await sbx.call('GET', `/bookings/${problem.booking_reference}`, { token: await sbx.token() }), Booking);
    expect(booking.status).toBe('failed');
    expect(booking.failure?.code).toBe(code);
    expect(booking.failure?.detail).toEqual(expect.any(String));
    expect(booking.total_charged.amount_minor).toBe(0);
    expect(booking.tickets).toBeNull();
    expect((await sbx.wallet()).balance.amount_minor).toBe(before);
    const [reversal, debit] = await statement();
    expect(debit).toMatchObject({ type: 'DEBIT', amount_minor: -booking.price.total_minor, booking_ref: booking.id });
    expect(reversal).toMatchObject({ type: 'REVERSAL', amount_minor: booking.price.total_minor, balance_after_minor: before, booking_ref: booking.id });
    expect((await sbx.offer(detail.id)).seats_available).toBe(detail.seats_available);
  });

  it('TEST TIMEOUT: 503 service_unavailable, nothing recorded, wallet untouched', async () => {
    const { detail } = await sbx.pickOffer();
    const before = (await sbx.wallet()).balance.amount_minor;
    const lines = (await statement()).length;
    expectProblem(await sbx.book({ offer_id: detail.id, passengers: [passenger('TEST TIMEOUT')], contact }), 503, 'service_unavailable');
    expect((await sbx.wallet()).balance.amount_minor).toBe(before);
    expect(await statement()).toHaveLength(lines);
    expect((await bookings()).data).toEqual([]);
  });

  it('TEST PENDING: 201 pending (charged), confirmed 30 simulated seconds later with confirmed_at after created_at', async () => {
    const { detail } = await sbx.pickOffer();
    const pending = await sbx.bookOk({ offer_id: detail.id, passengers: [passenger('Ali TEST PENDING')], contact });
    expect(pending.status).toBe('pending');
    expect(pending.tickets).toBeNull();
    expect(pending.confirmed_at).toBeNull();
    expect(pending.total_charged.amount_minor).toBe(pending.price.total_minor);
    const read = async () => expectData(await sbx.call('GET', `/bookings/${pending.id}`, { token: await sbx.token() }), Booking);
    await sbx.advance(20);
    expect((await read()).status).toBe('pending');
    await sbx.advance(11);
    const confirmed = await read();
    expect(confirmed.status).toBe('confirmed');
    expect(Date.parse(confirmed.confirmed_at!)).toBeGreaterThan(Date.parse(confirmed.created_at));
    expect(confirmed.tickets?.valid_for_travel).toBe(false);
    expect(confirmed.boarding.operator_reference).toMatch(/^SBX-/);
  });

  it('acts only in SANDBOX: a live booking named TEST FAIL is confirmed, with live values', async () => {
    await sbx.control('POST', '/wallet/topup', { client_id: LIVE, amount_minor: 1_000_000 });
    const { detail } = await sbx.pickOffer({ clientId: LIVE });
    const booking = await sbx.bookOk({ offer_id: detail.id, passengers: [passenger('TEST FAIL')], contact }, { clientId: LIVE });
    expect(booking.status).toBe('confirmed');
    expect(booking.boarding.operator_reference).not.toMatch(/^SBX-/);
    expect(booking.tickets?.valid_for_travel).toBe(true);
    expect((await bookings()).data).toEqual([]); // the sandbox side sees nothing of it
  });
});

describe('GET /bookings and /bookings/{reference}', () => {
  it('reads a booking of the account; another account gets 404', async () => {
    const { detail } = await sbx.pickOffer();
    const booking = await sbx.bookOk({ offer_id: detail.id, passengers: [passenger()], contact });
    const read = expectData(await sbx.call('GET', `/bookings/${booking.id}`, { token: await sbx.token() }), Booking);
    expect(read).toEqual(booking);
    expectProblem(await sbx.call('GET', `/bookings/${booking.id}`, { token: await sbx.token(OTHER) }), 404, 'invalid_reference');
    expectProblem(await sbx.call('GET', '/bookings/PB-DOESNOTEXIST', { token: await sbx.token() }), 404, 'invalid_reference');
  });

  it('filters by status, travel_date and from/to, newest first', async () => {
    const near = await sbx.pickOffer({ days: 2 });
    const far = await sbx.pickOffer({ days: 5 });
    const a = await sbx.bookOk({ offer_id: near.detail.id, passengers: [passenger()], contact });
    const b = await sbx.bookOk({ offer_id: far.detail.id, passengers: [passenger()], contact });
    const failed = await sbx.book({ offer_id: far.detail.id, passengers: [passenger('TEST FAIL')], contact });
    const c = expectProblem(failed, 409, 'provider_rejected').booking_reference!;
    const ids = async (query: string) => (await bookings(query)).data.map((x) => x.id);
    expect(await ids('')).toEqual([c, b.id, a.id]);
    expect(await ids('?status=confirmed')).toEqual([b.id, a.id]);
    expect(await ids('?status=failed')).toEqual([c]);
    expect(await ids(`?travel_date=${a.travel_date}`)).toEqual([a.id]);
    expect(await ids(`?from=${b.travel_date}`)).toEqual([c, b.id]);
    expect(await ids(`?to=${a.travel_date}`)).toEqual([a.id]);
    expect(await ids(`?from=${a.travel_date}&to=${b.travel_date}&status=confirmed`)).toEqual([b.id, a.id]);
  });

  it('rejects unknown query parameters and bad values with 422', async () => {
    const get = async (query: string) => sbx.call('GET', `/bookings${query}`, { token: await sbx.token() });
    expect(fieldsOf(await get('?page=2'))).toEqual(['page']);
    expect(fieldsOf(await get('?status=cancelled'))).toEqual(['status']);
    expect(fieldsOf(await get('?travel_date=tomorrow'))).toEqual(['travel_date']);
    expect(fieldsOf(await get('?from=2027-01-10&to=2027-01-01'))).toEqual(['to']);
  });
});
