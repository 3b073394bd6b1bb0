// Finding a booking after the sale (./service.ts).
import type { CounterDeps, HandlerGroup } from '../deps.ts';
import { findInJournal, findOnAccount, readBooking } from './service.ts';

type LookupCalls = 'findBookings' | 'findAccountBookings' | 'readBooking';

export function lookupHandlers(d: CounterDeps): HandlerGroup<LookupCalls> {
  return {
    findBookings: ({ query, limit }) => findInJournal(d.session().journal, query, limit),
    findAccountBookings: ({ query }) => findOnAccount(d.session().client, d.session().journal, query),
    readBooking: (a) => readBooking(d.session().client, d.session().journal, a),
  };
}
