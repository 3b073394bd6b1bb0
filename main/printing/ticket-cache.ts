// The API's ticket PDFs kept on this counter, validated with ETag / If-None-Match on every print:
// an unchanged ticket reprints without being downloaded again (a 304), a changed one (a
// rescheduled trip, a new ticket version) replaces the kept copy, so nothing is printed stale.
// One folder per environment; a damaged or missing file is fetched again; the oldest files go
// once there are more than MAX_FILES. The folder is listed once: after that the kept names are
// known in memory, oldest first, so a busy day's thousandth ticket costs what its first did.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { privateDir, writePrivateFile } from '../files/private.ts';
import { join } from 'node:path';
import { z } from 'zod';

const MAX_FILES = 2_000;

const Meta = z.object({ etag: z.string().min(1), sha256: z.string().length(64) });

export type FetchPdf = (etag: string | undefined) => Promise<{ bytes: Uint8Array | null; etag: string | null }>;

export class TicketCache {
  readonly #dir: string;
  readonly #log: (message: string, err?: unknown) => void;
  /** The kept PDFs' names, least recently written first; null until the folder is first listed. */
  #kept: Set<string> | null = null;

  readonly #maxFiles: number;

  constructor(dir: string, log: (message: string, err?: unknown) => void = () => {}, maxFiles = MAX_FILES) {
    this.#dir = dir;
    this.#log = log;
    this.#maxFiles = maxFiles;
  }

  /** The PDF of `key` (reference, language, traveller), from the API or, when unchanged, from here. */
  async pdf(key: string, fetchPdf: FetchPdf): Promise<{ pdf: Uint8Array; fromCache: boolean }> {
    const name = createHash('sha256').update(key).digest('hex').slice(0, 32);
    const pdfPath = join(this.#dir, `${name}.pdf`);
    const metaPath = join(this.#dir, `${name}.json`);
    const kept = this.#read(pdfPath, metaPath);
    let answer = await fetchPdf(kept?.etag);
    if (answer.bytes === null && kept) return { pdf: kept.pdf, fromCache: true };
    // A 304 for a copy no longer here: ask for the whole PDF.
    if (answer.bytes === null) answer = await fetchPdf(undefined);
    if (answer.bytes === null) throw new Error('The API answered 304 to a request without If-None-Match');
    if (answer.etag) {
      try {
        privateDir(this.#dir);
        writePrivateFile(pdfPath, answer.bytes);
        writePrivateFile(metaPath, JSON.stringify({ etag: answer.etag, sha256: sha256(answer.bytes) }));
        this.#trim(`${name}.pdf`);
      } catch (err) {
        this.#log('ticket cache: a ticket PDF could not be kept (it is printed all the same)', err);
      }
    }
    return { pdf: answer.bytes, fromCache: false };
  }

  #read(pdfPath: string, metaPath: string): { pdf: Uint8Array; etag: string } | null {
    try {
      const meta = Meta.parse(JSON.parse(readFileSync(metaPath, 'utf8')));
      const pdf = readFileSync(pdfPath);
      if (sha256(pdf) !== meta.sha256) throw new Error('the kept PDF does not match its checksum');
      return { pdf, etag: meta.etag };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') this.#log('ticket cache: a kept ticket is damaged and is fetched again', err);
      return null;
    }
  }

  /** `written` is now the newest; the oldest go while more than maxFiles are kept. */
  #trim(written: string): void {
    this.#kept ??= this.#listed();
    this.#kept.delete(written);
    this.#kept.add(written);
    for (const f of this.#kept) {
      if (this.#kept.size <= this.#maxFiles) break;
      rmSync(join(this.#dir, f), { force: true });
      rmSync(join(this.#dir, f.replace(/\.pdf$/, '.json')), { force: true });
      this.#kept.delete(f);
    }
  }

  #listed(): Set<string> {
    const files = readdirSync(this.#dir).filter((f) => f.endsWith('.pdf'));
    const byAge = files.map((f) => ({ f, at: statSync(join(this.#dir, f)).mtimeMs })).sort((a, b) => a.at - b.at);
    return new Set(byAge.map(({ f }) => f));
  }
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
