// The claims against the wallet that refunds of cancelled trips open (issue 23), as the Claims
// view shows them: the ledger (fold.ts's ClaimsLedger) fed this counter's claimable refunds, the
// wallet statement's lines as read (wallet-lines.ts) and the supervisors' hand matches; on a linked
// counter also every other counter's of the station (station-claims.ts).
import { randomUUID } from 'node:crypto';
import type { ClaimsView, RefundSettings } from '../../contract/refunds.ts';
import type { Clock } from '../clock.ts';
import { AppFailure } from '../failure.ts';
import type { Agent } from '../journal/agents.ts';
import type { Journal } from '../journal/journal.ts';
import { claimMatchesAfter, claimPartsAfter, lastRefundSeq, lineMatchedHere } from '../journal/queries/refunds.ts';
import { adjustmentLinesAfter, lastWalletLine, walletLinesReadAt } from '../journal/queries/wallet-lines.ts';
import type { PartnerClient } from '../partner/client.ts';
import { ClaimsLedger, type ClaimsFilter } from './fold.ts';
import { foundOutside, lastFindingSeq } from '../journal/head-anchor.ts';
import { StationClaimsReader } from './station-claims.ts';
import { claimWalletLine, releaseWalletLine, walletLinesHeld, type StationDatabase } from './station-gate.ts';
import { readWalletLines } from './wallet-lines.ts';

export interface ClaimsServiceDeps {
  journal: Journal;
  client: Pick<PartnerClient, 'transactions'>;
  settings: () => RefundSettings;
  clock: Clock;
  log: (message: string, err?: unknown) => void;
  /** The station database while this counter is linked to it in this environment (null: not linked). */
  station?: () => StationDatabase | null;
  /**
   * Looks now for entries appended outside the app (HeadAnchor.checkNow), before money or a claim
   * is decided on: one written by hand a moment ago is named, not paid or matched, until the next look.
   */
  checkJournal?: () => void;
}

export class ClaimsService {
  readonly #d: ClaimsServiceDeps;
  #ledger = new ClaimsLedger();
  #marks = { refund: 0, match: 0, line: 0 };
  /** The findings of entries written outside the app the ledger was folded with: this counter's last, and the station's. */
  #findings = { here: 0, station: null as string | null };
  /** Linked: the reader of the station's other counters' claims (one per station linked). */
  #stationClaims: { stationId: string; reader: StationClaimsReader } | null = null;
  /** How the station's claims were last read (null: not linked then). */
  #stationState: ClaimsView['station'] = null;
  /** Wallet lines claimed at the station for a hand match being written now: the match ids, per line. */
  readonly #matching = new Map<string, Set<string>>();

  constructor(deps: ClaimsServiceDeps) {
    this.#d = deps;
  }

  /**
   * Every claim of this counter against the wallet: the statement is read first (new lines
   * only); when it cannot be, the claims stand on the lines known, with the error.
   */
  async claims(filter: ClaimsFilter = {}): Promise<ClaimsView> {
    this.#lookForWrittenByHand();
    let statementError: string | null = null;
    try {
      await readWalletLines(this.#d.journal, this.#d.client);
    } catch (err) {
      this.#d.log('the wallet statement could not be read for the claims', err);
      statementError = err instanceof AppFailure ? err.error.code : 'network';
    }
    this.#stationState = await this.#readStationClaims();
    return { ...this.claimsKnown(filter), statementError };
  }

  /** Looks for entries written by hand now; one found since the ledger was folded (a refund, a match) is folded out of it. */
  #lookForWrittenByHand(): void {
    this.#d.checkJournal?.();
    if (lastFindingSeq(this.#d.journal) !== this.#findings.here) this.#foldAgain();
  }

  /** Forgets the ledger: the next look folds every claim again, from this journal and from the station. */
  #foldAgain(): void {
    this.#ledger = new ClaimsLedger();
    this.#marks = { refund: 0, match: 0, line: 0 };
    this.#stationClaims = null;
    this.#findings = { here: lastFindingSeq(this.#d.journal), station: null };
  }

  /** Linked: feeds the ledger what the station's other counters shipped since the last read. */
  async #readStationClaims(): Promise<ClaimsView['station']> {
    const station = this.#d.station?.() ?? null;
    if (!station) return null;
    if (this.#stationClaims?.stationId !== station.stationId) this.#stationClaims = { stationId: station.stationId, reader: new StationClaimsReader(station) };
    try {
      await this.#giveBackStranded(station);
      let rows = await this.#stationClaims.reader.read();
      if (this.#findings.station !== null && rows.findings !== this.#findings.station) {
        this.#foldAgain();
        this.#stationClaims = { stationId: station.stationId, reader: new StationClaimsReader(station) };
        rows = await this.#stationClaims.reader.read();
      }
      this.#findings.station = rows.findings;
      for (const p of rows.parts) this.#ledger.addPart(p);
      for (const m of rows.matches) this.#ledger.addMatch(m);
      if (rows.leftOut) this.#d.log(`station claims: counter ${rows.leftOut.counterId} entry ${rows.leftOut.seq} not counted (${rows.leftOut.why})`);
      return { stationError: null, leftOut: rows.leftOut && { counterId: rows.leftOut.counterId, seq: rows.leftOut.seq } };
    } catch (err) {
      this.#d.log('the station database could not be read for the claims', err);
      return { stationError: err instanceof AppFailure ? err.error.code : 'station_unreachable', leftOut: null };
    }
  }

  /** The claims against the wallet lines already read (no call to the API). */
  claimsKnown(filter: ClaimsFilter = {}): ClaimsView {
    this.#catchUp();
    const overdueDays = this.#d.settings().overdueDays;
    const fold = this.#ledger.view(this.#d.clock.now(), overdueDays, filter);
    return { ...fold, overdueDays, statementReadAt: walletLinesReadAt(this.#d.journal), statementError: null, station: this.#stationState };
  }

  /** Feeds the ledger the claimable refunds, statement lines and hand matches it has not seen. */
  #catchUp(): void {
    const j = this.#d.journal;
    const m = this.#marks;
    const outside = foundOutside(j);
    for (const p of claimPartsAfter(j, m.refund)) if (!outside(p.seq)) this.#ledger.addPart(p);
    m.refund = lastRefundSeq(j);
    for (const t of adjustmentLinesAfter(j, m.line)) this.#ledger.addLine(t);
    m.line = lastWalletLine(j);
    for (const e of claimMatchesAfter(j, m.match)) {
      if (!outside(e.seq)) this.#ledger.addMatch(e.payload);
      m.match = e.seq;
    }
  }

  /**
   * A supervisor matches an ADJUSTMENT listed apart to a claim; answers the claims after it. On a
   * linked counter the station decides first which window matches the line (claimWalletLine): a
   * line another window holds is refused, and so is any match while the station cannot be asked.
   */
  async matchByHand(by: Agent, transactionId: string, bookingReference: string, note: string | null, limit?: number): Promise<ClaimsView> {
    this.#lookForWrittenByHand();
    const line = this.#matchable(transactionId, bookingReference);
    const station = this.#d.station?.() ?? null;
    const matchId = randomUUID();
    const inFlight = this.#matching.get(transactionId) ?? new Set<string>();
    this.#matching.set(transactionId, inFlight.add(matchId));
    try {
      if (station) {
        const holder = await claimWalletLine(station, transactionId, bookingReference, matchId);
        if (holder !== null) throw new AppFailure('conflict', `Wallet line ${transactionId} is being matched, or was matched, at counter ${holder}`, { counterId: holder });
      }
      const j = this.#d.journal;
      try {
        j.transaction(() => {
          this.#matchable(transactionId, bookingReference);
          j.append('claim.matched', { transactionId, bookingReference, amountMinor: line.amountMinor, at: line.at, by: { agentId: by.id, agentName: by.name }, note: note?.trim() || null });
        });
      } catch (err) {
        if (station) await releaseWalletLine(station, matchId).catch((e: unknown) => this.#d.log(`the station's claim of wallet line ${transactionId} could not be given back`, e));
        throw err;
      }
    } finally {
      inFlight.delete(matchId);
      if (inFlight.size === 0) this.#matching.delete(transactionId);
    }
    return this.claimsKnown({ limit });
  }

  /** The ADJUSTMENT line waiting to be matched, when the claim exists (refused otherwise). */
  #matchable(transactionId: string, bookingReference: string): { amountMinor: number; at: string } {
    const view = this.claimsKnown({ limit: 0 });
    const line = view.unmatched.find((u) => u.transactionId === transactionId);
    if (!line) throw new AppFailure('conflict', `Wallet line ${transactionId} is not an adjustment waiting to be matched`);
    if (!this.#ledger.hasClaim(bookingReference)) throw new AppFailure('not_found', `No claim for booking ${bookingReference}`);
    return line;
  }

  /** At start: the station's claims of wallet lines for matches this counter never wrote, given back without waiting for a look at the claims. */
  async giveBackLeftOut(): Promise<void> {
    const station = this.#d.station?.() ?? null;
    if (!station) return;
    await this.#giveBackStranded(station).catch((err: unknown) => this.#d.log('station claims: the wallet lines left claimed could not be given back yet', err));
  }

  /** Gives back the station's claims of wallet lines this counter took for a match it never wrote (it stopped in between). */
  async #giveBackStranded(station: StationDatabase): Promise<void> {
    for (const held of await walletLinesHeld(station)) {
      if (this.#matching.has(held.transactionId) || lineMatchedHere(this.#d.journal, held.transactionId)) continue;
      await releaseWalletLine(station, held.matchId);
      this.#d.log(`station claims: wallet line ${held.transactionId} claimed for a match never written here, given back`);
    }
  }
}
