import { describe, expect, it } from 'vitest';
import { canonicalPhone, looksLikePhone, westernDigits } from '../../../core/phone.ts';

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

  it('reads Arabic-Indic and Eastern Arabic-Indic digits', () => {
    expect(westernDigits('٠١٢٣ ۴۵۶')).toBe('0123 456');
  });
});
