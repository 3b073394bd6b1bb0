-- Read models derived from the entries, written in the same transaction as the entry they
-- follow from. They may be updated in place; the entries are the record.
CREATE TABLE sales (
  sale_id TEXT PRIMARY KEY,
  intent_seq INTEGER NOT NULL UNIQUE,
  idempotency_key TEXT NOT NULL UNIQUE,
  request_body TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  environment TEXT NOT NULL,
  agent_id TEXT NOT NULL,
  shift_id TEXT NOT NULL,
  business_day TEXT NOT NULL,
  language TEXT NOT NULL,
  offer_id TEXT NOT NULL,
  operator_id TEXT,
  route TEXT NOT NULL,
  departure_at TEXT,
  passengers INTEGER NOT NULL,
  net_total_minor INTEGER NOT NULL,
  retail_total_minor INTEGER NOT NULL,
  cash_tendered_minor INTEGER NOT NULL,
  change_minor INTEGER NOT NULL,
  summary TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('sending', 'unknown', 'pending', 'confirmed', 'failed')),
  booking_ref TEXT,
  booking TEXT,
  error TEXT,
  charged INTEGER NOT NULL DEFAULT 0,
  cash_recorded INTEGER NOT NULL DEFAULT 0,
  -- 1 while an attempt may have reached the API without its answer being recorded
  in_doubt INTEGER NOT NULL DEFAULT 0,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_attempt_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;

-- Sales still waiting for a final answer from the API (resumed on start and periodically).
CREATE INDEX sales_unfinished ON sales (status) WHERE status IN ('sending', 'unknown', 'pending');

CREATE TABLE cash_movements (
  seq INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('sale')),
  sale_id TEXT REFERENCES sales (sale_id),
  agent_id TEXT NOT NULL,
  shift_id TEXT NOT NULL,
  business_day TEXT NOT NULL,
  amount_minor INTEGER NOT NULL,
  tendered_minor INTEGER NOT NULL,
  change_minor INTEGER NOT NULL,
  at TEXT NOT NULL
) STRICT;

-- Cash is taken once per sale, whatever happens.
CREATE UNIQUE INDEX cash_once_per_sale ON cash_movements (sale_id) WHERE kind = 'sale';

CREATE TABLE prints (
  seq INTEGER PRIMARY KEY,
  print_id TEXT NOT NULL UNIQUE,
  sale_id TEXT,
  kind TEXT NOT NULL,
  printer TEXT NOT NULL,
  status TEXT NOT NULL,
  copy INTEGER NOT NULL,
  at TEXT NOT NULL
) STRICT;

CREATE INDEX prints_by_sale ON prints (sale_id) WHERE sale_id IS NOT NULL;
