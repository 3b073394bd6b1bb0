-- A counter's keys over time. A counter restored on a new PC (its old PC dead, its private key
-- lost with that PC's keychain) signs with a new key: the administrator enrols it from the entry
-- after the last one the station holds (`npm run station -- rekey`), and every signed head is
-- verified with the key in force at its entry. Kept, never changed: counters read it.
CREATE TABLE counter_keys (
  counter_id text NOT NULL REFERENCES counters (id),
  from_seq bigint NOT NULL CHECK (from_seq >= 1),
  public_key text NOT NULL CHECK (public_key ~ '^[A-Za-z0-9+/]{43}=$'),
  enrolled_at timestamptz NOT NULL DEFAULT now(),
  reason text,
  PRIMARY KEY (counter_id, from_seq)
);
CREATE TRIGGER counter_keys_no_update BEFORE UPDATE OR DELETE ON counter_keys FOR EACH ROW EXECUTE FUNCTION append_only();
CREATE TRIGGER counter_keys_no_truncate BEFORE TRUNCATE ON counter_keys FOR EACH STATEMENT EXECUTE FUNCTION append_only();
REVOKE ALL ON counter_keys FROM shubbak_counter;
GRANT SELECT ON counter_keys TO shubbak_counter;
