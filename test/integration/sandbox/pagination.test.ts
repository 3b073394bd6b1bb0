import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Booking, Hold, Transaction } from '../../../contract/partner/index.ts';
import { DEMO, contact, expectPage, fieldsOf, passenger, startTestSandbox, type TestSandbox } from './helpers.ts';

let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox();
});
afterAll(() => sbx.close());
beforeEach(() => sbx.reset());

/** Walks every page of a list with `limit`, returning the ids in order and the metas seen. */
async function walk(path: string, item: z.ZodType<{ id: string }>, limit: number) {
  const token = await sbx.token();
  const ids: string[] = [];
  const metas: { count: number; has_more: boolean; next_before: number | null }[] = [];
  let before: number | null | undefined;
  do {
    const query = `?limit=${limit}${before ? `&before=${before}` : ''}`;
    const page = expectPage(await sbx.call('GET', `${path}${query}`, { token }), item);
    ids.push(...page.data.map((x) => x.id));
    metas.push(page.meta);
    expect(page.meta.count).toBe(page.data.length);
    before = page.meta.next_before;
  } while (before);
  return { ids, metas };
}

describe('cursor pagination (limit, before, next_before)', () => {
  it('pages the statement newest first without gaps or repeats; null next_before on the last page', async () => {
    for (let i = 1; i <= 6; i++) await sbx.control('POST', '/wallet/topup', { client_id: DEMO, amount_minor: i });
    const everything = expectPage(await sbx.call('GET', '/wallet/transactions', { token: await sbx.token() }), Transaction).data;
    expect(everything).toHaveLength(7);
    const { ids, metas } = await walk('/wallet/transactions', Transaction, 3);
    expect(ids).toEqual(everything.map((t) => t.id));
    expect(metas.map((m) => [m.count, m.has_more])).toEqual([[3, true], [3, true], [1, false]]);
    expect(metas.at(-1)!.next_before).toBeNull();
    for (const meta of metas.slice(0, -1)) expect(Number.isInteger(meta.next_before)).toBe(true);
  });

  it('pages holds and bookings the same way', async () => {
    const { detail } = await sbx.pickOffer({ freeSeats: 8 });
    const token = await sbx.token();
    for (let i = 0; i < 3; i++) await sbx.call('POST', '/holds', { token, body: { offer_id: detail.id } });
    for (let i = 0; i < 3; i++) await sbx.bookOk({ offer_id: detail.id, passengers: [passenger()], contact });
    const holds = await walk('/holds', Hold, 2);
    expect(holds.ids).toHaveLength(3);
    expect(holds.metas.map((m) => m.has_more)).toEqual([true, false]);
    const bookings = await walk('/bookings', Booking, 2);
    expect(bookings.ids).toHaveLength(3);
    expect(new Set(bookings.ids).size).toBe(3);
  });

  it('defaults to 50 per page', async () => {
    for (let i = 0; i < 55; i++) await sbx.control('POST', '/wallet/topup', { client_id: DEMO, amount_minor: 1 });
    const page = expectPage(await sbx.call('GET', '/wallet/transactions', { token: await sbx.token() }), Transaction);
    expect(page.meta).toMatchObject({ count: 50, has_more: true });
  });

  it.each(['limit=0', 'limit=201', 'limit=abc', 'limit=1.5', 'before=0', 'before=x', 'limit=1&limit=2'])(
    'answers 422 for %s',
    async (query) => {
      const token = await sbx.token();
      for (const path of ['/wallet/transactions', '/holds', '/bookings']) {
        const field = query.split('=')[0];
        expect(fieldsOf(await sbx.call('GET', `${path}?${query}`, { token }))).toEqual([field]);
      }
    },
  );

  it('accepts limit 1 and 200', async () => {
    const token = await sbx.token();
    expectPage(await sbx.call('GET', '/wallet/transactions?limit=1', { token }), Transaction);
    expectPage(await sbx.call('GET', '/wallet/transactions?limit=200', { token }), Transaction);
  });
});
