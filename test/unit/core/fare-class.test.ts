import { describe, expect, it } from 'vitest';
import { defaultFareClass, type FareClassOffer } from '../../../core/fare-class.ts';
import { resolveFareClass } from '../../../main/selling/quote.ts';
import { cheapestClass, initialClass } from '../../../renderer/src/sale/money.ts';
import type { OfferDetail } from '../../../contract/partner/index.ts';
import { pricedDetail } from '../../support/sale-fixtures.ts';

const cls = (name: string, pounds: number, seats: number): FareClassOffer => ({ name, price: { amount_minor: pounds * 100 }, seats_available: seats });

describe('the fare class charged when none is named', () => {
  it.each([
    ['the cheapest', [cls('Economy', 300, 10), cls('Business', 450, 10)], 1, 'Economy'],
    ['the cheapest with room for everyone', [cls('Economy', 300, 2), cls('Business', 450, 10)], 3, 'Business'],
    ['Economy sold out', [cls('Economy', 300, 0), cls('Business', 450, 10), cls('VIP', 600, 4)], 1, 'Business'],
    ['a tie: the first listed', [cls('A', 300, 5), cls('B', 300, 5)], 1, 'A'],
    ['none with room', [cls('Economy', 300, 1)], 2, null],
    ['no classes', [], 1, null],
  ] as const)('%s', (_, classes, passengers, expected) => {
    expect(defaultFareClass(classes, passengers)?.name ?? null).toBe(expected);
  });

  it('is the same class on screen and when main charges the sale, Economy sold out or not', () => {
    for (const soldOut of [false, true]) {
      const base = pricedDetail('business2x2');
      const classes = base.offer.fare_classes.map((c) => (soldOut && c.name === 'Economy' ? { ...c, seats_available: 0 } : c));
      const detail = { ...base, offer: { ...base.offer, fare_classes: classes } };
      const passengers = [{ full_name: 'Mona Ahmed' }];
      const charged = resolveFareClass(detail.offer as OfferDetail, { offerId: detail.offer.id, passengers }).name;
      expect(cheapestClass(detail, 1)).toBe(charged);
      expect(initialClass(detail, 1, 'Economy')).toBe(charged);
      expect(charged).toBe(soldOut ? 'Business' : 'Economy');
    }
  });
});
