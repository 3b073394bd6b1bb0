import { describe, expect, it } from 'vitest';
import { canonicalJson, fingerprint } from '../../../sandbox/bookings/idempotency.ts';
import { triggerOf } from '../../../sandbox/bookings/triggers.ts';
import { addYears } from '../../../sandbox/clock.ts';
import { toPage } from '../../../sandbox/http/pagination.ts';

describe('idempotency fingerprint', () => {
  it('ignores key order, not values', () => {
    expect(canonicalJson({ b: 1, a: [{ y: 2, x: 1 }] })).toBe('{"a":[{"x":1,"y":2}],"b":1}');
    expect(fingerprint({ a: 1, b: 2 })).toBe(fingerprint({ b: 2, a: 1 }));
    expect(fingerprint({ a: 1 })).not.toBe(fingerprint({ a: '1' }));
    expect(fingerprint(undefined)).not.toBe(fingerprint(null));
  });
});

describe('sandbox triggers', () => {
  it('reads TEST CLASH / FAIL / TIMEOUT / PENDING from any passenger name, any case', () => {
    expect(triggerOf([{ full_name: 'Mona Hassan' }])).toBeNull();
    expect(triggerOf([{ full_name: 'A' }, { full_name: 'Ali test clash' }])).toBe('CLASH');
    expect(triggerOf([{ full_name: 'TEST FAIL' }])).toBe('FAIL');
    expect(triggerOf([{ full_name: 'TEST PENDING' }, { full_name: 'TEST TIMEOUT' }])).toBe('TIMEOUT');
  });
});

describe('toPage', () => {
  const rows = [5, 4, 3].map((seq) => ({ seq }));
  it('uses the extra row only to say there is more', () => {
    expect(toPage(rows, { limit: 2, before: undefined }, (r) => r.seq)).toEqual({
      items: [5, 4],
      meta: { count: 2, has_more: true, next_before: 4 },
    });
    expect(toPage(rows, { limit: 3, before: undefined }, (r) => r.seq).meta).toEqual({ count: 3, has_more: false, next_before: null });
  });
});

describe('addYears', () => {
  it('moves the calendar date; 29 February rolls to 1 March', () => {
    expect(addYears('2026-11-21', 1)).toBe('2027-11-21');
    expect(addYears('2028-02-29', 1)).toBe('2029-03-01');
  });
});
