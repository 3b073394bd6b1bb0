-- The station's retail markup rules (current state; every change is a markup.changed entry).
CREATE TABLE markup_rules (
  id TEXT PRIMARY KEY,
  operator_id TEXT,
  origin_id TEXT,
  destination_id TEXT,
  fare_class TEXT,
  percent REAL NOT NULL CHECK (percent >= 0 AND percent <= 100),
  fixed_minor INTEGER NOT NULL CHECK (fixed_minor >= 0),
  changed_by TEXT NOT NULL,
  changed_at TEXT NOT NULL,
  changed_seq INTEGER NOT NULL
) STRICT;
