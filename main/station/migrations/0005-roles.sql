-- Roles the PostgreSQL way. The owner (the role that runs `npm run station -- init|migrate`)
-- holds every table and function. Counters log in each with a login of their own, member of
-- the group role shubbak_counter: they own nothing, read what a counter reads, and write only
-- through the SECURITY DEFINER functions below, which check that the login is the one enrolled
-- for the counter it writes for. Stops (alarms) are raised by the database's own checks into
-- counter_stops, which counters read and only the owner clears.

-- The login a counter ships with (set by `npm run station -- enrol`); null: registered by the
-- owner itself (a one-PC station). Revoked: its login can no longer write for it.
ALTER TABLE counters ADD COLUMN login name UNIQUE, ADD COLUMN revoked_at timestamptz;

CREATE TABLE counter_stops (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  counter_id text NOT NULL REFERENCES counters (id),
  raised_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  reason text NOT NULL,
  cleared_at timestamptz,
  cleared_by name,
  cleared_reason text,
  CHECK ((cleared_at IS NULL) = (cleared_reason IS NULL))
);
-- One open stop per counter.
CREATE UNIQUE INDEX counter_stops_open ON counter_stops (counter_id) WHERE cleared_at IS NULL;
INSERT INTO counter_stops (counter_id, raised_at, reason)
  SELECT id, stopped_at, coalesce(stopped_reason, 'stopped') FROM counters WHERE stopped_at IS NOT NULL;
ALTER TABLE counters DROP COLUMN stopped_at, DROP COLUMN stopped_reason;

-- True when the session's login is the schema's owner (or a superuser): it may write for any counter.
CREATE FUNCTION station_owner_session() RETURNS boolean LANGUAGE sql STABLE SET search_path = public, pg_temp AS $$
  SELECT pg_has_role(session_user, (SELECT relowner FROM pg_class WHERE oid = 'public.entries'::regclass), 'MEMBER')
$$;

-- The counter a session may write for, or an error saying why not.
CREATE FUNCTION station_writer(p_counter text) RETURNS counters LANGUAGE plpgsql STABLE SET search_path = public, pg_temp AS $$
DECLARE
  c counters;
BEGIN
  SELECT * INTO c FROM counters WHERE id = p_counter;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'not_enrolled: counter % is not enrolled in this station database (npm run station -- enrol)', p_counter USING ERRCODE = '42501';
  END IF;
  IF station_owner_session() THEN
    RETURN c;
  END IF;
  IF c.login IS DISTINCT FROM session_user THEN
    RAISE EXCEPTION 'not_your_counter: login % may not write for counter %', session_user, p_counter USING ERRCODE = '42501';
  END IF;
  IF c.revoked_at IS NOT NULL THEN
    RAISE EXCEPTION 'counter_revoked: counter % was revoked at %', p_counter, c.revoked_at USING ERRCODE = '42501';
  END IF;
  RETURN c;
END
$$;

-- On arrival the open stop is read from counter_stops now.
CREATE OR REPLACE FUNCTION entries_arrive() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  existing text;
  previous text;
  stopped timestamptz;
BEGIN
  SELECT raised_at INTO stopped FROM counter_stops WHERE counter_id = NEW.counter_id AND cleared_at IS NULL;
  IF stopped IS NOT NULL THEN
    RAISE EXCEPTION 'stream_stopped: counter % was stopped at %', NEW.counter_id, stopped USING ERRCODE = 'P0001';
  END IF;
  SELECT hash INTO existing FROM entries WHERE counter_id = NEW.counter_id AND seq = NEW.seq;
  IF existing IS NOT NULL THEN
    IF existing = NEW.hash THEN
      RETURN NULL;
    END IF;
    RAISE EXCEPTION 'chain_broken: counter % entry % differs from the one already received', NEW.counter_id, NEW.seq USING ERRCODE = 'P0001';
  END IF;
  IF entry_hash(NEW) <> NEW.hash THEN
    RAISE EXCEPTION 'chain_broken: counter % entry % does not match its hash', NEW.counter_id, NEW.seq USING ERRCODE = 'P0001';
  END IF;
  IF NEW.seq = 1 THEN
    previous := repeat('0', 64);
  ELSE
    SELECT hash INTO previous FROM entries WHERE counter_id = NEW.counter_id AND seq = NEW.seq - 1;
  END IF;
  IF previous IS NULL OR previous <> NEW.prev_hash THEN
    RAISE EXCEPTION 'chain_broken: counter % entry % does not follow entry %', NEW.counter_id, NEW.seq, NEW.seq - 1 USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$;

-- The station and the counter, as a counter connecting makes sure of them: the owner registers
-- them if new; a counter login finds its enrolment or is refused.
CREATE FUNCTION register_counter(p_station text, p_station_name text, p_counter text, p_environment text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  c counters;
BEGIN
  IF station_owner_session() THEN
    INSERT INTO stations (id, name) VALUES (p_station, p_station_name) ON CONFLICT (id) DO NOTHING;
    INSERT INTO counters (id, station_id, environment) VALUES (p_counter, p_station, p_environment) ON CONFLICT (id) DO NOTHING;
  END IF;
  c := station_writer(p_counter);
  IF c.station_id <> p_station THEN
    RAISE EXCEPTION 'not_enrolled: counter % is enrolled for station %, not %', p_counter, c.station_id, p_station USING ERRCODE = '42501';
  END IF;
  IF c.environment <> p_environment THEN
    RAISE EXCEPTION 'not_enrolled: counter % is enrolled for the % journal, not %', p_counter, c.environment, p_environment USING ERRCODE = '42501';
  END IF;
END
$$;

-- The one way a counter appends entries: a batch of its own, all or nothing. A batch the chain
-- refuses raises the counter's stop here (kept: the refusal itself is answered, not raised).
-- Answers null when the batch arrived, else why it did not.
CREATE FUNCTION ship_entries(p_counter text, p_entries jsonb) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  open_stop text;
BEGIN
  PERFORM station_writer(p_counter);
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
  RETURN NULL;
END
$$;

-- The one way a counter adds a row to the station's settings stream: for its own counter, of its
-- own station. Answers the row's place.
CREATE FUNCTION publish_setting(p_station text, p_environment text, p_kind text, p_key text, p_value jsonb, p_based_on bigint, p_counter text, p_author jsonb)
RETURNS bigint LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  c counters;
  placed bigint;
BEGIN
  c := station_writer(p_counter);
  IF c.station_id <> p_station OR c.environment <> p_environment THEN
    RAISE EXCEPTION 'not_your_counter: counter % is not of station % (%)', p_counter, p_station, p_environment USING ERRCODE = '42501';
  END IF;
  INSERT INTO station_settings (station_id, environment, kind, key, value, based_on, counter_id, author)
    VALUES (p_station, p_environment, p_kind, p_key, p_value, p_based_on, p_counter, p_author)
    RETURNING seq INTO placed;
  RETURN placed;
END
$$;

-- Counters: read, and the three functions; nothing else. Nobody but the owner creates anything.
REVOKE ALL ON stations, counters, entries, station_settings, schema_migrations FROM shubbak_counter;
GRANT SELECT ON stations, counters, entries, station_settings, counter_stops, schema_migrations TO shubbak_counter;
REVOKE ALL ON FUNCTION register_counter(text, text, text, text), ship_entries(text, jsonb),
  publish_setting(text, text, text, text, jsonb, bigint, text, jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION register_counter(text, text, text, text), ship_entries(text, jsonb),
  publish_setting(text, text, text, text, jsonb, bigint, text, jsonb) TO shubbak_counter;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
DO $$
BEGIN
  EXECUTE format('REVOKE CREATE, TEMPORARY ON DATABASE %I FROM PUBLIC', current_database());
END
$$;
