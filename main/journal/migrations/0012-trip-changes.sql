-- The trip changes worklist: a ticket of a sale made here changed (its departure moved, or the
-- trip was cancelled), one row per sale and ticket version, and whether the traveller was called.
CREATE TABLE trip_changes (
  seq INTEGER PRIMARY KEY,
  sale_id TEXT NOT NULL REFERENCES sales (sale_id),
  version TEXT NOT NULL,
  booking_ref TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('rescheduled', 'cancelled', 'changed')),
  old_departure TEXT,
  new_departure TEXT,
  valid_for_travel INTEGER NOT NULL,
  notice TEXT,
  seen_at TEXT NOT NULL,
  called_by TEXT,
  called_at TEXT,
  UNIQUE (sale_id, version)
) STRICT;
CREATE INDEX trip_changes_to_call ON trip_changes (called_at, seq);
