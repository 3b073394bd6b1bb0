-- Wrong PINs are counted in the journal, not in memory: an agent.pin_failed entry per wrong PIN
-- (a restart keeps the count), agent.locked when the count reaches the limit (each lock of a row
-- is longer: `locks`), agent.pin_accepted or agent.unlocked to start again.
ALTER TABLE agents ADD COLUMN wrong_pins INTEGER NOT NULL DEFAULT 0;
ALTER TABLE agents ADD COLUMN locks INTEGER NOT NULL DEFAULT 0;
