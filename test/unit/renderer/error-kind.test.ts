import { describe, expect, it } from 'vitest';
import type { AppErrorCode } from '../../../contract/errors.ts';
import { isRefusal } from '../../../renderer/src/components/error-kind.ts';

// A known refusal is told as what is needed and who may do it: no "Something went wrong" title,
// no "Try again" (trying the same again cannot help).

describe('a refusal', () => {
  it('is every code where the counter’s rules say no', () => {
    // the shift, role and PIN refusals, then those the audit found told as "Something went wrong"
    const refusals: AppErrorCode[] = ['agent_locked', 'forbidden_role', 'wrong_pin', 'pin_key_mismatch', 'pin_reset_needed'];
    refusals.push('counter_held_elsewhere', 'counter_live_elsewhere', 'journal_read_only', 'own_record_needs_supervisor');
    refusals.push('refund_needs_supervisor', 'refund_not_sold_here', 'station_sale_unverified', 'station_sale_invalid', 'ticket_already_refunded', 'training_only');
    // a restore or a Replace the counter's state does not allow yet: what to do first is the message
    refusals.push('restore_refused', 'restore_needs_counter_login', 'restore_needs_station', 'counter_retired', 'retire_shift_open', 'retire_sale_unfinished', 'retire_unshipped');
    expect(refusals.filter((code) => !isRefusal(code))).toEqual([]);
  });

  it('is not a failure that may pass when tried again', () => {
    const failures: AppErrorCode[] = ['network', 'timeout', 'internal', 'print_failed', 'station_unreachable', 'retire_failed'];
    expect(failures.filter((code) => isRefusal(code))).toEqual([]);
  });
});
