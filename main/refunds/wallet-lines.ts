// The wallet statement as this counter last read it (table wallet_lines, migration 0015): the
// claims are matched to its ADJUSTMENT lines without reading the whole statement every time.
// A read goes from the newest page down to the first line already known.
import type { Transaction } from '../../contract/partner/resources.ts';
import type { Journal } from '../journal/journal.ts';
import type { PartnerClient } from '../partner/client.ts';

/** The most pages read in one go (200 lines each): a first read of a long statement is bounded. */
const MAX_PAGES = 500;
const READ_AT = 'wallet_lines_read_at';

export interface StatementRead {
  added: number;
  readAt: string;
}

export async function readWalletLines(journal: Journal, client: Pick<PartnerClient, 'transactions'>): Promise<StatementRead> {
  const known = journal.stmt<[string], { n: number }>('SELECT 1 AS n FROM wallet_lines WHERE id = ?');
  const fresh: Transaction[] = [];
  let before: number | undefined;
  pages: for (let page = 0; page < MAX_PAGES; page++) {
    const res = await client.transactions({ limit: 200, ...(before === undefined ? {} : { before }) });
    for (const t of res.data) {
      if (known.get(t.id)) break pages;
      fresh.push(t);
    }
    if (!res.meta.has_more || res.meta.next_before == null) break;
    before = res.meta.next_before;
  }
  const readAt = journal.now().toISOString();
  journal.transaction(() => {
    const insert = journal.stmt(
      'INSERT INTO wallet_lines (id, type, amount_minor, booking_ref, reason, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
    );
    for (const t of fresh) insert.run(t.id, t.type, t.amount_minor, t.booking_ref ?? null, t.reason ?? null, t.created_at);
    journal.stmt("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(READ_AT, readAt);
  });
  return { added: fresh.length, readAt };
}

/** When the statement was last read into the counter, or null. */
export function walletLinesReadAt(journal: Journal): string | null {
  return (journal.stmt('SELECT value FROM meta WHERE key = ?').get(READ_AT) as { value: string } | undefined)?.value ?? null;
}
