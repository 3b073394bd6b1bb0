// Station-wide settings, both ways: a supervisor's change of an agent, a markup rule or the
// station's name is published to the station's settings stream first, and every counter applies
// the stream's rows in the database's order (its own too), so all counters end the same. While
// the station database is unreachable a counter keeps the settings it last received and refuses
// changes (station_settings_offline): an edit made offline could only be ordered later, after
// edits it never saw. When two supervisors change the same thing at once, the later row stands
// and both counters keep a notice saying which one.
import type pg from 'pg';
import type { StationSettingNotice, StationSettingRefusal, StationSettingsState } from '../../contract/station.ts';
import { AppFailure } from '../failure.ts';
import type { AgentRef } from '../journal/entries.ts';
import { setAsideCommand } from './admin.ts';
import { registerCounter } from './database.ts';
import { isReadable, publishSetting, settingRowsAfter, type StationSettingChange, type StationSettingRow, type StreamPlace } from './settings-stream.ts';
import type { CounterSigner } from './counter-key.ts';
import { StreamAuthority } from './stream-authority.ts';
import { StreamVerifier } from './stream-verifier.ts';
import { deriveProofKey, type SupervisorProofs } from './supervisor-proof.ts';

/** What the counter's side does with the stream: where it stands in it, and how a row is applied. */
export interface SettingsTarget {
  /** The last row of this station applied here (0: none). */
  appliedSeq(stationId: string): number;
  apply(row: StationSettingRow, stationId: string): void;
  /** This counter's agents and markup rules, as changes (to start an empty stream). */
  snapshot(): StationSettingChange[];
  /** Drops the markup rules the station does not have (its rules replace the counter's own). */
  keepOnlyRules(ruleIds: ReadonlySet<string>, stationId: string): void;
}

export interface SettingsSyncDeps {
  pool: pg.Pool;
  place: StreamPlace & { stationName: string };
  target: () => SettingsTarget;
  /** False while the counter runs in another environment than the station's. */
  active: () => boolean;
  /** This counter's key: its rows are signed with it. */
  signer: CounterSigner;
  /** The PIN proof keys of the supervisors who typed their PIN here: rows they author are proved with them. */
  proofs: SupervisorProofs;
  log: (message: string, err?: unknown) => void;
  now: () => Date;
}

const NOTICES_KEPT = 10;
const thingOf = (r: { kind: string; key: string }) => `${r.kind}/${r.key}`;

function subjectOf(row: StationSettingRow): string {
  if (row.kind === 'agent') return row.value.name;
  if (row.kind === 'station_name') return row.value.name;
  return row.key;
}

export class StationSettingsSync {
  readonly #d: SettingsSyncDeps;
  #state: 'current' | 'offline' = 'offline';
  #lastReceivedAt: string | null = null;
  #lastError: string | null = null;
  /** The latest row seen per thing, to tell concurrent edits apart. */
  readonly #latest = new Map<string, StationSettingRow>();
  #notices: StationSettingNotice[] = [];
  #pulling: Promise<void> | null = null;
  #closed = false;
  /**
   * The first row of the stream that did not verify: an alarm for every supervisor, nothing after
   * it applied, until the administrator sets it aside (then the stream reads without it).
   */
  #refused: StationSettingRefusal | null = null;
  /** The stream as folded up to #foldedSeq (every row from the first, each checked). */
  #verifier: StreamVerifier;
  #foldedSeq = 0;
  /** A supervisor's new proof key from the PIN they set for themselves: kept once that row is published (proved with the key before it). */
  #ownNewKey: { agentId: string; key: CounterSigner } | null = null;

  constructor(deps: SettingsSyncDeps) {
    this.#d = deps;
    this.#verifier = new StreamVerifier(deps.pool, deps.place);
  }

  /** Who may author a row, as of the last row folded. */
  get #authority(): StreamAuthority {
    return this.#verifier.authority;
  }

  state(): StationSettingsState {
    const active = this.#d.active();
    return {
      state: active ? this.#state : 'other_environment',
      appliedSeq: active ? this.#d.target().appliedSeq(this.#d.place.stationId) : 0,
      lastReceivedAt: this.#lastReceivedAt,
      lastError: this.#lastError,
      notices: [...this.#notices],
      refused: this.#refused,
    };
  }

  /** Applies the rows not applied yet; offline only means the last settings stay (said in state()). */
  async pull(): Promise<void> {
    if (this.#closed || !this.#d.active()) return;
    while (this.#pulling) await this.#pulling;
    this.#pulling = this.#pullAll().finally(() => (this.#pulling = null));
    await this.#pulling;
  }

  /** Stops pulling; waits for a pull under way. */
  async close(): Promise<void> {
    this.#closed = true;
    while (this.#pulling) await this.#pulling;
  }

  /**
   * A supervisor's change: published after the rows already there are applied (so it is based on
   * them), then applied here from the stream like any other row. Answers whether it stands.
   */
  async publish(change: StationSettingChange, author: AgentRef | null): Promise<{ seq: number; stands: boolean }> {
    if (!this.#d.active()) throw new AppFailure('conflict', `The station database takes the ${this.#d.place.environment} journal only; this counter runs in another environment`);
    await this.pull();
    if (this.#state === 'offline') throw this.#offline();
    // on a stream no supervisor has proved yet, the first change of a supervisor who typed their PIN here proves it
    if (author && !this.#authority.proven) await this.proveSupervisor(author);
    return this.#publishRow(change, author);
  }

  async #publishRow(change: StationSettingChange, author: AgentRef | null): Promise<{ seq: number; stands: boolean }> {
    const proof = await this.#proofOf(author, this.#authority);
    let seq: number;
    try {
      await registerCounter(this.#d.pool, { id: this.#d.place.stationId, name: this.#d.place.stationName }, this.#d.place.counterId, this.#d.place.environment, this.#d.signer.publicKey);
      seq = await publishSetting(this.#d.pool, this.#d.place, change, this.#d.target().appliedSeq(this.#d.place.stationId), author, { counter: this.#d.signer, proof });
    } catch (err) {
      this.#wentOffline(err);
      throw this.#offline();
    }
    const own = this.#ownNewKey;
    if (own && change.kind === 'agent' && change.key === own.agentId && change.value.proofKey === own.key.publicKey) {
      this.#d.proofs.keep(own.agentId, own.key);
      this.#ownNewKey = null;
    }
    await this.pull();
    const latest = this.#latest.get(thingOf(change));
    return { seq, stands: latest === undefined || latest.seq === seq };
  }

  /**
   * The proof key an agent row publishes for a supervisor: from the PIN set now (kept here when the
   * author sets their own), else the one the stream holds for them; none for anyone else.
   */
  async proofKeyFor(agent: { agentId: string; role: string; active: boolean; pin?: string | undefined }, author: AgentRef | null): Promise<string | null> {
    if (agent.role !== 'supervisor' || !agent.active) return null;
    if (agent.pin === undefined) return this.#authority.keyOf(agent.agentId) ?? null;
    const key = await deriveProofKey(agent.agentId, agent.pin);
    if (author?.agentId === agent.agentId) this.#ownNewKey = { agentId: agent.agentId, key };
    return key.publicKey;
  }

  /**
   * A supervisor who typed their PIN here, on a stream no supervisor has proved yet (a stream from
   * before proofs, or one seeded without a PIN): their agent row is published again with their
   * proof key, which proves the stream from then on (StreamAuthority). Done before their first
   * change of the station's settings, not at the sign-in (nothing is written behind anyone's back).
   */
  async proveSupervisor(author: AgentRef): Promise<void> {
    await this.pull();
    if (this.#state !== 'current' || this.#refused || this.#authority.proven || this.#authority.keyOf(author.agentId) !== null) return;
    const held = await this.#d.proofs.keyOf(author.agentId);
    const own = this.#d.target().snapshot().find((c) => c.kind === 'agent' && c.key === author.agentId);
    if (!held || own?.kind !== 'agent') return;
    await this.#publishRow({ ...own, value: { ...own.value, proofKey: held.publicKey } }, author);
  }

  /** The author's proof key, when the stream asks for one and they typed their PIN here; else why not (refused before it is published). */
  async #proofOf(author: AgentRef | null, authority: StreamAuthority): Promise<CounterSigner | null> {
    const proof = author ? await this.#d.proofs.keyOf(author.agentId) : null;
    const why = authority.refusalToPublish(author, proof?.publicKey ?? null);
    if (why) throw new AppFailure('supervisor_proof_needed', `A change of the station's settings needs a supervisor's PIN on this counter: ${why}`);
    return proof;
  }

  /**
   * On connecting: an empty stream starts from this counter's settings; a station that has
   * settings gives them to this counter, and takes the agents it does not know (so nobody who
   * signs in here is locked out). One counter seeds at a time.
   */
  async seed(author: AgentRef | null): Promise<void> {
    const { pool, place } = this.#d;
    await registerCounter(pool, { id: place.stationId, name: place.stationName }, place.counterId, place.environment, this.#d.signer.publicKey);
    const client = await pool.connect();
    let stationRules: Set<string> | null = null;
    try {
      await client.query('BEGIN');
      await client.query("SELECT pg_advisory_xact_lock(hashtext('station_settings_seed'), hashtext($1))", [`${place.stationId}/${place.environment}`]);
      const stream = await settingRowsAfter(client, place, 0, 1_000_000);
      const existing = stream.filter(isReadable);
      const known = new Set(existing.map(thingOf));
      const local = await this.#withProofKeys(this.#d.target().snapshot(), author);
      const name: StationSettingChange = { kind: 'station_name', key: 'name', value: { name: place.stationName } };
      const toPublish = stream.length === 0 ? [name, ...local] : local.filter((c) => c.kind === 'agent' && !known.has(thingOf(c)));
      // Checked against the stream as it stands under the lock (another counter may have seeded it).
      const authority = new StreamAuthority();
      for (const row of existing) authority.fold(row);
      const proof = toPublish.length > 0 ? await this.#proofOf(author, authority) : null;
      for (const change of toPublish) await publishSetting(client, place, change, 0, author, { counter: this.#d.signer, proof });
      await client.query('COMMIT');
      if (existing.some((r) => r.kind === 'markup_rule')) {
        const last = new Map(existing.filter((r) => r.kind === 'markup_rule').map((r) => [r.key, r.value]));
        stationRules = new Set([...last].filter(([, v]) => v !== null).map(([k]) => k));
      }
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
    await this.pull();
    if (stationRules) this.#d.target().keepOnlyRules(stationRules, place.stationId);
  }

  /**
   * This counter's agents with the proof keys of its supervisors who typed their PIN here, the
   * author's own row first: on an empty stream it is the one that makes the first proved supervisor.
   */
  async #withProofKeys(changes: StationSettingChange[], author: AgentRef | null): Promise<StationSettingChange[]> {
    const out: StationSettingChange[] = [];
    for (const c of changes) {
      if (c.kind !== 'agent' || c.value.role !== 'supervisor') {
        out.push(c);
        continue;
      }
      const held = await this.#d.proofs.keyOf(c.key);
      const change: StationSettingChange = { ...c, value: { ...c.value, proofKey: held?.publicKey ?? null } };
      if (c.key === author?.agentId) out.unshift(change);
      else out.push(change);
    }
    return out;
  }

  async #pullAll(): Promise<void> {
    const { stationId } = this.#d.place;
    try {
      for (;;) {
        const target = this.#d.target();
        // From the last row folded (after a start, the first): who is supervisor at each row is the
        // fold of every row before it, so rows applied before are checked again, not applied again.
        const applied = target.appliedSeq(stationId);
        if (applied < this.#foldedSeq) {
          // another journal under this link (a restore): fold again from the start
          this.#verifier = new StreamVerifier(this.#d.pool, this.#d.place);
          this.#foldedSeq = 0;
        }
        const rows = await settingRowsAfter(this.#d.pool, this.#d.place, this.#foldedSeq);
        for (const row of rows) {
          const judged = await this.#verifier.next(row);
          if ('refused' in judged) {
            const why = judged.refused;
            // Nothing after it is applied either: the stream's order is the station's.
            if (this.#refused?.seq !== row.seq) this.#d.log(`station setting ${row.seq} refused: ${why}`);
            this.#refused = { seq: row.seq, counterId: row.counterId, reason: why, command: setAsideCommand({ ...this.#d.place, seq: row.seq }) };
            this.#state = 'current';
            return;
          }
          this.#foldedSeq = row.seq;
          if (row.seq <= applied) continue;
          this.#note(judged.stands);
          target.apply(judged.stands, stationId);
        }
        if (rows.length < 1000) break;
      }
      // read to its end without a refusal: a row refused before was set aside (or the stream restarted)
      if (this.#refused) this.#d.log(`station settings flow again after row ${this.#refused.seq}`);
      this.#refused = null;
      this.#state = 'current';
      this.#lastError = null;
      this.#lastReceivedAt = this.#d.now().toISOString();
    } catch (err) {
      this.#wentOffline(err);
    }
  }

  /** A row that replaced another one its counter had not seen is a concurrent edit: say which stands. */
  #note(row: StationSettingRow): void {
    const before = this.#latest.get(thingOf(row));
    this.#latest.set(thingOf(row), row);
    if (!before || before.seq <= row.basedOn || before.counterId === row.counterId) return;
    const me = this.#d.place.counterId;
    if (before.counterId !== me && row.counterId !== me) return;
    const side = (r: StationSettingRow) => ({ counterId: r.counterId, agentName: r.author?.agentName ?? null, at: r.at, seq: r.seq });
    const notice: StationSettingNotice = {
      kind: row.kind,
      key: row.key,
      subject: subjectOf(row),
      standing: side(row),
      replaced: side(before),
      yours: row.counterId === me ? 'standing' : 'replaced',
    };
    this.#notices = [notice, ...this.#notices].slice(0, NOTICES_KEPT);
  }

  #wentOffline(err: unknown): void {
    const message = err instanceof Error ? err.message : String(err);
    if (this.#state !== 'offline' || this.#lastError !== message) this.#d.log(`station settings not received: ${message}`);
    this.#state = 'offline';
    this.#lastError = message;
  }

  #offline(): AppFailure {
    const since = this.#lastReceivedAt ? ` (last received ${this.#lastReceivedAt})` : '';
    return new AppFailure('station_settings_offline', `The station database is unreachable: station-wide settings cannot be changed now${since}`, { retryable: true });
  }
}
