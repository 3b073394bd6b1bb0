import { describe, expect, it } from 'vitest';
import { canonicalPhone, checkPhone, looksLikePhone, phoneDigits } from '../../../core/phone.ts';

describe('canonicalPhone', () => {
  it('writes every common Egyptian form of a mobile as one national number', () => {
    for (const written of [
      '01012345678',
      '010 1234 5678',
      '010-1234-5678',
      '+201012345678',
      '+20 10 1234 5678',
      '+20 (0)10 1234 5678',
      '00201012345678',
      '0020 10 1234 5678',
      '201012345678',
      '٠١٠١٢٣٤٥٦٧٨',
      '+٢٠ ١٠ ١٢٣٤ ٥٦٧٨',
      '۰۱۰۱۲۳۴۵۶۷۸',
    ]) {
      expect(canonicalPhone(written), written).toBe('1012345678');
    }
  });

  it('gives the start of a number as it is typed, in any form, the same start', () => {
    expect(canonicalPhone('010')).toBe('10');
    expect(canonicalPhone('+20 10')).toBe('10');
    expect(canonicalPhone('0020 101')).toBe('101');
    expect(canonicalPhone('2010')).toBe('10');
  });

  it('keeps the country code of another country, and a landline as it is', () => {
    expect(canonicalPhone('+44 20 7946 0958')).toBe('442079460958');
    expect(canonicalPhone('0044 20 7946 0958')).toBe('442079460958');
    expect(canonicalPhone('02 2345 6789')).toBe('223456789');
    expect(canonicalPhone('no digits')).toBe('');
  });
});

describe('looksLikePhone', () => {
  it('is digits with separators, three digits at least', () => {
    expect(looksLikePhone('010 12')).toBe(true);
    expect(looksLikePhone('+٢٠ ١٠')).toBe(true);
    expect(looksLikePhone('01')).toBe(false);
    expect(looksLikePhone('PB-123')).toBe(false);
  });

  it('reads Arabic-Indic and Eastern Arabic-Indic digits, and ignores direction marks', () => {
    expect(looksLikePhone('\u200f٠١٠ ١٢\u200f')).toBe(true);
    expect(canonicalPhone('\u200f+٢٠ ١٠ ١٢٣٤ ٥٦٧٨\u200f')).toBe('1012345678');
  });
});

// One reading of a number for both jobs: the lookup's digits and the sale's contact check.
describe('phoneDigits and checkPhone agree', () => {
  it.each([
    ['01012345678', { country: 'eg', digits: '1012345678' }, { ok: true, kind: 'eg', normalised: '01012345678' }],
    ['+20 (0)10 1234 5678', { country: 'eg', digits: '1012345678' }, { ok: true, kind: 'eg', normalised: '01012345678' }],
    ['0020 11 1234 5678', { country: 'eg', digits: '1112345678' }, { ok: true, kind: 'eg', normalised: '01112345678' }],
    ['201512345678', { country: 'eg', digits: '1512345678' }, { ok: true, kind: 'eg', normalised: '01512345678' }],
    ['\u200f٠١٢١٢٣٤٥٦٧٨\u200f', { country: 'eg', digits: '1212345678' }, { ok: true, kind: 'eg', normalised: '01212345678' }],
    ['۰۱۰۱۲۳۴۵۶۷۸', { country: 'eg', digits: '1012345678' }, { ok: true, kind: 'eg', normalised: '01012345678' }],
    ['+44 20 7946 0958', { country: 'intl', digits: '442079460958' }, { ok: true, kind: 'intl', normalised: '+442079460958' }],
    ['٠٠٩٦٦ ٥٠١٢٣٤٥٦٧', { country: 'intl', digits: '966501234567' }, { ok: true, kind: 'intl', normalised: '+966501234567' }],
    ['02 2345 6789', { country: 'eg', digits: '223456789' }, { ok: false, reason: 'eg_mobile' }],
    ['+1234', { country: 'intl', digits: '1234' }, { ok: false, reason: 'intl' }],
  ] as const)('%j', (written, digits, check) => {
    expect(phoneDigits(written)).toEqual(digits);
    expect(checkPhone(written)).toEqual(check);
    if (check.ok && check.kind === 'eg') expect(canonicalPhone(check.normalised)).toBe(digits.digits);
  });

  it('refuses what is not a number', () => {
    expect(checkPhone(' \u200f ')).toEqual({ ok: false, reason: 'empty' });
    expect(checkPhone('call me')).toEqual({ ok: false, reason: 'chars' });
  });
});
