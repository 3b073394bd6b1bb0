// A refund paid while the station database was down (of a sale the station had not received):
// when the station answers again, the refund's tickets are claimed there before any batch of the
// journal ships. Shipping that stops after the sale's batch and before the refund's (here a
// station that refuses refund.paid rows, with batches of one entry) no longer lets another
// window pay the ticket back from the station's copy of the sale. Real PostgreSQL.
import { describe, expect, it } from 'vitest';
import { cancelTrip, linkedCountersPerFile, sellSeats, shippedAll } from './helpers.ts';

const f = linkedCountersPerFile(2, 'stn_ahead', { shipBatchSize: 1 });
const [A, B] = [0, 1];

/** What the station holds of counter A's journal: its last seq and whether the sale of `ref` is there. */
async function stationHolds(counterId: string, ref: string): Promise<{ sale: boolean; refund: boolean }> {
  const { rows } = await f.owner.query<{ type: string }>(
    "SELECT type FROM entries WHERE counter_id = $1 AND type IN ('sale.outcome', 'refund.paid') AND payload::jsonb ->> 'bookingReference' = $2",
    [counterId, ref],
  );
  return { sale: rows.some((r) => r.type === 'sale.outcome'), refund: rows.some((r) => r.type === 'refund.paid') };
}

describe('a refund paid while the station was down', () => {
  it("is claimed at the station before its sale's batch arrives: no other window pays that ticket back, even when shipping stops in between", async () => {
    const { counterId } = await f.c[A]!.ok('stationStatus');
    await shippedAll(f.c[A]!);
    // The station will take A's entries up to its refund and stop there (shipping broken in between).
    await f.owner.query(`CREATE FUNCTION test_refuse_refunds() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'test: the batch of the refund does not arrive'; END $$`);
    await f.owner.query("CREATE TRIGGER test_refuse_refunds BEFORE INSERT ON entries FOR EACH ROW WHEN (NEW.type = 'refund.paid') EXECUTE FUNCTION test_refuse_refunds()");

    f.db.stop();
    let sale: Awaited<ReturnType<typeof sellSeats>>;
    try {
      sale = await sellSeats(f.c[A]!, ['Sherif Adel'], 7);
      await cancelTrip(f.api.origin, sale.ref);
      expect((await f.c[A]!.ok('refund', { saleId: sale.saleId, language: 'en' })).refund.amountMinor).toBe(sale.total);
    } finally {
      f.db.start();
    }
    // The sale's batches arrive; the refund's is refused.
    await expect.poll(() => stationHolds(counterId, sale.ref), { timeout: 15_000 }).toEqual({ sale: true, refund: false });
    await expect.poll(async () => (await f.c[A]!.ok('stationStatus')).lastError ?? '', { timeout: 15_000 }).toMatch(/the batch of the refund does not arrive/);
    // B reads A's sale from the station's copy, and finds its ticket claimed by A's refund.
    expect((await f.c[B]!.ok('refundQuote', { bookingReference: sale.ref })).tickets.map((t) => t.refunded)).toEqual([true]);
    expect((await f.c[B]!.err('refund', { bookingReference: sale.ref, language: 'en' })).code).toBe('ticket_already_refunded');

    // Shipping mends: the refund arrives, its claim is A's once, and still nobody pays it again.
    await f.owner.query('DROP TRIGGER test_refuse_refunds ON entries');
    await shippedAll(f.c[A]!);
    expect(await stationHolds(counterId, sale.ref)).toEqual({ sale: true, refund: true });
    const { rows } = await f.owner.query<{ counter_id: string }>('SELECT counter_id FROM ticket_refunds WHERE booking_ref = $1', [sale.ref]);
    expect(rows).toEqual([{ counter_id: counterId }]);
    expect((await f.c[B]!.err('refund', { bookingReference: sale.ref, language: 'en' })).code).toBe('ticket_already_refunded');
  });
});
