// The wallet statement as this counter last read it (main/journal/queries/wallet-lines.ts): the
// claims are matched to its ADJUSTMENT lines without reading the whole statement every time.
// A read goes from the newest page down to the first line already known, keeping each page as it
// arrives. Where a read stops short (the API refused a page, or the read's page budget ran out) the
// cursor of the page not read is kept as a gap, and the next read goes on from there after the new
// lines: a long history cut by the rate limit is read in several looks, never from the top again.
import type { Transaction } from '../../contract/partner/resources.ts';
import type { Journal } from '../journal/journal.ts';
import { storeWalletPage, walletLineKnown, walletLineGaps, walletLinesRead } from '../journal/queries/wallet-lines.ts';
import type { PartnerClient } from '../partner/client.ts';

/** The most pages read in one look (200 lines each): a first read of a long statement is bounded. */
const MAX_PAGES = 500;

export interface StatementRead {
  added: number;
  readAt: string;
  /** Older lines are still to be read (a gap left for the next look). */
  unread: boolean;
}

export async function readWalletLines(journal: Journal, client: Pick<PartnerClient, 'transactions'>, maxPages = MAX_PAGES): Promise<StatementRead> {
  // The new lines first (from the newest page), then each gap an earlier read left, oldest last.
  const todo: (number | undefined)[] = [undefined, ...walletLineGaps(journal)];
  const gapsLeft = () => todo.filter((c): c is number => c !== undefined);
  let added = 0;
  let pages = 0;
  while (todo.length > 0 && pages < maxPages) {
    pages++;
    const res = await client.transactions({ limit: 200, ...(todo[0] === undefined ? {} : { before: todo[0] }) });
    const fresh: Transaction[] = [];
    let reachedKnown = false;
    for (const t of res.data) {
      if (walletLineKnown(journal, t.id)) {
        reachedKnown = true;
        break;
      }
      fresh.push(t);
    }
    if (reachedKnown || !res.meta.has_more || res.meta.next_before == null) todo.shift();
    else todo[0] = res.meta.next_before;
    storeWalletPage(journal, fresh, gapsLeft());
    added += fresh.length;
  }
  const readAt = journal.now().toISOString();
  walletLinesRead(journal, readAt);
  return { added, readAt, unread: gapsLeft().length > 0 };
}
