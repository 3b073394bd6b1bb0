/**
 * Rendered ticket PDFs by key (booking and ETag), least recently used out first, bounded by count
 * and bytes. A render in progress is shared: concurrent downloads of one ticket render it once.
 */
export class PdfCache {
  readonly #entries = new Map<string, Promise<Buffer>>();
  readonly #sizes = new Map<string, number>();
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  #bytes = 0;

  constructor(options: { maxEntries?: number; maxBytes?: number } = {}) {
    this.#maxEntries = options.maxEntries ?? 256;
    this.#maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  }

  /** The cached PDF, else `render()` cached; `hit` says which. */
  get(key: string, render: () => Promise<Buffer>): { pdf: Promise<Buffer>; hit: boolean } {
    const cached = this.#entries.get(key);
    if (cached) {
      // Most recently used goes last.
      this.#entries.delete(key);
      this.#entries.set(key, cached);
      return { pdf: cached, hit: true };
    }
    const pdf = render();
    this.#entries.set(key, pdf);
    pdf.then(
      (buffer) => {
        if (this.#entries.get(key) !== pdf) return;
        this.#sizes.set(key, buffer.length);
        this.#bytes += buffer.length;
        this.#evict();
      },
      () => {
        if (this.#entries.get(key) === pdf) this.#entries.delete(key);
      },
    );
    this.#evict();
    return { pdf, hit: false };
  }

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
    this.#sizes.clear();
    this.#bytes = 0;
  }

  #evict(): void {
    for (const key of this.#entries.keys()) {
      if (this.#entries.size <= this.#maxEntries && this.#bytes <= this.#maxBytes) return;
      this.#entries.delete(key);
      this.#bytes -= this.#sizes.get(key) ?? 0;
      this.#sizes.delete(key);
    }
  }
}
