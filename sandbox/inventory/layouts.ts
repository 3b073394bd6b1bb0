// Coach layouts, drawn as seat maps, and the fare classes their seats belong to.
//
// Each row of a drawing is `<class> <cells...>`: the class of the row's seats (`---` when the row
// has none), then one token per grid column, front of the coach at the top:
//   s seat   a accessible seat   p premium seat (extra legroom)
//   | aisle  . empty   D driver   O door   W WC   T table   ^ stairs
// Seats are numbered "1", "2", ... row by row, left to right, over the whole grid (on a
// double-decker the upper deck comes first, as the grid does). A double-decker is one grid:
// the upper deck's rows, one row of EMPTY cells, then the lower deck's rows.

import type { Amenity, CellKind, CoachLayout, LayoutCell, LayoutSeat } from './types.ts';

export interface ClassSpec {
  name: string;
  /** Position in a corridor's fare range before operator bias (0 = cheapest). */
  tier: number;
  amenities: readonly Amenity[];
}

const BUSINESS_AMENITIES: readonly Amenity[] = [
  'air_conditioning', 'wifi', 'usb', 'power_socket', 'refreshments', 'extra_legroom', 'entertainment',
];

/** Fare classes by drawing code, cheapest first. */
export const CLASS_TABLE = {
  Eco: { name: 'Economy', tier: 0, amenities: ['air_conditioning'] },
  Dlx: { name: 'Deluxe', tier: 0.25, amenities: ['air_conditioning', 'usb', 'wifi'] },
  Elt: { name: 'Elite', tier: 0.45, amenities: ['air_conditioning', 'usb', 'wifi', 'power_socket', 'entertainment'] },
  Biz: { name: 'Business', tier: 0.6, amenities: BUSINESS_AMENITIES },
  VIP: { name: 'VIP', tier: 0.8, amenities: [...BUSINESS_AMENITIES, 'blanket'] },
} as const satisfies Record<string, ClassSpec>;

type ClassCode = keyof typeof CLASS_TABLE;

export function classSpec(name: string): ClassSpec {
  const spec = Object.values(CLASS_TABLE).find((c) => c.name === name);
  if (!spec) throw new Error(`unknown fare class "${name}"`);
  return spec;
}

interface LayoutSpec {
  /** Kind shown in the name, which ends with the seat count: "2+1 VIP 31 seats". */
  kind: string;
  label: string;
  /** One drawing per deck; decks are named in deck_label in this order. */
  decks: ReadonlyArray<readonly string[]>;
  deckNames?: readonly string[];
}

const rows = (count: number, row: string): string[] => Array.from({ length: count }, () => row);

const LAYOUT_TABLE = {
  economy2x2: {
    kind: '2+2',
    label: 'King Long XMQ6127',
    decks: [[
      '---  D . | . O',
      'Eco  s s | a a',
      ...rows(11, 'Eco  s s | s s'),
      'Eco  s s s s s',
    ]],
  },
  deluxe2x2: {
    kind: '2+2 Deluxe',
    label: 'Mercedes-Benz Tourismo',
    decks: [[
      '---  D . | . O',
      'Dlx  p p | p p',
      ...rows(5, 'Dlx  s s | s s'),
      'Dlx  a a | . O',
      ...rows(5, 'Dlx  s s | s s'),
      'Dlx  s s s s s',
    ]],
  },
  economy2x2wc: {
    kind: '2+2',
    label: 'Yutong ZK6122H9',
    decks: [[
      '---  D . | . O',
      'Eco  s s | a a',
      ...rows(5, 'Eco  s s | s s'),
      'Eco  s s | . O',
      ...rows(5, 'Eco  s s | s s'),
      'Eco  W W | s s',
    ]],
  },
  business2x2: {
    kind: '2+2 Business',
    label: 'Volvo 9700',
    decks: [[
      '---  D . | . O',
      ...rows(2, 'Biz  p p | p p'),
      ...rows(4, 'Eco  s s | s s'),
      'Eco  a a | . O',
      ...rows(5, 'Eco  s s | s s'),
      'Eco  W W | s s',
    ]],
  },
  vip2x1: {
    kind: '2+1 VIP',
    label: 'Mercedes-Benz Travego',
    decks: [[
      '---  D | . O',
      ...rows(2, 'VIP  p | p p'),
      ...rows(3, 'Elt  s | s s'),
      'Elt  s | T T',
      'Elt  s | s s',
      'Elt  a | . O',
      ...rows(3, 'Elt  s | s s'),
      'Elt  W | s s',
    ]],
  },
  doubledecker: {
    kind: 'Double-decker',
    label: 'Setra S 431 DT',
    deckNames: ['Upper deck', 'Lower deck'],
    decks: [
      [
        'Dlx  p p | p p',
        'Eco  s s | s s',
        'Eco  s s | . ^',
        ...rows(10, 'Eco  s s | s s'),
        'Eco  s s s s s',
      ],
      [
        '---  D . | . O',
        'Biz  a . | . ^',
        ...rows(4, 'Biz  p . | p p'),
        '---  W . | . O',
      ],
    ],
  },
} as const satisfies Record<string, LayoutSpec>;

export type LayoutKey = keyof typeof LAYOUT_TABLE;

const CELL_KINDS: Record<string, CellKind> = {
  s: 'SEAT', a: 'SEAT', p: 'SEAT', '|': 'AISLE', '.': 'EMPTY', D: 'DRIVER', O: 'DOOR', W: 'WC', T: 'TABLE', '^': 'STAIRS',
};

export function layoutIdOf(key: LayoutKey): string {
  return `lay_${key}`;
}

interface Drawn {
  row: number;
  column: number;
  token: string;
  classCode: string;
  deck: number;
  deckRow: number; // row within the deck, from 1
}

function draw(key: string, spec: LayoutSpec): { drawn: Drawn[]; rows: number; columns: number } {
  const drawn: Drawn[] = [];
  let row = 0;
  let columns = 0;
  spec.decks.forEach((deck, deckIndex) => {
    if (deckIndex > 0) row++; // the separator row, filled with EMPTY cells below
    deck.forEach((line, i) => {
      const [classCode = '', ...tokens] = line.trim().split(/\s+/);
      if (columns === 0) columns = tokens.length;
      if (tokens.length !== columns) throw new Error(`layout ${key}: row "${line}" is not ${columns} wide`);
      row++;
      tokens.forEach((token, c) => {
        if (!(token in CELL_KINDS)) throw new Error(`layout ${key}: unknown cell "${token}"`);
        drawn.push({ row, column: c + 1, token, classCode, deck: deckIndex, deckRow: i + 1 });
      });
    });
  });
  return { drawn, rows: row, columns };
}

function seatFeatures(seat: Drawn, at: (row: number, column: number) => Drawn | undefined, spec: LayoutSpec, columns: number, firstSeatRow: boolean): string[] {
  const kindAt = (r: number, c: number): CellKind | undefined => {
    const cell = at(r, c);
    return cell ? CELL_KINDS[cell.token] : undefined;
  };
  const sideways = [kindAt(seat.row, seat.column - 1), kindAt(seat.row, seat.column + 1)];
  const around = [...sideways, kindAt(seat.row - 1, seat.column), kindAt(seat.row + 1, seat.column)];
  const features: string[] = [];
  if (seat.column === 1 || seat.column === columns) features.push('window');
  if (sideways.includes('AISLE')) features.push('aisle');
  if (firstSeatRow) features.push('front_row');
  if (firstSeatRow && spec.decks.length > 1 && seat.deck === 0) features.push('panorama');
  if (seat.token === 'p') features.push('extra_legroom');
  if (around.includes('TABLE')) features.push('table');
  const amenities: readonly Amenity[] = CLASS_TABLE[seat.classCode as ClassCode].amenities;
  if (amenities.includes('usb')) features.push('usb');
  if (amenities.includes('power_socket')) features.push('power_socket');
  return features;
}

function buildLayout(key: LayoutKey): CoachLayout {
  const spec: LayoutSpec = LAYOUT_TABLE[key];
  const { drawn, rows: rowCount, columns } = draw(key, spec);
  const byPosition = new Map(drawn.map((d) => [`${d.row}:${d.column}`, d]));
  const at = (r: number, c: number) => byPosition.get(`${r}:${c}`);
  const firstSeatRowOfDeck = new Map<number, number>();
  const cells: LayoutCell[] = [];
  const seats: LayoutSeat[] = [];

  for (let row = 1; row <= rowCount; row++) {
    for (let column = 1; column <= columns; column++) {
      const d = at(row, column);
      if (!d) {
        cells.push({ row, column, kind: 'EMPTY' }); // deck separator
        continue;
      }
      const kind = CELL_KINDS[d.token] as CellKind;
      if (kind !== 'SEAT') {
        cells.push({ row, column, kind });
        continue;
      }
      if (!(d.classCode in CLASS_TABLE)) throw new Error(`layout ${key}: seat row without a class: row ${row}`);
      if (!firstSeatRowOfDeck.has(d.deck)) firstSeatRowOfDeck.set(d.deck, row);
      const number = String(seats.length + 1);
      cells.push({ row, column, kind, seat: number });
      seats.push({
        number,
        fare_class: CLASS_TABLE[d.classCode as ClassCode].name,
        features: seatFeatures(d, at, spec, columns, firstSeatRowOfDeck.get(d.deck) === row),
        accessible: d.token === 'a',
        premium: d.token === 'p',
        row,
        column,
      });
    }
  }
  return {
    id: layoutIdOf(key),
    name: `${spec.kind} ${seats.length} seats`,
    label: spec.label,
    deck_label: spec.deckNames ? spec.deckNames.join(' / ') : null,
    rows: rowCount,
    columns,
    cells,
    seats,
  };
}

export function buildLayouts(): CoachLayout[] {
  return (Object.keys(LAYOUT_TABLE) as LayoutKey[]).map(buildLayout);
}

/** Fare class names of a layout's seats, cheapest first. */
export function layoutClasses(layout: CoachLayout): string[] {
  const names = new Set(layout.seats.map((s) => s.fare_class));
  return Object.values(CLASS_TABLE).map((c) => c.name).filter((n) => names.has(n));
}
