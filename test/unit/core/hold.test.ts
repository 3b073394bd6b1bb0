import { describe, expect, it } from 'vitest';
import { HOLD_DURATION_MS } from '../../../core/hold.ts';

describe('hold duration', () => {
  it('is the 20 minutes the Partner API documents for a hold', () => {
    expect(HOLD_DURATION_MS).toBe(20 * 60 * 1000);
  });
});
