// Ships this counter's journal to the station's PostgreSQL: in order, in batches, at least once
// (the database skips an entry it already has and refuses a different one at the same place),
// in the background, never in a sale's way. Where to start is the database's to say (the last
// seq it holds for this counter), so a lost acknowledgement only means one batch sent twice.
// Offline, the journal keeps everything; the backlog ships in order when the database is back.
// A broken chain stops this counter's stream (the database keeps what arrived) and is reported.
import type pg from 'pg';
import type { Journal } from '../journal/journal.ts';
import { registerCounter } from './database.ts';
import { chainHeadMessage, type CounterSigner } from './counter-key.ts';
import { claimCounter, liveElsewhere } from './lease.ts';

export type ShippingStatus = 'shipping' | 'synced' | 'offline' | 'stopped';

export interface ShippingState {
  status: ShippingStatus;
  /** Entries of this journal the station database does not hold yet (as far as known). */
  backlog: number;
  /** The last seq the station database acknowledged. */
  shippedSeq: number;
  lastError: string | null;
  /** When the last batch arrived (ISO UTC). */
  lastShippedAt: string | null;
  /** Counters of the station whose journal the database refused (this one included): an alarm for every supervisor. */
  stoppedCounters: StoppedCounter[];
}

export interface StoppedCounter {
  counterId: string;
  reason: string;
  stoppedAt: string;
}

/** What shipping reads of a journal: its counter, its last seq, its entries as stored. */
export type ShippableJournal = Pick<Journal, 'counterId' | 'lastSeq' | 'storedPage'>;

export interface ShipperDeps {
  journal: () => ShippableJournal;
  /** False while there is nothing to ship here (the counter runs in another environment than the station's). */
  active?: () => boolean;
  pool: pg.Pool;
  station: { id: string; name: string };
  environment: string;
  /** This counter's key: every batch is signed over its chain's head. */
  signer: CounterSigner;
  batchSize?: number;
  /** Pause between rounds when synced or offline. */
  idleMs?: number;
  log: (message: string, err?: unknown) => void;
  now?: () => Date;
  /** This PC's holder id: each round renews the counter's lease first, and ships nothing when another PC took it. */
  holder?: () => string;
  /** Run before each round reads the journal (the counter's look for entries written outside the app). */
  beforeRound?: (() => void) | undefined;
  /**
   * Run before each batch is sent, with the last seq the station holds: what must be at the station
   * ahead of the entries (the claims of refunds paid while it was down: refunds/claim-ahead.ts).
   */
  beforeBatch?: ((pool: pg.Pool, afterSeq: number) => Promise<void>) | undefined;
}

const CHAIN_BROKEN = /^(chain_broken|stream_stopped):/;

/** The last seq of a counter's journal the station database holds (0: none). */
export async function stationLastSeq(pool: Pick<pg.Pool, 'query'>, counterId: string): Promise<number> {
  const { rows } = await pool.query<{ n: string }>('SELECT coalesce(max(seq), 0) AS n FROM entries WHERE counter_id = $1', [counterId]);
  return Number(rows[0]!.n);
}

export class JournalShipper {
  readonly #d: ShipperDeps;
  #state: ShippingState = { status: 'offline', backlog: 0, shippedSeq: 0, lastError: null, lastShippedAt: null, stoppedCounters: [] };
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #registered = false;
  #closed = false;
  /** Whether the database has told this run how far it holds this journal (shippedSeq is then a floor). */
  #acknowledgedKnown = false;
  /** The last seq of a batch sent since the database last said how far it holds: it may have arrived though no answer came back. */
  #sentSeq = 0;

  constructor(deps: ShipperDeps) {
    this.#d = deps;
  }

  state(): ShippingState {
    return { ...this.#state, backlog: Math.max(0, this.#d.journal().lastSeq() - this.#state.shippedSeq) };
  }

  /**
   * The last seq of this journal the station database may hold: what it acknowledged, or a batch
   * sent whose answer did not come back (the connection dropped after its commit); null until it
   * first said so in this run.
   */
  acknowledged(): number | null {
    return this.#acknowledgedKnown ? Math.max(this.#state.shippedSeq, this.#sentSeq) : null;
  }

  /** Starts shipping in the background: now, then after every pause. */
  start(): void {
    if (this.#closed) return;
    this.#schedule(0);
  }

  /** Something was appended: ship it soon (never waits for the database). */
  nudge(): void {
    if (!this.#running && !this.#closed && this.#state.status !== 'stopped') this.#schedule(0);
  }

  /** One full round now: ships until the backlog is empty or the database refuses (tests, closing). */
  async shipNow(): Promise<ShippingState> {
    while (this.#running) await this.#running;
    this.#running = this.#round().finally(() => (this.#running = null));
    await this.#running;
    return this.state();
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    while (this.#running) await this.#running;
  }

  #schedule(ms: number): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      if (this.#closed) return;
      // A round already under way (shipNow) counts as this one; the next comes after the pause.
      this.#running ??= this.#round().finally(() => (this.#running = null));
      void this.#running.then(() => {
        if (!this.#closed && this.#state.status !== 'stopped') this.#schedule(this.#d.idleMs ?? 5_000);
      });
    }, ms);
    this.#timer.unref?.();
  }

  async #round(): Promise<void> {
    if (this.#d.active && !this.#d.active()) return;
    const journal = this.#d.journal();
    const counterId = journal.counterId;
    try {
      if (!this.#registered) await this.#register(counterId);
      if (this.#d.holder && !(await this.#holdsLease(counterId, this.#d.holder()))) return;
      let shipped = await stationLastSeq(this.#d.pool, counterId);
      // Entries written by hand are found before they are read to be shipped: their finding follows them in this round.
      this.#d.beforeRound?.();
      this.#state = { ...this.#state, shippedSeq: shipped, status: 'shipping', lastError: null };
      this.#acknowledgedKnown = true;
      this.#sentSeq = shipped;
      for (;;) {
        const batch = journal.storedPage(shipped, this.#d.batchSize ?? 500);
        if (batch.length === 0) break;
        await this.#d.beforeBatch?.(this.#d.pool, shipped);
        this.#sentSeq = batch.at(-1)!.seq;
        await this.#insert(counterId, batch);
        shipped = batch.at(-1)!.seq;
        this.#state = { ...this.#state, shippedSeq: shipped, lastShippedAt: (this.#d.now?.() ?? new Date()).toISOString() };
        if (this.#closed) break;
      }
      this.#state = { ...this.#state, status: 'synced', stoppedCounters: await this.#stoppedCounters() };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (CHAIN_BROKEN.test(message)) {
        // The database raised this counter's stop itself (ship_entries); it stays until the owner clears it.
        this.#state = { ...this.#state, status: 'stopped', lastError: message };
        this.#d.log(`station database refused this counter's journal, shipping stopped: ${message}`);
        const stoppedCounters = await this.#stoppedCounters().catch(() => this.#state.stoppedCounters);
        this.#state = { ...this.#state, stoppedCounters };
      } else {
        this.#state = { ...this.#state, status: 'offline', lastError: message };
        this.#d.log(`station database not reachable, entries kept for later: ${message}`);
      }
    }
  }

  /** Renews the lease; when another PC holds the counter, shipping stops here (no entry of two writers reaches the station). */
  async #holdsLease(counterId: string, holder: string): Promise<boolean> {
    let lease: Awaited<ReturnType<typeof claimCounter>>;
    try {
      lease = await claimCounter(this.#d.pool, counterId, holder, null);
    } catch (err) {
      // A station database not yet migrated to leases (0008; `npm run station -- init` or a
      // supervisor's Connect migrates it): shipping goes on as before, without the guard.
      if ((err as { code?: string }).code === '42883') return true;
      throw err;
    }
    if (lease.granted) return true;
    const message = liveElsewhere(counterId, lease, this.#d.now?.() ?? new Date()).message;
    this.#state = { ...this.#state, status: 'stopped', lastError: `counter_live_elsewhere: ${message}` };
    this.#d.log(`station database: ${message}; shipping stopped`);
    return false;
  }

  async #stoppedCounters(): Promise<StoppedCounter[]> {
    const { rows } = await this.#d.pool.query<{ counter_id: string; reason: string; raised_at: Date }>(
      `SELECT s.counter_id, s.reason, s.raised_at FROM counter_stops s JOIN counters c ON c.id = s.counter_id
       WHERE c.station_id = $1 AND s.cleared_at IS NULL ORDER BY s.raised_at`,
      [this.#d.station.id],
    );
    return rows.map((r) => ({ counterId: r.counter_id, reason: r.reason, stoppedAt: r.raised_at.toISOString() }));
  }

  async #register(counterId: string): Promise<void> {
    await registerCounter(this.#d.pool, this.#d.station, counterId, this.#d.environment, this.#d.signer.publicKey);
    const row = await this.#d.pool.query<{ reason: string }>('SELECT reason FROM counter_stops WHERE counter_id = $1 AND cleared_at IS NULL', [counterId]);
    const stopped = row.rows[0]?.reason;
    if (stopped) throw new Error(`stream_stopped: ${stopped}`);
    this.#registered = true;
  }

  /** One batch, signed over its last entry, through the database's one narrow path (ship_entries): all of it arrives, or none of it. */
  async #insert(counterId: string, batch: ReturnType<ShippableJournal['storedPage']>): Promise<void> {
    const rows = batch.map((e) => ({
      seq: e.seq,
      at: e.at,
      type: e.type,
      payload: e.payload,
      prev_hash: e.prevHash,
      hash: e.hash,
      chained_counter: e.chainedCounter,
      shift_id: e.shiftId,
    }));
    const head = batch.at(-1)!;
    const signature = this.#d.signer.sign(chainHeadMessage(counterId, head.seq, head.hash));
    const { rows: answer } = await this.#d.pool.query<{ refused: string | null }>('SELECT ship_entries($1, $2::jsonb, $3) AS refused', [counterId, JSON.stringify(rows), signature]);
    const refused = answer[0]?.refused;
    if (refused) throw new Error(refused);
  }
}
