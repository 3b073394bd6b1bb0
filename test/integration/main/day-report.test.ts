import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { cairoDate } from '../../../core/cairo-time.ts';
import { contact, counterPerFile, findOffer, type Caller } from './helpers.ts';

// Today's figures for the station manager, through the whole counter in TRAINING: sales made
// here (confirmed, and one the sandbox refuses with TEST FAIL) against what dayReport answers.

const t = counterPerFile('shubbak-it-');
let c: Caller;
beforeAll(() => {
  c = t.c;
});

async function sell(names: string[], extraCashMinor: number) {
  const { priced, detail } = await findOffer(c, names.length);
  // the first class with room for everyone: one booking takes one fare class
  const free = detail.offer.seats.filter((s) => s.available);
  const cls = [...new Set(free.map((s) => s.class))].find((k) => free.filter((s) => s.class === k).length >= names.length);
  const seats = free.filter((s) => s.class === cls).slice(0, names.length);
  const retail = seats.reduce((sum, s) => sum + detail.retailBySeat[s.number]!, 0);
  return c.ok('sell', {
    saleId: randomUUID(),
    offerId: priced.offer.id,
    passengers: names.map((full_name, i) => ({ full_name, seat: seats[i]!.number })),
    contact,
    language: 'en',
    cashTenderedMinor: retail + extraCashMinor,
  });
}

describe('dayReport', () => {
  it('gives zeros for a day with no sales', async () => {
    const empty = await c.ok('dayReport', { date: '2020-01-01' });
    expect(empty).toEqual({
      date: '2020-01-01',
      environment: 'TRAINING',
      counts: { confirmed: 0, pending: 0, failed: 0, unknown: 0 },
      seats: 0,
      retailMinor: 0,
      netMinor: 0,
      marginMinor: 0,
      cashReceivedMinor: 0,
      changeGivenMinor: 0,
      byOperator: [],
    });
  });

  it("adds up the day's sales: confirmed counted, a failed one not in the cash, margin = retail − NET", async () => {
    const one = await sell(['Ahmed Ali'], 500);
    const two = await sell(['Mona Hassan', 'Sara Hassan'], 1000);
    const failed = await sell(['Omar TEST FAIL'], 0);
    expect([one.status, two.status, failed.status]).toEqual(['confirmed', 'confirmed', 'failed']);
    expect(failed.cashRecorded).toBe(false);

    const today = cairoDate(new Date());
    const r = await c.ok('dayReport', {});
    expect(r.date).toBe(today);
    expect(await c.ok('dayReport', undefined)).toEqual(r);
    expect(await c.ok('dayReport', { date: today })).toEqual(r);

    const confirmed = [one, two];
    const retail = confirmed.reduce((sum, s) => sum + s.retailTotalMinor, 0);
    const net = confirmed.reduce((sum, s) => sum + s.netTotalMinor, 0);
    expect(r).toMatchObject({
      environment: 'TRAINING',
      counts: { confirmed: 2, pending: 0, failed: 1, unknown: 0 },
      seats: 3,
      retailMinor: retail,
      netMinor: net,
      marginMinor: retail - net,
      cashReceivedMinor: retail,
      changeGivenMinor: 1500,
    });
    expect(r.marginMinor).toBeGreaterThan(0);

    // the operator rows add up to the totals, each named
    const sum = (k: 'sales' | 'seats' | 'retailMinor' | 'netMinor') => r.byOperator.reduce((acc, o) => acc + o[k], 0);
    expect(r.byOperator.length).toBeGreaterThan(0);
    expect([sum('sales'), sum('seats'), sum('retailMinor'), sum('netMinor')]).toEqual([2, 3, retail, net]);
    for (const o of r.byOperator) expect(o.operatorName).toEqual(expect.any(String));

    // the listed sales agree
    const listed = (await c.ok('listSales', { limit: 200 })).filter((s) => s.status === 'confirmed');
    expect(listed.reduce((acc, s) => acc + s.retailTotalMinor, 0)).toBe(retail);

    // another day still has nothing
    expect((await c.ok('dayReport', { date: '2020-01-01' })).counts.confirmed).toBe(0);
  });

  it('refuses a date that is not YYYY-MM-DD', async () => {
    expect((await c.err('dayReport', { date: '01/02/2026' } as never)).code).toBe('invalid_argument');
  });
});
