-- Every entry of a sale carries, from its arrival on, the sale's id and the Cairo business day of
-- its intent: the station day report is then one range of one index (a day of a station's
-- counters, in each counter's order) instead of a probe per sale. The columns are derived from
-- the payload and the sale's intent; the entry as shipped (and hashed) is unchanged.
ALTER TABLE entries ADD COLUMN sale_id text, ADD COLUMN sale_day text;

-- The entries already there get them too (the append-only trigger is set aside for this only).
ALTER TABLE entries DISABLE TRIGGER entries_no_update;
UPDATE entries SET sale_id = payload::jsonb ->> 'saleId'
  WHERE type IN ('sale.intent', 'sale.outcome', 'sale.unanswered', 'sale.abandoned', 'cash.received');
UPDATE entries e SET sale_day = i.payload::jsonb ->> 'businessDay'
  FROM entries i
  WHERE e.sale_id IS NOT NULL AND i.type = 'sale.intent' AND i.counter_id = e.counter_id AND i.sale_id = e.sale_id;
ALTER TABLE entries ENABLE TRIGGER entries_no_update;

DROP INDEX entries_sale_day;
DROP INDEX entries_by_sale;
CREATE INDEX entries_by_sale_id ON entries (counter_id, sale_id) WHERE sale_id IS NOT NULL;
CREATE INDEX entries_by_sale_day ON entries (sale_day, counter_id, seq) WHERE sale_day IS NOT NULL;

-- On arrival, after the chain check (triggers fire in name order: entries_arrive, then this).
CREATE FUNCTION entries_sale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.sale_id := NULL;
  NEW.sale_day := NULL;
  IF NEW.type IN ('sale.intent', 'sale.outcome', 'sale.unanswered', 'sale.abandoned', 'cash.received') THEN
    NEW.sale_id := NEW.payload::jsonb ->> 'saleId';
    IF NEW.type = 'sale.intent' THEN
      NEW.sale_day := NEW.payload::jsonb ->> 'businessDay';
    ELSE
      SELECT sale_day INTO NEW.sale_day FROM entries WHERE counter_id = NEW.counter_id AND sale_id = NEW.sale_id AND type = 'sale.intent';
    END IF;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER entries_sale BEFORE INSERT ON entries FOR EACH ROW EXECUTE FUNCTION entries_sale();
