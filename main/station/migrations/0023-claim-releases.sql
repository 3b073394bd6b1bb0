-- A claim a dead PC left at the station (tickets claimed for a refund, a wallet line claimed for a
-- hand match) whose entry never arrived is given back by its counter when it starts again; a PC
-- that never starts again held it for good. The administrator now releases it
-- (`npm run station -- release-claim`), and each release is kept here: what was held, by which
-- counter since when, who released it, when and why. Only the owner writes it; counters never read it.
CREATE TABLE claim_releases (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('tickets', 'wallet_line')),
  claim_id text NOT NULL,
  station_id text NOT NULL REFERENCES stations (id),
  counter_id text NOT NULL REFERENCES counters (id),
  booking_ref text NOT NULL,
  held text NOT NULL,
  claimed_at timestamptz NOT NULL,
  released_by text NOT NULL DEFAULT session_user,
  released_at timestamptz NOT NULL DEFAULT now(),
  reason text NOT NULL CHECK (length(btrim(reason)) > 0)
);
REVOKE ALL ON claim_releases FROM PUBLIC, shubbak_counter;
