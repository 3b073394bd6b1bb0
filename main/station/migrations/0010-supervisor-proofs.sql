-- Settings rows proven by a supervisor's PIN, and verified checkpoints.
--
-- A row of the settings stream names its author (a supervisor) and carries, beside its counter's
-- signature, the author's proof: a signature with the supervisor's proof key, an Ed25519 key
-- derived from their PIN on the counter where they typed it (main/station/supervisor-proof.ts).
-- The agent row that publishes a supervisor carries that key's public half (value.proofKey).
-- PostgreSQL cannot check either signature: every counter does, folding the stream. The nonce
-- makes each row's signed message unique, so a row copied and inserted again is refused here
-- (and by every counter, should the index be gone).
ALTER TABLE station_settings ADD COLUMN proof text, ADD COLUMN nonce text;
CREATE UNIQUE INDEX station_settings_nonce ON station_settings (station_id, environment, nonce) WHERE nonce IS NOT NULL;

DROP FUNCTION publish_setting(text, text, text, text, jsonb, bigint, text, jsonb, text);
CREATE FUNCTION publish_setting(p_station text, p_environment text, p_kind text, p_key text, p_value jsonb, p_based_on bigint, p_counter text, p_author jsonb,
  p_signature text, p_proof text, p_nonce text)
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
  IF p_nonce IS NULL OR p_signature IS NULL THEN
    RAISE EXCEPTION 'unsigned: a settings row of counter % comes without its signature and nonce', p_counter USING ERRCODE = '42501';
  END IF;
  INSERT INTO station_settings (station_id, environment, kind, key, value, based_on, counter_id, author, signature, proof, nonce)
    VALUES (p_station, p_environment, p_kind, p_key, p_value, p_based_on, p_counter, p_author, p_signature, p_proof, p_nonce)
    RETURNING seq INTO placed;
  RETURN placed;
END
$$;
REVOKE ALL ON FUNCTION publish_setting(text, text, text, text, jsonb, bigint, text, jsonb, text, text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION publish_setting(text, text, text, text, jsonb, bigint, text, jsonb, text, text, text) TO shubbak_counter;

-- What `npm run station -- verify` found whole: a counter's chain from its first entry to a signed
-- head (seq, hash), every link, hash and signature checked. The station day report verifies only
-- what lies after a counter's latest checkpoint. Written by the owner's verify; counters read it.
CREATE TABLE verified_checkpoints (
  counter_id text NOT NULL REFERENCES counters (id),
  seq bigint NOT NULL CHECK (seq >= 1),
  hash text NOT NULL,
  verified_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  verified_by name NOT NULL DEFAULT session_user,
  PRIMARY KEY (counter_id, seq)
);
CREATE TRIGGER verified_checkpoints_no_update BEFORE UPDATE OR DELETE ON verified_checkpoints FOR EACH ROW EXECUTE FUNCTION append_only();
CREATE TRIGGER verified_checkpoints_no_truncate BEFORE TRUNCATE ON verified_checkpoints FOR EACH STATEMENT EXECUTE FUNCTION append_only();
REVOKE ALL ON verified_checkpoints FROM shubbak_counter;
GRANT SELECT ON verified_checkpoints TO shubbak_counter;
