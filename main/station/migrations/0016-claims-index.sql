-- Money back across the station (issue 23): a linked counter's Claims view reads the refunds and
-- hand matches every counter of its station shipped, a counter's rows after the last it read.
CREATE INDEX entries_claims ON entries (counter_id, seq) WHERE type IN ('refund.paid', 'claim.matched');
