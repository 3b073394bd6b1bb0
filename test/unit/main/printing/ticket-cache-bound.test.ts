// The ticket cache keeps at most its bound of PDFs, the oldest going first, also across a restart
// (a new TicketCache on the same folder lists it once, by age).
import { createHash } from 'node:crypto';
import { readdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TicketCache } from '../../../../main/printing/ticket-cache.ts';
import { tempDir } from '../../../integration/main/helpers.ts';

let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp.cleanup());

const answer = (key: string) => async () => ({ bytes: new TextEncoder().encode(`%PDF ${key}`), etag: `"${key}"` });
const keptPdfs = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.pdf')).length;
const keptJson = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.json')).length;

describe('the ticket cache bound', () => {
  it('keeps the newest maxFiles PDFs with their metadata, across a restart', async () => {
    tmp = tempDir('shubbak-ticket-bound-');
    const dir = join(tmp.dir, 'cache');
    const first = new TicketCache(dir, () => {}, 3);
    for (const k of ['a', 'b', 'c', 'd', 'e']) await first.pdf(k, answer(k));
    expect([keptPdfs(dir), keptJson(dir)]).toEqual([3, 3]);
    // 'c', 'd', 'e' are kept: asked again, each comes from the cache
    for (const k of ['c', 'd', 'e']) expect((await first.pdf(k, async () => ({ bytes: null, etag: null }))).fromCache).toBe(true);
    expect((await first.pdf('a', answer('a'))).fromCache).toBe(false); // 'a' had gone; now 'c' goes

    // A restart: the folder is listed by age. Make 'd' the oldest on disk, then write one more.
    const old = new Date(Date.now() - 3_600_000);
    for (const f of readdirSync(dir)) if (f.endsWith('.pdf')) utimesSync(join(dir, f), new Date(), new Date());
    const [dName] = readdirSync(dir).filter((f) => f.endsWith('.pdf')).filter((f) => f === nameOf('d'));
    utimesSync(join(dir, dName!), old, old);
    const second = new TicketCache(dir, () => {}, 3);
    await second.pdf('f', answer('f'));
    expect(keptPdfs(dir)).toBe(3);
    expect(readdirSync(dir)).not.toContain(nameOf('d'));
  });
});

function nameOf(key: string): string {
  return `${createHash('sha256').update(key).digest('hex').slice(0, 32)}.pdf`;
}
