import { ApiProblem, invalidField, invalidRequest, type FieldError } from '../http/problem.ts';

// Which fare class and which seats a hold or a booking gets (partner-api.md § POST /holds and
// § POST /bookings, rule 1). Pure: the caller supplies what is free.

export interface SelectableSeat {
  number: string;
  fareClass: string;
}

export interface SelectionInput {
  /** Fare class names of the departure, cheapest first. */
  classes: readonly string[];
  seatSelection: boolean;
  /** Seats named by the request, one per slot (null: assign one), each with its field path. */
  slots: readonly ({ seat: string; field: string } | null)[];
  /** The `fare_class` sent, if any. */
  requestedClass?: { name: string; field: string } | undefined;
  /** Confirming a hold: its class and the seats it keeps (usable first). */
  hold?: { id: string; fareClass: string; seats: readonly string[] } | undefined;
  /** The layout seat of a number, undefined when the coach has no such seat. */
  seatOf: (number: string) => SelectableSeat | undefined;
  /** Free seats in layout order (seats kept by `hold` are not in it). */
  free: readonly SelectableSeat[];
}

export interface Selection {
  fareClass: string;
  /** One seat per slot, in slot order. */
  seats: string[];
}

/** Resolves class and seats, or throws 422 `invalid_request` / 409 `seats_unavailable`. */
export function selectSeats(input: SelectionInput): Selection {
  const named = namedSeats(input);
  const fareClass = resolveClass(input, named);
  const held = new Set(input.hold?.seats ?? []);
  const freeNumbers = new Set(input.free.map((s) => s.number));

  for (const { number } of named) {
    if (!freeNumbers.has(number) && !held.has(number)) {
      throw new ApiProblem('seats_unavailable', `Seat ${number} is no longer available.`);
    }
  }

  // Unnamed slots take the hold's remaining seats first, then free seats of the class.
  const namedSet = new Set(named.map((n) => n.number));
  const pool = [
    ...(input.hold?.seats ?? []).filter((s) => !namedSet.has(s)),
    ...input.free.filter((s) => s.fareClass === fareClass && !namedSet.has(s.number)).map((s) => s.number),
  ];
  const unnamed = input.slots.filter((slot) => slot === null).length;
  if (pool.length < unnamed) {
    throw new ApiProblem(
      'seats_unavailable',
      `Only ${pool.length} seat(s) left in ${fareClass}; ${unnamed} requested.`,
    );
  }
  let next = 0;
  return { fareClass, seats: input.slots.map((slot) => slot?.seat ?? pool[next++]!) };
}

interface NamedSeat {
  number: string;
  field: string;
  fareClass: string;
}

function namedSeats(input: SelectionInput): NamedSeat[] {
  const errors: FieldError[] = [];
  const named: NamedSeat[] = [];
  const seen = new Set<string>();
  for (const slot of input.slots) {
    if (!slot) continue;
    if (!input.seatSelection) {
      errors.push({ field: slot.field, message: 'this operator assigns seats at boarding; omit the seat' });
    } else if (seen.has(slot.seat)) {
      errors.push({ field: slot.field, message: `seat ${slot.seat} is named twice` });
    } else {
      const seat = input.seatOf(slot.seat);
      if (!seat) errors.push({ field: slot.field, message: `there is no seat ${slot.seat} on this coach` });
      else named.push({ number: seat.number, field: slot.field, fareClass: seat.fareClass });
    }
    seen.add(slot.seat);
  }
  if (errors.length > 0) throw invalidRequest(errors);
  return named;
}

/** Class resolution order: the class sent; else the named seats' class; else the held class; else the cheapest with room. */
function resolveClass(input: SelectionInput, named: NamedSeat[]): string {
  let fareClass: string | undefined;
  if (input.requestedClass) {
    fareClass = input.classes.find((c) => c.toLowerCase() === input.requestedClass!.name.toLowerCase());
    if (!fareClass) {
      throw invalidField(input.requestedClass.field, `no fare class "${input.requestedClass.name}" on this departure (classes: ${input.classes.join(', ')})`);
    }
    if (input.hold && input.hold.fareClass !== fareClass) {
      throw invalidField(input.requestedClass.field, `hold ${input.hold.id} is for class ${input.hold.fareClass}`);
    }
    const outside = named.filter((n) => n.fareClass !== fareClass);
    if (outside.length > 0) {
      throw invalidRequest(outside.map((n) => ({ field: n.field, message: `seat ${n.number} is in class ${n.fareClass}, not ${fareClass}` })));
    }
    return fareClass;
  }
  if (named.length > 0) {
    const first = named[0]!.fareClass;
    const mixed = named.filter((n) => n.fareClass !== first);
    if (mixed.length > 0) {
      throw invalidRequest(
        mixed.map((n) => ({ field: n.field, message: `seat ${n.number} is in class ${n.fareClass}; seats of one request must share one fare class (${first})` })),
      );
    }
    if (input.hold && input.hold.fareClass !== first) {
      throw invalidRequest(named.map((n) => ({ field: n.field, message: `hold ${input.hold!.id} is for class ${input.hold!.fareClass}` })));
    }
    return first;
  }
  if (input.hold) return input.hold.fareClass;
  const needed = input.slots.length;
  const counts = new Map<string, number>();
  for (const seat of input.free) counts.set(seat.fareClass, (counts.get(seat.fareClass) ?? 0) + 1);
  fareClass = input.classes.find((c) => (counts.get(c) ?? 0) >= needed);
  if (!fareClass) throw new ApiProblem('seats_unavailable', `No fare class has ${needed} free seat(s) left on this departure.`);
  return fareClass;
}
