import { describe, expect, it } from 'vitest';
import { journeyOf, rewordRoute, routeOf, type Journey } from '../../../core/route.ts';

const cairoAlex: Journey = { originId: 'cty_cai', originName: 'Cairo', destinationId: 'cty_alx', destinationName: 'Alexandria' };
const arabicNames = new Map([['cty_cai', 'القاهرة'], ['cty_alx', 'الإسكندرية']]);
const arabic = { nameOf: (id: string) => arabicNames.get(id) ?? null, arrow: '←' };

describe('routeOf: how a journey reads', () => {
  it.each([
    ['the names recorded at the sale', cairoAlex, undefined, 'Cairo → Alexandria'],
    ['each city in the language asked for, with its arrow', cairoAlex, arabic, 'القاهرة ← الإسكندرية'],
    ['a city not known in that language keeps its recorded name', { ...cairoAlex, destinationId: 'cty_xyz' }, arabic, 'القاهرة ← Alexandria'],
    ['a city without an id keeps its recorded name', { ...cairoAlex, originId: null }, arabic, 'Cairo ← الإسكندرية'],
    ['a name never recorded reads ?', { originId: null, originName: null, destinationId: null, destinationName: 'Aswan' }, undefined, '? → Aswan'],
    ['a summary with names only (older sales rows)', { originName: 'Luxor', destinationName: 'Aswan' }, arabic, 'Luxor ← Aswan'],
  ] as const)('%s', (_, journey, wording, expected) => {
    expect(routeOf(journey, wording)).toBe(expected);
  });

  it.each([
    ['Cairo → Alexandria', 'القاهرة ← الإسكندرية'],
    ['Cairo → Aswan', 'القاهرة ← Aswan'],
    ['? → Alexandria', '? ← الإسكندرية'],
    ['not a route', 'not a route'],
  ])('rewordRoute: %s in Arabic is %s', (route, expected) => {
    const byName = new Map([['Cairo', 'القاهرة'], ['Alexandria', 'الإسكندرية']]);
    expect(rewordRoute(route, (n) => byName.get(n) ?? null, '←')).toBe(expected);
  });

  it('journeyOf keeps the ids and names of an offer summary and nothing else', () => {
    const summary = { ...cairoAlex, originStation: 'Ramses', departureAt: '2026-07-01T06:00:00+03:00', operatorName: 'Go Bus' };
    expect(journeyOf(summary)).toEqual(cairoAlex);
  });
});
