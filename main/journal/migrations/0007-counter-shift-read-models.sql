-- Every entry names the counter that wrote it and, where it has one, its shift. Entries written
-- before this keep NULL (they are the journal's own counter's, meta 'counter_id') and keep their
-- hash form; nothing already written is rewritten.
ALTER TABLE entries ADD COLUMN counter_id TEXT;
ALTER TABLE entries ADD COLUMN shift_id TEXT;
CREATE INDEX entries_by_shift ON entries (shift_id, seq) WHERE shift_id IS NOT NULL;

-- Read models (rebuildable from the entries, see main/journal/read-models.ts):
-- shifts and prints name their counter and shift, prints keep the spooler's job and the failure;
-- a sale says whether main prints it by itself once confirmed (sales made before: no);
-- cash movements take the kinds a shift has.
ALTER TABLE shifts ADD COLUMN counter_id TEXT;
ALTER TABLE prints ADD COLUMN shift_id TEXT;
ALTER TABLE prints ADD COLUMN job_id TEXT;
ALTER TABLE prints ADD COLUMN error_code TEXT;
ALTER TABLE sales ADD COLUMN print_on_confirm INTEGER NOT NULL DEFAULT 0;
CREATE INDEX sales_to_print ON sales (intent_seq) WHERE status = 'confirmed' AND print_on_confirm = 1;

CREATE TABLE cash_movements_v7 (
  seq INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('sale', 'float', 'pay_in', 'pay_out', 'safe_drop')),
  sale_id TEXT REFERENCES sales (sale_id),
  agent_id TEXT NOT NULL,
  shift_id TEXT NOT NULL,
  business_day TEXT NOT NULL,
  amount_minor INTEGER NOT NULL,
  tendered_minor INTEGER NOT NULL,
  change_minor INTEGER NOT NULL,
  at TEXT NOT NULL
) STRICT;
INSERT INTO cash_movements_v7 SELECT seq, kind, sale_id, agent_id, shift_id, business_day, amount_minor, tendered_minor, change_minor, at FROM cash_movements;
DROP TABLE cash_movements;
ALTER TABLE cash_movements_v7 RENAME TO cash_movements;
CREATE UNIQUE INDEX cash_once_per_sale ON cash_movements (sale_id) WHERE kind = 'sale';
CREATE INDEX cash_day_agent ON cash_movements (business_day, agent_id, shift_id, amount_minor);
