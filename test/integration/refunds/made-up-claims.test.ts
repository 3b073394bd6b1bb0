// A counter's database login used somewhere else (copied from its PC) claims a ticket of the
// station for a refund it makes up, so that no window pays that traveller back. The counter notes
// every claim it takes before asking for it: at its next refund look it gives back a claim held
// under its id since its PC took the lease that it never took, and keeps its own. A claim from
// before its PC took the lease (a dead PC's, which may have paid it) stays for the administrator
// (`npm run station -- release-claim`). Real PostgreSQL, two counters on one sandbox account.
import { describe, expect, it } from 'vitest';
import { cancelTrip, linkedCountersPerFile, sellSeats, shippedAll } from './helpers.ts';

const f = linkedCountersPerFile(2, 'stn_madeup');
const [A, B] = [0, 1];

const claimsOf = async (ref: string) => (await f.owner.query<{ refund_id: string }>('SELECT refund_id FROM ticket_refunds WHERE booking_ref = $1 ORDER BY refund_id', [ref])).rows.map((r) => r.refund_id);

describe("claims under a counter's id that it never took", () => {
  it('are given back at its next refund look when made since its PC took the lease; a dead PC’s earlier claim and its own stay', async () => {
    const [madeUp, deadPcs, own] = [await sellSeats(f.c[A]!, ['Hoda Salem'], 3), await sellSeats(f.c[A]!, ['Karim Nabil'], 4), await sellSeats(f.c[A]!, ['Mona Adel'], 5)];
    for (const s of [madeUp, deadPcs, own]) await cancelTrip(f.api.origin, s.ref);
    await shippedAll(f.c[A]!);
    const { counterId } = await f.c[A]!.ok('stationStatus');
    // A's own refund, claimed and paid as a counter does.
    expect((await f.c[A]!.ok('refund', { saleId: own.saleId, language: 'en' })).refund.amountMinor).toBe(own.total);
    const ownClaims = await claimsOf(own.ref);
    expect(ownClaims).toHaveLength(1);

    // A's login, used elsewhere: a refund made up on madeUp's ticket; and a claim from before A's PC took the lease.
    await f.owner.query("SELECT claim_ticket_refunds($1, $2, '{0}'::int[], 'rf-made-up')", [counterId, madeUp.ref]);
    await f.owner.query(
      "INSERT INTO ticket_refunds (station_id, booking_ref, passenger_index, counter_id, refund_id, claimed_at) SELECT 'stn_madeup', $2, 0, $1, 'rf-dead-pc', taken_at - interval '1 hour' FROM counter_leases WHERE counter_id = $1",
      [counterId, deadPcs.ref],
    );
    expect((await f.c[B]!.err('refund', { bookingReference: madeUp.ref, language: 'en' })).code).toBe('ticket_already_refunded');

    // A's next look at a refund: the made-up claim is given back, the others stay.
    await f.c[A]!.ok('refundQuote', { saleId: madeUp.saleId });
    expect(await claimsOf(madeUp.ref)).toEqual([]);
    expect(await claimsOf(deadPcs.ref)).toEqual(['rf-dead-pc']);
    expect(await claimsOf(own.ref)).toEqual(ownClaims);
    // The traveller of the made-up refund is paid back at another window, once.
    expect((await f.c[B]!.ok('refund', { bookingReference: madeUp.ref, language: 'en' })).refund.amountMinor).toBe(madeUp.total);
    expect((await f.c[A]!.err('refund', { saleId: madeUp.saleId, language: 'en' })).code).toBe('ticket_already_refunded');
    expect((await f.c[B]!.err('refund', { bookingReference: deadPcs.ref, language: 'en' })).code).toBe('ticket_already_refunded');
  });

  it('twenty made up at once while the counter is off are all given back when it starts again, before any refund look', async () => {
    const sale = await sellSeats(f.c[A]!, ['Omar Fathy', 'Laila Hany'], 6);
    await cancelTrip(f.api.origin, sale.ref);
    await shippedAll(f.c[A]!);
    const { counterId } = await f.c[A]!.ok('stationStatus');
    await f.counters[A]!.close();
    // twenty refunds made up at once with A's login, on both tickets: one takes them, the others are refused
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => f.owner.query<{ taken: number[] }>("SELECT claim_ticket_refunds($1, $2, '{0,1}'::int[], $3) AS taken", [counterId, sale.ref, `rf-burst-${i}`])),
    );
    expect(answers.filter((a) => a.rows[0]!.taken.length === 0)).toHaveLength(1);
    expect(new Set(await claimsOf(sale.ref)).size).toBe(1);
    await f.restart(A);
    await expect.poll(() => claimsOf(sale.ref), { timeout: 15_000 }).toEqual([]);
    expect((await f.c[B]!.ok('refund', { bookingReference: sale.ref, language: 'en' })).refund.amountMinor).toBe(sale.total);
  });
});
