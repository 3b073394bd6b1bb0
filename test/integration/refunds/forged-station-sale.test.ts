// A counter's database login in the wrong hands (its password is on the counter PC, its signing key
// in that PC's keychain) appends, through the one path it has, a made-up sale of a real cancelled
// booking with an enormous cash amount and no valid signature. Another window of the station is
// asked to refund that booking: nothing is paid, and it says why (station_sale_unverified). A
// made-up refund written the same way is named in the station report's integrity, which then does
// not call its figures verified, and is left out of the station's claims, which say so. The same
// made-up sale shipped with the counter's own key (an insider with the PC) holds fewer fields than
// any counter writes: it is station_sale_invalid, and nothing is paid either.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { startCounter, type Counter } from '../../../main/counter.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { enrolCounter } from '../../../main/station/admin.ts';
import { stationPool } from '../../../main/station/database.ts';
import { chainHeadMessage, newCounterSigner } from '../../../main/station/counter-key.ts';
import { entryHash, GENESIS_HASH } from '../../../main/journal/chain.ts';
import type { RunningSandbox } from '../../../sandbox/server.ts';
import { startPostgres, type TestPostgres } from '../../support/postgres.ts';
import { caller, keychainWith, sandbox, tempDir, type Caller } from '../main/helpers.ts';
import { closeStationFile, sellSeats } from './helpers.ts';

let api: RunningSandbox;
let db: TestPostgres;
let owner: pg.Pool;
const dirs = [tempDir('shubbak-forged-b-'), tempDir('shubbak-forged-x-')];
const counters: Counter[] = [];
let window: Caller; // a window of the station
let elsewhere: Caller; // a counter of the same account, not of this station
let password: string;
let password2: string;

beforeAll(async () => {
  api = await sandbox();
  db = await startPostgres({ station: true });
  owner = stationPool({ host: db.host, port: db.port, database: db.database, user: db.user });
  ({ password } = await enrolCounter(owner, { stationId: 'stn_cairo', stationName: 'Cairo Gateway', counterId: 'ctr_stolen', login: 'stolen_1', environment: 'SANDBOX', publicKey: newCounterSigner().signer.publicKey }));
  ({ password: password2 } = await enrolCounter(owner, { stationId: 'stn_cairo', stationName: 'Cairo Gateway', counterId: 'ctr_stolen_2', login: 'stolen_2', environment: 'SANDBOX', publicKey: newCounterSigner().signer.publicKey }));
  for (const d of dirs) {
    const counter = await startCounter({ dataDir: d.dir, version: '0.1.0', keychain: memoryKeychain(keychainWith('cid_sandbox_demo', api.baseUrl)), shipEveryMs: 200 });
    counters.push(counter);
  }
  [window, elsewhere] = counters.map((k) => caller(k.dispatch)) as [Caller, Caller];
  await window.ok('connectStation', { stationId: 'stn_cairo', stationName: 'Cairo Gateway', host: db.host, port: db.port, database: db.database, user: db.user, tls: false });
});
afterAll(() => closeStationFile({ counters, pools: [owner], db, api, dirs }));

/** Entries chained as a counter chains them, for `counterId` from seq 1. */
function chainOf(counterId: string) {
  const entries: Record<string, unknown>[] = [];
  let prev = GENESIS_HASH;
  const add = (type: string, payload: object) => {
    const seq = entries.length + 1;
    const f = { seq, prevHash: prev, type, at: new Date().toISOString(), payload: JSON.stringify(payload), counterId, shiftId: 'shift-x' };
    const hash = entryHash(f);
    prev = hash;
    entries.push({ seq, at: f.at, type, payload: f.payload, prev_hash: f.prevHash, hash, chained_counter: true, shift_id: f.shiftId });
  };
  return { entries, add };
}

/** The entries of a sale (of fewer fields than a counter writes) chained as a counter would, for counter `counterId` from seq 1. */
function madeUpSale(bookingReference: string, cashMinor: number, counterId = 'ctr_stolen') {
  const { entries, add } = chainOf(counterId);
  const offer = { originId: null, originName: 'Cairo', destinationId: null, destinationName: 'Alexandria', departureAt: null };
  add('sale.intent', { saleId: 'made-up-1', businessDay: '2026-07-01', currency: 'EGP', netTotalMinor: 100, retailTotalMinor: cashMinor, offer, requestBody: JSON.stringify({ passengers: [{ full_name: 'Hoda Salem' }] }), environment: 'SANDBOX' });
  add('sale.outcome', { saleId: 'made-up-1', status: 'confirmed', bookingReference, booking: null });
  add('cash.received', { saleId: 'made-up-1', amountMinor: cashMinor, changeMinor: 0 });
  return entries;
}

describe('a sale written at the station by a stolen login, with no signature of its counter', () => {
  it('is not refunded at another window: nothing is paid, and the window says why', async () => {
    const real = await sellSeats(elsewhere, ['Hoda Salem'], 3);
    expect((await fetch(`${api.origin}/_sandbox/bookings/${real.ref}/cancel-trip`, { method: 'POST' })).ok).toBe(true);
    const stolen = stationPool({ host: db.host, port: db.port, database: db.database, user: 'stolen_1', password });
    try {
      // The one path a counter login has: accepted at write time (PostgreSQL cannot check Ed25519).
      await stolen.query('SELECT ship_entries($1, $2::jsonb, $3)', ['ctr_stolen', JSON.stringify(madeUpSale(real.ref, 5_000_000)), 'not-a-signature']);
    } finally {
      await stolen.end();
    }
    expect((await owner.query("SELECT count(*)::int AS n FROM entries WHERE counter_id = 'ctr_stolen'")).rows[0].n).toBe(3);
    const quoted = await window.err('refundQuote', { bookingReference: real.ref });
    expect(quoted).toMatchObject({ code: 'station_sale_unverified', counterId: 'ctr_stolen' });
    expect((await window.err('refund', { bookingReference: real.ref, language: 'en' })).code).toBe('station_sale_unverified');
    // The window's journal holds no refund.
    expect((await window.ok('claims')).claims).toHaveLength(0);
  });
});

describe('a refund written at the station by a stolen login, with no signature of its counter', () => {
  it('is named in the station report, which does not call its figures verified', async () => {
    const clean = await window.ok('stationReport');
    const day = clean.date;
    expect(clean.integrity?.problems.filter((p) => p.counterId === 'ctr_stolen_2')).toEqual([]);
    const { entries, add } = chainOf('ctr_stolen_2');
    add('refund.paid', {
      refundId: '00000000-0000-4000-8000-000000000001', saleId: 'x', bookingReference: 'SBX-MADEUP', passengerIndexes: [0], wholeBooking: true, saleCounterId: 'ctr_stolen_2',
      travellers: [], route: 'x', cause: 'cancelled', currency: 'EGP', retailMinor: 5_000_000, keptMinor: 0, amountMinor: 5_000_000, claimable: true, claimNetMinor: 5_000_000,
      reason: null, policy: null, approvedBy: null, agentId: 'a', agentName: 'a', shiftId: 'shift-x', businessDay: day,
    });
    const stolen = stationPool({ host: db.host, port: db.port, database: db.database, user: 'stolen_2', password: password2 });
    try {
      await stolen.query('SELECT ship_entries($1, $2::jsonb, $3)', ['ctr_stolen_2', JSON.stringify(entries), 'not-a-signature']);
    } finally {
      await stolen.end();
    }
    const report = await window.ok('stationReport');
    expect(report.integrity?.verified).toBe(false);
    expect(report.integrity?.problems).toContainEqual(expect.objectContaining({ counterId: 'ctr_stolen_2', kind: 'foreign', seq: 1 }));
    // The station's claims leave it out, and say so: nobody is asked for that money.
    const claims = await window.ok('claims');
    expect(claims.claims.map((x) => x.bookingReference)).not.toContain('SBX-MADEUP');
    expect(claims.station).toEqual({ stationError: null, leftOut: { counterId: 'ctr_stolen_2', seq: 1 } });
  });
});

describe('a sale written at the station with the counter’s own login and key, of fields no counter writes', () => {
  it('is not refunded at another window: station_sale_invalid names the entry, nothing is paid', async () => {
    // the insider has the counter PC: its database login and the signing key in its keychain
    const { signer } = newCounterSigner();
    const login = await enrolCounter(owner, { stationId: 'stn_cairo', stationName: 'Cairo Gateway', counterId: 'ctr_insider', login: 'insider_1', environment: 'SANDBOX', publicKey: signer.publicKey });
    const real = await sellSeats(elsewhere, ['Hoda Salem'], 3);
    expect((await fetch(`${api.origin}/_sandbox/bookings/${real.ref}/cancel-trip`, { method: 'POST' })).ok).toBe(true);
    const entries = madeUpSale(real.ref, 5_000_000, 'ctr_insider');
    const head = entries.at(-1)!;
    const insider = stationPool({ host: db.host, port: db.port, database: db.database, user: 'insider_1', password: login.password });
    try {
      const shipped = await insider.query('SELECT ship_entries($1, $2::jsonb, $3) AS refused', ['ctr_insider', JSON.stringify(entries), signer.sign(chainHeadMessage('ctr_insider', 3, head.hash as string))]);
      expect(shipped.rows[0].refused).toBeNull();
    } finally {
      await insider.end();
    }
    const quoted = await window.err('refundQuote', { bookingReference: real.ref });
    expect(quoted).toMatchObject({ code: 'station_sale_invalid', counterId: 'ctr_insider', seq: 1, message: expect.stringMatching(/entry 1 of counter ctr_insider is not one a counter writes \(sale\.intent: /) });
    expect((await window.err('refund', { bookingReference: real.ref, language: 'ar' })).code).toBe('station_sale_invalid');
    expect((await window.ok('claims')).claims.map((x) => x.bookingReference)).not.toContain(real.ref);
  });
});

describe('a refund its counter ships, then finds written outside the app', () => {
  it('counts as a claim at another window until the finding arrives, then the claims are folded again without it', async () => {
    const { signer } = newCounterSigner();
    const login = await enrolCounter(owner, { stationId: 'stn_cairo', stationName: 'Cairo Gateway', counterId: 'ctr_late', login: 'late_1', environment: 'SANDBOX', publicKey: signer.publicKey });
    const { date } = await window.ok('stationReport');
    const { entries, add } = chainOf('ctr_late');
    add('refund.paid', {
      refundId: '00000000-0000-4000-8000-000000000002', saleId: 'x', bookingReference: 'SBX-LATE', passengerIndexes: [0], wholeBooking: true, saleCounterId: 'ctr_late',
      travellers: [{ passengerIndex: 0, name: 'Hoda Salem', seat: null }], route: 'Cairo → Alexandria', cause: 'cancelled', currency: 'EGP', retailMinor: 5_000_000, keptMinor: 0,
      amountMinor: 5_000_000, claimable: true, claimNetMinor: 4_000_000, reason: null, approvedBy: null, agentId: 'a', agentName: 'Agent', shiftId: 'shift-x', businessDay: date,
    });
    add('journal.foreign_entries', { count: 1, entries: [{ seq: 1, type: 'refund.paid' }], seqs: [1] });
    const late = stationPool({ host: db.host, port: db.port, database: db.database, user: 'late_1', password: login.password });
    const ship = async (batch: Record<string, unknown>[]) => {
      const head = batch.at(-1)!;
      const shipped = await late.query('SELECT ship_entries($1, $2::jsonb, $3) AS refused', ['ctr_late', JSON.stringify(batch), signer.sign(chainHeadMessage('ctr_late', head.seq as number, head.hash as string))]);
      expect(shipped.rows[0].refused).toBeNull();
    };
    const claimed = async () => (await window.ok('claims')).claims.map((x) => x.bookingReference);
    try {
      await ship(entries.slice(0, 1));
      expect(await claimed()).toContain('SBX-LATE');
      await ship(entries.slice(1));
      expect(await claimed()).not.toContain('SBX-LATE');
    } finally {
      await late.end();
    }
  });
});
