-- What the value list (lib/archive/value-query.ts) needs to answer a page without summing every
-- invitee of the range: per invitee, its totals over the whole archive (an upper bound of any
-- range's, every amount being non-negative) and the UTC days it was active; per period of
-- totals, the deposits and withdrawals of all invitees. Drizzle definitions:
-- lib/db/schema/archive.ts (keep both in step).
--
-- Why: at simulator scale 10 a year's list summed ~88,000 invitees from the month summaries of
-- 0170 before it could sort (2.2-4.2 s on PostgreSQL; bench/RESULTS.md, "value"). Now the page
-- walks invitees in the order of their all-archive totals, sums the range for a batch at a time
-- and stops once the next bound is below the page's last row; the list's `total` counts the
-- invitees whose active days meet the range, its `totals` sum archive_commission_hour (0150) and
-- the period totals below.
--
-- Kept exact by statement triggers, as 0150/0170's summaries: each statement recounts the
-- invitees (or periods) its old and new rows touch, from archive_commission_invitee_day (kept
-- by 0150/0160 from the records: direct ones only), archive_invitee_movement and
-- archive_movement_period (a period counts on the UTC day of its midpoint, the rule of
-- periodConds in value-read.ts).

CREATE TABLE IF NOT EXISTS archive_invitee_value_total (
  uid text PRIMARY KEY,
  -- commission in USDT and in BTC, volume (spot + futures), deposits: sums over everything held
  usdt numeric NOT NULL,
  btc numeric NOT NULL,
  volume numeric NOT NULL,
  deposits numeric NOT NULL,
  -- UTC days (epoch day numbers) with a direct commission record; midpoint days of its periods
  commission_days int4multirange,
  movement_days int4multirange
);
-- the list's orders (lib/archive/value-query.ts, ORDER): by the bound, then the uid as the list breaks ties
CREATE INDEX IF NOT EXISTS archive_invitee_value_total_usdt ON archive_invitee_value_total (usdt DESC, btc DESC, length(uid) DESC, (uid COLLATE "C") DESC);
CREATE INDEX IF NOT EXISTS archive_invitee_value_total_btc ON archive_invitee_value_total (btc DESC, usdt DESC, length(uid) DESC, (uid COLLATE "C") DESC);
CREATE INDEX IF NOT EXISTS archive_invitee_value_total_volume ON archive_invitee_value_total (volume DESC, length(uid) DESC, (uid COLLATE "C") DESC);
CREATE INDEX IF NOT EXISTS archive_invitee_value_total_deposits ON archive_invitee_value_total (deposits DESC, length(uid) DESC, (uid COLLATE "C") DESC);
-- a batch's range sums read each invitee's months (the primary keys lead with the month)
CREATE INDEX IF NOT EXISTS archive_commission_invitee_month_uid ON archive_commission_invitee_month (uid, month);
CREATE INDEX IF NOT EXISTS archive_invitee_movement_month_uid ON archive_invitee_movement_month (uid, month);

-- Per period: the deposits and withdrawals of all its invitees ("--" as 0).
CREATE TABLE IF NOT EXISTS archive_movement_period_total (
  period_from bigint PRIMARY KEY,
  deposit_amount numeric NOT NULL,
  withdrawal_amount numeric NOT NULL
);

CREATE OR REPLACE FUNCTION archive_invitee_value_total_recount(uids text[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan AS $fn$
BEGIN
  DELETE FROM archive_invitee_value_total WHERE uid = ANY (uids);
  INSERT INTO archive_invitee_value_total
  SELECT u.uid, coalesce(c.usdt, 0), coalesce(c.btc, 0), coalesce(c.volume, 0), coalesce(m.deposits, 0), c.days, m.days
  FROM (SELECT DISTINCT unnest(uids) AS uid) u
  CROSS JOIN LATERAL (
    SELECT sum(d.commission) FILTER (WHERE d.coin = 'USDT') AS usdt, sum(d.commission) FILTER (WHERE d.coin = 'BTC') AS btc,
           sum(d.spot_volume + d.futures_volume) AS volume, range_agg(int4range((d.day / 86400000)::integer, (d.day / 86400000)::integer + 1)) AS days
    FROM archive_commission_invitee_day d WHERE d.uid = u.uid) c
  CROSS JOIN LATERAL (
    SELECT sum(coalesce(r.deposit_amount, 0)) AS deposits,
           range_agg(int4range((((p.period_from + p.period_to) / 2) / 86400000)::integer, (((p.period_from + p.period_to) / 2) / 86400000)::integer + 1)) AS days
    FROM archive_invitee_movement r JOIN archive_movement_period p USING (period_from) WHERE r.uid = u.uid) m
  WHERE c.days IS NOT NULL OR m.days IS NOT NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION archive_movement_period_total_recount(periods bigint[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan AS $fn$
BEGIN
  DELETE FROM archive_movement_period_total WHERE period_from = ANY (periods);
  INSERT INTO archive_movement_period_total
  SELECT r.period_from, sum(coalesce(r.deposit_amount, 0)), sum(coalesce(r.withdrawal_amount, 0))
  FROM archive_invitee_movement r WHERE r.period_from = ANY (periods) GROUP BY r.period_from;
END
$fn$;

-- The per-day commission summary written: its invitees. (A truncate empties it: every invitee held.)
CREATE OR REPLACE FUNCTION archive_invitee_value_total_by_day() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  v_uids text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    SELECT array_agg(uid) INTO v_uids FROM archive_invitee_value_total;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT uid) INTO v_uids FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(uid) INTO v_uids FROM (SELECT uid FROM new_rows UNION SELECT uid FROM old_rows) p;
  ELSE
    SELECT array_agg(DISTINCT uid) INTO v_uids FROM old_rows;
  END IF;
  IF v_uids IS NOT NULL THEN
    PERFORM archive_invitee_value_total_recount(v_uids);
  END IF;
  RETURN NULL;
END
$fn$;

DROP TRIGGER IF EXISTS archive_invitee_value_total_insert ON archive_commission_invitee_day;
CREATE TRIGGER archive_invitee_value_total_insert AFTER INSERT ON archive_commission_invitee_day
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_invitee_value_total_by_day();
DROP TRIGGER IF EXISTS archive_invitee_value_total_update ON archive_commission_invitee_day;
CREATE TRIGGER archive_invitee_value_total_update AFTER UPDATE ON archive_commission_invitee_day
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_invitee_value_total_by_day();
DROP TRIGGER IF EXISTS archive_invitee_value_total_delete ON archive_commission_invitee_day;
CREATE TRIGGER archive_invitee_value_total_delete AFTER DELETE ON archive_commission_invitee_day
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_invitee_value_total_by_day();
DROP TRIGGER IF EXISTS archive_invitee_value_total_truncate ON archive_commission_invitee_day;
CREATE TRIGGER archive_invitee_value_total_truncate AFTER TRUNCATE ON archive_commission_invitee_day
  FOR EACH STATEMENT EXECUTE FUNCTION archive_invitee_value_total_by_day();

-- Movement rows written: their invitees and their periods.
CREATE OR REPLACE FUNCTION archive_invitee_value_total_by_movement() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  v_uids text[];
  v_periods bigint[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    SELECT array_agg(uid) INTO v_uids FROM archive_invitee_value_total;
    TRUNCATE archive_movement_period_total;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT uid), array_agg(DISTINCT period_from) INTO v_uids, v_periods FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT uid), array_agg(DISTINCT period_from) INTO v_uids, v_periods
    FROM (SELECT uid, period_from FROM new_rows UNION ALL SELECT uid, period_from FROM old_rows) p;
  ELSE
    SELECT array_agg(DISTINCT uid), array_agg(DISTINCT period_from) INTO v_uids, v_periods FROM old_rows;
  END IF;
  IF v_periods IS NOT NULL THEN
    PERFORM archive_movement_period_total_recount(v_periods);
  END IF;
  IF v_uids IS NOT NULL THEN
    PERFORM archive_invitee_value_total_recount(v_uids);
  END IF;
  RETURN NULL;
END
$fn$;

DROP TRIGGER IF EXISTS archive_invitee_value_total_insert ON archive_invitee_movement;
CREATE TRIGGER archive_invitee_value_total_insert AFTER INSERT ON archive_invitee_movement
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_invitee_value_total_by_movement();
DROP TRIGGER IF EXISTS archive_invitee_value_total_update ON archive_invitee_movement;
CREATE TRIGGER archive_invitee_value_total_update AFTER UPDATE ON archive_invitee_movement
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_invitee_value_total_by_movement();
DROP TRIGGER IF EXISTS archive_invitee_value_total_delete ON archive_invitee_movement;
CREATE TRIGGER archive_invitee_value_total_delete AFTER DELETE ON archive_invitee_movement
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_invitee_value_total_by_movement();
DROP TRIGGER IF EXISTS archive_invitee_value_total_truncate ON archive_invitee_movement;
CREATE TRIGGER archive_invitee_value_total_truncate AFTER TRUNCATE ON archive_invitee_movement
  FOR EACH STATEMENT EXECUTE FUNCTION archive_invitee_value_total_by_movement();

-- A period held, moved or dropped: the invitees with rows in it, when the day of its midpoint
-- changes (the sync re-writes today's period with each page, its end moving on within the day).
CREATE OR REPLACE FUNCTION archive_invitee_value_total_by_period() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  v_uids text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    SELECT array_agg(uid) INTO v_uids FROM archive_invitee_value_total;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT r.uid) INTO v_uids FROM new_rows n JOIN archive_invitee_movement r USING (period_from);
  ELSIF TG_OP = 'UPDATE' THEN
    WITH n AS (SELECT period_from, ((period_from + period_to) / 2) / 86400000 AS day FROM new_rows),
         o AS (SELECT period_from, ((period_from + period_to) / 2) / 86400000 AS day FROM old_rows),
         moved AS ((SELECT * FROM n EXCEPT SELECT * FROM o) UNION (SELECT * FROM o EXCEPT SELECT * FROM n))
    SELECT array_agg(DISTINCT r.uid) INTO v_uids FROM moved JOIN archive_invitee_movement r USING (period_from);
  ELSE
    SELECT array_agg(DISTINCT r.uid) INTO v_uids FROM old_rows o JOIN archive_invitee_movement r USING (period_from);
  END IF;
  IF v_uids IS NOT NULL THEN
    PERFORM archive_invitee_value_total_recount(v_uids);
  END IF;
  RETURN NULL;
END
$fn$;

DROP TRIGGER IF EXISTS archive_invitee_value_total_insert ON archive_movement_period;
CREATE TRIGGER archive_invitee_value_total_insert AFTER INSERT ON archive_movement_period
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_invitee_value_total_by_period();
DROP TRIGGER IF EXISTS archive_invitee_value_total_update ON archive_movement_period;
CREATE TRIGGER archive_invitee_value_total_update AFTER UPDATE ON archive_movement_period
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_invitee_value_total_by_period();
DROP TRIGGER IF EXISTS archive_invitee_value_total_delete ON archive_movement_period;
CREATE TRIGGER archive_invitee_value_total_delete AFTER DELETE ON archive_movement_period
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_invitee_value_total_by_period();
DROP TRIGGER IF EXISTS archive_invitee_value_total_truncate ON archive_movement_period;
CREATE TRIGGER archive_invitee_value_total_truncate AFTER TRUNCATE ON archive_movement_period
  FOR EACH STATEMENT EXECUTE FUNCTION archive_invitee_value_total_by_period();

-- What the archive already holds.
SELECT archive_invitee_value_total_recount(ARRAY(SELECT uid FROM archive_commission_invitee_day UNION SELECT uid FROM archive_invitee_movement));
INSERT INTO archive_movement_period_total
SELECT period_from, sum(coalesce(deposit_amount, 0)), sum(coalesce(withdrawal_amount, 0)) FROM archive_invitee_movement GROUP BY period_from
ON CONFLICT DO NOTHING;
