-- Invitee cohorts (issue 14) from a per-UTC-hour summary of the archived registrations.
--
-- A cohort is a week or month in any time zone; every zone's midnight falls on a whole UTC hour
-- except in the zones offset by :30 or :45, so a cohort is a run of whole hours plus, at most,
-- one hour cut at each end (read from the raw rows: lib/archive/invitee-hours.ts). A year is
-- 8,760 summary rows however many people registered.
--
-- Everything here depends on the record alone (not on "now"): counts, the "within d days"
-- counts (first event − registration ≤ d × 86 400 000 ms, a first event before the
-- registration counting as within) and the time-to-first-trade bins (delay ≤ the bin's hours,
-- above the previous bin's; the last bin open). These mirror WITHIN_DAYS and TRADE_DELAY_BINS
-- of lib/affiliate/cohorts.ts; lib/archive/invitee-hours.test.ts holds them to each other at
-- every edge. Who traded in the last 30 days and the median delay are read from the raw rows.
CREATE TABLE IF NOT EXISTS archive_invitee_hour (
  -- start of the UTC hour, epoch ms
  hour bigint PRIMARY KEY,
  registered integer NOT NULL,
  kyc_passed integer NOT NULL,
  deposited integer NOT NULL,
  traded integer NOT NULL,
  deposited_d1 integer NOT NULL,
  deposited_d7 integer NOT NULL,
  deposited_d30 integer NOT NULL,
  traded_d1 integer NOT NULL,
  traded_d7 integer NOT NULL,
  traded_d30 integer NOT NULL,
  traded_upto_1h integer NOT NULL,
  traded_upto_6h integer NOT NULL,
  traded_upto_24h integer NOT NULL,
  traded_upto_72h integer NOT NULL,
  traded_upto_168h integer NOT NULL,
  traded_upto_720h integer NOT NULL,
  traded_later integer NOT NULL
);

-- Recounts the given hours from archive_invitee (an hour left without registrations loses its
-- row). Recounting rather than adding deltas keeps the summary exact whatever the statement did:
-- insert, re-sync (an invitee who deposits later, or whose registration time moves to another
-- hour), sweep or a hand-written DELETE.
CREATE OR REPLACE FUNCTION archive_invitee_hour_recount(hours bigint[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM archive_invitee_hour WHERE hour = ANY (hours);
  INSERT INTO archive_invitee_hour
  SELECT h.hour,
         count(*),
         count(*) FILTER (WHERE i.kyc_result),
         count(i.first_deposit),
         count(i.first_trade),
         count(*) FILTER (WHERE i.first_deposit - i.register_time <= 1 * 86400000::bigint),
         count(*) FILTER (WHERE i.first_deposit - i.register_time <= 7 * 86400000::bigint),
         count(*) FILTER (WHERE i.first_deposit - i.register_time <= 30 * 86400000::bigint),
         count(*) FILTER (WHERE i.first_trade - i.register_time <= 1 * 86400000::bigint),
         count(*) FILTER (WHERE i.first_trade - i.register_time <= 7 * 86400000::bigint),
         count(*) FILTER (WHERE i.first_trade - i.register_time <= 30 * 86400000::bigint),
         count(*) FILTER (WHERE i.first_trade - i.register_time <= 1 * 3600000::bigint),
         count(*) FILTER (WHERE i.first_trade - i.register_time > 1 * 3600000::bigint AND i.first_trade - i.register_time <= 6 * 3600000::bigint),
         count(*) FILTER (WHERE i.first_trade - i.register_time > 6 * 3600000::bigint AND i.first_trade - i.register_time <= 24 * 3600000::bigint),
         count(*) FILTER (WHERE i.first_trade - i.register_time > 24 * 3600000::bigint AND i.first_trade - i.register_time <= 72 * 3600000::bigint),
         count(*) FILTER (WHERE i.first_trade - i.register_time > 72 * 3600000::bigint AND i.first_trade - i.register_time <= 168 * 3600000::bigint),
         count(*) FILTER (WHERE i.first_trade - i.register_time > 168 * 3600000::bigint AND i.first_trade - i.register_time <= 720 * 3600000::bigint),
         count(*) FILTER (WHERE i.first_trade - i.register_time > 720 * 3600000::bigint)
  FROM (SELECT DISTINCT unnest(hours) AS hour) h
  JOIN archive_invitee i ON i.register_time >= h.hour AND i.register_time < h.hour + 3600000
  GROUP BY h.hour;
END
$fn$;

-- Kept in step by the database itself, in the statement (so the transaction) that changes the
-- rows: one recount per statement over the hours its old and new rows fall in (a sync page of
-- 1,000 invitees touches a few dozen hours). Transition tables need one trigger per event.
CREATE OR REPLACE FUNCTION archive_invitee_hour_sync() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM archive_invitee_hour_recount(ARRAY(SELECT DISTINCT n.register_time - n.register_time % 3600000 FROM new_rows n));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM archive_invitee_hour_recount(ARRAY(
      SELECT n.register_time - n.register_time % 3600000 FROM new_rows n
      UNION SELECT o.register_time - o.register_time % 3600000 FROM old_rows o));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM archive_invitee_hour_recount(ARRAY(SELECT DISTINCT o.register_time - o.register_time % 3600000 FROM old_rows o));
  ELSE
    TRUNCATE archive_invitee_hour;
  END IF;
  RETURN NULL;
END
$fn$;

DROP TRIGGER IF EXISTS archive_invitee_hour_insert ON archive_invitee;
CREATE TRIGGER archive_invitee_hour_insert AFTER INSERT ON archive_invitee
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_invitee_hour_sync();
DROP TRIGGER IF EXISTS archive_invitee_hour_update ON archive_invitee;
CREATE TRIGGER archive_invitee_hour_update AFTER UPDATE ON archive_invitee
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_invitee_hour_sync();
DROP TRIGGER IF EXISTS archive_invitee_hour_delete ON archive_invitee;
CREATE TRIGGER archive_invitee_hour_delete AFTER DELETE ON archive_invitee
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_invitee_hour_sync();
DROP TRIGGER IF EXISTS archive_invitee_hour_truncate ON archive_invitee;
CREATE TRIGGER archive_invitee_hour_truncate AFTER TRUNCATE ON archive_invitee
  FOR EACH STATEMENT EXECUTE FUNCTION archive_invitee_hour_sync();

-- The rows archived before this migration.
SELECT archive_invitee_hour_recount(ARRAY(SELECT DISTINCT register_time - register_time % 3600000 FROM archive_invitee));

-- Who traded in the last 30 days (activeLast30d, and the list's activity filter) depends on
-- "now": read from the raw rows, the few recent traders through this index rather than every
-- registration of the range. The expression's own columns are included: without them the
-- database will not answer from the index alone.
CREATE INDEX IF NOT EXISTS archive_invitee_last_traded ON archive_invitee ((COALESCE(last_trade, first_trade))) INCLUDE (register_time, last_trade, first_trade);

-- The median delay to first trade is exact, so it is taken over the traders' own rows: this
-- partial index holds only them (a quarter of the registrations in the simulator's data).
CREATE INDEX IF NOT EXISTS archive_invitee_traders ON archive_invitee (register_time) INCLUDE (first_trade) WHERE first_trade IS NOT NULL;
