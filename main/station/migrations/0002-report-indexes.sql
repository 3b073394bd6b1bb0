-- The station day report finds a day's sales by their intent's business day, then every entry of
-- those sales by counter and sale id, without reading other days.
CREATE INDEX entries_sale_day ON entries ((payload::jsonb ->> 'businessDay')) WHERE type = 'sale.intent';
CREATE INDEX entries_by_sale ON entries (counter_id, (payload::jsonb ->> 'saleId'))
  WHERE type IN ('sale.intent', 'sale.outcome', 'sale.unanswered', 'sale.abandoned', 'cash.received');
