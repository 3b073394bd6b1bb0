// The station's claims of tickets this counter took for refunds (refunds/service.ts notes each in
// the journal's meta before asking for it): given back when their refund was never written, and
// those held under this counter's id that it never took, given back too.
import type { Journal } from '../journal/journal.ts';
import { claimOutSettled, claimsOut, refundEntry } from '../journal/queries/refunds.ts';
import { giveBackClaimsMadeElsewhere, releaseTickets, type StationDatabase } from './station-gate.ts';

type Log = (message: string, err?: unknown) => void;

/** Gives the station's claim of a refund not written back (kept as out while the station does not answer). */
export async function giveBack(journal: Journal, station: StationDatabase, refundId: string, log: Log): Promise<void> {
  try {
    await releaseTickets(station, refundId);
    claimOutSettled(journal, refundId);
  } catch (err) {
    log(`the station's claim of refund ${refundId} could not be given back yet`, err);
  }
}

/**
 * The claims a refund that never got written left at the station (the counter stopped between
 * the claim and the write, or the station did not answer the give-back): given back, so the
 * tickets can be refunded. A claim whose refund was written is only forgotten. `inFlight`: refunds
 * another window of this counter is paying now. Then the claims under this counter's id it never
 * took (its login used elsewhere) are given back.
 */
export async function settleClaimsOut(journal: Journal, station: StationDatabase | null, inFlight: ReadonlySet<string>, log: Log): Promise<void> {
  if (!station) return;
  for (const claim of claimsOut(journal)) {
    if (inFlight.has(claim.refundId)) continue;
    if (refundEntry(journal, claim.refundId)) claimOutSettled(journal, claim.refundId);
    else await giveBack(journal, station, claim.refundId, log);
  }
  const taken = (id: string) => inFlight.has(id) || claimsOut(journal).some((c) => c.refundId === id) || refundEntry(journal, id) !== null;
  await giveBackClaimsMadeElsewhere(station, taken, log);
}
