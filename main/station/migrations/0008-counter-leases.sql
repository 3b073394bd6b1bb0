-- One live writer per counter id. The PC that ships a counter's journal holds its lease and
-- renews it (a heartbeat) at every shipping round; another PC (a restored counter) may take the
-- lease only once the holder has been silent for longer than it asks (the old PC is dead or was
-- switched off), never while it still renews it. A counter retired by a supervisor takes no
-- lease again. Counters reach the table only through these functions (SECURITY DEFINER).
CREATE TABLE counter_leases (
  counter_id text PRIMARY KEY REFERENCES counters (id),
  holder text NOT NULL,
  heartbeat_at timestamptz NOT NULL,
  taken_at timestamptz NOT NULL,
  previous_holder text,
  retired_at timestamptz,
  retired_reason text
);

-- granted: this holder may write for the counter now. `take_over_after`: NULL never takes a lease
-- held by another; a number of seconds takes it when its holder has been silent for longer.
CREATE FUNCTION claim_counter(p_counter text, p_holder text, take_over_after integer)
RETURNS TABLE (granted boolean, holder text, heartbeat_at timestamptz, retired boolean)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  l counter_leases%ROWTYPE;
BEGIN
  -- only the counter's own login (or the owner) takes or renews its lease (migration 0005)
  PERFORM station_writer(p_counter);
  SELECT * INTO l FROM counter_leases WHERE counter_id = p_counter FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO counter_leases (counter_id, holder, heartbeat_at, taken_at) VALUES (p_counter, p_holder, now(), now());
    RETURN QUERY SELECT true, p_holder, now(), false;
    RETURN;
  END IF;
  IF l.retired_at IS NOT NULL THEN
    RETURN QUERY SELECT false, l.holder, l.heartbeat_at, true;
    RETURN;
  END IF;
  IF l.holder = p_holder THEN
    UPDATE counter_leases SET heartbeat_at = now() WHERE counter_id = p_counter;
    RETURN QUERY SELECT true, p_holder, now(), false;
    RETURN;
  END IF;
  IF take_over_after IS NOT NULL AND l.heartbeat_at < now() - make_interval(secs => take_over_after) THEN
    UPDATE counter_leases SET holder = p_holder, heartbeat_at = now(), taken_at = now(), previous_holder = l.holder WHERE counter_id = p_counter;
    RETURN QUERY SELECT true, p_holder, now(), false;
    RETURN;
  END IF;
  RETURN QUERY SELECT false, l.holder, l.heartbeat_at, false;
END
$$;

-- The holder gives its lease up (a counter shut down for good on its old PC, or retired): another
-- PC may take it at once, or, retired, nobody.
CREATE FUNCTION release_counter(p_counter text, p_holder text, retire boolean, reason text)
RETURNS boolean LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM station_writer(p_counter);
  UPDATE counter_leases
     SET heartbeat_at = '-infinity',
         retired_at = CASE WHEN retire THEN now() ELSE NULL END,
         retired_reason = CASE WHEN retire THEN reason ELSE NULL END
   WHERE counter_id = p_counter AND holder = p_holder AND retired_at IS NULL;
  RETURN FOUND;
END
$$;

REVOKE ALL ON FUNCTION claim_counter(text, text, integer), release_counter(text, text, boolean, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION claim_counter(text, text, integer), release_counter(text, text, boolean, text) TO shubbak_counter;
GRANT SELECT ON counter_leases TO shubbak_counter;
