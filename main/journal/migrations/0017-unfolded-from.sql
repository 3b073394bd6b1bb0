-- The first entry not folded into the read models yet (NULL: every entry is): a sale's own entries
-- are folded just after their commits (main/journal/held-back.ts). Kept on the head's row, which
-- every commit writes anyway, so the mark adds no page to the sale's commits.
ALTER TABLE journal_head ADD COLUMN unfolded_from INTEGER;
