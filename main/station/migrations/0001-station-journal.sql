-- The station database: every counter's journal entries, shipped in order, checked on arrival,
-- never updated or deleted. A counter belongs to a station; a company has several stations.
CREATE TABLE stations (
  id text PRIMARY KEY,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE counters (
  id text PRIMARY KEY,
  station_id text NOT NULL REFERENCES stations (id),
  environment text NOT NULL CHECK (environment IN ('TRAINING', 'SANDBOX', 'LIVE')),
  registered_at timestamptz NOT NULL DEFAULT now(),
  -- A broken chain stops the counter's stream: what arrived stays, nothing more is taken.
  stopped_at timestamptz,
  stopped_reason text
);

-- One row per journal entry, exactly as the counter stored it (the payload's canonical text, so
-- that its hash can be recomputed here). `chained_counter`: the counter id is part of the hash
-- (v2); entries written before counters were named (v1) hash without it.
CREATE TABLE entries (
  counter_id text NOT NULL REFERENCES counters (id),
  seq bigint NOT NULL CHECK (seq >= 1),
  at text NOT NULL,
  type text NOT NULL,
  payload text NOT NULL,
  prev_hash text NOT NULL,
  hash text NOT NULL,
  chained_counter boolean NOT NULL,
  shift_id text,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (counter_id, seq)
);
CREATE INDEX entries_by_type_at ON entries (type, at);

-- The hash of main/journal/chain.ts, recomputed: SHA-256 (hex) of the fields joined by line feeds.
CREATE FUNCTION entry_hash(e entries) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(
    CASE WHEN e.chained_counter
      THEN concat_ws(E'\n', 'v2', e.seq::text, e.prev_hash, e.type, e.at, e.counter_id, coalesce(e.shift_id, ''), e.payload)
      ELSE concat_ws(E'\n', e.seq::text, e.prev_hash, e.type, e.at, e.payload)
    END, 'UTF8')), 'hex')
$$;

-- On arrival: the same entry again is skipped (shipping is at least once); a different entry at a
-- taken place, a hash that does not match its fields, or a gap or a broken link to the previous
-- entry of that counter is refused, and stops that counter's stream.
CREATE FUNCTION entries_arrive() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  existing text;
  previous text;
  stopped timestamptz;
BEGIN
  SELECT stopped_at INTO stopped FROM counters WHERE id = NEW.counter_id;
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
CREATE TRIGGER entries_arrive BEFORE INSERT ON entries FOR EACH ROW EXECUTE FUNCTION entries_arrive();

CREATE FUNCTION entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'journal entries are append-only' USING ERRCODE = 'P0001';
END
$$;
CREATE TRIGGER entries_no_update BEFORE UPDATE OR DELETE ON entries FOR EACH ROW EXECUTE FUNCTION entries_append_only();
CREATE TRIGGER entries_no_truncate BEFORE TRUNCATE ON entries FOR EACH STATEMENT EXECUTE FUNCTION entries_append_only();

-- What counters connect as: read and append, never change.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'shubbak_counter') THEN
    CREATE ROLE shubbak_counter NOLOGIN;
  END IF;
END
$$;
GRANT SELECT, INSERT ON entries TO shubbak_counter;
GRANT SELECT, INSERT ON stations, counters TO shubbak_counter;
GRANT UPDATE (stopped_at, stopped_reason) ON counters TO shubbak_counter;
