import type { ActingAgent, Current, HandlerGroup, Log } from '../deps.ts';
import type { PrintFollower } from '../printing/follower.ts';
import type { Session } from '../session.ts';

type SellingCalls = 'search' | 'readOffer' | 'createHold' | 'releaseHold' | 'sell' | 'getSale' | 'listSales' | 'ticketList' | 'openSales' | 'resolveSale';

export interface SellingHandlerDeps {
  /** The API, offers, sales, reference data and journal of the environment in force (main/deps.ts `Current`). */
  current: Current<'client' | 'offers' | 'sales' | 'reference' | 'journal'>;
  /** Follows confirmed sales to the printer; sale answers say where that stands. */
  printer: Pick<PrintFollower, 'withPrints'>;
  agent: ActingAgent;
  log: Log;
}

/** Markup rules by operator need operator ids: make sure the reference cache has been filled once. */
async function withReference(s: Pick<Session, 'reference'>, log: Log): Promise<void> {
  if (s.reference.cached().refreshedAt !== null) return;
  await s.reference.data().catch((err: unknown) => log('reference data not available for pricing', err));
}

export function sellingHandlers(d: SellingHandlerDeps): HandlerGroup<SellingCalls> {
  const { printer } = d;
  return {
    search: async (a) => {
      const s = d.current();
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
      const s = d.current();
      await withReference(s, d.log);
      return s.offers.priceDetail(await s.client.offer(offerId));
    },
    createHold: async (a) => {
      const s = d.current();
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
      const s = d.current();
      const released = await s.client.releaseHold(holdId);
      s.sales.holdReleased(holdId, d.agent());
      return released;
    },
    sell: async (a) => {
      const s = d.current();
      await withReference(s, d.log);
      return printer.withPrints(await s.sales.sell(a));
    },
    getSale: async ({ saleId }) => printer.withPrints(await d.current().sales.getSale(saleId)),
    openSales: () => d.current().sales.openSales(),
    resolveSale: async ({ saleId, action, reason }) => printer.withPrints(await d.current().sales.resolve(saleId, action, reason, d.agent())),
    listSales: (page) => d.current().sales.listSales(page),
    ticketList: ({ bookingReference }) => d.current().client.tickets(bookingReference),
  };
}
