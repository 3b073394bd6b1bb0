// How a journey reads: one rule for the sales list, the Z-report, the trip changes worklist and
// the refund receipt. The names are those the API gave at the sale; paper in another language
// names each city in it where the reference data knows its name there.

/** The arrow between an origin and a destination (or a start and an end), along the reading direction. */
export function readingArrow(lang: 'ar' | 'en'): string {
  return lang === 'ar' ? '←' : '→';
}

/** A journey as recorded at the sale: the cities' ids and their names then. */
export interface Journey {
  originId: string | null;
  originName: string | null;
  destinationId: string | null;
  destinationName: string | null;
}

/** The journey of an offer as the sale recorded it (its ids and names, nothing else). */
export function journeyOf(j: Journey): Journey {
  return { originId: j.originId, originName: j.originName, destinationId: j.destinationId, destinationName: j.destinationName };
}

/** How paper in another language writes a route: each city's name there, and its arrow (← in Arabic, along the reading direction). */
export interface RouteWording {
  /** A city's name in that language (null: the name recorded at the sale). */
  nameOf?: ((cityId: string) => string | null) | undefined;
  arrow?: string | undefined;
}

/**
 * A route routeOf wrote with the names recorded at the sale (a Z-report line keeps only that),
 * in another wording: each city by the name `nameOfRecorded` gives it, and the wording's arrow.
 */
export function rewordRoute(route: string, nameOfRecorded: (recorded: string) => string | null, arrow: string): string {
  const cities = route.split(' → ');
  if (cities.length !== 2) return route;
  const [from, to] = cities.map((c) => (c === '?' ? c : (nameOfRecorded(c) ?? c)));
  return `${from} ${arrow} ${to}`;
}

/** "Cairo → Alexandria"; with a wording, each city by the name it gives (the recorded one where it gives none) and its arrow. */
export function routeOf(j: Partial<Journey>, wording: RouteWording = {}): string {
  const city = (id: string | null | undefined, recorded: string | null | undefined) => (id ? wording.nameOf?.(id) : null) ?? recorded ?? '?';
  return `${city(j.originId, j.originName)} ${wording.arrow ?? readingArrow('en')} ${city(j.destinationId, j.destinationName)}`;
}
