-- Money back (issue 23). A ticket is refunded at most once across the counters of a station:
-- before a linked counter pays, it claims each ticket here (the primary key decides between two
-- windows at the same moment), then writes its refund.paid entry, shipped like any other.
-- Counters read the table and write it only through the two functions below, which check the
-- login is the counter's own (station_writer, migration 0005), as every other write.
CREATE TABLE ticket_refunds (
  station_id text NOT NULL REFERENCES stations (id),
  booking_ref text NOT NULL,
  passenger_index integer NOT NULL CHECK (passenger_index >= 0),
  counter_id text NOT NULL REFERENCES counters (id),
  refund_id text NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (station_id, booking_ref, passenger_index)
);
CREATE INDEX ticket_refunds_by_refund ON ticket_refunds (refund_id);

-- Claims the tickets for one refund, all or none: answers the tickets another refund holds already
-- (then nothing was claimed).
CREATE FUNCTION claim_ticket_refunds(p_counter text, p_booking_ref text, p_indexes integer[], p_refund_id text) RETURNS integer[]
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  c counters;
  got integer[];
BEGIN
  c := station_writer(p_counter);
  WITH added AS (
    INSERT INTO ticket_refunds (station_id, booking_ref, passenger_index, counter_id, refund_id)
    SELECT c.station_id, p_booking_ref, i, p_counter, p_refund_id FROM unnest(p_indexes) AS i
    ON CONFLICT DO NOTHING RETURNING passenger_index
  )
  SELECT coalesce(array_agg(passenger_index), '{}') INTO got FROM added;
  IF cardinality(got) < cardinality(p_indexes) THEN
    -- one of them is another refund's: give back what this call took
    DELETE FROM ticket_refunds WHERE station_id = c.station_id AND refund_id = p_refund_id AND counter_id = p_counter;
    RETURN ARRAY(SELECT i FROM unnest(p_indexes) AS i WHERE NOT i = ANY (got));
  END IF;
  RETURN '{}';
END
$$;

-- Gives a counter's own claim back: the refund it was for could not be written on that counter.
CREATE FUNCTION release_ticket_refunds(p_counter text, p_refund_id text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  c counters;
BEGIN
  c := station_writer(p_counter);
  DELETE FROM ticket_refunds WHERE station_id = c.station_id AND refund_id = p_refund_id AND counter_id = p_counter;
END
$$;

REVOKE ALL ON ticket_refunds FROM shubbak_counter;
GRANT SELECT ON ticket_refunds TO shubbak_counter;
REVOKE ALL ON FUNCTION claim_ticket_refunds(text, text, integer[], text), release_ticket_refunds(text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION claim_ticket_refunds(text, text, integer[], text), release_ticket_refunds(text, text) TO shubbak_counter;

-- The station report's refunds of a business day, and a sale found by its booking reference.
CREATE INDEX entries_refund_day ON entries ((payload::jsonb ->> 'businessDay')) WHERE type = 'refund.paid';
CREATE INDEX entries_by_booking_ref ON entries ((payload::jsonb ->> 'bookingReference')) WHERE type IN ('sale.outcome', 'refund.paid');
