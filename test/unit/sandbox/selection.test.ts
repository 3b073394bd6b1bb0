import { describe, expect, it } from 'vitest';
import { ApiProblem } from '../../../sandbox/http/problem.ts';
import { selectSeats, type SelectionInput } from '../../../sandbox/seats/selection.ts';

// A small coach: seats 1-4 Business, 5-10 Economy.
const seats = Array.from({ length: 10 }, (_, i) => ({ number: String(i + 1), fareClass: i < 4 ? 'Business' : 'Economy' }));
const base = (change: Partial<SelectionInput> = {}): SelectionInput => ({
  classes: ['Economy', 'Business'],
  seatSelection: true,
  slots: [null],
  seatOf: (n) => seats.find((s) => s.number === n),
  free: seats,
  ...change,
});
const named = (...numbers: string[]) => numbers.map((seat, i) => ({ seat, field: `passengers[${i}].seat` }));

function problemOf(run: () => unknown): ApiProblem {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiProblem) return error;
    throw error;
  }
  throw new Error('expected a problem');
}

describe('selectSeats: fare class resolution order', () => {
  it('1. takes the class sent', () => {
    expect(selectSeats(base({ requestedClass: { name: 'business', field: 'fare_class' } })).fareClass).toBe('Business');
  });

  it('2. else the class of the named seats', () => {
    expect(selectSeats(base({ slots: named('2') }))).toEqual({ fareClass: 'Business', seats: ['2'] });
  });

  it('3. else the class held', () => {
    const hold = { id: 'PH-1', fareClass: 'Business', seats: ['3'] };
    expect(selectSeats(base({ hold, free: seats.filter((s) => s.number !== '3') }))).toEqual({ fareClass: 'Business', seats: ['3'] });
  });

  it('4. else the cheapest class with room for every slot', () => {
    expect(selectSeats(base()).fareClass).toBe('Economy');
    const onlyBusinessFree = seats.filter((s) => s.fareClass === 'Business' || s.number === '5');
    expect(selectSeats(base({ slots: [null, null], free: onlyBusinessFree })).fareClass).toBe('Business');
  });
});

describe('selectSeats: refusals', () => {
  it('422 naming the seat of a second class', () => {
    const problem = problemOf(() => selectSeats(base({ slots: named('1', '6') })));
    expect([problem.status, problem.code, problem.errors?.map((e) => e.field)]).toEqual([422, 'invalid_request', ['passengers[1].seat']]);
  });

  it('422 naming a seat outside the class sent, and an unknown class', () => {
    const outside = problemOf(() => selectSeats(base({ slots: named('6'), requestedClass: { name: 'Business', field: 'fare_class' } })));
    expect(outside.errors?.map((e) => e.field)).toEqual(['passengers[0].seat']);
    const unknown = problemOf(() => selectSeats(base({ requestedClass: { name: 'First', field: 'fare_class' } })));
    expect(unknown.errors?.map((e) => e.field)).toEqual(['fare_class']);
  });

  it('422 for a seat that does not exist, a seat named twice, or any seat where seats are assigned at boarding', () => {
    expect(problemOf(() => selectSeats(base({ slots: named('99') }))).errors?.[0]?.field).toBe('passengers[0].seat');
    expect(problemOf(() => selectSeats(base({ slots: named('5', '5') }))).errors?.[0]?.field).toBe('passengers[1].seat');
    expect(problemOf(() => selectSeats(base({ seatSelection: false, slots: named('5') }))).status).toBe(422);
  });

  it('409 seats_unavailable for a taken seat or too few seats left', () => {
    const taken = problemOf(() => selectSeats(base({ slots: named('5'), free: seats.filter((s) => s.number !== '5') })));
    expect([taken.status, taken.code]).toEqual([409, 'seats_unavailable']);
    const few = problemOf(() => selectSeats(base({ slots: [null, null], requestedClass: { name: 'Business', field: 'fare_class' }, free: seats.slice(0, 1) })));
    expect(few.code).toBe('seats_unavailable');
  });
});

describe('selectSeats: assignment', () => {
  it('keeps named seats in their slots and fills the others in layout order', () => {
    expect(selectSeats(base({ slots: [null, { seat: '7', field: 'x' }, null] })).seats).toEqual(['5', '7', '6']);
  });

  it('fills from the hold first, and lets a passenger name a free seat of the held class instead', () => {
    const hold = { id: 'PH-1', fareClass: 'Economy', seats: ['9', '10'] };
    const free = seats.filter((s) => !hold.seats.includes(s.number));
    expect(selectSeats(base({ hold, free, slots: [null, null] })).seats).toEqual(['9', '10']);
    expect(selectSeats(base({ hold, free, slots: [{ seat: '6', field: 'x' }, null] })).seats).toEqual(['6', '9']);
  });
});
