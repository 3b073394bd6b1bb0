// The station's settings stream in PostgreSQL (migration 0003): agents, markup rules and the
// station's name, one row per change, ordered by the database, less the rows the administrator
// set aside (migration 0011). Every row read is validated; a
// row this counter cannot read is refused like a forged one, not skipped (applying the rows after
// it would leave the counter out of step with the station): the stream stops at it, named.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import { AgentName, AgentRole } from '../../contract/shifts.ts';
import { StationName } from '../../contract/calls.ts';
import { canonicalJson } from '../../core/canonical-json.ts';
import type { CounterSigner } from './counter-key.ts';
import { proofMessage } from './stream-authority.ts';

const AgentRef = z.strictObject({ agentId: z.string().min(1), agentName: z.string().min(1) });

export const AgentValue = z.strictObject({
  name: AgentName,
  role: AgentRole,
  /** The agent's scrypt PIN hash as every counter checks it (null: an agent without a PIN). */
  pinHash: z.string().min(1).nullable(),
  active: z.boolean(),
  /** A supervisor's PIN proof key (Ed25519 public key, base64; main/station/supervisor-proof.ts): absent or null, none. */
  proofKey: z.string().regex(/^[A-Za-z0-9+/]{43}=$/).nullable().optional(),
});
export type AgentValue = z.infer<typeof AgentValue>;

export const MarkupRuleValue = z.strictObject({
  operatorId: z.string().min(1).nullable(),
  originId: z.string().min(1).nullable(),
  destinationId: z.string().min(1).nullable(),
  fareClass: z.string().min(1).nullable(),
  percent: z.number().min(0).max(100),
  fixedMinor: z.int().min(0),
});

export const StationNameValue = z.strictObject({ name: StationName });

/** A change of one thing of the station, as a counter publishes it. */
export type StationSettingChange =
  | { kind: 'agent'; key: string; value: AgentValue }
  | { kind: 'markup_rule'; key: string; value: z.infer<typeof MarkupRuleValue> | null }
  | { kind: 'station_name'; key: 'name'; value: z.infer<typeof StationNameValue> };

const Row = z.object({
  seq: z.coerce.number().int().min(1),
  counter_id: z.string().min(1),
  based_on: z.coerce.number().int().min(0).nullable(),
  author: AgentRef.nullable(),
  at: z.date(),
  key: z.string().min(1).max(200),
  signature: z.string().nullable(),
  proof: z.string().nullable().optional(),
  nonce: z.string().nullable().optional(),
});

export type StationSettingRow = StationSettingChange & {
  seq: number;
  /** The last row its counter had applied when it was made: rows after that were not seen. */
  basedOn: number;
  counterId: string;
  author: z.infer<typeof AgentRef> | null;
  at: string;
  /** Its counter's signature over settingMessage (null: unsigned, refused by every counter). */
  signature: string | null;
  /** Its author's PIN proof over proofMessage(settingMessage) (null: none; main/station/stream-authority.ts). */
  proof: string | null;
  /** Unique per row of the stream, inside what is signed: a copy inserted again is a replay (null: a row from before proofs). */
  nonce: string | null;
};

/**
 * A row no counter can read: its value, author or place fails its schema (a database login can
 * publish any JSON). It does not stand, like a forged row: the stream stops at it with the alarm
 * naming it, until the administrator sets it aside.
 */
export interface UnreadableSettingRow {
  seq: number;
  counterId: string;
  unreadable: string;
}

/** A row of the stream as read: a change, or one that cannot be read. */
export type StreamRow = StationSettingRow | UnreadableSettingRow;

export const isReadable = (row: StreamRow): row is StationSettingRow => !('unreadable' in row);

function rowOf(raw: Record<string, unknown>): StreamRow {
  try {
    const r = Row.parse(raw);
    const common = { seq: r.seq, basedOn: r.based_on ?? 0, counterId: r.counter_id, author: r.author, at: r.at.toISOString(), signature: r.signature, proof: r.proof ?? null, nonce: r.nonce ?? null };
    switch (raw.kind) {
      case 'agent':
        return { ...common, kind: 'agent', key: r.key, value: AgentValue.parse(raw.value) };
      case 'markup_rule':
        return { ...common, kind: 'markup_rule', key: r.key, value: MarkupRuleValue.nullable().parse(raw.value) };
      case 'station_name':
        return { ...common, kind: 'station_name', key: 'name', value: StationNameValue.parse(raw.value) };
      default:
        throw new Error(`it is of an unknown kind ${String(raw.kind)}`);
    }
  } catch (err) {
    const why = err instanceof z.ZodError ? z.prettifyError(err).replace(/\s*\n\s*/g, '; ') : err instanceof Error ? err.message : String(err);
    return { seq: Number(raw.seq), counterId: String(raw.counter_id), unreadable: `row ${String(raw.seq)} of counter ${String(raw.counter_id)} cannot be read (${String(raw.kind)}: ${why})` };
  }
}

export interface StreamPlace {
  stationId: string;
  environment: string;
  counterId: string;
}

type Querier = Pick<pg.Pool | pg.PoolClient, 'query'>;

/**
 * The rows after `afterSeq`, in the database's order, without the rows the administrator set aside
 * (migration 0011): no counter applies one, nor learns from it who is supervisor.
 */
export async function settingRowsAfter(db: Querier, place: Omit<StreamPlace, 'counterId'>, afterSeq: number, limit = 1000): Promise<StreamRow[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT seq, kind, key, value, based_on, counter_id, author, at, signature, proof, nonce FROM station_settings s
     WHERE station_id = $1 AND environment = $2 AND seq > $3
       AND NOT EXISTS (SELECT FROM station_settings_set_aside x WHERE x.station_id = s.station_id AND x.environment = s.environment AND x.seq = s.seq)
     ORDER BY seq LIMIT $4`,
    [place.stationId, place.environment, afterSeq, limit],
  );
  return rows.map(rowOf);
}

/**
 * What a counter signs for a row of the stream (and its author's proof signs, main/station/stream-authority.ts):
 * everything in it but the place the database gives it. Rows from before proofs have no nonce (v1).
 */
export function settingMessage(
  place: StreamPlace,
  change: { kind: string; key: string; value: unknown },
  basedOn: number,
  author: z.infer<typeof AgentRef> | null,
  nonce: string | null,
): string {
  const { stationId, environment, counterId } = place;
  const fields = { stationId, environment, counterId, kind: change.kind, key: change.key, value: change.value, basedOn, author };
  return nonce === null ? `shubbak-setting-v1\n${canonicalJson(fields)}` : `shubbak-setting-v2\n${canonicalJson({ ...fields, nonce })}`;
}

/**
 * Appends one change through the database's narrow path (publish_setting), signed by the counter
 * and, when its author holds one, proved by the author's PIN proof key; the database gives it its place (seq).
 */
export async function publishSetting(
  db: Querier,
  place: StreamPlace,
  change: StationSettingChange,
  basedOn: number,
  author: z.infer<typeof AgentRef> | null,
  signers: { counter: CounterSigner; proof: CounterSigner | null },
): Promise<number> {
  const nonce = randomUUID();
  const message = settingMessage(place, change, basedOn, author, nonce);
  const signature = signers.counter.sign(message);
  const proof = signers.proof?.sign(proofMessage(message)) ?? null;
  const { rows } = await db.query<{ seq: string }>(
    'SELECT publish_setting($1, $2, $3, $4, $5::jsonb, $6, $7, $8::jsonb, $9, $10, $11) AS seq',
    [place.stationId, place.environment, change.kind, change.key, change.value === null ? null : JSON.stringify(change.value), basedOn, place.counterId, author, signature, proof, nonce],
  );
  return Number(rows[0]!.seq);
}
