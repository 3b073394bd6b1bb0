import { afterEach, describe, expect, it } from 'vitest';
import type { Booking } from '../../../../contract/partner/resources.ts';
import { DEFAULT_AGENT } from '../../../../main/journal/agents.ts';
import { AppFailure } from '../../../../main/failure.ts';
import { findOnAccount, readBooking, type AccountBookings } from '../../../../main/lookup/service.ts';
import { SalesStore } from '../../../../main/selling/store.ts';
import { manualClock, openTempJournal } from '../journal/helpers.ts';
import { intent } from '../journal/sale-intent.ts';
import { booking } from '../selling/fixtures.ts';

let t: ReturnType<typeof openTempJournal>;
afterEach(() => t.cleanup());

const person = (id: string, name: string, travel_date = '2026-07-02'): Booking =>
  booking('confirmed', id, { passengers: [{ full_name: name, seat: '3', phone: null, email: null }], contact: { name, email: null, phone: '01122223333' }, travel_date });

/** An account of 450 bookings, newest first, in pages as GET /bookings gives them; records the queries. */
function account(all: Booking[]) {
  const queries: Record<string, unknown>[] = [];
  const client: AccountBookings = {
    booking: async (ref) => {
      const b = all.find((x) => x.id === ref);
      if (!b) throw new AppFailure('not_found', `no ${ref}`);
      return b;
    },
    bookings: async (q = {}) => {
      queries.push(q);
      const rows = all.filter((b) => !q.travel_date || b.travel_date === q.travel_date);
      const from = q.before ?? 0;
      const data = rows.slice(from, from + (q.limit ?? 50));
      const more = from + data.length < rows.length;
      return { data, meta: { count: data.length, has_more: more, next_before: more ? from + data.length : null } };
    },
  };
  return { client, queries };
}

describe('finding on the account', () => {
  it('reads page after page until it finds, and leaves out what this counter sold', async () => {
    t = openTempJournal(manualClock());
    const store = new SalesStore(t.journal);
    store.recordIntent(intent('here'), DEFAULT_AGENT);
    store.recordOutcome({ saleId: 'here', status: 'confirmed', bookingReference: 'PB-HERE1', booking: person('PB-HERE1', 'Laila Here'), error: null, charged: true });
    const all = [person('PB-HERE1', 'Laila Here'), ...Array.from({ length: 448 }, (_, i) => person(`PB-N${i}`, `Someone ${i}`)), person('PB-FAR1', 'Laila Far')];
    const { client, queries } = account(all);
    const hits = await findOnAccount(client, t.journal, 'laila');
    expect(hits.map((h) => h.bookingReference)).toEqual(['PB-FAR1']);
    expect(queries).toEqual([{ limit: 200 }, { limit: 200, before: 200 }, { limit: 200, before: 400 }]);
  });

  it('asks GET /bookings for a whole travel date only, and reads a whole reference directly', async () => {
    t = openTempJournal(manualClock());
    const { client, queries } = account([person('PB-DINA01', 'Dina', '2026-07-09'), person('PB-DALIA2', 'Dalia', '2026-07-10')]);
    expect((await findOnAccount(client, t.journal, '9/7/2026')).map((h) => h.bookingReference)).toEqual(['PB-DINA01']);
    expect(queries).toEqual([{ travel_date: '2026-07-09', limit: 200 }]);
    expect((await findOnAccount(client, t.journal, 'pb-dalia2')).map((h) => h.bookingReference)).toEqual(['PB-DALIA2']);
    expect(queries).toHaveLength(1);
  });
});

describe('reading a booking', () => {
  it('shows the journal copy of a sale made here, marked stale, when the API cannot be reached; not when it does not know the booking', async () => {
    t = openTempJournal(manualClock());
    const store = new SalesStore(t.journal);
    store.recordIntent(intent('s'), DEFAULT_AGENT);
    store.recordOutcome({ saleId: 's', status: 'confirmed', bookingReference: 'PB-S1', booking: person('PB-S1', 'Ahmed Ali'), error: null, charged: true });
    const offline: AccountBookings = {
      booking: async () => {
        throw new AppFailure('network', 'unreachable', { retryable: true });
      },
      bookings: async () => {
        throw new AppFailure('network', 'unreachable', { retryable: true });
      },
    };
    const view = await readBooking(offline, t.journal, { bookingReference: 'PB-S1' });
    expect(view).toMatchObject({ stale: true, booking: { id: 'PB-S1' }, sale: { saleId: 's', retailTotalMinor: 36300, agentName: 'Agent 1' } });
    const gone: AccountBookings = { ...offline, booking: async () => { throw new AppFailure('not_found', 'no'); } };
    await expect(readBooking(gone, t.journal, { saleId: 's' })).rejects.toThrow(/no/);
  });
});
