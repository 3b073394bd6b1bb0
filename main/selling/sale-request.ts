// What a sale sends: the exact POST /bookings body, stored with the intent and sent again as it
// is; the Idempotency-Key every send of the sale carries; and the fingerprint that tells a
// second press of the same sale from another sale under the same id.
import { createHash } from 'node:crypto';
import type { TicketLanguage } from '../../contract/counter.ts';
import { BookingRequest, type PassengerInput } from '../../contract/partner/requests.ts';
import { canonicalJson } from '../../core/canonical-json.ts';

export interface SellArgs {
  saleId: string;
  offerId: string;
  passengers: PassengerInput[];
  contact: { name: string; phone: string; email?: string | undefined };
  fareClass?: string | undefined;
  language: TicketLanguage;
  cashTenderedMinor: number;
}

/** Derived from the sale id: every send of one sale, in any process, carries the same key. */
export const idempotencyKeyOf = (saleId: string) => `shubbak-sale-${saleId}`;

export function fingerprintOf(a: SellArgs): string {
  const what = {
    offerId: a.offerId,
    passengers: a.passengers,
    contact: a.contact,
    fareClass: a.fareClass ?? null,
    language: a.language,
    cashTenderedMinor: a.cashTenderedMinor,
  };
  return createHash('sha256').update(canonicalJson(what)).digest('hex');
}

/** The exact POST /bookings body of a sale, built once and stored with the intent. */
export function bookingBodyOf(a: SellArgs): string {
  return JSON.stringify(
    BookingRequest.parse({
      offer_id: a.offerId,
      passengers: a.passengers,
      ...(a.fareClass === undefined ? {} : { fare_class: a.fareClass }),
      contact: a.contact,
    }),
  );
}
