-- Shifts an agent opens with a counted float and closes with a blind count and a Z-report
-- (numbered without gaps per counter), and corrections of closed shifts. Read models only.
ALTER TABLE shifts ADD COLUMN float_minor INTEGER NOT NULL DEFAULT 0;
ALTER TABLE shifts ADD COLUMN counted_minor INTEGER;
ALTER TABLE shifts ADD COLUMN z_number INTEGER;
CREATE UNIQUE INDEX shifts_z_number ON shifts (counter_id, z_number) WHERE z_number IS NOT NULL;
CREATE INDEX shifts_open ON shifts (agent_id) WHERE closed_seq IS NULL;

CREATE TABLE shift_corrections (
  seq INTEGER PRIMARY KEY,
  correction_id TEXT NOT NULL UNIQUE,
  shift_id TEXT NOT NULL REFERENCES shifts (id),
  amount_minor INTEGER NOT NULL,
  reason TEXT NOT NULL,
  by_agent TEXT NOT NULL,
  approved_by TEXT NOT NULL,
  at TEXT NOT NULL
) STRICT;
