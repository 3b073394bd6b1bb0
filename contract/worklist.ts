// The trip changes worklist as the counter shows it: who to call about a moved or cancelled trip.
export interface TripChange {
  saleId: string;
  version: string;
  bookingReference: string;
  kind: 'rescheduled' | 'cancelled' | 'changed';
  /** Local departures as on the tickets (wall-clock digits of the API's strings). */
  oldDepartureAt: string | null;
  newDepartureAt: string | null;
  validForTravel: boolean;
  /** The operator's notice on the ticket now (do not travel, the new time). */
  notice: string | null;
  seenAt: string;
  travellers: { name: string; seat: string | null }[];
  contact: { name: string; phone: string | null };
  route: string;
  operatorName: string | null;
  calledBy: string | null;
  calledAt: string | null;
}
