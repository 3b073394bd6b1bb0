-- Two PCs claiming a counter's first lease at the same moment (a copied PC started beside the
-- live one, or a restore): both found no lease, both inserted one, and the later failed on the
-- primary key with a bare "duplicate key" error instead of the answer every other refusal gets.
-- The first lease is now inserted unless one is there already; the later claim then reads the
-- lease the earlier one made (waiting for it to commit) and is refused as usual.
CREATE OR REPLACE FUNCTION claim_counter(p_counter text, p_holder text, take_over_after integer)
RETURNS TABLE (granted boolean, holder text, heartbeat_at timestamptz, retired boolean)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  l counter_leases%ROWTYPE;
  silence integer := CASE WHEN station_owner_session() THEN take_over_after ELSE greatest(take_over_after, 900) END;
BEGIN
  -- only the counter's own login (or the owner) takes or renews its lease (migration 0005)
  PERFORM station_writer(p_counter);
  INSERT INTO counter_leases (counter_id, holder, heartbeat_at, taken_at) VALUES (p_counter, p_holder, now(), now())
    ON CONFLICT (counter_id) DO NOTHING;
  IF FOUND THEN
    RETURN QUERY SELECT true, p_holder, now(), false;
    RETURN;
  END IF;
  SELECT * INTO l FROM counter_leases WHERE counter_id = p_counter FOR UPDATE;
  IF l.retired_at IS NOT NULL THEN
    RETURN QUERY SELECT false, 'pc-' || left(md5(l.holder), 8), l.heartbeat_at, true;
    RETURN;
  END IF;
  IF l.holder = p_holder THEN
    UPDATE counter_leases SET heartbeat_at = now() WHERE counter_id = p_counter;
    RETURN QUERY SELECT true, p_holder, now(), false;
    RETURN;
  END IF;
  IF silence IS NOT NULL AND l.heartbeat_at < now() - make_interval(secs => silence) THEN
    UPDATE counter_leases SET holder = p_holder, heartbeat_at = now(), taken_at = now(), previous_holder = l.holder WHERE counter_id = p_counter;
    RETURN QUERY SELECT true, p_holder, now(), false;
    RETURN;
  END IF;
  RETURN QUERY SELECT false, 'pc-' || left(md5(l.holder), 8), l.heartbeat_at, false;
END
$$;
