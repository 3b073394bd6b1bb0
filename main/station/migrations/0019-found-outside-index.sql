-- Entries a counter found written outside the app (its journal.foreign_entries findings): the
-- station report names those of the day it counts, and a window refuses to pay back a sale they
-- name. Few rows per counter, read for every report and refund.
CREATE INDEX entries_found_outside ON entries (counter_id, seq) WHERE type = 'journal.foreign_entries';
