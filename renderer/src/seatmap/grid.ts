import type { CellKind, OfferDetail, Seat, SeatMap } from '../../../contract/partner/resources.ts';
import { typedNumber } from '../../../core/digits.ts';

// The seat map as the agent sees it: the API's one rows × columns grid cut into decks (a
// double-decker's upper deck rows, one full row of EMPTY cells, then the lower deck's rows;
// sandbox-interface.md), each cell placed by its own row and column. Pure.

export interface MapCell {
  /** Row within its deck, from 1. */
  row: number;
  column: number;
  kind: CellKind;
  seat: Seat | null;
  /** Set on SEAT cells: the seat number (even if the seat list lacks it). */
  number: string | null;
}

export interface Deck {
  /** From deck_label split on " / " (e.g. "Upper deck"); null on a single deck without one. */
  label: string | null;
  rows: number;
  columns: number;
  cells: MapCell[];
}

/** Splits the grid into decks at full EMPTY rows when deck_label names more than one deck. */
export function buildDecks(map: SeatMap, seats: readonly Seat[]): Deck[] {
  const byNumber = new Map(seats.map((s) => [s.number, s]));
  const labels = (map.deck_label ?? '').split(' / ').map((l) => l.trim()).filter(Boolean);
  const ranges: { from: number; to: number }[] = [];
  if (labels.length > 1) {
    let start: number | null = null;
    for (let r = 1; r <= map.rows; r++) {
      const blank = map.cells.every((c) => c.row !== r || c.kind === 'EMPTY');
      const anyCell = map.cells.some((c) => c.row === r);
      if (blank && anyCell) {
        if (start !== null) ranges.push({ from: start, to: r - 1 });
        start = null;
      } else if (start === null) start = r;
    }
    if (start !== null) ranges.push({ from: start, to: map.rows });
  }
  const split = ranges.length === labels.length && labels.length > 1;
  const decks = split ? ranges : [{ from: 1, to: map.rows }];
  return decks.map((range, i) => {
    const cells: MapCell[] = [];
    for (const c of map.cells) {
      if (c.row < range.from || c.row > range.to) continue;
      if (c.kind === 'EMPTY' || c.kind === 'AISLE') continue; // blank space: nothing to draw
      const number = c.kind === 'SEAT' ? (c.seat ?? null) : null;
      cells.push({ row: c.row - range.from + 1, column: c.column, kind: c.kind, seat: number ? (byNumber.get(number) ?? null) : null, number });
    }
    return {
      label: split ? (labels[i] as string) : map.deck_label,
      rows: range.to - range.from + 1,
      columns: map.columns,
      cells,
    };
  });
}

/** Seats of a map in reading order (row, then column), for arrow-key movement. */
export function seatCells(deck: Deck): MapCell[] {
  return deck.cells.filter((c) => c.kind === 'SEAT').sort((a, b) => a.row - b.row || a.column - b.column);
}

/**
 * The next seat from `from` in a direction, across decks laid side by side (deck index in
 * `decks` order). Up/down stay in the column (nearest column if none); left/right move along the row
 * and then to the neighbouring deck. Physical directions: the map is never mirrored.
 */
export function nextSeat(decks: readonly Deck[], from: { deck: number; row: number; column: number }, dir: 'up' | 'down' | 'left' | 'right'): { deck: number; number: string } | null {
  const deck = decks[from.deck];
  if (!deck) return null;
  const seats = seatCells(deck);
  const dist = (c: MapCell) => Math.abs(c.row - from.row) * 10 + Math.abs(c.column - from.column);
  let candidates: MapCell[];
  if (dir === 'up') candidates = seats.filter((c) => c.row < from.row);
  else if (dir === 'down') candidates = seats.filter((c) => c.row > from.row);
  else if (dir === 'left') candidates = seats.filter((c) => c.row === from.row && c.column < from.column);
  else candidates = seats.filter((c) => c.row === from.row && c.column > from.column);
  if (candidates.length === 0) {
    if (dir === 'left' || dir === 'right') {
      const other = decks[from.deck + (dir === 'left' ? -1 : 1)];
      if (!other) return null;
      const otherSeats = seatCells(other);
      const pick = otherSeats
        .filter((c) => c.row === from.row)
        .sort((a, b) => (dir === 'left' ? b.column - a.column : a.column - b.column))[0] ??
        otherSeats.sort((a, b) => Math.abs(a.row - from.row) - Math.abs(b.row - from.row))[0];
      return pick?.number ? { deck: from.deck + (dir === 'left' ? -1 : 1), number: pick.number } : null;
    }
    return null;
  }
  const best = candidates.sort((a, b) => {
    if (dir === 'up' || dir === 'down') {
      const ra = Math.abs(a.row - from.row);
      const rb = Math.abs(b.row - from.row);
      return ra - rb || Math.abs(a.column - from.column) - Math.abs(b.column - from.column);
    }
    return dist(a) - dist(b);
  })[0];
  return best?.number ? { deck: from.deck, number: best.number } : null;
}

export interface SeatPick {
  seats: string[];
  /** Why the pick changed beyond what was asked (a seat of another class replaced the others). */
  note: 'class_changed' | 'replaced_oldest' | null;
}

/**
 * Clicking a seat: toggles it; picking past the passenger count drops the oldest pick; picking a
 * seat of another fare class starts the pick over (one fare class per booking).
 */
export function toggleSeat(current: readonly string[], seat: Seat, count: number, seats: readonly Seat[]): SeatPick {
  if (current.includes(seat.number)) return { seats: current.filter((s) => s !== seat.number), note: null };
  if (!seat.available) return { seats: [...current], note: null };
  const classOf = (n: string) => seats.find((s) => s.number === n)?.class ?? null;
  if (current.length > 0 && current.some((n) => classOf(n) !== seat.class)) return { seats: [seat.number], note: 'class_changed' };
  if (current.length >= count) return { seats: [...current.slice(current.length - count + 1), seat.number], note: 'replaced_oldest' };
  return { seats: [...current, seat.number], note: null };
}

export type SeatInputProblem =
  | { kind: 'count'; expected: number; got: number }
  | { kind: 'unknown'; seat: string }
  | { kind: 'taken'; seat: string }
  | { kind: 'duplicate'; seat: string }
  | { kind: 'classes' };

/** "12 14", "12,14", "١٢ ١٤" typed by the agent: the seats, or the first problem found. */
export function parseSeatInput(text: string, count: number, seats: readonly Seat[]): { ok: true; seats: string[] } | { ok: false; problem: SeatInputProblem } {
  const western = typedNumber(text);
  const tokens = western.split(/[\s,،;+]+/).map((t) => t.trim().toUpperCase()).filter(Boolean);
  const byNumber = new Map(seats.map((s) => [s.number.toUpperCase(), s]));
  const seen = new Set<string>();
  const picked: Seat[] = [];
  for (const t of tokens) {
    const seat = byNumber.get(t);
    if (!seat) return { ok: false, problem: { kind: 'unknown', seat: t } };
    if (seen.has(t)) return { ok: false, problem: { kind: 'duplicate', seat: t } };
    seen.add(t);
    if (!seat.available) return { ok: false, problem: { kind: 'taken', seat: seat.number } };
    picked.push(seat);
  }
  if (picked.length !== count) return { ok: false, problem: { kind: 'count', expected: count, got: picked.length } };
  if (new Set(picked.map((s) => s.class)).size > 1) return { ok: false, problem: { kind: 'classes' } };
  return { ok: true, seats: picked.map((s) => s.number) };
}

/** The fare class of a pick (all seats share one), else null. */
export function classOfSeats(picked: readonly string[], seats: readonly Seat[]): string | null {
  const first = seats.find((s) => s.number === picked[0]);
  return first?.class ?? null;
}

/** Fare classes of the offer, cheapest first, with how many of their seats are free now. */
export function classLegend(detail: OfferDetail): { name: string; free: number; total: number }[] {
  return detail.fare_classes
    .map((fc) => ({
      name: fc.name,
      free: detail.seats.length ? detail.seats.filter((s) => s.class === fc.name && s.available).length : fc.seats_available,
      total: detail.seats.filter((s) => s.class === fc.name).length,
      price: fc.price.amount_minor,
    }))
    .sort((a, b) => a.price - b.price)
    .map(({ name, free, total }) => ({ name, free, total }));
}
