// The API's ticket PDFs kept on this counter, validated with ETag / If-None-Match on every print:
// an unchanged ticket reprints without being downloaded again (a 304), a changed one (a
// rescheduled trip, a new ticket version) replaces the kept copy, so nothing is printed stale.
// One folder per environment; a damaged or missing file is fetched again; the oldest files go
// once there are more than MAX_FILES.
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

  constructor(dir: string, log: (message: string, err?: unknown) => void = () => {}) {
    this.#dir = dir;
    this.#log = log;
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
        this.#trim();
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

  #trim(): void {
    const files = readdirSync(this.#dir).filter((f) => f.endsWith('.pdf'));
    if (files.length <= MAX_FILES) return;
    const byAge = files.map((f) => ({ f, at: statSync(join(this.#dir, f)).mtimeMs })).sort((a, b) => a.at - b.at);
    for (const { f } of byAge.slice(0, files.length - MAX_FILES)) {
      rmSync(join(this.#dir, f), { force: true });
      rmSync(join(this.#dir, f.replace(/\.pdf$/, '.json')), { force: true });
    }
  }
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
