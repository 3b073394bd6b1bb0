import { buildLayouts } from '../../sandbox/inventory/layouts.ts';
import type { PricedOffer, PricedOfferDetail } from '../../contract/counter.ts';
import type { Amenity } from '../../contract/partner/common.ts';

// Offers and offer details shaped exactly as main answers them, built from the sandbox's own
// coach layouts. For the renderer's unit tests and its bench (never for e2e: those run against
// the real counter and sandbox).

const CLASS_NET: Record<string, number> = { Economy: 25_000, Deluxe: 32_000, Elite: 38_000, Business: 45_000, VIP: 60_000 };
const retail = (net: number) => Math.ceil((net * 1.1) / 100) * 100;

export function layoutKeys(): string[] {
  return buildLayouts().map((l) => l.id.replace(/^lay_/, ''));
}

/** An offer detail on one of the sandbox layouts; `taken` seats are unavailable. */
export function pricedDetail(layoutKey: string, opts: { taken?: string[]; seatSelection?: boolean } = {}): PricedOfferDetail {
  const layout = buildLayouts().find((l) => l.id === `lay_${layoutKey}`);
  if (!layout) throw new Error(`no layout ${layoutKey}`);
  const taken = new Set(opts.taken ?? []);
  const classes = [...new Set(layout.seats.map((s) => s.fare_class))];
  const seats = layout.seats.map((s) => ({
    number: s.number,
    available: !taken.has(s.number),
    price: { amount_minor: (CLASS_NET[s.fare_class] ?? 30_000) + (s.premium ? 2_000 : 0), currency: 'EGP' },
    class: s.fare_class,
    features: s.features,
    accessible: s.accessible,
    premium: s.premium,
    position: { row: s.row, column: s.column },
  }));
  const seatSelection = opts.seatSelection ?? true;
  const retailByClass = Object.fromEntries(classes.map((c) => [c, retail(CLASS_NET[c] ?? 30_000)]));
  return {
    offer: {
      id: 'off_fixture',
      origin: { name: 'Cairo', station: 'Cairo Gateway', departs_at: '2026-07-01T23:30:00+03:00' },
      destination: { name: 'Aswan', station: null, arrives_at: '2026-07-02T11:45:00+03:00' },
      duration_minutes: 735,
      operator: { name: 'Go Bus', name_ar: 'جو باص' },
      vehicle: { capacity: layout.seats.length, label: layout.label },
      seats_available: seats.filter((s) => s.available).length,
      seat_selection: seatSelection,
      net_price: { amount_minor: Math.min(...classes.map((c) => CLASS_NET[c] ?? 30_000)), currency: 'EGP' },
      price_range: null,
      fare_classes: classes.map((c) => ({
        name: c,
        price: { amount_minor: CLASS_NET[c] ?? 30_000, currency: 'EGP' },
        seats_available: seats.filter((s) => s.class === c && s.available).length,
        features: [],
      })),
      seats: seatSelection ? seats : [],
      seat_map: seatSelection
        ? { layout: layout.name, deck_label: layout.deck_label, rows: layout.rows, columns: layout.columns, seat_count: layout.seats.length, cells: layout.cells }
        : null,
      amenities: ['air_conditioning', 'wifi', 'usb'],
      expires_at: '2026-07-01T12:00:00Z',
    },
    retailByClass,
    retailBySeat: Object.fromEntries(seats.map((s) => [s.number, retail(s.price.amount_minor)])),
  };
}

const OPERATORS = [
  ['Go Bus', 'جو باص'],
  ['Blue Bus', 'بلو باص'],
  ['Super Jet', 'سوبر جيت'],
  ['High Jet', 'هاي جيت'],
  ['We Bus', 'وي باص'],
  ['East Delta Travel', 'شرق الدلتا'],
] as const;
const AMENITIES: Amenity[][] = [
  ['air_conditioning'],
  ['air_conditioning', 'usb', 'wifi'],
  ['air_conditioning', 'wifi', 'usb', 'power_socket', 'refreshments', 'extra_legroom', 'entertainment', 'toilet'],
];

/** `count` offers over one day, every operator and class, some arriving the next day. */
export function pricedOffers(count: number): PricedOffer[] {
  return Array.from({ length: count }, (_, i) => {
    const minutes = (i * 37) % (24 * 60);
    const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
    const mm = String(minutes % 60).padStart(2, '0');
    const duration = 120 + ((i * 53) % 600);
    const arr = minutes + duration;
    const day = arr >= 24 * 60 ? '02' : '01';
    const ah = String(Math.floor((arr % (24 * 60)) / 60)).padStart(2, '0');
    const am = String(arr % 60).padStart(2, '0');
    const [name, name_ar] = OPERATORS[i % OPERATORS.length] as readonly [string, string];
    const cls = ['Economy', 'Deluxe', 'Elite', 'Business', 'VIP'][i % 5] as string;
    const net = (CLASS_NET[cls] ?? 30_000) + (i % 7) * 500;
    return {
      offer: {
        id: `off_fixture_${i}`,
        origin: { name: 'Cairo', station: 'Cairo Gateway' },
        destination: { name: 'Alexandria', station: i % 3 ? 'Moharram Bek' : null },
        departure_at: `2026-07-01T${hh}:${mm}:00+03:00`,
        arrival_at: `2026-07-${day}T${ah}:${am}:00+03:00`,
        duration_minutes: duration,
        operator: { name, name_ar },
        seat_class: cls,
        seats_available: (i * 11) % 50,
        net_price: { amount_minor: net, currency: 'EGP' },
        amenities: AMENITIES[i % AMENITIES.length] as Amenity[],
        expires_at: '2026-07-01T12:00:00Z',
      },
      retailPerSeatMinor: retail(net),
    };
  });
}
