// The data folder is the user's alone. An installation of an earlier version (a folder 0755, files
// 0644) is tightened at start; then a real TRAINING session (a sale printed on the CUPS-PDF
// printers, a reprint, a day report exported as CSV and PDF, a journal backup, settings saved,
// the ticket cache filled) leaves every folder 0700 and every file 0600, WAL and SHM included.
import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startCounter } from '../../../main/counter.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { RECEIPT_PRINTER, TICKET_PRINTER } from '../../support/cups.ts';
import { caller, filesUnder, sellOneSeat, tempDir } from '../main/helpers.ts';

const tmp = tempDir('shubbak-modes-');
afterAll(() => tmp.cleanup());

const modeOf = (path: string) => statSync(path).mode & 0o777;

function foldersUnder(dir: string): string[] {
  return [dir, ...readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).flatMap((e) => foldersUnder(join(dir, e.name)))];
}

describe('the data folder', () => {
  it('of an earlier version (0755 / 0644) is tightened at start; after a whole session every folder is 0700 and every file 0600', async () => {
    // what an earlier version left
    chmodSync(tmp.dir, 0o755);
    mkdirSync(join(tmp.dir, 'backups'), { mode: 0o755 });
    writeFileSync(join(tmp.dir, 'backups', 'journal-old.db'), 'x', { mode: 0o644 });
    writeFileSync(join(tmp.dir, 'counter-settings.json'), '{}', { mode: 0o644 });
    chmodSync(join(tmp.dir, 'backups'), 0o755);

    const counter = await startCounter({ dataDir: tmp.dir, version: '0.1.0', keychain: memoryKeychain() });
    const c = caller(counter.dispatch);
    expect(modeOf(tmp.dir)).toBe(0o700);
    expect(modeOf(join(tmp.dir, 'backups'))).toBe(0o700);
    expect(modeOf(join(tmp.dir, 'backups', 'journal-old.db'))).toBe(0o600);

    await c.ok('savePrintSettings', { ticketPrinter: TICKET_PRINTER, receiptPrinter: RECEIPT_PRINTER, receiptPaper: '80mm' });
    await c.ok('saveStationName', { stationName: 'Modes Station' });
    const sale = await sellOneSeat(c, 'Mode Tester', 0);
    expect(sale.status).toBe('confirmed');
    await counter.printed();
    await c.ok('printTickets', { saleId: sale.saleId }); // a reprint: from the ticket cache
    await c.ok('exportDayReport', { language: 'en', format: 'csv' });
    await c.ok('exportDayReport', { language: 'ar', format: 'pdf' });
    await c.ok('backupJournal');
    await c.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: '246802' });

    const files = await filesUnder(tmp.dir);
    const rel = files.map((f) => relative(tmp.dir, f));
    // the session made what it should: the journal with its WAL, the sandbox, backups, exports, the cache, settings
    for (const expected of [/^training\/journal\.db$/, /^training\/journal\.db-wal$/, /^training\/journal\.db-shm$/, /^training\/sandbox\.db/, /^backups\/journal-.+\.db$/, /^reports\/.+\.csv$/, /^reports\/.+\.pdf$/, /ticket-cache\/.+\.pdf$/, /\.json$/]) {
      expect(rel.some((r) => expected.test(r)), `${expected} in ${rel.join(', ')}`).toBe(true);
    }
    for (const f of files) expect(modeOf(f).toString(8), relative(tmp.dir, f)).toBe('600');
    for (const d of foldersUnder(tmp.dir)) expect(modeOf(d).toString(8), relative(tmp.dir, d) || '.').toBe('700');
    await counter.close();
  });
});
