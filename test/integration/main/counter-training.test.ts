import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callNames } from '../../../contract/calls.ts';
import { startCounter, type Counter } from '../../../main/counter.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { caller, contact, control, findOffer, originOf, sandbox, tempDir, type Caller } from './helpers.ts';

// The whole counter out of the box: no credential, so TRAINING against the embedded sandbox.

const tmp = tempDir();
const keychain = memoryKeychain();
let counter: Counter;
let c: Caller;
let bookedRef = '';

beforeAll(async () => {
  counter = await startCounter({ dataDir: tmp.dir, version: '0.1.0', keychain });
  c = caller(counter.dispatch);
});
afterAll(async () => {
  await counter.close();
  tmp.cleanup();
});

describe('TRAINING, out of the box', () => {
  it('runs the embedded sandbox on loopback with a journal of its own', async () => {
    const info = await c.ok('appInfo');
    expect(info).toMatchObject({
      name: 'Shubbak',
      version: '0.1.0',
      environment: 'TRAINING',
      stationName: 'Cairo Gateway counter 1',
      agent: { id: 'agent-1', name: 'Agent 1' },
    });
    expect(info.apiBaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(existsSync(join(tmp.dir, 'training', 'journal.db'))).toBe(true);
    expect(existsSync(join(tmp.dir, 'training', 'sandbox.db'))).toBe(true);
    // The embedded sandbox keeps only digests of its client secrets: none is in its files.
    for (const f of ['sandbox.db', 'sandbox.db-wal'].map((n) => join(tmp.dir, 'training', n)).filter((f) => existsSync(f))) {
      expect(readFileSync(f).includes(Buffer.from('sk_sandbox_demo')), `client secret in ${f}`).toBe(false);
    }
    const status = await c.ok('credentialsStatus');
    expect(status).toEqual({ environment: 'TRAINING', keychainAvailable: true, keychainProblem: null, credentials: [] });
  });

  it('answers reference data from the cache once filled, and refreshes on demand', async () => {
    const cities = await c.ok('listCities');
    expect(cities.length).toBeGreaterThanOrEqual(100);
    const ref = await c.ok('referenceData');
    expect(ref.operators.length).toBeGreaterThan(0);
    expect(ref.routes.length).toBeGreaterThan(0);
    expect(ref.refreshedAt).not.toBeNull();
    const again = await c.ok('refreshReference');
    expect(again.refreshedAt! >= ref.refreshedAt!).toBe(true);
    const db = new Database(join(tmp.dir, 'training', 'journal.db'), { readonly: true });
    expect((db.prepare('SELECT count(*) AS n FROM reference_cache').get() as { n: number }).n).toBe(3);
    db.close();
  });

  it('prices search results and offers at retail (default 10 %, whole pounds, never below NET)', async () => {
    const { priced, detail } = await findOffer(c);
    const net = priced.offer.net_price.amount_minor;
    expect(priced.retailPerSeatMinor).toBe(Math.ceil((net * 1.1) / 100) * 100);
    for (const fc of detail.offer.fare_classes) {
      expect(detail.retailByClass[fc.name]).toBeGreaterThanOrEqual(fc.price.amount_minor);
      expect(detail.retailByClass[fc.name]! % 100).toBe(0);
    }
    for (const s of detail.offer.seats) expect(detail.retailBySeat[s.number]).toBeGreaterThanOrEqual(s.price.amount_minor);
  });

  it('holds, releases, and sells a hold: retail from the held NET, cash and change, tickets listed', async () => {
    const { priced, detail } = await findOffer(c, 2);
    const seats = detail.offer.seats.filter((s) => s.available && s.class === detail.offer.seats.find((x) => x.available)!.class).slice(0, 2);
    const released = await c.ok('createHold', { offerId: priced.offer.id, seats: 2, seatsRequested: seats.map((s) => s.number) });
    expect(released).toMatchObject({ status: 'held', seats: 2 });
    expect(await c.ok('releaseHold', { holdId: released.id })).toEqual({ id: released.id, status: 'released' });

    const hold = await c.ok('createHold', { offerId: priced.offer.id, seats: 2, seatsRequested: seats.map((s) => s.number) });
    const retailPerSeat = detail.retailBySeat[seats[0]!.number]!;
    const saleId = randomUUID();
    const tooLittle = await c.err('sell', {
      saleId,
      offerId: hold.id,
      passengers: seats.map((s, i) => ({ full_name: `Traveller ${i + 1}`, seat: s.number })),
      contact,
      language: 'ar',
      cashTenderedMinor: retailPerSeat * 2 - 1,
    });
    expect(tooLittle.code).toBe('invalid_argument');
    const outcome = await c.ok('sell', {
      saleId,
      offerId: hold.id,
      passengers: seats.map((s, i) => ({ full_name: `Traveller ${i + 1}`, seat: s.number })),
      contact,
      language: 'ar',
      cashTenderedMinor: retailPerSeat * 2 + 5000,
    });
    expect(outcome).toMatchObject({
      status: 'confirmed',
      charged: true,
      cashRecorded: true,
      retailTotalMinor: retailPerSeat * 2,
      netTotalMinor: hold.total.amount_minor,
      changeMinor: 5000,
      language: 'ar',
    });
    expect(outcome.booking!.passengers.map((p) => p.seat)).toEqual(seats.map((s) => s.number));
    expect(await c.ok('getSale', { saleId })).toEqual(outcome);
    bookedRef = outcome.booking!.id;
    const sales = await c.ok('listSales');
    expect(sales[0]).toMatchObject({ saleId, status: 'confirmed', bookingReference: outcome.booking!.id, passengers: 2 });
    expect(sales[0]!.route).toBe('Cairo → Alexandria');
    expect(await c.ok('listSales', { before: sales[0]!.seq })).toEqual(sales.slice(1));
  });

  it('lists the tickets of a booking', async () => {
    const tickets = await c.ok('ticketList', { bookingReference: bookedRef });
    expect(tickets).toMatchObject({ booking_reference: bookedRef, ready: true, valid_for_travel: false });
    expect(tickets.passengers).toHaveLength(2);
    expect((await c.err('ticketList', { bookingReference: 'PB-NOPE' })).code).toBe('invalid_reference');
  });

  it('reads the wallet and its statement', async () => {
    const w = await c.ok('wallet');
    expect(w).toMatchObject({ currency: 'EGP', creditLimitMinor: 0, lowBalanceThresholdMinor: 500_000, low: false });
    const page = await c.ok('walletTransactions', { limit: 2 });
    expect(page.data.length).toBeLessThanOrEqual(2);
    expect(page.data[0]!.type).toBe('DEBIT');
  });

  it('keeps markup rules with who and when, and prices by them', async () => {
    const ref = await c.ok('referenceData');
    const { priced } = await findOffer(c);
    const operator = ref.operators.find((o) => o.name === priced.offer.operator.name)!;
    const rules = await c.ok('saveMarkupRule', {
      operatorId: operator.id,
      originId: null,
      destinationId: null,
      fareClass: null,
      percent: 0,
      fixedMinor: 1000,
    });
    const rule = rules.find((r) => r.operatorId === operator.id)!;
    expect(rule).toMatchObject({ changedBy: 'Agent 1', fixedMinor: 1000 });
    const { priced: again } = await findOffer(c);
    expect(again.retailPerSeatMinor).toBe(Math.ceil((again.offer.net_price.amount_minor + 1000) / 100) * 100);
    const { changedAt: _at, changedBy: _by, ...fields } = rule;
    expect((await c.err('saveMarkupRule', { ...fields, id: 'nope' })).code).toBe('not_found');
    expect((await c.err('saveMarkupRule', { operatorId: null, originId: null, destinationId: null, fareClass: null, percent: 101, fixedMinor: 0 })).code).toBe('invalid_argument');
    const left = await c.ok('deleteMarkupRule', { id: rule.id });
    expect(left.map((r) => r.id)).toEqual(['default']);
    expect((await c.ok('listMarkupRules')).map((r) => r.id)).toEqual(['default']);
  });

  it('verifies and backs up the journal while running', async () => {
    await counter.printed(); // main prints confirmed sales in the background; let it journal them first
    const check = await c.ok('verifyJournal');
    expect(check).toMatchObject({ ok: true, firstBadSeq: null });
    expect(check.entries).toBeGreaterThan(4);
    const backup = await c.ok('backupJournal');
    expect(backup.path).toMatch(/[/\\]backups[/\\]shubbak-training-ctr_[0-9a-f-]{36}-\d{8}T\d{9}Z-seq\d+\.db$/);
    expect(statSync(backup.path).size).toBe(backup.bytes);
    const copy = new Database(backup.path, { readonly: true });
    expect((copy.prepare('SELECT count(*) AS n FROM entries').get() as { n: number }).n).toBe(check.entries);
    copy.close();
  });

  it('answers every call of the contract (printing: not_configured until issue 6)', async () => {
    const printing = ['listPrinters', 'printSettings', 'savePrintSettings', 'printTestPage', 'printTickets', 'printReceipt'];
    for (const name of callNames) {
      const r = await counter.dispatch(name, undefined);
      if (!r.ok) expect(['invalid_argument', 'not_configured']).toContain(r.error.code);
      if (printing.includes(name) && !r.ok && r.error.code !== 'invalid_argument') expect(r.error.code).toBe('not_configured');
    }
  });
});

describe('switching credentials at run time', () => {
  it('goes to SANDBOX with a checked credential and back to TRAINING when it is removed', async () => {
    const ext = await sandbox();
    try {
      const bad = await c.err('saveCredential', { clientId: 'cid_sandbox_demo', clientSecret: 'sk_sandbox_wrong', baseUrl: ext.baseUrl });
      expect(bad.code).toBe('credential_rejected');
      expect((await c.err('saveCredential', { clientId: 'cid_sandbox_revoked', clientSecret: 'sk_sandbox_revoked', baseUrl: ext.baseUrl })).code).toBe(
        'credential_rejected',
      );
      expect((await c.err('saveCredential', { clientId: 'cid_live_demo', clientSecret: 'sk_sandbox_demo', baseUrl: ext.baseUrl })).code).toBe('invalid_argument');
      expect((await c.err('saveCredential', { clientId: 'cid_sandbox_demo', clientSecret: 'sk_sandbox_demo', baseUrl: 'http://example.com/v1' })).code).toBe(
        'invalid_base_url',
      );
      expect(counter.info.environment).toBe('TRAINING');

      const status = await c.ok('saveCredential', { clientId: 'cid_sandbox_demo_2', clientSecret: 'sk_sandbox_demo_2', baseUrl: ext.baseUrl });
      expect(status).toEqual({
        environment: 'SANDBOX',
        keychainAvailable: true, keychainProblem: null,
        credentials: [{ slot: 'primary', environment: 'SANDBOX', clientIdMasked: 'cid_sandbox_…mo_2', baseUrl: ext.baseUrl, savedAt: expect.any(String) }],
      });
      expect(counter.info).toMatchObject({ environment: 'SANDBOX', apiBaseUrl: ext.baseUrl });
      expect(existsSync(join(tmp.dir, 'journal-sandbox.db'))).toBe(true);
      // The new environment has its own journal: no TRAINING sales in it.
      expect(await c.ok('listSales')).toEqual([]);
      const { priced } = await findOffer(c);
      const sale = await c.ok('sell', {
        saleId: randomUUID(),
        offerId: priced.offer.id,
        passengers: [{ full_name: 'Nour Samir' }],
        contact,
        language: 'en',
        cashTenderedMinor: priced.retailPerSeatMinor,
      });
      expect(sale).toMatchObject({ status: 'confirmed', changeMinor: 0 });
      // The TRAINING sandbox was stopped with TRAINING.
      const trainingOrigin = originOf((await c.ok('appInfo')).apiBaseUrl);
      expect(trainingOrigin).toBe(ext.origin);

      const back = await c.ok('removeCredential', { slot: 'primary' });
      expect(back).toEqual({ environment: 'TRAINING', keychainAvailable: true, keychainProblem: null, credentials: [] });
      expect(counter.info.environment).toBe('TRAINING');
      expect((await c.ok('listSales')).length).toBeGreaterThan(0); // the TRAINING journal again
      expect((await control(originOf(counter.info.apiBaseUrl)).clock()).now).toMatch(/Z$/); // a fresh embedded sandbox answers
    } finally {
      await ext.close();
    }
  });
});
