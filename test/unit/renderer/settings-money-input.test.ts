import { describe, expect, it } from 'vitest';
import { MAX_MINOR, minorToInput, parseMoneyInput, parsePercentInput, toLatinDigits } from '../../../renderer/src/settings/money-input.ts';
import { credentialKind, isComplete } from '../../../renderer/src/settings/credential-form.ts';
import { formatBytes, formatPercent } from '../../../renderer/src/settings/format.ts';

describe('money typed by a supervisor, to integer piastres', () => {
  it('reads pounds with up to two decimals', () => {
    expect(parseMoneyInput('12.50')).toBe(1250);
    expect(parseMoneyInput('12.5')).toBe(1250);
    expect(parseMoneyInput('12')).toBe(1200);
    expect(parseMoneyInput('12.')).toBe(1200);
    expect(parseMoneyInput('.05')).toBe(5);
    expect(parseMoneyInput('0')).toBe(0);
    expect(parseMoneyInput(' 7.25 ')).toBe(725);
    expect(parseMoneyInput('0.10')).toBe(10);
    // no floating-point error on amounts where × 100 would show one
    expect(parseMoneyInput('1.15')).toBe(115);
    expect(parseMoneyInput('4.35')).toBe(435);
  });

  it('accepts Arabic-Indic digits and the Arabic separators', () => {
    expect(parseMoneyInput('١٢٫٥٠')).toBe(1250);
    expect(parseMoneyInput('١٢.٥٠')).toBe(1250);
    expect(parseMoneyInput('٣٥٠')).toBe(35_000);
    expect(parseMoneyInput('۱۲٫۵')).toBe(1250); // Persian digits a keyboard layout may give
    expect(parseMoneyInput('١٬٢٥٠٫٧٥')).toBe(125_075);
    expect(toLatinDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
  });

  it('accepts only properly grouped thousands', () => {
    expect(parseMoneyInput('1,250.75')).toBe(125_075);
    expect(parseMoneyInput('12,345,678')).toBe(1_234_567_800);
    expect(parseMoneyInput('12,50')).toBeNull(); // could be a European decimal: refuse, never guess
    expect(parseMoneyInput('1,25,0')).toBeNull();
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', ' ', '.', '-1', '+1', '1.234', 'abc', '1e3', '12.5.0', '١٢،٥', 'EGP 5', 'NaN', 'Infinity']) {
      expect(parseMoneyInput(bad), bad).toBeNull();
    }
    expect(parseMoneyInput('100000000')).toBe(MAX_MINOR);
    expect(parseMoneyInput('100000000.01')).toBeNull();
    expect(parseMoneyInput('9'.repeat(30))).toBeNull();
  });

  it('puts a stored amount back into the field', () => {
    expect(minorToInput(1250)).toBe('12.50');
    expect(minorToInput(5)).toBe('0.05');
    expect(minorToInput(0)).toBe('0.00');
    expect(minorToInput(35_000)).toBe('350.00');
    for (const m of [0, 1, 99, 100, 12_345, 99_999_999]) expect(parseMoneyInput(minorToInput(m))).toBe(m);
  });
});

describe('percent typed by a supervisor', () => {
  it('reads 0–100 with up to two decimals, in either digits', () => {
    expect(parsePercentInput('10')).toBe(10);
    expect(parsePercentInput('12.5')).toBe(12.5);
    expect(parsePercentInput('١٢٫٥')).toBe(12.5);
    expect(parsePercentInput('7.25%')).toBe(7.25);
    expect(parsePercentInput('٥٪')).toBe(5);
    expect(parsePercentInput('0')).toBe(0);
    expect(parsePercentInput('100')).toBe(100);
    expect(parsePercentInput('.5')).toBe(0.5);
  });

  it('refuses out-of-range and malformed percents', () => {
    for (const bad of ['', '100.01', '101', '-5', '1.234', 'ten', '5%%', '1,5']) expect(parsePercentInput(bad), bad).toBeNull();
  });
});

describe('credential form hints', () => {
  it('tells live from sandbox by the prefixes', () => {
    expect(credentialKind('cid_live_abc')).toBe('LIVE');
    expect(credentialKind(' cid_sandbox_abc ')).toBe('SANDBOX');
    expect(credentialKind('whatever', 'sk_live_x')).toBe('LIVE');
    expect(credentialKind('other')).toBe('UNKNOWN');
  });

  it('needs every field', () => {
    expect(isComplete({ clientId: 'a', clientSecret: 'b', baseUrl: 'c' })).toBe(true);
    expect(isComplete({ clientId: 'a', clientSecret: '  ', baseUrl: 'c' })).toBe(false);
  });
});

describe('numbers on the settings screens', () => {
  it('formats percents and sizes in both languages', () => {
    expect(formatPercent(12.5, 'en')).toBe('12.5%');
    expect(formatPercent(10, 'ar')).toMatch(/١٠/);
    expect(formatBytes(512, 'en')).toBe('512 bytes');
    expect(formatBytes(1_234_567, 'en')).toBe('1.2 MB');
    expect(formatBytes(1_234_567, 'ar')).toMatch(/١٫٢/);
  });
});
