// The wallet statement as this counter last read it (main/journal/queries/wallet-lines.ts): the
// claims are matched to its ADJUSTMENT lines without reading the whole statement every time.
// A read goes from the newest page down to the first line already known.
import type { Transaction } from '../../contract/partner/resources.ts';
import type { Journal } from '../journal/journal.ts';
import { storeWalletLines, walletLineKnown } from '../journal/queries/wallet-lines.ts';
import type { PartnerClient } from '../partner/client.ts';

/** The most pages read in one go (200 lines each): a first read of a long statement is bounded. */
const MAX_PAGES = 500;

export interface StatementRead {
  added: number;
  readAt: string;
}

export async function readWalletLines(journal: Journal, client: Pick<PartnerClient, 'transactions'>): Promise<StatementRead> {
  const fresh: Transaction[] = [];
  let before: number | undefined;
  pages: for (let page = 0; page < MAX_PAGES; page++) {
    const res = await client.transactions({ limit: 200, ...(before === undefined ? {} : { before }) });
    for (const t of res.data) {
      if (walletLineKnown(journal, t.id)) break pages;
      fresh.push(t);
    }
    if (!res.meta.has_more || res.meta.next_before == null) break;
    before = res.meta.next_before;
  }
  const readAt = journal.now().toISOString();
  storeWalletLines(journal, fresh, readAt);
  return { added: fresh.length, readAt };
}
