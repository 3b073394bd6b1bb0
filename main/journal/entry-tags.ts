import { createHash, hkdfSync, timingSafeEqual } from 'node:crypto';
import { canonicalJson } from '../../core/canonical-json.ts';
import type { Journal } from './journal.ts';

// Every entry this counter writes carries a keyed tag in its payload: an HMAC-SHA-256, with a key
// derived from the counter's PIN key (kept only in the OS keychain), of the entry and its place in
// the chain (seq, the hash before it, kind, time, counter, shift), with a key of its environment
// (a TRAINING journal's tags do not open in LIVE). The chain itself has no key:
// anyone with the data folder can append an entry SQLite will chain, but not one whose tag opens,
// and a copy of a tagged entry appended elsewhere does not open either. What does not open:
//  - an agent's entry does not count (agent-tags.ts);
//  - any entry found after the head kept in the keychain is journalled and raised as written
//    outside the app (head-anchor.ts).

/** The keys tags are made and checked with: derived from the PIN keys held. */
export interface TagKeys {
  current: Buffer;
  previous: Buffer | null;
}

/** Where an entry sits in the chain, as its hash binds it. */
export interface EntryPlace {
  seq: number;
  prevHash: string;
  type: string;
  at: string;
  counterId: string;
  shiftId: string | null;
}

const BLOCK = 64;
const TAG_BYTES = 16;
/** HMAC's key blocks of one tag key, made once: node's createHmac costs more per entry than the hashing itself. */
interface MacKey {
  inner: Buffer;
  outer: Buffer;
}
const macKeys = new WeakMap<Buffer, Map<string, MacKey>>();

/**
 * The tag key of a PIN key in one environment: its own key, so that a tag tells nothing of the key
 * that seals PIN hashes, and one per environment. Every environment's journal on a PC shares the
 * PIN key, and anyone at a new TRAINING journal makes its first supervisor: with one tag key for
 * all, that journal put in LIVE's place (its environment edited) would open with its agents. LIVE
 * keeps the key of the versions before (its journals' tags still open); TRAINING's and SANDBOX's
 * entries of those versions open no more, and count as an earlier version's (agent-tags.ts).
 */
function tagKeyOf(pinKey: Buffer, environment: string): Buffer {
  const info = environment === 'LIVE' ? 'shubbak entry tag v1' : `shubbak entry tag v1 ${environment}`;
  return Buffer.from(hkdfSync('sha256', pinKey, Buffer.alloc(0), info, 32));
}

function macKeyOf(pinKey: Buffer, environment: string): MacKey {
  let byEnvironment = macKeys.get(pinKey);
  if (!byEnvironment) macKeys.set(pinKey, (byEnvironment = new Map()));
  let k = byEnvironment.get(environment);
  if (!k) {
    const key = Buffer.concat([tagKeyOf(pinKey, environment), Buffer.alloc(BLOCK - 32)]);
    k = { inner: Buffer.from(key.map((b) => b ^ 0x36)), outer: Buffer.from(key.map((b) => b ^ 0x5c)) };
    byEnvironment.set(environment, k);
  }
  return k;
}

/** HMAC-SHA-256 (RFC 2104) of the place and the payload's text without its tag, cut to 16 bytes. */
function mac(key: MacKey, place: EntryPlace, text: string): Buffer {
  const inner = createHash('sha256')
    .update(key.inner)
    .update(`${place.seq}\n${place.prevHash}\n${place.type}\n${place.at}\n${place.counterId}\n${place.shiftId ?? ''}\n`)
    .update(text)
    .digest();
  return createHash('sha256').update(key.outer).update(inner).digest().subarray(0, TAG_BYTES);
}

export interface HeldKeys {
  current: MacKey;
  previous: MacKey | null;
}

/** The tag keys of PIN keys held, for the journals of one environment. */
export const heldKeysOf = (keys: { current: Buffer; previous: Buffer | null }, environment: string): HeldKeys => ({
  current: macKeyOf(keys.current, environment),
  previous: keys.previous ? macKeyOf(keys.previous, environment) : null,
});

const keysOfJournal = new WeakMap<Journal, () => HeldKeys | null>();

/** Gives the journal the PIN keys its entries are tagged and checked with (the session, and AgentDirectory, which hold them). */
export function tagEntriesWith(journal: Journal, pinKeys: () => { current: Buffer; previous: Buffer | null } | null): void {
  keysOfJournal.set(journal, () => {
    const keys = pinKeys();
    return keys ? heldKeysOf(keys, journal.environment) : null;
  });
}

/** The tag keys of the journal (null: no keychain, or none given: nothing is tagged or checked). */
export function tagKeysOf(journal: Journal): HeldKeys | null {
  return keysOfJournal.get(journal)?.() ?? null;
}

/**
 * The payload's text as the journal stores it (Journal.append): canonical JSON, with its tag when
 * the journal has keys. The tag is put in its sorted place in the text already made, rather than
 * encoding the payload twice (a sale writes four entries).
 */
export function entryText(journal: Journal, place: EntryPlace, payload: object): string {
  const keys = tagKeysOf(journal);
  if (!keys) return canonicalJson(payload);
  // a payload made from one read back (its tag with it) is tagged for its own place
  const untagged = 'tag' in payload ? withoutTag(payload as Record<string, unknown>) : payload;
  const text = canonicalJson(untagged);
  return withTagText(text, untagged as Record<string, unknown>, mac(keys.current, place, text).toString('base64url'));
}

const withoutTag = ({ tag: _, ...rest }: Record<string, unknown>): Record<string, unknown> => rest;

/** canonicalJson({ ...payload, tag }), from canonicalJson(payload) (payload without a tag). */
export function withTagText(text: string, payload: Record<string, unknown>, tag: string): string {
  const present = Object.keys(payload).filter((k) => payload[k] !== undefined && k !== 'tag');
  const tail = present
    .filter((k) => k > 'tag')
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson(payload[k])}`)
    .join(',');
  const before = present.some((k) => k < 'tag');
  const head = text.slice(0, text.length - 1 - (tail ? tail.length + (before ? 1 : 0) : 0));
  return `${head}${before ? ',' : ''}"tag":${JSON.stringify(tag)}${tail ? `,${tail}` : ''}}`;
}

/** An entry as read back for its tag: its place and its parsed payload. */
export interface TaggedEntry extends EntryPlace {
  payload: Record<string, unknown>;
}

export const hasTag = (e: TaggedEntry): boolean => e.payload.tag !== undefined;

/** Which key held opens the entry's tag ('current', 'previous'), or null. */
export function tagOpensWith(keys: HeldKeys, e: TaggedEntry): 'current' | 'previous' | null {
  const tag = e.payload.tag;
  if (typeof tag !== 'string') return null;
  const given = Buffer.from(tag, 'base64url');
  if (given.length !== TAG_BYTES) return null;
  const text = canonicalJson(withoutTag(e.payload));
  if (timingSafeEqual(given, mac(keys.current, e, text))) return 'current';
  return keys.previous && timingSafeEqual(given, mac(keys.previous, e, text)) ? 'previous' : null;
}

/** The columns an entry's tag is checked from (TAGGED_COLUMNS), as SQLite gives them. */
export interface TaggedRow {
  seq: number;
  prev_hash: string;
  type: string;
  at: string;
  payload: string;
  counter_id: string | null;
  shift_id: string | null;
}
export const TAGGED_COLUMNS = 'seq, prev_hash, type, at, payload, counter_id, shift_id';

/** `owner` names the counter an entry of an earlier version (no counter_id) is of: the journal, or a file's meta. */
export const taggedEntryOf = (owner: { counterId: string }, r: TaggedRow): TaggedEntry => ({
  seq: r.seq,
  prevHash: r.prev_hash,
  type: r.type,
  at: r.at,
  counterId: r.counter_id ?? owner.counterId,
  shiftId: r.shift_id,
  payload: JSON.parse(r.payload) as Record<string, unknown>,
});

/**
 * The entries after `afterSeq` whose tag no key held opens: written outside the app. Entries of
 * an earlier version (no tag, and no entry with one before them) are not. Empty without keys.
 */
export function foreignEntries(journal: Journal, afterSeq: number): { seq: number; type: string }[] {
  const keys = tagKeysOf(journal);
  if (!keys) return [];
  let tagSeen: boolean | undefined;
  const found: { seq: number; type: string }[] = [];
  for (const r of journal.stmt<[number], TaggedRow>(`SELECT ${TAGGED_COLUMNS} FROM entries WHERE seq > ? ORDER BY seq`).all(afterSeq)) {
    const e = taggedEntryOf(journal, r);
    if (tagOpensWith(keys, e)) {
      tagSeen = true;
      continue;
    }
    tagSeen ??= journal.stmt<[number], { one: number }>(`SELECT 1 AS one FROM entries WHERE seq <= ? AND instr(payload, '"tag":"') > 0 ORDER BY seq DESC LIMIT 1`).get(afterSeq) !== undefined;
    if (hasTag(e) || tagSeen) found.push({ seq: e.seq, type: e.type });
    tagSeen ||= hasTag(e);
  }
  return found;
}
