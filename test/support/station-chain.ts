// A counter's journal as the station database sees it, made in memory: entries with their real
// hashes and links, for tests that ship as a counter login without a whole counter.
import { entryHash, GENESIS_HASH } from '../../main/journal/chain.ts';
import type { StoredEntry } from '../../main/journal/journal.ts';
import { newCounterSigner, type CounterSigner } from '../../main/station/counter-key.ts';
import type { ShippableJournal } from '../../main/station/shipper.ts';

export interface MemoryJournal extends ShippableJournal {
  entries: StoredEntry[];
  /** The counter's key pair (its public key is what the administrator enrols). */
  signer: CounterSigner;
  /** Appends one entry, chained to the last (of shift-1 unless told). */
  add(type: string, payload: object, shiftId?: string | null): StoredEntry;
}

export function memoryJournal(counterId: string, startAt = Date.parse('2026-07-01T08:00:00.000Z')): MemoryJournal {
  const entries: StoredEntry[] = [];
  return {
    counterId,
    entries,
    signer: newCounterSigner().signer,
    lastSeq: () => entries.length,
    storedPage: (after, limit) => entries.slice(after, after + limit),
    add(type, payload, shiftId = 'shift-1') {
      const seq = entries.length + 1;
      const fields = { seq, prevHash: entries.at(-1)?.hash ?? GENESIS_HASH, type, at: new Date(startAt + seq * 1000).toISOString(), payload: JSON.stringify(payload), counterId, shiftId };
      const e: StoredEntry = { ...fields, hash: entryHash(fields), chainedCounter: true };
      entries.push(e);
      return e;
    },
  };
}

/** A confirmed cash sale of `retailMinor` on `day`: its intent, outcome and cash. */
export function addSale(j: MemoryJournal, saleId: string, day: string, retailMinor: number): void {
  j.add('sale.intent', { saleId, businessDay: day, agentId: 'agent-1', agentName: 'Agent 1', passengers: 1, netTotalMinor: Math.round(retailMinor / 1.1), retailTotalMinor: retailMinor });
  j.add('sale.outcome', { saleId, status: 'confirmed', bookingReference: `PB-${saleId}` });
  j.add('cash.received', { saleId, amountMinor: retailMinor, changeMinor: 0 });
}
