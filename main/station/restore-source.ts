// The station database as a source for restoring a counter (main/backup/restore.ts): which
// environment the counter sold in, its entries verified as `npm run station -- verify` verifies
// them (each row's hash and link, every signed head with the key in force at its entry, no row
// past the last signed head), and its lease, taken for the restoring PC only from a holder
// silent long enough.
import type pg from 'pg';
import type { StationCopy } from '../backup/restore.ts';
import type { CounterEnvironment } from '../../contract/counter.ts';
import type { StoredEntry } from '../journal/journal.ts';
import type { IntegrityProblem } from '../../contract/reports.ts';
import { AppFailure } from '../failure.ts';
import { claimCounter, liveElsewhere, TAKE_OVER_AFTER_S } from './lease.ts';
import { verifyCounterRange } from './verify.ts';

/**
 * The most rows held back waiting for a signed head to cover them: a counter signs every batch it
 * ships (500 entries by default), so more than this in a row are rows nobody signed.
 */
const MAX_UNSIGNED = 50_000;

/** The refusal of a station copy that does not verify, at its first problem (the lowest entry of those taken). */
function untrusted(counterId: string, from: number, problems: IntegrityProblem[]): AppFailure {
  const at = (p: IntegrityProblem) => Math.max(p.seq ?? from, from);
  const sorted = [...problems].sort((a, b) => at(a) - at(b));
  const seq = at(sorted[0]!);
  const said = sorted.slice(0, 3).map((p) => `${p.kind}: ${p.detail}`);
  if (sorted.length > 3) said.push(`${sorted.length - 3} more`);
  return new AppFailure('station_copy_refused', `The station database's copy of counter ${counterId} does not verify from entry ${seq} (${said.join('; ')}): nothing was restored`, { counterId, seq });
}

/** A claim the counter's station_writer refused: this PC is not linked with that counter's login. */
function loginRefused(counterId: string, err: unknown): unknown {
  const message = err instanceof Error ? err.message : String(err);
  if (!/^(not_your_counter|not_enrolled|counter_revoked):/.test(message)) return err;
  return new AppFailure(
    'restore_needs_counter_login',
    `Counter ${counterId} is restored from the station only by a PC linked with that counter's own login: the administrator runs "npm run station -- hand-over --counter ${counterId}", and a supervisor links this PC with the login and password it prints (Settings → Station) (${message})`,
    { counterId },
  );
}

export function stationCopy(pool: pg.Pool, now: () => Date, takeOverAfterS = TAKE_OVER_AFTER_S): StationCopy {
  return {
    async environmentOf(counterId) {
      const { rows } = await pool.query<{ environment: CounterEnvironment }>('SELECT environment FROM counters WHERE id = $1', [counterId]);
      return rows[0]?.environment ?? null;
    },
    async readVerified(counterId, afterSeq, take) {
      const { rows } = await pool.query<{ public_key: string | null }>('SELECT public_key FROM counters WHERE id = $1', [counterId]);
      // Rows are taken only once a valid signed head covers them and nothing was found wrong up to
      // there: a changed row, or one after the last signed head, never reaches the journal.
      let waiting: StoredEntry[] = [];
      const verified = await verifyCounterRange(pool, counterId, rows[0]?.public_key ?? null, afterSeq + 1, null, (page) => {
        if (!page.clean) {
          waiting = [];
          return;
        }
        waiting.push(...page.rows);
        const covered = waiting.findLastIndex((e) => e.seq <= page.signedUpTo) + 1;
        if (covered > 0) take(waiting.slice(0, covered));
        waiting = waiting.slice(covered);
        if (waiting.length > MAX_UNSIGNED) {
          const problem: IntegrityProblem = { counterId, kind: 'foreign', seq: waiting[0]!.seq, detail: `more than ${MAX_UNSIGNED} entries from ${waiting[0]!.seq} on are covered by no signature of the counter` };
          throw untrusted(counterId, afterSeq + 1, [problem]);
        }
      });
      if (verified.problems.length > 0) throw untrusted(counterId, afterSeq + 1, verified.problems);
    },
    async claim(counterId, holder) {
      const lease = await claimCounter(pool, counterId, holder, takeOverAfterS).catch((err: unknown) => {
        throw loginRefused(counterId, err);
      });
      if (!lease.granted) throw liveElsewhere(counterId, lease, now());
    },
  };
}
