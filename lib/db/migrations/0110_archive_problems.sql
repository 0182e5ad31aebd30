-- Records WEEX sent that the archive could not store (a decimal that is not a decimal, a date
-- that is not a date): kept as received with the first problem found, one row per distinct
-- record, so /admin/sync can show them and nothing is dropped without a trace (issue 11).
CREATE TABLE IF NOT EXISTS archive_problem (
  dataset text NOT NULL,
  -- md5 of the record's JSON text: the same record read again is one row
  key text NOT NULL,
  path text NOT NULL,
  value text NOT NULL,
  reason text NOT NULL,
  record text NOT NULL,
  -- the query that returned it: its time range and variant (e.g. {"productType":"SPOT"}), so
  -- answers from the archive over that range can report it
  range_from bigint NOT NULL,
  range_to bigint NOT NULL,
  variant text NOT NULL,
  first_seen_at bigint NOT NULL,
  last_seen_at bigint NOT NULL,
  PRIMARY KEY (dataset, key)
);
