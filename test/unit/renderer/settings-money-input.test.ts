import { describe, expect, it } from 'vitest';
import { parsePercentInput } from '../../../renderer/src/settings/money-input.ts';
import { credentialKind, isComplete } from '../../../renderer/src/settings/credential-form.ts';
import { formatBytes, formatPercent } from '../../../renderer/src/settings/format.ts';

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
