// Finding a booking after the sale (./service.ts).
import type { Current, HandlerGroup } from '../deps.ts';
import { findInJournal, findOnAccount, readBooking } from './service.ts';

type LookupCalls = 'findBookings' | 'findAccountBookings' | 'readBooking';

export interface LookupHandlerDeps {
  /** The journal and API client of the environment in force (main/deps.ts `Current`). */
  current: Current<'journal' | 'client'>;
}

export function lookupHandlers(d: LookupHandlerDeps): HandlerGroup<LookupCalls> {
  return {
    findBookings: ({ query, limit }) => findInJournal(d.current().journal, query, limit),
    findAccountBookings: ({ query }) => {
      const s = d.current();
      return findOnAccount(s.client, s.journal, query);
    },
    readBooking: (a) => {
      const s = d.current();
      return readBooking(s.client, s.journal, a);
    },
  };
}
