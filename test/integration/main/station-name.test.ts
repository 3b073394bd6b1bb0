// The counter's name as a supervisor setting, through the whole counter (startCounter +
// dispatch, TRAINING against the embedded sandbox): saved per counter in the data folder, shown
// by appInfo at once, kept over a restart, and printed on the receipts of the sales made after.
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCounter, type Counter, DEFAULT_STATION_NAME } from '../../../main/counter.ts';
import type { Spooler } from '../../../main/printing/spooler.ts';
import { COUNTER_SETTINGS_FILE } from '../../../main/settings/counter.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { pdfText } from '../../unit/pdf/pdf-tools.ts';
import { caller, contact, daysAhead, tempDir, type Caller } from './helpers.ts';

const tmp = tempDir('shubbak-station-');
const keychain = memoryKeychain();
const START_NAME = 'Luxor counter 2';
const RENAMED = 'Aswan Nile counter 3';

// A spooler that keeps what it is given: the receipts' text is read from the PDFs handed to it.
const printed = new Map<string, Buffer>();
const spooler: Spooler = {
  listPrinters: () => Promise.resolve([{ name: 'Receipts', isDefault: true }]),
  print(_printer, pdf) {
    const jobId = `job-${printed.size + 1}`;
    printed.set(jobId, Buffer.from(pdf));
    return Promise.resolve({ jobId });
  },
};

let counter: Counter;
let c: Caller;
const start = async (logged: string[] = []) => {
  counter = await startCounter({ dataDir: tmp.dir, version: '0.1.0', keychain, stationName: START_NAME, spooler, log: (m) => logged.push(m) });
  c = caller(counter.dispatch);
};

beforeAll(() => start());
afterAll(async () => {
  await counter?.close();
  tmp.cleanup();
});

/** A confirmed sale (no seat chosen) and the text of its receipt. */
async function saleReceipt(): Promise<string> {
  const cities = await c.ok('listCities');
  const id = (name: string) => cities.find((x) => x.name === name)!.id;
  const found = await c.ok('search', { origin: id('Cairo'), destination: id('Alexandria'), departureDate: daysAhead(3), passengers: 1 });
  const saleId = randomUUID();
  const sale = await c.ok('sell', {
    saleId,
    offerId: found.offers[0]!.offer.id,
    passengers: [{ full_name: 'Mona Ali' }],
    contact,
    language: 'en',
    cashTenderedMinor: 100_000_00,
  });
  expect(sale.status).toBe('confirmed');
  const r = await c.ok('printReceipt', { saleId });
  expect(r.status).toBe('sent');
  return pdfText(printed.get(r.jobId!)!);
}

describe('the station name setting', () => {
  it('is the start-up option until one is saved', async () => {
    expect((await c.ok('appInfo')).stationName).toBe(START_NAME);
  });

  it('saves a name (trimmed): appInfo shows it at once, and receipts of new sales print it', async () => {
    await c.ok('savePrintSettings', { ticketPrinter: 'Receipts', receiptPrinter: 'Receipts', receiptPaper: '80mm' });
    const before = await saleReceipt();
    expect(before).toContain(START_NAME);

    const info = await c.ok('saveStationName', { stationName: `  ${RENAMED} ` });
    expect(info.stationName).toBe(RENAMED);
    expect((await c.ok('appInfo')).stationName).toBe(RENAMED);
    expect(counter.info.stationName).toBe(RENAMED);
    const file = JSON.parse(readFileSync(join(tmp.dir, COUNTER_SETTINGS_FILE), 'utf8')) as Record<string, unknown>;
    expect(file).toMatchObject({ version: 1, stationName: RENAMED, savedAt: expect.any(String) });

    const after = await saleReceipt();
    expect(after).toContain(RENAMED);
    expect(after).not.toContain(START_NAME);
  });

  it('refuses an empty name and one of 81 characters with invalid_argument, keeping the saved one', async () => {
    for (const stationName of ['', '   ', 'x'.repeat(81)]) {
      const err = await c.err('saveStationName', { stationName });
      expect(err.code).toBe('invalid_argument');
      expect(err.fields?.[0]?.field).toBe('stationName');
    }
    expect((await c.err('saveStationName', undefined as never)).code).toBe('invalid_argument');
    // 80 is fine
    expect((await c.ok('saveStationName', { stationName: 'y'.repeat(80) })).stationName).toBe('y'.repeat(80));
    expect((await c.ok('saveStationName', { stationName: RENAMED })).stationName).toBe(RENAMED);
  });

  it('keeps the saved name over a restart on the same data folder', async () => {
    await counter.close();
    await start();
    expect((await c.ok('appInfo')).stationName).toBe(RENAMED);
  });

  it('falls back to the start-up option (logged) when the file is damaged', async () => {
    await counter.close();
    writeFileSync(join(tmp.dir, COUNTER_SETTINGS_FILE), '{"version":1,"stationName":""}');
    const logged: string[] = [];
    await start(logged);
    expect((await c.ok('appInfo')).stationName).toBe(START_NAME);
    expect(logged.some((m) => m.startsWith('counter settings:') && m.includes('not valid'))).toBe(true);
    await counter.close();
    // …and to the built-in name without a start-up option
    counter = await startCounter({ dataDir: tmp.dir, version: '0.1.0', keychain, spooler });
    c = caller(counter.dispatch);
    expect((await c.ok('appInfo')).stationName).toBe(DEFAULT_STATION_NAME);
  });
});
