import type { CounterDeps, HandlerGroup } from '../deps.ts';
import type { PrintFollower } from '../printing/follower.ts';
import type { Session } from '../session.ts';

type SellingCalls = 'search' | 'readOffer' | 'createHold' | 'releaseHold' | 'sell' | 'getSale' | 'listSales' | 'ticketList' | 'openSales' | 'resolveSale';

/** Markup rules by operator need operator ids: make sure the reference cache has been filled once. */
async function withReference(s: Session, log: CounterDeps['log']): Promise<void> {
  if (s.reference.cached().refreshedAt !== null) return;
  await s.reference.data().catch((err: unknown) => log('reference data not available for pricing', err));
}

/** `printer` follows confirmed sales to the printer; sale answers say where that stands. */
export function sellingHandlers(d: CounterDeps, printer: Pick<PrintFollower, 'withPrints'>): HandlerGroup<SellingCalls> {
  return {
    search: async (a) => {
      const s = d.session();
      await withReference(s, d.log);
      const res = await s.client.search({
        origin: a.origin,
        destination: a.destination,
        departure_date: a.departureDate,
        passengers: a.passengers,
      });
      return {
        offers: s.offers.priceSearch(res.data, a.origin, a.destination),
        passengers: res.meta.passengers,
        departureDate: res.meta.departure_date,
        searchedAt: s.journal.now().toISOString(),
      };
    },
    readOffer: async ({ offerId }) => {
      const s = d.session();
      await withReference(s, d.log);
      return s.offers.priceDetail(await s.client.offer(offerId));
    },
    createHold: async (a) => {
      const s = d.session();
      const hold = await s.client.createHold({
        offer_id: a.offerId,
        seats: a.seats,
        ...(a.seatsRequested ? { seats_requested: a.seatsRequested } : {}),
        ...(a.fareClass ? { fare_class: a.fareClass } : {}),
      });
      s.offers.rememberHold(hold.id, a.offerId);
      s.sales.holdTaken(hold, d.agent());
      return hold;
    },
    releaseHold: async ({ holdId }) => {
      const s = d.session();
      const released = await s.client.releaseHold(holdId);
      s.sales.holdReleased(holdId, d.agent());
      return released;
    },
    sell: async (a) => {
      const s = d.session();
      await withReference(s, d.log);
      return printer.withPrints(await s.sales.sell(a));
    },
    getSale: async ({ saleId }) => printer.withPrints(await d.session().sales.getSale(saleId)),
    openSales: () => d.session().sales.openSales(),
    resolveSale: async ({ saleId, action, reason }) => printer.withPrints(await d.session().sales.resolve(saleId, action, reason, d.agent())),
    listSales: (page) => d.session().sales.listSales(page),
    ticketList: ({ bookingReference }) => d.session().client.tickets(bookingReference),
  };
}
