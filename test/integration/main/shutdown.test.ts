// Shutdown drains in order (issue 24): a TRAINING counter closes while the tickets of one sale are
// with the spooler and another sale's prints wait in the queue. The close takes no new call,
// lets the print in progress finish and journals it, leaves the queued ones owed, and closes the
// journal last: nothing is written to a closed database. The next start prints what was owed.
import { describe, expect, it } from 'vitest';
import { startCounter } from '../../../main/counter.ts';
import type { Spooler } from '../../../main/printing/spooler.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { caller, sellOneSeat, tempDir } from './helpers.ts';

function spoolerHeldAtFirstJob() {
  const jobs: string[] = [];
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let reached!: () => void;
  const first = new Promise<void>((r) => (reached = r));
  const spooler: Spooler = {
    listPrinters: async () => [
      { name: 'Tickets', isDefault: true },
      { name: 'Receipts', isDefault: false },
    ],
    print: async (printer) => {
      jobs.push(printer);
      if (jobs.length === 1) {
        reached();
        await held;
      }
      return { jobId: `job-${jobs.length}` };
    },
  };
  return { spooler, jobs, release, first };
}

describe('closing the counter with prints queued', () => {
  it('finishes the print in progress, parks the rest, closes the journal last; the next start prints what was owed', async () => {
    const tmp = tempDir('shubbak-shutdown-');
    const logged: string[] = [];
    const log = (m: string, err?: unknown) => logged.push(`${m} ${err instanceof Error ? err.message : ''}`);
    const keychain = memoryKeychain();
    try {
      const s = spoolerHeldAtFirstJob();
      const counter = await startCounter({ dataDir: tmp.dir, version: '0.1.0', keychain, spooler: s.spooler, log });
      const c = caller(counter.dispatch);
      await c.ok('savePrintSettings', { ticketPrinter: 'Tickets', receiptPrinter: 'Receipts', receiptPaper: '80mm' });
      const first = await sellOneSeat(c, 'Hoda Salem', 0);
      await s.first; // the first sale's tickets are with the spooler, held there
      const second = await sellOneSeat(c, 'Karim Nabil', 0);
      expect([first.status, second.status]).toEqual(['confirmed', 'confirmed']);

      const closing = counter.close();
      // no new work once closing has begun
      expect(await counter.dispatch('appInfo', undefined)).toMatchObject({ ok: false, error: { code: 'not_configured', message: 'The counter is closing' } });
      s.release();
      await closing;
      expect(s.jobs).toEqual(['Tickets']); // only the job in progress went out
      expect(logged.filter((l) => /not open|closed database|connection/i.test(l))).toEqual([]);

      // the next start: the first sale's tickets were journalled as sent; the rest was owed and prints now
      const again = spoolerHeldAtFirstJob();
      again.release();
      const next = await startCounter({ dataDir: tmp.dir, version: '0.1.0', keychain, spooler: again.spooler, log });
      try {
        const n = caller(next.dispatch);
        await next.printed();
        const a = await n.ok('getSale', { saleId: first.saleId });
        const b = await n.ok('getSale', { saleId: second.saleId });
        expect(a.prints.tickets).toMatchObject({ status: 'sent', result: { jobId: 'job-1', printer: 'Tickets' } });
        expect(a.prints.receipt.status).toBe('sent');
        expect([b.prints.tickets.status, b.prints.receipt.status]).toEqual(['sent', 'sent']);
        expect(again.jobs.sort()).toEqual(['Receipts', 'Receipts', 'Tickets']);
        expect((await n.ok('verifyJournal')).ok).toBe(true);
      } finally {
        await next.close();
      }
      expect(logged.filter((l) => /not open|closed database/i.test(l))).toEqual([]);
    } finally {
      tmp.cleanup();
    }
  });
});
