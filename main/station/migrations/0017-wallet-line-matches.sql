-- Money back (issue 23): a wallet line matched by hand to a claim is matched at most once across
-- the counters of a station. Before a linked counter writes its claim.matched entry, it claims the
-- line here (the primary key decides between two windows at the same moment); a claim whose entry
-- was never written (the counter stopped in between) is given back by that counter's next look at
-- the claims. Counters read the table and write it only through the two functions below, which
-- check the login is the counter's own (station_writer, migration 0005), as every other write.
CREATE TABLE wallet_line_matches (
  station_id text NOT NULL REFERENCES stations (id),
  environment text NOT NULL CHECK (environment IN ('TRAINING', 'SANDBOX', 'LIVE')),
  transaction_id text NOT NULL,
  booking_ref text NOT NULL,
  counter_id text NOT NULL REFERENCES counters (id),
  match_id text NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (station_id, environment, transaction_id)
);
CREATE INDEX wallet_line_matches_by_counter ON wallet_line_matches (counter_id);

-- Claims a wallet line for one hand match of this counter: answers the counter that holds it
-- already (NULL: this call took it, or this counter held it for the same match).
CREATE FUNCTION claim_wallet_line_match(p_counter text, p_transaction_id text, p_booking_ref text, p_match_id text) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  c counters;
  holder wallet_line_matches;
BEGIN
  c := station_writer(p_counter);
  INSERT INTO wallet_line_matches (station_id, environment, transaction_id, booking_ref, counter_id, match_id)
  VALUES (c.station_id, c.environment, p_transaction_id, p_booking_ref, p_counter, p_match_id)
  ON CONFLICT DO NOTHING;
  SELECT * INTO holder FROM wallet_line_matches WHERE station_id = c.station_id AND environment = c.environment AND transaction_id = p_transaction_id;
  IF holder.match_id = p_match_id THEN
    RETURN NULL;
  END IF;
  RETURN holder.counter_id;
END
$$;

-- Gives a counter's own claim back: the match it was for was not written on that counter.
CREATE FUNCTION release_wallet_line_match(p_counter text, p_match_id text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  c counters;
BEGIN
  c := station_writer(p_counter);
  DELETE FROM wallet_line_matches WHERE station_id = c.station_id AND match_id = p_match_id AND counter_id = p_counter;
END
$$;

REVOKE ALL ON wallet_line_matches FROM shubbak_counter;
GRANT SELECT ON wallet_line_matches TO shubbak_counter;
ALTER TABLE wallet_line_matches ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_station ON wallet_line_matches FOR SELECT TO shubbak_counter USING (station_id = login_station());
REVOKE ALL ON FUNCTION claim_wallet_line_match(text, text, text, text), release_wallet_line_match(text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION claim_wallet_line_match(text, text, text, text), release_wallet_line_match(text, text) TO shubbak_counter;
