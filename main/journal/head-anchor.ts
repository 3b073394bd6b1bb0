import { z } from 'zod';
import type { JournalForeignEntries, JournalRewound } from './entries.ts';
import { foreignEntries } from './entry-tags.ts';
import { seqListText, seqRanges } from '../../core/seq-ranges.ts';
import { namedByFindings } from './found-outside.ts';
import type { Journal } from './journal.ts';
import { rebuildReadModels } from './read-models.ts';
import { agentsHeadMissing, agentsHeadToKeep } from './agents-head.ts';

// The journal's head (its last seq and hash), kept in the OS keychain beside the PIN key: the
// journal is a file its PC's user can rewrite with SQLite (the chain has no key), so entries
// removed from its end, or rewritten and every later hash recomputed, would leave no trace in it.
// At each start the journal is compared with the head kept: one that ends before it, or holds
// another entry there, is journalled (`journal.rewound`) and raised on the top bar, and the figures
// are folded again from the entries as they now are. While it runs, the head is kept again every
// little while and at close, each time after checking the journal still holds the one kept last.
// Entries after the head kept must carry a tag this PC's key opens (entry-tags.ts): those that do
// not were appended outside the app, and are journalled (`journal.foreign_entries`) and raised the
// same way, at the start that finds them or while it runs. The agents' last entry is kept too: a
// rewind that lost it makes the journal lost (agents-head.ts).
// A restore or a Replace, which put another journal in place, forgets the heads kept (counter.ts).
// (The keychain is that same user's: someone who also rewrites the keychain entry is not caught
// here, but by the station's copy and the backups.)

/** What the anchor needs of the keychain. */
export interface AnchorStore {
  get(account: string): Promise<string | null>;
  set(account: string, value: string): Promise<void>;
}

const Head = z.object({ seq: z.number().int().min(0), hash: z.string() });
/** The journal's head, and its agents' (a version before this one kept none). */
const Kept = Head.extend({ agents: Head.extend({ seq: z.number().int().min(1) }).optional() });
type Kept = z.infer<typeof Kept>;

/** The keychain account of the journal file at `path`: named after the file's place, not after anything the file says. */
export const anchorAccount = (path: string): string => `journal-head:${path}`;

/** How the journal differs from the head kept (null: it holds it, or none was kept). */
export function rewoundFrom(journal: Journal, kept: { seq: number; hash: string }): JournalRewound | null {
  if (kept.seq === 0) return null;
  const foundHash = journal.hashAt(kept.seq);
  if (foundHash === kept.hash) return null;
  return { anchoredSeq: kept.seq, anchoredHash: kept.hash, foundSeq: journal.lastSeq(), foundHash };
}

export class HeadAnchor {
  readonly #journal: Journal;
  readonly #store: AnchorStore;
  readonly #log: (message: string, err?: unknown) => void;
  /** The head kept last by this process (null: none yet). */
  #saved: Kept | null = null;
  /** Entries up to here have been checked for their tags (null: none kept, nothing to check against). */
  #checkedUpTo: number | null = null;
  #timer: NodeJS.Timeout | null = null;

  constructor(journal: Journal, store: AnchorStore, log: (message: string, err?: unknown) => void) {
    this.#journal = journal;
    this.#store = store;
    this.#log = log;
  }

  /** Compares the journal with the head kept, journals what differs, keeps the head, and keeps it again every `everyMs`. */
  async open(everyMs: number): Promise<JournalRewound | null> {
    let kept: Kept | null;
    try {
      const raw = await this.#store.get(anchorAccount(this.#journal.path));
      const parsed = raw === null ? null : Kept.safeParse(JSON.parse(raw));
      if (parsed && !parsed.success) this.#log(`journal head: the keychain's entry for ${this.#journal.path} is unreadable; kept again`);
      kept = parsed?.success ? parsed.data : null;
    } catch (err) {
      this.#log('journal head: the keychain could not be read', err);
      return null;
    }
    const rewound = kept ? this.#compare(kept) : null;
    if (rewound === 'unrecorded') return null;
    // after a rewind its alarm says it all; otherwise what came after the head kept is checked
    this.#checkedUpTo = kept && !rewound ? kept.seq : this.#journal.lastSeq();
    await this.save();
    this.#timer = setInterval(() => void this.save(), everyMs);
    this.#timer.unref();
    return rewound;
  }

  /**
   * The journal against a head kept: what differs, journalled (the figures folded again from the
   * entries as they are). 'unrecorded': it differs but the journal takes no entry (read-only); the
   * head kept then stays as it was, so that the next start says it again.
   */
  #compare(kept: Kept): JournalRewound | 'unrecorded' | null {
    const found = rewoundFrom(this.#journal, kept);
    if (!found) return null;
    const agents = agentsHeadMissing(this.#journal, kept.agents);
    const rewound: JournalRewound = agents ? { ...found, agentsSeq: agents.seq, agentsHash: agents.hash } : found;
    if (agents) this.#log(`journal head: the agents' entry ${agents.seq} the keychain kept is not in it: an earlier copy, lost until restored`);
    this.#log(`journal head: the journal ends at entry ${rewound.foundSeq}, and held entry ${rewound.anchoredSeq} otherwise or not at all: changed outside the app`);
    if (this.#journal.readOnlyFailure) return 'unrecorded';
    // the figures are folded again from the entries as they are now: rows of entries removed go
    this.#foldAgain();
    this.#journal.transaction(() => this.#journal.append('journal.rewound', rewound));
    return rewound;
  }

  /**
   * Keeps the journal's head in the keychain, when it moved since it was last kept; first checks
   * that the journal still holds the head kept last and the last entry this process wrote (entries
   * removed or rewritten while it runs).
   */
  async save(): Promise<void> {
    // the later of the head kept last and the last entry this process wrote: both must still be there
    const mine = this.#journal.lastAppended;
    const known = mine && (!this.#saved || mine.seq >= this.#saved.seq) ? { ...mine, agents: this.#saved?.agents } : this.#saved;
    if (known && this.#compare(known) === 'unrecorded') return;
    this.#checkForeign();
    const seq = this.#journal.lastSeq();
    const agents = agentsHeadToKeep(this.#journal, lastRewound(this.#journal)) ?? undefined;
    const head: Kept = { seq, hash: seq === 0 ? '' : (this.#journal.hashAt(seq) ?? ''), ...(agents && { agents }) };
    if (this.#saved?.seq === head.seq && this.#saved.hash === head.hash && this.#saved.agents?.hash === head.agents?.hash) return;
    try {
      await this.#store.set(anchorAccount(this.#journal.path), JSON.stringify(head));
      this.#saved = head;
    } catch (err) {
      this.#log('journal head: the keychain could not be written', err);
    }
  }

  /** Journals the entries since the last check whose tag does not open (written outside the app). */
  #checkForeign(): void {
    if (this.#checkedUpTo === null || this.#journal.readOnlyFailure) return;
    const found = foreignEntries(this.#journal, this.#checkedUpTo);
    if (found.length > 0) {
      const finding: JournalForeignEntries = { count: found.length, entries: found.slice(0, 100), seqs: seqRanges(found.map((f) => f.seq)) };
      const more = found.length > 100 ? ` and ${found.length - 100} more` : '';
      this.#log(`journal: entries ${finding.entries.map((f) => f.seq).join(', ')}${more} carry no tag this counter's key opens: written outside the app`);
      // they are in the entries every fold reads (a Z-report, the station's copy): the read models fold them too, so that every screen agrees
      this.#foldAgain();
      this.#journal.transaction(() => this.#journal.append('journal.foreign_entries', finding));
    }
    this.#checkedUpTo = this.#journal.lastSeq();
  }

  /** The read models folded again from the entries; those that contradict them are left out, and said. */
  #foldAgain(): void {
    const leftOut = rebuildReadModels(this.#journal);
    if (leftOut.length === 0) return;
    this.#log(`journal: entries ${seqListText(seqRanges(leftOut))} name what the journal does not hold (a sale, a shift, an agent) or an id already taken: left out of the read models`);
  }

  /** Finds now what was appended outside the app since the last check (before a drawer is counted or a Z-report frozen). */
  checkNow(): void {
    this.#checkForeign();
  }

  async close(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.save();
  }
}

/** Every entry the counter's findings name as written outside the app (through the index entries_foreign; found-outside.ts). */
export function foundOutside(journal: Journal): (seq: number) => boolean {
  const seqs = journal.stmt<[], { seq: number }>("SELECT seq FROM entries WHERE type = 'journal.foreign_entries' ORDER BY seq").all();
  return namedByFindings(seqs.map(({ seq }) => ({ seq, payload: journal.entry<'journal.foreign_entries'>(seq).payload })));
}

/** The seq of the last finding of entries written outside the app (0: none; through the index entries_foreign). */
export function lastFindingSeq(journal: Journal): number {
  return journal.stmt<[], { seq: number | null }>("SELECT max(seq) AS seq FROM entries WHERE type = 'journal.foreign_entries'").get()?.seq ?? 0;
}

/** The last finding of entries written outside the app, and when (through the index entries_foreign). */
export function lastForeign(journal: Journal): (JournalForeignEntries & { at: string }) | null {
  const seq = journal.stmt<[], { seq: number }>("SELECT seq FROM entries WHERE type = 'journal.foreign_entries' ORDER BY seq DESC LIMIT 1").get()?.seq;
  if (seq === undefined) return null;
  const e = journal.entry<'journal.foreign_entries'>(seq);
  return { ...e.payload, at: e.at };
}

/** The last rewind found in this journal, and when (through the index entries_rewound). */
export function lastRewound(journal: Journal): (JournalRewound & { at: string; seq: number }) | null {
  const seq = journal.stmt<[], { seq: number }>("SELECT seq FROM entries WHERE type = 'journal.rewound' ORDER BY seq DESC LIMIT 1").get()?.seq;
  if (seq === undefined) return null;
  const e = journal.entry<'journal.rewound'>(seq);
  return { ...e.payload, at: e.at, seq };
}
