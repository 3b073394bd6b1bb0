// The station's settings stream folded as every counter folds it, row by row from its start: a
// row stands when its counter's signature verifies with the key that counter had enrolled when
// the row was added, and when its author may author it at that point (StreamAuthority: a
// supervisor's PIN proof, no replay). Counters (main/station/settings-sync.ts) apply what stands;
// the head office reads the station's name from it (a row a counter login inserts proves nothing).
import type pg from 'pg';
import type { StationSettingRefusal } from '../../contract/station.ts';
import { setAsideCommand } from './admin.ts';
import { verifySignature } from './counter-key.ts';
import { isReadable, settingMessage, settingRowsAfter, type StationSettingRow, type StreamPlace, type StreamRow } from './settings-stream.ts';
import { StreamAuthority } from './stream-authority.ts';

/** The key a counter signed with at a time: the last one enrolled by then (the first, from the start). */
export function keyInForce(keys: readonly { key: string; since: number }[], at: number): string | null {
  return keys.filter((k) => k.since <= at).at(-1)?.key ?? null;
}

export class StreamVerifier {
  readonly #pool: pg.Pool;
  readonly #place: Omit<StreamPlace, 'counterId'>;
  /** The enrolled public keys of the station's counters over time (read again for a counter not known yet). */
  readonly #keys = new Map<string, { key: string; since: number }[]>();
  /** Who may author a row, as of the last row folded. */
  readonly authority = new StreamAuthority();

  constructor(pool: pg.Pool, place: Omit<StreamPlace, 'counterId'>) {
    this.#pool = pool;
    this.#place = place;
  }

  /**
   * The next row judged: when it stands it is folded into who may author the next ones; when it
   * does not (unreadable, unsigned, not its counter's signature, not its author's to make), why.
   */
  async next(row: StreamRow): Promise<{ stands: StationSettingRow } | { refused: string }> {
    if (!isReadable(row)) return { refused: row.unreadable };
    const message = settingMessage({ ...this.#place, counterId: row.counterId }, row, row.basedOn, row.author, row.nonce);
    const refused = (await this.#counterRefusal(row, message)) ?? this.authority.refusal(row, message);
    if (refused) return { refused };
    this.authority.fold(row);
    return { stands: row };
  }

  async #counterRefusal(row: StationSettingRow, message: string): Promise<string | null> {
    if (!row.signature) return `unsigned row from counter ${row.counterId}`;
    const verifies = () => {
      const key = keyInForce(this.#keys.get(row.counterId) ?? [], Date.parse(row.at));
      return key !== null && verifySignature(key, message, row.signature!);
    };
    if (this.#keys.has(row.counterId) && verifies()) return null;
    // a counter not seen yet, or re-keyed since the keys were read: read them again, once
    await this.#loadKeys();
    if (!(this.#keys.get(row.counterId) ?? []).length) return `counter ${row.counterId} has no enrolled key`;
    return verifies() ? null : `the signature of counter ${row.counterId} does not verify (a forged row)`;
  }

  /** Every counter's keys over time (a counter restored on a new PC was re-keyed: migration 0009). */
  async #loadKeys(): Promise<void> {
    const { rows } = await this.#pool.query<{ id: string; public_key: string | null; history: { key: string; since: string | null }[] | null }>(
      `SELECT c.id, c.public_key,
              (SELECT json_agg(json_build_object('key', k.public_key, 'since', CASE WHEN k.from_seq = 1 THEN NULL ELSE k.enrolled_at END) ORDER BY k.from_seq)
                 FROM counter_keys k WHERE k.counter_id = c.id) AS history
         FROM counters c WHERE c.station_id = $1`,
      [this.#place.stationId],
    );
    for (const r of rows) {
      const history = (r.history ?? []).map((k) => ({ key: k.key, since: k.since === null ? -Infinity : Date.parse(k.since) }));
      this.#keys.set(r.id, history.length > 0 ? history : r.public_key ? [{ key: r.public_key, since: -Infinity }] : []);
    }
  }
}

/**
 * The station's name as the rows of its stream that stand say it (the last of them), read up to
 * the first row that does not stand, as a counter reads them; null when none names it.
 */
export async function streamStationName(pool: pg.Pool, place: Omit<StreamPlace, 'counterId'>): Promise<string | null> {
  const verifier = new StreamVerifier(pool, place);
  let name: string | null = null;
  for (let after = 0; ; ) {
    const rows = await settingRowsAfter(pool, place, after);
    for (const row of rows) {
      const judged = await verifier.next(row);
      if ('refused' in judged) return name;
      if (judged.stands.kind === 'station_name') name = judged.stands.value.name;
      after = row.seq;
    }
    if (rows.length < 1000) return name;
  }
}

/** A stream of settings rows: a station's, for one journal. */
export type SettingsStream = Omit<StreamPlace, 'counterId'>;

/**
 * The rows of a stream that do not stand, each judged as the counters judge it once the refused
 * rows before it are set aside (they stop at the first): what `verify` names, with the command
 * that sets each aside. Rows set aside already are not read.
 */
export async function refusedSettingRows(pool: pg.Pool, stream: SettingsStream): Promise<{ rows: number; refused: StationSettingRefusal[] }> {
  const verifier = new StreamVerifier(pool, stream);
  const refused: StationSettingRefusal[] = [];
  let count = 0;
  for (let after = 0; ; ) {
    const rows = await settingRowsAfter(pool, stream, after);
    for (const row of rows) {
      const judged = await verifier.next(row);
      if ('refused' in judged) refused.push({ seq: row.seq, counterId: row.counterId, reason: judged.refused, command: setAsideCommand({ ...stream, seq: row.seq }) });
      after = row.seq;
    }
    count += rows.length;
    if (rows.length < 1000) return { rows: count, refused };
  }
}

/** The settings streams of a station (or of every station), each journal's apart. */
export async function settingsStreams(pool: pg.Pool, stationId?: string): Promise<SettingsStream[]> {
  const { rows } = await pool.query<{ station_id: string; environment: string }>(
    'SELECT DISTINCT station_id, environment FROM station_settings WHERE $1::text IS NULL OR station_id = $1 ORDER BY station_id, environment',
    [stationId ?? null],
  );
  return rows.map((r) => ({ stationId: r.station_id, environment: r.environment }));
}
