-- What a counter's database login in the wrong hands (its password is on the counter PC) could
-- still do through its own narrow path, taken away:
-- - a batch of entries all received already recorded a chain head with any signature, spoiling
--   the counter's verified history for good (chain_heads is append-only): a head is recorded only
--   with entries the batch adds;
-- - claim_counter trusted the silence the caller asked for: a counter's login could take its
--   lease from the live PC at once. A counter session waits at least 15 minutes of silence (the
--   owner, an administrator, as it asks);
-- - the holder of a lease was readable (counter_leases, and a refused claim answered it), and with
--   it release_counter retires the counter: counters no longer read the table, and a refused claim
--   names the holder by a fingerprint only.
CREATE OR REPLACE FUNCTION ship_entries(p_counter text, p_entries jsonb, p_signature text) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  c counters;
  open_stop text;
  head jsonb := p_entries -> (jsonb_array_length(p_entries) - 1);
  added bigint;
BEGIN
  c := station_writer(p_counter);
  IF c.public_key IS NULL THEN
    RAISE EXCEPTION 'not_enrolled: counter % has no enrolled key: it ships nothing', p_counter USING ERRCODE = '42501';
  END IF;
  IF head IS NULL OR p_signature IS NULL THEN
    RAISE EXCEPTION 'unsigned: a batch of counter % comes without its signature', p_counter USING ERRCODE = '42501';
  END IF;
  SELECT reason INTO open_stop FROM counter_stops WHERE counter_id = p_counter AND cleared_at IS NULL;
  IF FOUND THEN
    RETURN 'stream_stopped: ' || open_stop;
  END IF;
  BEGIN
    INSERT INTO entries (counter_id, seq, at, type, payload, prev_hash, hash, chained_counter, shift_id)
      SELECT p_counter, x.seq, x.at, x.type, x.payload, x.prev_hash, x.hash, x.chained_counter, x.shift_id
      FROM jsonb_to_recordset(p_entries) AS x(seq bigint, at text, type text, payload text, prev_hash text, hash text, chained_counter boolean, shift_id text)
      ORDER BY x.seq;
    GET DIAGNOSTICS added = ROW_COUNT;
  EXCEPTION WHEN SQLSTATE 'P0001' THEN
    IF SQLERRM LIKE 'chain_broken:%' THEN
      INSERT INTO counter_stops (counter_id, reason) VALUES (p_counter, SQLERRM);
      RETURN SQLERRM;
    END IF;
    RAISE;
  END;
  IF added > 0 THEN
    INSERT INTO chain_heads (counter_id, seq, hash, signature)
      VALUES (p_counter, (head ->> 'seq')::bigint, head ->> 'hash', p_signature)
      ON CONFLICT (counter_id, seq) DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION claim_counter(p_counter text, p_holder text, take_over_after integer)
RETURNS TABLE (granted boolean, holder text, heartbeat_at timestamptz, retired boolean)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  l counter_leases%ROWTYPE;
  silence integer := CASE WHEN station_owner_session() THEN take_over_after ELSE greatest(take_over_after, 900) END;
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

REVOKE SELECT ON counter_leases FROM shubbak_counter;

-- Logins enrolled before: the same connection limit as `enrol` gives (admin.ts), and the owner a
-- member of each, so that `revoke` can end its open sessions. A login this owner may not change is
-- left as it was (a notice says which).
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT c.login FROM counters c JOIN pg_roles g ON g.rolname = c.login WHERE c.revoked_at IS NULL LOOP
    BEGIN
      EXECUTE format('ALTER ROLE %I CONNECTION LIMIT 16', r.login);
      EXECUTE format('GRANT %I TO CURRENT_USER', r.login);
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'login % left as it was: %', r.login, SQLERRM;
    END;
  END LOOP;
END
$$;
