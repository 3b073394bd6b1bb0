import { describe, expect, it } from 'vitest';
import { fingerprint } from '../../../sandbox/bookings/idempotency.ts';
import { RECORDED_SAMPLE } from '../../support/canonical-sample.ts';
import { triggerOf } from '../../../sandbox/bookings/triggers.ts';
import { addYears } from '../../../sandbox/clock.ts';
import { toPage } from '../../../sandbox/http/pagination.ts';

describe('idempotency fingerprint', () => {
  it('ignores key order, not values', () => {
    expect(fingerprint({ b: 1, a: [{ y: 2, x: 1 }] })).toBe(fingerprint(JSON.parse('{"a":[{"x":1,"y":2}],"b":1}')));
    expect(fingerprint({ a: 1, b: 2 })).toBe(fingerprint({ b: 2, a: 1 }));
    expect(fingerprint({ a: 1 })).not.toBe(fingerprint({ a: '1' }));
    expect(fingerprint(undefined)).not.toBe(fingerprint(null));
  });

  it('gives the fingerprints stored by earlier runs for the same bodies', () => {
    // Computed with the sandbox's own encoding before it moved to core/canonical-json.ts.
    expect(fingerprint(RECORDED_SAMPLE)).toBe('4SCBjgKECsW8k0FS4voC2c0CV-rS5t0Da6FLmh5hlto');
    expect(fingerprint(undefined)).toBe('6wRdeNJzEHNIsDAMAdKbdVLWIqu8b6-Bs-xVNZqplQw');
    expect(fingerprint(null)).toBe('dCNOmK_nSY-12vHzasLXiswzlGT5UHA7jAGYkvmCuQs');
    expect(fingerprint(JSON.parse('{"a":1e999}'))).toBe('0JH5yDwJH3llL-h4Y3Wz_kzghhpW9b-6_tvkMYd_8Og');
    expect(fingerprint({ a: null })).toBe('0JH5yDwJH3llL-h4Y3Wz_kzghhpW9b-6_tvkMYd_8Og');
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
