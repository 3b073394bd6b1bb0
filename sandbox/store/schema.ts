// SQLite schema of the sandbox, as an ordered list of migrations. `PRAGMA user_version` records
// how many have run; a new migration is appended, never edited. Migrations may call the SQL
// function `sha256_hex(text)`, which db.ts registers on every connection.

export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

  CREATE TABLE accounts (id TEXT PRIMARY KEY, name TEXT NOT NULL);

  CREATE TABLE credentials (
    client_id TEXT PRIMARY KEY,
    client_secret TEXT NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    environment TEXT NOT NULL,
    scopes TEXT NOT NULL,
    revoked INTEGER NOT NULL DEFAULT 0
  );

  CREATE TABLE wallets (
    account_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    currency TEXT NOT NULL,
    balance_minor INTEGER NOT NULL,
    credit_limit_minor INTEGER NOT NULL,
    low_balance_threshold_minor INTEGER NOT NULL,
    updated_at INTEGER,
    PRIMARY KEY (account_id, environment)
  );

  CREATE TABLE transactions (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    account_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    type TEXT NOT NULL,
    amount_minor INTEGER NOT NULL,
    balance_after_minor INTEGER NOT NULL,
    currency TEXT NOT NULL,
    booking_ref TEXT,
    reason TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX transactions_by_wallet ON transactions (account_id, environment, seq);

  -- First time a dated departure was looked at: the start of its other-channel sales.
  CREATE TABLE departures (key TEXT PRIMARY KEY, first_touched_at INTEGER NOT NULL);

  CREATE TABLE holds (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    account_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    offer_id TEXT NOT NULL,
    departure_key TEXT NOT NULL,
    fare_class TEXT NOT NULL,
    seats_json TEXT NOT NULL,
    seats_requested_json TEXT NOT NULL,
    per_seat_minor INTEGER NOT NULL,
    total_minor INTEGER NOT NULL,
    currency TEXT NOT NULL,
    status TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    ended_at INTEGER,
    booking_ref TEXT
  );
  CREATE INDEX holds_by_account ON holds (account_id, environment, seq);
  CREATE INDEX holds_by_departure ON holds (environment, departure_key);

  CREATE TABLE bookings (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    account_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    departure_key TEXT NOT NULL,
    status TEXT NOT NULL,
    travel_date TEXT NOT NULL,
    seats_json TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    confirm_due_at INTEGER,
    doc TEXT NOT NULL
  );
  CREATE INDEX bookings_by_account ON bookings (account_id, environment, seq);
  CREATE INDEX bookings_by_departure ON bookings (environment, departure_key);
  CREATE INDEX bookings_pending ON bookings (confirm_due_at) WHERE status = 'pending';

  CREATE TABLE idempotency (
    account_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    status_code INTEGER NOT NULL,
    body TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (account_id, environment, key)
  );

  -- Outbox of partner events; webhook delivery reads from here.
  CREATE TABLE events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    account_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    type TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    data TEXT NOT NULL
  );
  `,
  // 2: client secrets are kept only as SHA-256 digests (the plain secrets used to be stored, so a
  // TRAINING sandbox.db carried them). db.ts vacuums the file after this one has run on old data.
  `
  CREATE TABLE credentials_hashed (
    client_id TEXT PRIMARY KEY,
    secret_sha256 TEXT NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    environment TEXT NOT NULL,
    scopes TEXT NOT NULL,
    revoked INTEGER NOT NULL DEFAULT 0
  );
  INSERT INTO credentials_hashed (client_id, secret_sha256, account_id, environment, scopes, revoked)
    SELECT client_id, sha256_hex(client_secret), account_id, environment, scopes, revoked FROM credentials;
  DROP TABLE credentials;
  ALTER TABLE credentials_hashed RENAME TO credentials;
  `,
  // 3: webhook endpoints (registered through the control API) and one delivery per event and endpoint.
  `
  CREATE TABLE webhook_endpoints (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    account_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    url TEXT NOT NULL,
    secret TEXT NOT NULL,
    paused INTEGER NOT NULL DEFAULT 0,
    consecutive_failures INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    UNIQUE (account_id, environment, url)
  );

  CREATE TABLE deliveries (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id TEXT NOT NULL,
    endpoint_id TEXT NOT NULL,
    state TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_status_code INTEGER,
    first_attempt_at INTEGER,
    next_attempt_at INTEGER,
    created_at INTEGER NOT NULL,
    UNIQUE (event_id, endpoint_id)
  );
  CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE state IN ('pending', 'retrying');
  CREATE INDEX deliveries_by_endpoint ON deliveries (endpoint_id, state);
  `,
];

/** The migration after which old plain-text secrets may linger in free pages and the WAL. */
export const HASHED_SECRETS_MIGRATION = 2;

/** Tables emptied by a reset (everything but `meta`, whose secrets and seed survive). */
export const STATE_TABLES = [
  'deliveries',
  'webhook_endpoints',
  'events',
  'idempotency',
  'bookings',
  'holds',
  'departures',
  'transactions',
  'wallets',
  'credentials',
  'accounts',
] as const;
