// Reading the wallet statement into the counter page by page (main/refunds/wallet-lines.ts), over a
// real journal file: a read cut short (the API refuses a page, or the look's page budget runs out)
// keeps what it read, and the next looks go on from where it stopped, after any new lines, until
// every line is in. Nothing is read twice from the top.
import { afterEach, describe, expect, it } from 'vitest';
import type { Transaction } from '../../../../contract/partner/resources.ts';
import { AppFailure } from '../../../../main/failure.ts';
import { lastWalletLine, walletLineGaps } from '../../../../main/journal/queries/wallet-lines.ts';
import { readWalletLines } from '../../../../main/refunds/wallet-lines.ts';
import { openTempJournal } from '../journal/helpers.ts';

/** A statement of `n` lines, newest first (ids t<n>…t1), paged 200 at a time by `before` (an id number). */
function statement(n: number) {
  const lines: Transaction[] = [];
  const add = () => {
    const k = lines.length + 1;
    lines.unshift({ id: `t${k}`, type: k % 10 === 0 ? 'ADJUSTMENT' : 'TOPUP', amount_minor: 100, balance_after_minor: 100 * k, currency: 'EGP', booking_ref: null, reason: null, created_at: new Date(Date.UTC(2026, 0, 1) + k * 60_000).toISOString() });
  };
  for (let i = 0; i < n; i++) add();
  let refuseAfter = Infinity;
  const calls: (number | undefined)[] = [];
  const client = {
    async transactions(page: { limit?: number; before?: number }) {
      calls.push(page.before);
      if (calls.length > refuseAfter) throw new AppFailure('rate_limited', 'Too many requests', { retryable: true });
      const limit = page.limit ?? 200;
      const from = page.before === undefined ? 0 : lines.findIndex((t) => Number(t.id.slice(1)) < page.before!);
      const data = from < 0 ? [] : lines.slice(from, from + limit);
      const last = data.at(-1);
      const has_more = from >= 0 && from + limit < lines.length;
      return { data, meta: { count: data.length, has_more, next_before: has_more && last ? Number(last.id.slice(1)) : null } };
    },
  };
  return { client, calls, add, refuseAfter: (k: number) => ((refuseAfter = calls.length + k), undefined), allow: () => void (refuseAfter = Infinity) };
}

let open: ReturnType<typeof openTempJournal> | null = null;
afterEach(() => {
  open?.cleanup();
  open = null;
});

describe('reading the wallet statement into the counter', () => {
  it('reads a whole statement, then only the new lines', async () => {
    open = openTempJournal();
    const s = statement(1_000);
    expect(await readWalletLines(open.journal, s.client)).toMatchObject({ added: 1_000, unread: false });
    expect(s.calls).toHaveLength(5);
    s.add();
    s.add();
    expect(await readWalletLines(open.journal, s.client)).toMatchObject({ added: 2, unread: false });
    expect(s.calls).toHaveLength(6);
    expect(lastWalletLine(open.journal)).toBe(1_002);
  });

  it('keeps the pages read before the API refused one, and goes on from there at the next look', async () => {
    open = openTempJournal();
    const s = statement(1_400);
    s.refuseAfter(3);
    await expect(readWalletLines(open.journal, s.client)).rejects.toMatchObject({ error: { code: 'rate_limited' } });
    expect(lastWalletLine(open.journal)).toBe(600);
    expect(walletLineGaps(open.journal)).toEqual([801]);
    // Meanwhile a settlement arrives; the next looks read it first, then the rest from the gap.
    s.add();
    s.refuseAfter(3);
    await expect(readWalletLines(open.journal, s.client)).rejects.toMatchObject({ error: { code: 'rate_limited' } });
    s.allow();
    const done = await readWalletLines(open.journal, s.client);
    expect(done.unread).toBe(false);
    expect(lastWalletLine(open.journal)).toBe(1_401);
    expect(walletLineGaps(open.journal)).toEqual([]);
    // Never from the top again: 3 + (1 new + 2 older) + the rest (2 pages) + the refusals.
    expect(s.calls.filter((before) => before === undefined)).toHaveLength(3);
  });

  it('a look with a page budget leaves the rest for the next look', async () => {
    open = openTempJournal();
    const s = statement(1_000);
    expect(await readWalletLines(open.journal, s.client, 2)).toMatchObject({ added: 400, unread: true });
    expect(await readWalletLines(open.journal, s.client, 2)).toMatchObject({ added: 200, unread: true });
    expect(await readWalletLines(open.journal, s.client, 10)).toMatchObject({ added: 400, unread: false });
    expect(lastWalletLine(open.journal)).toBe(1_000);
  });
});
