// An entry's preimage (main/journal/chain.ts entryPreimage) joined by the station database from
// a row of entries aliased `e`, as its entry_hash() function joins it (migration 0001): one text
// per entry to hash, rather than its fields apart (reading them is most of a day report's time).
export const PREIMAGE_SQL = `CASE WHEN e.chained_counter
  THEN concat_ws(E'\\n', 'v2', e.seq::text, e.prev_hash, e.type, e.at, e.counter_id, coalesce(e.shift_id, ''), e.payload)
  ELSE concat_ws(E'\\n', e.seq::text, e.prev_hash, e.type, e.at, e.payload) END`;
