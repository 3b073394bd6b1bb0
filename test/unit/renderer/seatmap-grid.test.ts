import { describe, expect, it } from 'vitest';
import { buildDecks, classLegend, classOfSeats, nextSeat, parseSeatInput, toggleSeat } from '../../../renderer/src/seatmap/grid.ts';
import { pricedDetail } from '../../support/sale-fixtures.ts';

describe('decks of a seat map', () => {
  it('cuts a double-decker at its full EMPTY row and names the decks from deck_label', () => {
    const { offer } = pricedDetail('doubledecker');
    const map = offer.seat_map!;
    expect(map.deck_label).toBe('Upper deck / Lower deck');
    const decks = buildDecks(map, offer.seats);
    expect(decks.map((d) => d.label)).toEqual(['Upper deck', 'Lower deck']);
    expect(decks.reduce((n, d) => n + d.rows, 0)).toBe(map.rows - 1);
    const seats = decks.flatMap((d) => d.cells.filter((c) => c.kind === 'SEAT'));
    expect(seats).toHaveLength(offer.seats.length);
    expect(new Set(seats.map((s) => s.number)).size).toBe(offer.seats.length);
    // the lower deck's driver is at its own first row; stairs on both decks at the same column
    const lower = decks[1]!;
    expect(lower.cells.find((c) => c.kind === 'DRIVER')).toMatchObject({ row: 1, column: 1 });
    const stairs = decks.map((d) => d.cells.find((c) => c.kind === 'STAIRS')?.column);
    expect(stairs[0]).toBeDefined();
    expect(stairs[0]).toBe(stairs[1]);
    // rows restart from 1 in each deck and stay within it
    for (const d of decks) expect(d.cells.every((c) => c.row >= 1 && c.row <= d.rows && c.column >= 1 && c.column <= d.columns)).toBe(true);
  });

  it('keeps a single deck whole, with every kind of cell and no blank cells drawn', () => {
    const { offer } = pricedDetail('vip2x1');
    const decks = buildDecks(offer.seat_map!, offer.seats);
    expect(decks).toHaveLength(1);
    expect(decks[0]!.label).toBeNull();
    expect(decks[0]!.rows).toBe(offer.seat_map!.rows);
    const kinds = new Set(decks[0]!.cells.map((c) => c.kind));
    expect([...kinds].sort()).toEqual(['DOOR', 'DRIVER', 'SEAT', 'TABLE', 'WC']);
    expect(decks[0]!.cells.find((c) => c.kind === 'DRIVER')).toMatchObject({ row: 1, column: 1 });
  });

  it('does not split when the label names one deck', () => {
    const { offer } = pricedDetail('doubledecker');
    const decks = buildDecks({ ...offer.seat_map!, deck_label: null }, offer.seats);
    expect(decks).toHaveLength(1);
  });

  it('moves between seats by arrow, physically, and across decks side by side', () => {
    const { offer } = pricedDetail('doubledecker');
    const decks = buildDecks(offer.seat_map!, offer.seats);
    const upper = decks[0]!;
    const first = upper.cells.find((c) => c.number === '1')!;
    expect(nextSeat(decks, { deck: 0, row: first.row, column: first.column }, 'right')).toEqual({ deck: 0, number: '2' });
    expect(nextSeat(decks, { deck: 0, row: first.row, column: first.column }, 'down')?.number).toBe('5');
    expect(nextSeat(decks, { deck: 0, row: first.row, column: first.column }, 'up')).toBeNull();
    const four = upper.cells.find((c) => c.number === '4')!;
    expect(nextSeat(decks, { deck: 0, row: four.row, column: four.column }, 'right')?.deck).toBe(1);
  });
});

describe('picking seats', () => {
  const detail = pricedDetail('business2x2', { taken: ['7'] });
  const seats = detail.offer.seats;
  const seat = (n: string) => seats.find((s) => s.number === n)!;

  it('toggles seats up to the passenger count, then drops the oldest pick', () => {
    let pick = toggleSeat([], seat('9'), 2, seats);
    expect(pick.seats).toEqual(['9']);
    pick = toggleSeat(pick.seats, seat('10'), 2, seats);
    expect(pick.seats).toEqual(['9', '10']);
    pick = toggleSeat(pick.seats, seat('11'), 2, seats);
    expect(pick).toEqual({ seats: ['10', '11'], note: 'replaced_oldest' });
    pick = toggleSeat(pick.seats, seat('10'), 2, seats);
    expect(pick.seats).toEqual(['11']);
    expect(toggleSeat(['11'], seat('7'), 2, seats).seats).toEqual(['11']); // taken: no change
  });

  it('starts over when a seat of another fare class is picked (one class per booking)', () => {
    expect(seat('1').class).toBe('Business');
    expect(seat('9').class).toBe('Economy');
    expect(toggleSeat(['9'], seat('1'), 2, seats)).toEqual({ seats: ['1'], note: 'class_changed' });
    expect(classOfSeats(['1'], seats)).toBe('Business');
  });

  it('reads typed seat numbers and says what is wrong', () => {
    expect(parseSeatInput('12 14', 2, seats)).toEqual({ ok: true, seats: ['12', '14'] });
    expect(parseSeatInput('12,14', 2, seats)).toEqual({ ok: true, seats: ['12', '14'] });
    expect(parseSeatInput('١٢ ١٤', 2, seats)).toEqual({ ok: true, seats: ['12', '14'] });
    expect(parseSeatInput('\u200f١٢\u200f \u200f١٤\u200f', 2, seats)).toEqual({ ok: true, seats: ['12', '14'] });
    expect(parseSeatInput('\u2067١٢، ١٤\u2069', 2, seats)).toEqual({ ok: true, seats: ['12', '14'] });
    expect(parseSeatInput('12', 2, seats)).toEqual({ ok: false, problem: { kind: 'count', expected: 2, got: 1 } });
    expect(parseSeatInput('12 99', 2, seats)).toEqual({ ok: false, problem: { kind: 'unknown', seat: '99' } });
    expect(parseSeatInput('7 12', 2, seats)).toEqual({ ok: false, problem: { kind: 'taken', seat: '7' } });
    expect(parseSeatInput('12 12', 2, seats)).toEqual({ ok: false, problem: { kind: 'duplicate', seat: '12' } });
    expect(parseSeatInput('1 12', 2, seats)).toEqual({ ok: false, problem: { kind: 'classes' } });
  });

  it('lists the fare classes cheapest first with their free seats', () => {
    const legend = classLegend(detail.offer);
    expect(legend.map((c) => c.name)).toEqual(['Economy', 'Business']);
    const [eco, biz] = legend;
    expect(eco?.free).toBe(eco?.total);
    expect(biz?.free).toBe((biz?.total ?? 0) - 1); // seat 7 is a Business seat
  });
});
