import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/app.ts';

// A small run of the fault campaign (`npm run chaos` runs 1,000 attempts): counters killed mid-sale,
// 503/429 storms, slow answers, token expiry, TEST triggers, double confirms, a station PostgreSQL
// killed and restarted; then the journal reconciled with the sandbox's bookings and ledger and
// with the station database.
describe('the fault campaign, small', () => {
  it('loses no sale, charges nothing twice, records cash only for confirmed bookings, keeps the chain', async () => {
    // the campaign's own figures, also when it says FAIL (exit 1): the assertions below name the one that failed
    const run = await promisify(execFile)(process.execPath, [join(ROOT, 'scripts/chaos/campaign.ts'), '--sales', '30', '--minutes', '3', '--seed', '7', '--quiet'], {
      timeout: 290_000,
    }).catch((err: { stdout?: string; stderr?: string; killed?: boolean }) => {
      if (err.killed || err.stdout === undefined) throw err;
      return { stdout: err.stdout, stderr: err.stderr ?? '' };
    });
    const { stdout } = run;
    const figure = (name: string) => Number(new RegExp(`chaos:\\s+${name} = (\\d+)`).exec(stdout)?.[1]);
    expect(figure('attempted')).toBe(30);
    for (const name of [
      'double_charges',
      'confirmed_bookings_missing_from_journal',
      'cash_for_unconfirmed',
      'cash_recorded_twice',
      'failed_sales_still_charged',
      'still_open',
      // with the station PostgreSQL attached (the test environment has PostgreSQL 15)
      'entries_missing_from_station',
      'entries_differing_in_station',
    ]) {
      expect(figure(name), `${name}\n${stdout}`).toBe(0);
    }
    expect(figure('confirmed'), `confirmed\n${stdout}`).toBeGreaterThan(0);
    expect(stdout).toContain('hash_chain = intact');
    expect(stdout).toContain('chaos: PASS');
  }, 300_000);
});
