import type { PageMeta } from '../../contract/partner/index.ts';

// Cursor pagination shared by GET /holds, /bookings and /wallet/transactions: newest first,
// `before` is the exclusive upper bound of the row sequence number, `next_before` the cursor of
// the next page (null on the last one).

export interface Page<T> {
  items: T[];
  meta: PageMeta;
}

export interface PageRequest {
  limit: number;
  /** Exclusive upper bound on `seq`; undefined for the first page. */
  before: number | undefined;
}

export const DEFAULT_PAGE_SIZE = 50;

export function pageRequest(query: { limit?: number | undefined; before?: number | undefined }): PageRequest {
  return { limit: query.limit ?? DEFAULT_PAGE_SIZE, before: query.before };
}

/**
 * Cursor pagination, newest first. `rows` were fetched with `seq < before ORDER BY seq DESC
 * LIMIT limit + 1`: the extra row only says whether another page exists.
 */
export function toPage<R extends { seq: number }, T>(rows: R[], request: PageRequest, present: (row: R) => T): Page<T> {
  const hasMore = rows.length > request.limit;
  const pageRows = hasMore ? rows.slice(0, request.limit) : rows;
  return {
    items: pageRows.map(present),
    meta: {
      count: pageRows.length,
      has_more: hasMore,
      next_before: hasMore ? pageRows[pageRows.length - 1]!.seq : null,
    },
  };
}

/** SQL cursor bound: `seq < ?` with this value is "no bound" on the first page. */
export const cursorBound = (request: PageRequest): number => request.before ?? Number.MAX_SAFE_INTEGER;
