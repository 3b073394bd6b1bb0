import { randomBytes } from 'node:crypto';
import { Accounts } from './auth/accounts.ts';
import { JwtCodec } from './auth/jwt.ts';
import { BookingService } from './bookings/booking-service.ts';
import { Disruptions } from './bookings/disruptions.ts';
import { IdempotencyStore } from './bookings/idempotency.ts';
import { SimClock } from './clock.ts';
import { ConfigStore } from './config.ts';
import { Outbox } from './events/outbox.ts';
import { HoldService } from './holds/hold-service.ts';
import { RateLimiter } from './http/rate-limit.ts';
import { buildInventory, defaultInventory } from './inventory/index.ts';
import type { Inventory } from './inventory/types.ts';
import { OfferService } from './offers/offers.ts';
import { OfferSeal } from './offers/seal.ts';
import { SeatBook } from './seats/seat-book.ts';
import { Meta, openDb, type Db } from './store/db.ts';
import { isSeeded, seedState } from './store/seed.ts';
import { TicketService } from './tickets/ticket-service.ts';
import { Ledger } from './wallet/ledger.ts';
import { Webhooks } from './webhooks/webhooks.ts';

/** One running simulator: its database and every service over it. No global state. */
export interface Sandbox {
  db: Db;
  meta: Meta;
  clock: SimClock;
  config: ConfigStore;
  inventory: Inventory;
  accounts: Accounts;
  jwt: JwtCodec;
  seal: OfferSeal;
  seats: SeatBook;
  outbox: Outbox;
  ledger: Ledger;
  limiter: RateLimiter;
  offers: OfferService;
  holds: HoldService;
  bookings: BookingService;
  tickets: TicketService;
  disruptions: Disruptions;
  webhooks: Webhooks;
  idempotency: IdempotencyStore;
  /** `http://host:port/v1`, known once listening. */
  baseUrl: string;
  log: (...args: unknown[]) => void;
  /** Back to the seeded state (the secrets, the seed and open connections survive). */
  reset(): void;
}

export interface SandboxOptions {
  dbPath: string | ':memory:';
  seed?: number | undefined;
  log?: (...args: unknown[]) => void;
  /** The rendered ticket PDFs kept in memory, in bytes (PdfCache's default when absent). */
  pdfCacheBytes?: number | undefined;
}

export function createSandbox(options: SandboxOptions): Sandbox {
  const db = openDb(options.dbPath);
  const meta = new Meta(db);
  // A database keeps the seed it was made with, so a restart without --seed sees the same world.
  const seed = options.seed ?? (meta.get('seed') === undefined ? undefined : Number(meta.get('seed')));
  const inventory = seed === undefined ? defaultInventory() : buildInventory(seed);
  meta.set('seed', String(inventory.seed));

  const clock = new SimClock(meta);
  const config = new ConfigStore(meta);
  const outbox = new Outbox(db, clock);
  const ledger = new Ledger(db, clock, outbox);
  const accounts = new Accounts(db);
  const jwt = new JwtCodec(Buffer.from(meta.getOrCreate('jwt_secret', () => randomBytes(32).toString('base64')), 'base64'));
  const seal = new OfferSeal(Buffer.from(meta.getOrCreate('offer_key', () => randomBytes(32).toString('base64')), 'base64'));
  const seats = new SeatBook(db, inventory);
  const offers = new OfferService(inventory, seal, seats, clock);
  const holds = new HoldService(db, offers, seats, clock);
  const idempotency = new IdempotencyStore(db);
  const limiter = new RateLimiter(config, () => clock.now());

  const bookings = new BookingService({
    db,
    clock,
    config,
    inventory,
    accounts,
    seal,
    offers,
    holds,
    ledger,
    outbox,
    baseUrl: () => sandbox.baseUrl,
  });

  const baseUrl = () => sandbox.baseUrl;
  const tickets = new TicketService({ bookings, inventory, clock, baseUrl, pdfCacheBytes: options.pdfCacheBytes });
  const disruptions = new Disruptions({ bookings, outbox, clock });
  const log = options.log ?? (() => {});
  const webhooks = new Webhooks({ db, clock, accounts, log });

  const sandbox: Sandbox = {
    db,
    meta,
    clock,
    config,
    inventory,
    accounts,
    jwt,
    seal,
    seats,
    outbox,
    ledger,
    limiter,
    offers,
    holds,
    bookings,
    tickets,
    disruptions,
    webhooks,
    idempotency,
    baseUrl: '',
    log,
    reset() {
      clock.resetOffset(); // first: the seeded opening TOPUP lines are stamped with "now"
      seedState(db, ledger);
      config.reset();
      limiter.clear();
      seats.clear();
      accounts.forgetCached();
      idempotency.clearInFlight();
      tickets.cache.clear();
    },
  };
  outbox.subscribe((event) => webhooks.enqueue(event));
  clock.onAdvance(() => {
    bookings.confirmDue();
    webhooks.kick();
  });
  if (!isSeeded(db)) seedState(db, ledger);
  return sandbox;
}
