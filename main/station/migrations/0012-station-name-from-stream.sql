-- A station_name row of the settings stream no longer renames the station in `stations` as it is
-- inserted (migration 0003's trigger): any counter login can insert a row, and a forged one would
-- have renamed the station in the head office's reports before any counter refused it. The head
-- office reads the name from the rows of the stream that stand, checked as counters check them
-- (main/station/stream-verifier.ts); `stations.name` keeps the name the station was registered with.
DROP TRIGGER station_settings_name ON station_settings;
DROP FUNCTION station_settings_name();
