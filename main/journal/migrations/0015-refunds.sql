-- Money back (issue 23). Read models of the refund.paid and claim.matched entries (rebuilt from
-- them like every read model), and a cache of the wallet statement the claims are matched to.

-- One row per refund paid at this counter.
CREATE TABLE refunds (
  seq INTEGER PRIMARY KEY,
  refund_id TEXT NOT NULL UNIQUE,
  sale_id TEXT NOT NULL,
  booking_ref TEXT NOT NULL,
  shift_id TEXT NOT NULL,
  business_day TEXT NOT NULL,
  tickets INTEGER NOT NULL,
  amount_minor INTEGER NOT NULL,
  claimable INTEGER NOT NULL,
  claim_net_minor INTEGER NOT NULL,
  at TEXT NOT NULL
) STRICT;
CREATE INDEX refunds_by_booking ON refunds (booking_ref);
CREATE INDEX refunds_by_day ON refunds (business_day);
CREATE INDEX refunds_claims ON refunds (booking_ref, claim_net_minor, at) WHERE claimable = 1;

-- A ticket is refunded once: the first refund of a booking's passenger keeps it.
CREATE TABLE refunded_tickets (
  booking_ref TEXT NOT NULL,
  passenger_index INTEGER NOT NULL,
  refund_seq INTEGER NOT NULL,
  PRIMARY KEY (booking_ref, passenger_index)
) STRICT, WITHOUT ROWID;

-- Wallet ADJUSTMENT lines matched to a claim by a supervisor's hand.
CREATE TABLE claim_matches (
  seq INTEGER PRIMARY KEY,
  transaction_id TEXT NOT NULL,
  booking_ref TEXT NOT NULL,
  amount_minor INTEGER NOT NULL,
  at TEXT NOT NULL,
  by_agent TEXT NOT NULL,
  note TEXT
) STRICT;

-- The wallet statement as last read (GET /wallet/transactions), newest line first by `n`: a
-- cache, not a fact of this counter (the API is the truth), refilled from the newest page down
-- to the first line already known.
CREATE TABLE wallet_lines (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  amount_minor INTEGER NOT NULL,
  booking_ref TEXT,
  reason TEXT,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX wallet_lines_adjustments ON wallet_lines (created_at) WHERE type = 'ADJUSTMENT';
