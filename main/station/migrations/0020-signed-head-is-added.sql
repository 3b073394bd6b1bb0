-- A batch's signed head is the last entry of the batch (its last element, as a counter sends it).
-- Migration 0013 recorded it whenever the batch added any entry: a counter's login in the wrong
-- hands could send one new entry followed by one received already, and record a head with any
-- signature over entries the counter's own heads cover, spoiling its verified history for good
-- (chain_heads is append-only; `verify` then names a bad signature there). A batch that adds
-- entries is taken only when its head is the highest entry it holds and one it adds; else it is
-- refused whole. A batch received already, all of it, is answered as before and records nothing.
CREATE OR REPLACE FUNCTION ship_entries(p_counter text, p_entries jsonb, p_signature text) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  c counters;
  open_stop text;
  head jsonb := p_entries -> (jsonb_array_length(p_entries) - 1);
  held bigint;
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
  SELECT coalesce(max(seq), 0) INTO held FROM entries WHERE counter_id = p_counter;
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
    IF (head ->> 'seq')::bigint <= held OR (head ->> 'seq')::bigint < (SELECT max((e ->> 'seq')::bigint) FROM jsonb_array_elements(p_entries) AS e) THEN
      RAISE EXCEPTION 'unsigned: the signed head of a batch of counter % (entry %) is not the last entry it adds', p_counter, head ->> 'seq' USING ERRCODE = '42501';
    END IF;
    INSERT INTO chain_heads (counter_id, seq, hash, signature)
      VALUES (p_counter, (head ->> 'seq')::bigint, head ->> 'hash', p_signature)
      ON CONFLICT (counter_id, seq) DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
