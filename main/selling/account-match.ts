// Finding a sale on the account by its travellers: how a sale is found once the API may have
// forgotten its Idempotency-Key, and what a supervisor's abandon checks first.
import type { Booking } from '../../contract/partner/resources.ts';
import type { PartnerClient } from '../partner/client.ts';
import type { SaleRow } from './store.ts';

/** Account bookings looked through (200 a page) before a sale is abandoned. */
const ABANDON_PAGES = 10;

/** A sale's travellers as one comparable text, from its booking request or a booking. */
function travellersOf(source: string | { passengers: { full_name: string }[] }): string {
  const b = typeof source === 'string' ? (JSON.parse(source) as { passengers: { full_name: string }[] }) : source;
  return b.passengers
    .map((p) => p.full_name)
    .sort()
    .join('\n');
}

/**
 * A booking on the account with this sale's travellers, made since the sale began (newest
 * first, up to ABANDON_PAGES pages), and how many bookings were looked at.
 */
export async function bookingOfTravellers(client: Pick<PartnerClient, 'bookings'>, row: SaleRow): Promise<{ booking: Booking | null; checked: number }> {
  const names = travellersOf(row.request_body);
  let checked = 0;
  let before: number | undefined;
  for (let page = 0; page < ABANDON_PAGES; page++) {
    const res = await client.bookings({ limit: 200, from: row.created_at.slice(0, 10), ...(before === undefined ? {} : { before }) });
    for (const b of res.data) {
      checked++;
      if (Date.parse(b.created_at) >= Date.parse(row.created_at) && travellersOf(b) === names) return { booking: b, checked };
    }
    if (!res.meta.has_more || res.meta.next_before == null) break;
    before = res.meta.next_before;
  }
  return { booking: null, checked };
}
