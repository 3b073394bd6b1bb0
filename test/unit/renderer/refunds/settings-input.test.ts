import { describe, expect, it } from 'vitest';
import { readRefundSettings, refundSettingsDraft, type RefundSettingsDraft } from '../../../../renderer/src/refunds/settings-input.ts';

const draft = (patch: Partial<RefundSettingsDraft>): RefundSettingsDraft => ({ kind: 'fixed', percent: '10', fee: '20', overdue: '14', ...patch });

describe('Settings → Refunds reads its fields as every other amount, percent and count is read', () => {
  it.each([
    ['20', 2000],
    ['12.50', 1250],
    ['١٢٫٥٠', 1250],
    ['\u200f١٢٫٥٠\u200f', 1250],
    ['1,250', 125000],
    ['١٬٢٥٠', 125000],
    ['0', 0],
  ])('a fee of %j is %j piastres', (fee, feeMinor) => {
    expect(readRefundSettings(draft({ fee }))).toEqual({ ok: true, policy: { kind: 'fixed', feeMinor }, overdueDays: 14 });
  });

  it.each([['12,50'], ['12,5'], ['١٢٬٥٠'], ['1.250,50'], [''], ['-5'], ['20 EGP'], ['100000.01']])('refuses a fee of %j (ambiguous, empty or not an amount)', (fee) => {
    expect(readRefundSettings(draft({ fee }))).toEqual({ ok: false, field: 'fee' });
  });

  it.each([
    ['7.5', 7.5],
    ['٧٫٥', 7.5],
    ['\u200f١٠٪', 10],
    ['100', 100],
  ])('a percent of %j is %j', (percent, value) => {
    expect(readRefundSettings(draft({ kind: 'percent', percent }))).toEqual({ ok: true, policy: { kind: 'percent', percent: value }, overdueDays: 14 });
  });

  it.each([['7,5'], [''], ['101'], ['-1']])('refuses a percent of %j', (percent) => {
    expect(readRefundSettings(draft({ kind: 'percent', percent }))).toEqual({ ok: false, field: 'percent' });
  });

  it.each([
    ['١٤', 14],
    ['\u200f٣٠\u200f', 30],
    ['365', 365],
  ])('overdue after %j days is %j', (overdue, days) => {
    expect(readRefundSettings(draft({ kind: 'none', overdue }))).toEqual({ ok: true, policy: { kind: 'none' }, overdueDays: days });
  });

  it.each([[''], ['0'], ['366'], ['1.5'], ['-3']])('refuses overdue after %j days', (overdue) => {
    expect(readRefundSettings(draft({ kind: 'none', overdue }))).toEqual({ ok: false, field: 'overdue' });
  });

  it('ignores the field of a policy not chosen', () => {
    expect(readRefundSettings(draft({ kind: 'none', fee: '12,50', percent: 'x' }))).toEqual({ ok: true, policy: { kind: 'none' }, overdueDays: 14 });
  });

  it('shows a saved fee as pounds an input takes, and reads it back to the same piastres', () => {
    const shown = refundSettingsDraft({ kind: 'fixed', feeMinor: 1250 }, 21, draft({}));
    expect(shown).toEqual({ kind: 'fixed', percent: '10', fee: '12.50', overdue: '21' });
    expect(readRefundSettings(shown)).toEqual({ ok: true, policy: { kind: 'fixed', feeMinor: 1250 }, overdueDays: 21 });
  });
});
