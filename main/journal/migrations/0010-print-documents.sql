-- A printed report names its document (a Z-report `z:<number>`, a day report `day:<date>`), so a
-- second print of the same report is known to be a COPY, as a sale's second receipt is.
ALTER TABLE prints ADD COLUMN document TEXT;
CREATE INDEX prints_by_document ON prints (document) WHERE document IS NOT NULL;
