-- Enrolment and signatures. A counter has an Ed25519 key pair (the private key in its PC's
-- keychain); the administrator enrols its public key (`npm run station -- enrol --key`). Every
-- batch a counter ships carries its signature over the chain's head (the batch's last entry):
-- the chain links every entry before it, so the signed heads cover the whole journal. PostgreSQL
-- cannot check an Ed25519 signature itself: `npm run station -- verify`, the station day report
-- and every counter check them. A counter without an enrolled key ships nothing.
ALTER TABLE counters ADD COLUMN public_key text CHECK (public_key ~ '^[A-Za-z0-9+/]{43}=$');

CREATE TABLE chain_heads (
  counter_id text NOT NULL REFERENCES counters (id),
  seq bigint NOT NULL,
  hash text NOT NULL,
  signature text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (counter_id, seq)
);
CREATE TRIGGER chain_heads_no_update BEFORE UPDATE OR DELETE ON chain_heads FOR EACH ROW EXECUTE FUNCTION append_only();
CREATE TRIGGER chain_heads_no_truncate BEFORE TRUNCATE ON chain_heads FOR EACH STATEMENT EXECUTE FUNCTION append_only();

-- The settings stream's rows are signed by the counter that adds them.
ALTER TABLE station_settings ADD COLUMN signature text;

DROP FUNCTION register_counter(text, text, text, text);
DROP FUNCTION ship_entries(text, jsonb);
DROP FUNCTION publish_setting(text, text, text, text, jsonb, bigint, text, jsonb);

-- As before, with the counter's public key: the owner registers it with a new counter (or one
-- without a key yet); a counter login must present the key enrolled for it.
CREATE FUNCTION register_counter(p_station text, p_station_name text, p_counter text, p_environment text, p_public_key text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  c counters;
BEGIN
  IF station_owner_session() THEN
    INSERT INTO stations (id, name) VALUES (p_station, p_station_name) ON CONFLICT (id) DO NOTHING;
    INSERT INTO counters (id, station_id, environment, public_key) VALUES (p_counter, p_station, p_environment, p_public_key) ON CONFLICT (id) DO NOTHING;
    UPDATE counters SET public_key = p_public_key WHERE id = p_counter AND public_key IS NULL;
  END IF;
  c := station_writer(p_counter);
  IF c.station_id <> p_station THEN
    RAISE EXCEPTION 'not_enrolled: counter % is enrolled for station %, not %', p_counter, c.station_id, p_station USING ERRCODE = '42501';
  END IF;
  IF c.environment <> p_environment THEN
    RAISE EXCEPTION 'not_enrolled: counter % is enrolled for the % journal, not %', p_counter, c.environment, p_environment USING ERRCODE = '42501';
  END IF;
  IF c.public_key IS NULL THEN
    RAISE EXCEPTION 'not_enrolled: counter % has no enrolled key (npm run station -- enrol --key)', p_counter USING ERRCODE = '42501';
  END IF;
  IF c.public_key <> p_public_key THEN
    RAISE EXCEPTION 'not_enrolled: counter %''s key is not the one enrolled for it', p_counter USING ERRCODE = '42501';
  END IF;
END
$$;

-- As before, with the signature of the batch's head, kept beside the entries.
CREATE FUNCTION ship_entries(p_counter text, p_entries jsonb, p_signature text) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  c counters;
  open_stop text;
  head jsonb := p_entries -> (jsonb_array_length(p_entries) - 1);
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
  EXCEPTION WHEN SQLSTATE 'P0001' THEN
    IF SQLERRM LIKE 'chain_broken:%' THEN
      INSERT INTO counter_stops (counter_id, reason) VALUES (p_counter, SQLERRM);
      RETURN SQLERRM;
    END IF;
    RAISE;
  END;
  INSERT INTO chain_heads (counter_id, seq, hash, signature)
    VALUES (p_counter, (head ->> 'seq')::bigint, head ->> 'hash', p_signature)
    ON CONFLICT (counter_id, seq) DO NOTHING;
  RETURN NULL;
END
$$;

CREATE FUNCTION publish_setting(p_station text, p_environment text, p_kind text, p_key text, p_value jsonb, p_based_on bigint, p_counter text, p_author jsonb, p_signature text)
RETURNS bigint LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  c counters;
  placed bigint;
BEGIN
  c := station_writer(p_counter);
  IF c.station_id <> p_station OR c.environment <> p_environment THEN
    RAISE EXCEPTION 'not_your_counter: counter % is not of station % (%)', p_counter, p_station, p_environment USING ERRCODE = '42501';
  END IF;
  IF c.public_key IS NULL THEN
    RAISE EXCEPTION 'not_enrolled: counter % has no enrolled key', p_counter USING ERRCODE = '42501';
  END IF;
  INSERT INTO station_settings (station_id, environment, kind, key, value, based_on, counter_id, author, signature)
    VALUES (p_station, p_environment, p_kind, p_key, p_value, p_based_on, p_counter, p_author, p_signature)
    RETURNING seq INTO placed;
  RETURN placed;
END
$$;

GRANT SELECT ON chain_heads TO shubbak_counter;
REVOKE ALL ON FUNCTION register_counter(text, text, text, text, text), ship_entries(text, jsonb, text),
  publish_setting(text, text, text, text, jsonb, bigint, text, jsonb, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION register_counter(text, text, text, text, text), ship_entries(text, jsonb, text),
  publish_setting(text, text, text, text, jsonb, bigint, text, jsonb, text) TO shubbak_counter;
