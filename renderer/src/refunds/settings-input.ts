// What a supervisor types into Settings → Counter → Refunds, read by the rules every other field
// uses: the fee is an amount (core/money.ts: "12,50" is refused as ambiguous, "١٢٫٥٠" is EGP 12.50),
// the percent as Settings → Prices reads it, the days as a typed whole number (core/digits.ts).
import type { RefundPolicy } from '../../../contract/refunds.ts';
import { readWholeNumber } from '../../../core/digits.ts';
import { parseAmount, plainPounds } from '../../../core/money.ts';
import { parsePercentInput } from '../settings/money-input.ts';

export interface RefundSettingsDraft {
  kind: RefundPolicy['kind'];
  percent: string;
  fee: string;
  overdue: string;
}

export type RefundSettingsReading =
  | { ok: true; policy: RefundPolicy; overdueDays: number }
  | { ok: false; field: 'percent' | 'fee' | 'overdue' };

/** The largest fee per ticket the contract takes (EGP 100,000.00). */
const MAX_FEE_MINOR = 100_000_00;

/** The policy and the overdue days as typed, or the first field that is not read. */
export function readRefundSettings(d: RefundSettingsDraft): RefundSettingsReading {
  let policy: RefundPolicy = { kind: 'none' };
  if (d.kind === 'percent') {
    const percent = parsePercentInput(d.percent);
    if (percent === null) return { ok: false, field: 'percent' };
    policy = { kind: 'percent', percent };
  } else if (d.kind === 'fixed') {
    const feeMinor = parseAmount(d.fee);
    if (feeMinor === null || feeMinor > MAX_FEE_MINOR) return { ok: false, field: 'fee' };
    policy = { kind: 'fixed', feeMinor };
  }
  const overdueDays = readWholeNumber(d.overdue, 3);
  if (overdueDays === null || overdueDays < 1 || overdueDays > 365) return { ok: false, field: 'overdue' };
  return { ok: true, policy, overdueDays };
}

/** The saved policy as the fields show it (the fee as pounds an input takes: "12.50"). */
export function refundSettingsDraft(policy: RefundPolicy, overdueDays: number, current: RefundSettingsDraft): RefundSettingsDraft {
  return {
    kind: policy.kind,
    percent: policy.kind === 'percent' ? String(policy.percent) : current.percent,
    fee: policy.kind === 'fixed' ? plainPounds(policy.feeMinor) : current.fee,
    overdue: String(overdueDays),
  };
}
