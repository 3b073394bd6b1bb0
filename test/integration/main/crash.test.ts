import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaleOutcome } from '../../../contract/counter.ts';
import type { Result } from '../../../contract/errors.ts';
import { foldSale, saleIdOf, SALE_ENTRY_TYPES, type FoldEntry, type SaleIntentFacts } from '../../../core/sale-fold.ts';
import { systemClock } from '../../../main/clock.ts';
import { PartnerClient } from '../../../main/partner/client.ts';
import { idempotencyKeyOf } from '../../../main/selling/sale-request.ts';
import { contact, daysAhead, sandbox, tempDir } from './helpers.ts';

// A real child process is killed (SIGKILL) at chosen moments of a sale; the next start on the
// same journal resumes it with the same key and body. The sandbox ledger then shows exactly one
// DEBIT for the sale and the journal exactly one sale with one cash entry.

const ROOT = join(import.meta.dirname, '../../..');
const NODE = join(ROOT, 'node_modules/.bin/node');
const CHILD = join(import.meta.dirname, 'fixtures/sell-child.ts');

let sbx: Awaited<ReturnType<typeof sandbox>>;
let api: PartnerClient;
beforeAll(async () => {
  sbx = await sandbox();
  api = new PartnerClient({
    baseUrl: sbx.baseUrl,
    credentials: [{ clientId: 'cid_sandbox_demo', clientSecret: 'sk_sandbox_demo' }],
    version: 'test',
    clock: systemClock,
    sleep: async () => {},
  });
});
afterAll(() => sbx.close());
beforeEach(() => sbx.control.reset());

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

interface ChildControl {
  kill(): void;
  /** Lets a child held after its intent (SHUBBAK_HOLD_AFTER_INTENT) go on. */
  go(): void;
}

function child(mode: 'sell' | 'resume', env: Record<string, string>, onLine?: (line: string, c: ChildControl) => void): Promise<Run> {
  return new Promise((resolve, reject) => {
    const p = spawn(NODE, [CHILD, mode], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    const control: ChildControl = { kill: () => p.kill('SIGKILL'), go: () => p.stdin.write('\n') };
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d: Buffer) => {
      const text = d.toString();
      stdout += text;
      for (const line of text.split('\n')) if (line) onLine?.(line, control);
    });
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    p.on('error', reject);
    p.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

const lastJson = (out: string) => JSON.parse(out.trim().split('\n').at(-1)!) as Result<SaleOutcome>;

async function saleArgs() {
  const cities = await api.cities();
  const cairo = cities.find((c) => c.name === 'Cairo')!;
  const alex = cities.find((c) => c.name === 'Alexandria')!;
  const found = await api.search({ origin: cairo.id, destination: alex.id, departure_date: daysAhead(3), passengers: 1 });
  const offer = found.data[0]!;
  return {
    saleId: randomUUID(),
    offerId: offer.id,
    passengers: [{ full_name: 'Crash Test Traveller' }],
    contact,
    language: 'ar' as const,
    cashTenderedMinor: 10_000_00,
  };
}

/**
 * The journal file as the killed process left it. The sale is read from its entries (the record):
 * its read-model row is folded just after its commits (main/journal/held-back.ts), so a process
 * killed between them leaves the entries, and the next start folds the row.
 */
function journalFacts(dataDir: string, saleId: string) {
  const db = new Database(join(dataDir, 'journal-sandbox.db'), { readonly: true });
  try {
    const rows = db.prepare(`SELECT seq, at, type, payload FROM entries WHERE type IN (${SALE_ENTRY_TYPES.map((t) => `'${t}'`).join(', ')}) ORDER BY seq`).all() as FoldEntry[];
    const entries = rows.map((r) => ({ ...r, payload: JSON.parse(r.payload as string) as unknown })).filter((e) => saleIdOf(e) === saleId);
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    return {
      sale: foldSale<SaleIntentFacts & { idempotencyKey: string; requestBody: string }>(entries),
      row: db.prepare('SELECT * FROM sales WHERE sale_id = ?').get(saleId) as Record<string, unknown> | undefined,
      sales: count('SELECT count(*) AS n FROM sales'),
      cash: count('SELECT count(*) AS n FROM cash_movements'),
      cashEntries: count("SELECT count(*) AS n FROM entries WHERE type = 'cash.received'"),
      intents: count("SELECT count(*) AS n FROM entries WHERE type = 'sale.intent'"),
    };
  } finally {
    db.close();
  }
}

/** Resolves once the sandbox is handling a POST /bookings with this key. */
function inFlightOnce(key: string): Promise<void> {
  return vi.waitFor(async () => expect(await sbx.control.bookingsInFlight()).toContain(key), { timeout: 10_000, interval: 20 });
}

async function debits() {
  return (await api.transactions({ limit: 200 })).data.filter((t) => t.type === 'DEBIT');
}

async function crashThenResume(crash: { at?: string; duringRequest?: boolean }) {
  const tmp = tempDir();
  try {
    const sale = await saleArgs();
    const env = { SHUBBAK_DATA_DIR: tmp.dir, SHUBBAK_BASE_URL: sbx.baseUrl, SHUBBAK_SALE: JSON.stringify(sale) };
    const firstEnv = crash.at ? { ...env, SHUBBAK_CRASH_AT: crash.at } : { ...env, SHUBBAK_HOLD_AFTER_INTENT: '1' };
    const first = await child('sell', firstEnv, (line, c) => {
      // Slow the sandbox down once the intent is in, so the booking request is still on the wire when killed.
      if (crash.duringRequest && line === 'INTENT') void sbx.control.config({ latency_ms: 2500 }).then(c.go);
      // Killed once the sandbox holds the request (its key in flight), not after a guessed delay.
      if (crash.duringRequest && line === 'SENDING') void inFlightOnce(idempotencyKeyOf(sale.saleId)).then(c.kill);
    });
    expect(first.signal, first.stderr).toBe('SIGKILL');
    const before = journalFacts(tmp.dir, sale.saleId);
    expect(before.sale, 'the intent was committed before the process died').toMatchObject({
      intent: { idempotencyKey: idempotencyKeyOf(sale.saleId) },
      cashRecorded: false,
    });
    expect(['sending', 'unknown']).toContain(before.sale!.status);
    const body = before.sale!.intent.requestBody;
    if (crash.duringRequest) await sbx.control.config({ latency_ms: 0 });
    // The killed process's request runs to its end in the sandbox; the next start comes after it.
    await vi.waitFor(async () => expect(await sbx.control.bookingsInFlight()).toEqual([]), { timeout: 10_000, interval: 50 });

    const second = await child('resume', env);
    expect(second.code, second.stderr).toBe(0);
    const result = lastJson(second.stdout);
    expect(result.ok).toBe(true);
    const outcome = (result as { ok: true; value: SaleOutcome }).value;
    expect(outcome).toMatchObject({ status: 'confirmed', charged: true, cashRecorded: true });

    const after = journalFacts(tmp.dir, sale.saleId);
    expect(after.sale!.intent.requestBody).toBe(body);
    expect(after.row, 'the row folded again from the entries').toMatchObject({ request_body: body, status: 'confirmed', cash_recorded: 1 });
    expect(after).toMatchObject({ sales: 1, intents: 1, cash: 1, cashEntries: 1 });
    const d = await debits();
    expect(d).toHaveLength(1);
    expect(d[0]!.booking_ref).toBe(outcome.booking!.id);
    return { first, second };
  } finally {
    tmp.cleanup();
  }
}

describe('killing the counter in the middle of a sale', () => {
  it('after the intent is committed, before the request is sent', async () => {
    await crashThenResume({ at: 'after-intent' });
  });

  it('after the sale is marked sending, as the request goes out', async () => {
    await crashThenResume({ at: 'before-send' });
  });

  it('while POST /bookings is on the wire (slow sandbox, killed mid-request)', async () => {
    const { first } = await crashThenResume({ duringRequest: true });
    expect(first.stdout).toContain('SENDING');
  });

  it('after the API answered 201, before the outcome was recorded', async () => {
    await crashThenResume({ at: 'after-send' });
  });
});
