import { describe, expect, it } from 'vitest';
import { changeDue, cheapestClass, netTotal, quickAmounts, retailTotal, walletShortfall } from '../../../renderer/src/sale/money.ts';
import { checkEmail, cleanName } from '../../../renderer/src/sale/phone.ts';
import { checkPhone } from '../../../core/phone.ts';
import {
  arrivalDayOffset,
  clockTime,
  formatCountdown,
  formatDay,
  formatDuration,
  journeyMinutes,
  localDigits,
} from '../../../renderer/src/sale/display.ts';
import { searchWindow, validSearchDate } from '../../../renderer/src/search/dates.ts';
import { earliestExpiry, offerFacets, visibleOffers } from '../../../renderer/src/search/offers.ts';
import { pricedDetail, pricedOffers } from '../../support/sale-fixtures.ts';

describe('retail totals, cash and change', () => {
  const detail = pricedDetail('business2x2');
  it('sums each named seat at its own retail price', () => {
    const [a, b] = ['1', '20'];
    expect(retailTotal(detail, [a, b], null, 2)).toBe((detail.retailBySeat[a] ?? 0) + (detail.retailBySeat[b] ?? 0));
    expect(netTotal(detail, [a, b], null, 2)).toBe(
      detail.offer.seats.filter((s) => s.number === a || s.number === b).reduce((n, s) => n + s.price.amount_minor, 0),
    );
    expect(retailTotal(detail, ['999'], null, 1)).toBeNull();
  });

  it('without seats, charges the class (or the cheapest class) times the passengers', () => {
    expect(cheapestClass(detail, 1)).toBe('Economy');
    expect(retailTotal(detail, [], null, 3)).toBe((detail.retailByClass.Economy ?? 0) * 3);
    expect(retailTotal(detail, [], 'Business', 2)).toBe((detail.retailByClass.Business ?? 0) * 2);
    expect(retailTotal(detail, [], 'Nope', 2)).toBeNull();
  });

  it('gives change only when the cash covers the total', () => {
    expect(changeDue(47_000, 50_000)).toBe(3_000);
    expect(changeDue(47_000, 47_000)).toBe(0);
    expect(changeDue(47_000, 46_999)).toBeNull();
    expect(changeDue(47_000, null)).toBeNull();
  });

  it('offers exact and the next round amounts an Egyptian traveller hands over', () => {
    expect(quickAmounts(47_000)).toEqual([47_000, 50_000, 60_000, 100_000]);
    expect(quickAmounts(94_000)).toEqual([94_000, 95_000, 100_000]);
    expect(quickAmounts(50_000)).toEqual([50_000, 55_000, 60_000, 100_000]);
    expect(quickAmounts(123_450)).toEqual([123_450, 125_000, 130_000, 140_000, 150_000, 200_000]);
    expect(quickAmounts(0)).toEqual([]);
    for (const t of [100, 4_700, 99_999, 1_000_000]) {
      const q = quickAmounts(t);
      expect(q[0]).toBe(t);
      expect(q.every((a) => a >= t)).toBe(true);
      expect(new Set(q).size).toBe(q.length);
      expect(q.length).toBeLessThanOrEqual(6);
    }
  });
});

describe('contact details', () => {
  it('accepts Egyptian mobiles in the ways they are written', () => {
    for (const p of ['01012345678', '0111 234 5678', '012-1234-5678', '01512345678', '+201012345678', '00201012345678', '٠١٠١٢٣٤٥٦٧٨', '201012345678']) {
      expect(checkPhone(p), p).toMatchObject({ ok: true, kind: 'eg' });
    }
    expect(checkPhone('+20 10 1234 5678')).toEqual({ ok: true, kind: 'eg', normalised: '01012345678' });
  });

  it('refuses landlines, wrong prefixes and short numbers, and accepts international ones', () => {
    expect(checkPhone('')).toEqual({ ok: false, reason: 'empty' });
    expect(checkPhone('0131234567')).toMatchObject({ ok: false, reason: 'eg_mobile' });
    expect(checkPhone('01312345678')).toMatchObject({ ok: false, reason: 'eg_mobile' });
    expect(checkPhone('0101234567')).toMatchObject({ ok: false, reason: 'eg_mobile' });
    expect(checkPhone('+2013123')).toMatchObject({ ok: false, reason: 'eg_mobile' });
    expect(checkPhone('call me')).toMatchObject({ ok: false, reason: 'chars' });
    expect(checkPhone('+44 20 7946 0958')).toEqual({ ok: true, kind: 'intl', normalised: '+442079460958' });
    expect(checkPhone('+966501234567')).toMatchObject({ ok: true, kind: 'intl' });
    expect(checkPhone('+1234')).toMatchObject({ ok: false, reason: 'intl' });
  });

  it('checks e-mail loosely and tidies names', () => {
    expect(checkEmail('a@b.eg')).toBe(true);
    expect(checkEmail('a@b')).toBe(false);
    expect(cleanName('  Mona   Ahmed  ')).toBe('Mona Ahmed');
  });
});

describe('times, dates and money on screen', () => {
  it('shows the wall-clock digits of the API string, never converted', () => {
    expect(clockTime('2026-07-01T23:30:00+03:00', 'en')).toBe('23:30');
    expect(clockTime('2026-07-01T23:30:00+03:00', 'ar')).toBe('٢٣:٣٠');
    expect(clockTime('2026-12-01T05:05:00+02:00', 'en')).toBe('05:05');
    expect(arrivalDayOffset('2026-07-01T23:30:00+03:00', '2026-07-02T04:15:00+03:00')).toBe(1);
    expect(arrivalDayOffset('2026-07-01T08:30:00+03:00', '2026-07-01T14:15:00+03:00')).toBe(0);
    expect(arrivalDayOffset('2026-07-01T08:30:00+03:00', null)).toBe(0);
  });

  it('formats durations, countdowns and days in both languages (money: test/unit/core)', () => {
    expect(formatDuration(330, 'en')).toBe('5h 30m');
    expect(formatDuration(120, 'en')).toBe('2h');
    expect(formatDuration(330, 'ar')).toBe('٥ س ٣٠ د');
    expect(journeyMinutes('2026-10-29T23:00:00+03:00', '2026-10-30T02:00:00+02:00', null)).toBe(240);
    expect(journeyMinutes('2026-07-01T08:00:00+03:00', null, 95)).toBe(95);
    expect(formatCountdown(19 * 60_000 + 58_400, 'en')).toBe('19:58');
    expect(formatCountdown(-5, 'en')).toBe('0:00');
    expect(formatCountdown(3_600_000, 'ar')).toBe('١:٠٠:٠٠');
    expect(formatDay('2026-07-01', 'en')).toBe('Wed 1 Jul');
    expect(formatDay('2026-07-01', 'ar')).toContain('١');
    expect(localDigits('12:05', 'ar')).toBe('١٢:٠٥');
  });

  it('searches from the station day (the business day rule is tested in test/unit/core) up to a year ahead', () => {
    expect(searchWindow(new Date('2026-07-01T21:30:00Z'))).toEqual({ min: '2026-07-02', max: '2027-07-02' }); // 00:30 +03:00
    const now = new Date('2026-07-01T09:00:00Z');
    expect(searchWindow(now)).toEqual({ min: '2026-07-01', max: '2027-07-01' });
    expect(validSearchDate('2026-06-30', now)).toBeNull();
    expect(validSearchDate('2026-07-01', now)).toBe('2026-07-01');
    expect(validSearchDate('2027-07-01', now)).toBe('2027-07-01');
    expect(validSearchDate('2027-07-02', now)).toBeNull();
    expect(validSearchDate('2026-02-31', now)).toBeNull();
    expect(validSearchDate('tomorrow', now)).toBeNull();
  });
});

describe('search results', () => {
  const offers = pricedOffers(60);
  it('sorts by departure instant or by retail price', () => {
    const byTime = visibleOffers(offers, 'time', { operator: null, seatClass: null });
    expect(byTime).toHaveLength(60);
    for (let i = 1; i < byTime.length; i++) {
      expect(Date.parse(byTime[i]!.offer.departure_at)).toBeGreaterThanOrEqual(Date.parse(byTime[i - 1]!.offer.departure_at));
    }
    const byPrice = visibleOffers(offers, 'price', { operator: null, seatClass: null });
    for (let i = 1; i < byPrice.length; i++) expect(byPrice[i]!.retailPerSeatMinor).toBeGreaterThanOrEqual(byPrice[i - 1]!.retailPerSeatMinor);
  });

  it('filters by operator and class and lists the facets', () => {
    const facets = offerFacets(offers);
    expect(facets.operators.map((o) => o.name)).toContain('Go Bus');
    expect(facets.operators.find((o) => o.name === 'Go Bus')?.name_ar).toBe('جو باص');
    expect(facets.classes).toEqual(['Business', 'Deluxe', 'Economy', 'Elite', 'VIP']);
    const goBusVip = visibleOffers(offers, 'time', { operator: 'Go Bus', seatClass: 'VIP' });
    expect(goBusVip.length).toBeGreaterThan(0);
    expect(goBusVip.every((o) => o.offer.operator.name === 'Go Bus' && o.offer.seat_class === 'VIP')).toBe(true);
    expect(earliestExpiry(offers)).toBe('2026-07-01T12:00:00Z');
    expect(earliestExpiry([])).toBeNull();
  });
});

describe('the wallet before the cash', () => {
  it('says how much the wallet (balance and credit) lacks for the sale’s NET, and nothing when it covers it or is unknown', () => {
    expect(walletShortfall(44_000, { balanceMinor: 40_000, creditLimitMinor: 0 })).toBe(4_000);
    expect(walletShortfall(44_000, { balanceMinor: 40_000, creditLimitMinor: 4_000 })).toBeNull();
    expect(walletShortfall(44_000, { balanceMinor: 44_000, creditLimitMinor: 0 })).toBeNull();
    expect(walletShortfall(44_000, { balanceMinor: -1_000, creditLimitMinor: 0 })).toBe(45_000);
    expect(walletShortfall(44_000, null)).toBeNull();
  });
});
