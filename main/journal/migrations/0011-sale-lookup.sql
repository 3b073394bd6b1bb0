-- Finding a booking at the counter as the agent types: every key of a sale (its booking and
-- operator references, names, phone digits and travel date, in the forms of core/lookup-key.ts)
-- ordered for prefix range scans. A read model (main/journal/read-models.ts); the sales made
-- before it are keyed when the journal is opened (main/journal/sale-lookup.ts).
CREATE TABLE sale_lookup (
  key TEXT NOT NULL,
  sale_id TEXT NOT NULL REFERENCES sales (sale_id),
  PRIMARY KEY (key, sale_id)
) STRICT, WITHOUT ROWID;
