-- Per-invitee summaries per UTC month, so that the value list (lib/archive/value-query.ts) reads
-- a year in twelve rows per invitee instead of one per day it traded or period it moved money.
-- Drizzle definitions: lib/db/schema/archive.ts (keep both in step).
--
-- Why: at simulator scale 10 the list over a year summed 88,402 invitees from ~800,000 rows of
-- archive_commission_invitee_day and ~310,000 of archive_invitee_movement before it could sort
-- (10-16 s; bench/RESULTS.md, "value"). Whole UTC months of a range are now read from here, the
-- range's other whole days from the per-day summary, its cut hours from the raw records.
--
-- Like 0150's summaries they are kept exact by the database itself, by statement triggers that
-- recount the (month, uid) pairs a statement's old and new rows touch:
-- - commission months from archive_commission_invitee_day (itself kept by 0150/0160's triggers,
--   so whatever writes the per-day summary, the months follow);
-- - deposit and withdrawal months from archive_invitee_movement and archive_movement_period: a
--   period counts in the month of its midpoint (the rule of periodConds, value-read.ts), so a
--   whole month of a range holds exactly the periods the range counts there.

-- The first instant (epoch ms) of the UTC month holding `ms`.
CREATE OR REPLACE FUNCTION utc_month_start(ms bigint) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT (extract(epoch FROM date_trunc('month', to_timestamp(ms / 1000.0) AT TIME ZONE 'UTC')) * 1000)::bigint
$fn$;

-- Per direct invitee, UTC month and coin: the sums of its per-day rows of that month.
CREATE TABLE IF NOT EXISTS archive_commission_invitee_month (
  month bigint NOT NULL,
  uid text NOT NULL,
  coin text NOT NULL,
  records integer NOT NULL,
  commission numeric NOT NULL,
  spot_volume numeric NOT NULL,
  futures_volume numeric NOT NULL,
  PRIMARY KEY (month, uid, coin)
);
CREATE INDEX IF NOT EXISTS archive_commission_invitee_month_cover ON archive_commission_invitee_month (month) INCLUDE (uid, coin, commission, spot_volume, futures_volume);
-- a month's recount reads one invitee's days (the primary key leads with the day)
CREATE INDEX IF NOT EXISTS archive_commission_invitee_day_uid ON archive_commission_invitee_day (uid, day);

-- Per direct invitee and UTC month: its deposits and withdrawals of the periods whose midpoint
-- lies in the month ("--" counted as 0, as the list sums them); a row whenever a period of the
-- month holds one for the invitee, even at 0 (the list shows such an invitee).
CREATE TABLE IF NOT EXISTS archive_invitee_movement_month (
  month bigint NOT NULL,
  uid text NOT NULL,
  deposit_amount numeric NOT NULL,
  withdrawal_amount numeric NOT NULL,
  PRIMARY KEY (month, uid)
);
CREATE INDEX IF NOT EXISTS archive_invitee_movement_month_cover ON archive_invitee_movement_month (month) INCLUDE (uid, deposit_amount, withdrawal_amount);
CREATE INDEX IF NOT EXISTS archive_invitee_movement_uid ON archive_invitee_movement (uid, period_from);

CREATE OR REPLACE FUNCTION archive_commission_invitee_month_recount(months bigint[], uids text[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan AS $fn$
BEGIN
  DELETE FROM archive_commission_invitee_month m
  WHERE m.month = ANY (months) AND m.uid = ANY (uids) AND (m.month, m.uid) IN (SELECT * FROM unnest(months, uids));
  INSERT INTO archive_commission_invitee_month
  SELECT p.month, p.uid, d.coin, d.records, d.commission, d.spot_volume, d.futures_volume
  FROM (SELECT DISTINCT * FROM unnest(months, uids) AS q(month, uid)) p
  CROSS JOIN LATERAL (
    SELECT r.coin, sum(r.records)::integer AS records, sum(r.commission) AS commission,
           sum(r.spot_volume) AS spot_volume, sum(r.futures_volume) AS futures_volume
    FROM archive_commission_invitee_day r
    WHERE r.uid = p.uid AND r.day >= p.month AND r.day < utc_month_start(p.month + 32 * 86400000::bigint)
    GROUP BY r.coin) d;
END
$fn$;

CREATE OR REPLACE FUNCTION archive_commission_invitee_month_sync() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  v_months bigint[];
  v_uids text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE archive_commission_invitee_month;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(month), array_agg(uid) INTO v_months, v_uids FROM (SELECT DISTINCT utc_month_start(day) AS month, uid FROM new_rows) p;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(month), array_agg(uid) INTO v_months, v_uids
    FROM (SELECT utc_month_start(day) AS month, uid FROM new_rows UNION SELECT utc_month_start(day), uid FROM old_rows) p;
  ELSE
    SELECT array_agg(month), array_agg(uid) INTO v_months, v_uids FROM (SELECT DISTINCT utc_month_start(day) AS month, uid FROM old_rows) p;
  END IF;
  IF v_uids IS NOT NULL THEN
    PERFORM archive_commission_invitee_month_recount(v_months, v_uids);
  END IF;
  RETURN NULL;
END
$fn$;

DROP TRIGGER IF EXISTS archive_commission_invitee_month_insert ON archive_commission_invitee_day;
CREATE TRIGGER archive_commission_invitee_month_insert AFTER INSERT ON archive_commission_invitee_day
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_commission_invitee_month_sync();
DROP TRIGGER IF EXISTS archive_commission_invitee_month_update ON archive_commission_invitee_day;
CREATE TRIGGER archive_commission_invitee_month_update AFTER UPDATE ON archive_commission_invitee_day
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_commission_invitee_month_sync();
DROP TRIGGER IF EXISTS archive_commission_invitee_month_delete ON archive_commission_invitee_day;
CREATE TRIGGER archive_commission_invitee_month_delete AFTER DELETE ON archive_commission_invitee_day
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_commission_invitee_month_sync();
DROP TRIGGER IF EXISTS archive_commission_invitee_month_truncate ON archive_commission_invitee_day;
CREATE TRIGGER archive_commission_invitee_month_truncate AFTER TRUNCATE ON archive_commission_invitee_day
  FOR EACH STATEMENT EXECUTE FUNCTION archive_commission_invitee_month_sync();

-- The given (month, uid) pairs' movement rows, from the periods whose midpoint lies in the month.
CREATE OR REPLACE FUNCTION archive_invitee_movement_month_recount(months bigint[], uids text[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan AS $fn$
BEGIN
  DELETE FROM archive_invitee_movement_month m
  WHERE m.month = ANY (months) AND m.uid = ANY (uids) AND (m.month, m.uid) IN (SELECT * FROM unnest(months, uids));
  INSERT INTO archive_invitee_movement_month
  SELECT p.month, p.uid, s.dep, s.wd
  FROM (SELECT DISTINCT * FROM unnest(months, uids) AS q(month, uid)) p
  CROSS JOIN LATERAL (
    SELECT sum(coalesce(r.deposit_amount, 0)) AS dep, sum(coalesce(r.withdrawal_amount, 0)) AS wd
    FROM archive_movement_period q JOIN archive_invitee_movement r ON r.period_from = q.period_from AND r.uid = p.uid
    WHERE (q.period_from + q.period_to) / 2 >= p.month AND (q.period_from + q.period_to) / 2 < utc_month_start(p.month + 32 * 86400000::bigint)
    HAVING count(*) > 0) s;
END
$fn$;

-- Movement rows written, re-synced or deleted: their invitees in their periods' months.
CREATE OR REPLACE FUNCTION archive_invitee_movement_month_sync() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  v_months bigint[];
  v_uids text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE archive_invitee_movement_month;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(month), array_agg(uid) INTO v_months, v_uids
    FROM (SELECT DISTINCT utc_month_start((q.period_from + q.period_to) / 2) AS month, n.uid FROM new_rows n JOIN archive_movement_period q USING (period_from)) p;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(month), array_agg(uid) INTO v_months, v_uids
    FROM (SELECT utc_month_start((q.period_from + q.period_to) / 2) AS month, r.uid
          FROM (SELECT period_from, uid FROM new_rows UNION SELECT period_from, uid FROM old_rows) r JOIN archive_movement_period q USING (period_from)
          GROUP BY 1, 2) p;
  ELSE
    SELECT array_agg(month), array_agg(uid) INTO v_months, v_uids
    FROM (SELECT DISTINCT utc_month_start((q.period_from + q.period_to) / 2) AS month, o.uid FROM old_rows o JOIN archive_movement_period q USING (period_from)) p;
  END IF;
  IF v_uids IS NOT NULL THEN
    PERFORM archive_invitee_movement_month_recount(v_months, v_uids);
  END IF;
  RETURN NULL;
END
$fn$;

DROP TRIGGER IF EXISTS archive_invitee_movement_month_insert ON archive_invitee_movement;
CREATE TRIGGER archive_invitee_movement_month_insert AFTER INSERT ON archive_invitee_movement
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_invitee_movement_month_sync();
DROP TRIGGER IF EXISTS archive_invitee_movement_month_update ON archive_invitee_movement;
CREATE TRIGGER archive_invitee_movement_month_update AFTER UPDATE ON archive_invitee_movement
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_invitee_movement_month_sync();
DROP TRIGGER IF EXISTS archive_invitee_movement_month_delete ON archive_invitee_movement;
CREATE TRIGGER archive_invitee_movement_month_delete AFTER DELETE ON archive_invitee_movement
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_invitee_movement_month_sync();
DROP TRIGGER IF EXISTS archive_invitee_movement_month_truncate ON archive_invitee_movement;
CREATE TRIGGER archive_invitee_movement_month_truncate AFTER TRUNCATE ON archive_invitee_movement
  FOR EACH STATEMENT EXECUTE FUNCTION archive_invitee_movement_month_sync();

-- A period held, moved or dropped: the invitees with rows in it, in its old and new months —
-- only when the month of its midpoint changes (the sync re-writes today's period with each
-- page, its end moving on within the same day: nothing to recount then).
CREATE OR REPLACE FUNCTION archive_movement_period_month_sync() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  v_months bigint[];
  v_uids text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE archive_invitee_movement_month;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(month), array_agg(uid) INTO v_months, v_uids
    FROM (SELECT DISTINCT utc_month_start((n.period_from + n.period_to) / 2) AS month, r.uid FROM new_rows n JOIN archive_invitee_movement r USING (period_from)) p;
  ELSIF TG_OP = 'UPDATE' THEN
    -- (a period and its month, before or after, that the other side does not have)
    WITH n AS (SELECT period_from, utc_month_start((period_from + period_to) / 2) AS month FROM new_rows),
         o AS (SELECT period_from, utc_month_start((period_from + period_to) / 2) AS month FROM old_rows),
         moved AS ((SELECT * FROM n EXCEPT SELECT * FROM o) UNION (SELECT * FROM o EXCEPT SELECT * FROM n))
    SELECT array_agg(month), array_agg(uid) INTO v_months, v_uids
    FROM (SELECT DISTINCT moved.month, r.uid FROM moved JOIN archive_invitee_movement r USING (period_from)) p;
  ELSE
    SELECT array_agg(month), array_agg(uid) INTO v_months, v_uids
    FROM (SELECT DISTINCT utc_month_start((o.period_from + o.period_to) / 2) AS month, r.uid FROM old_rows o JOIN archive_invitee_movement r USING (period_from)) p;
  END IF;
  IF v_uids IS NOT NULL THEN
    PERFORM archive_invitee_movement_month_recount(v_months, v_uids);
  END IF;
  RETURN NULL;
END
$fn$;

DROP TRIGGER IF EXISTS archive_movement_period_month_insert ON archive_movement_period;
CREATE TRIGGER archive_movement_period_month_insert AFTER INSERT ON archive_movement_period
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_movement_period_month_sync();
DROP TRIGGER IF EXISTS archive_movement_period_month_update ON archive_movement_period;
CREATE TRIGGER archive_movement_period_month_update AFTER UPDATE ON archive_movement_period
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_movement_period_month_sync();
DROP TRIGGER IF EXISTS archive_movement_period_month_delete ON archive_movement_period;
CREATE TRIGGER archive_movement_period_month_delete AFTER DELETE ON archive_movement_period
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_movement_period_month_sync();
-- (a TRUNCATE of the periods leaves the movement rows without a period: none counts any more)
DROP TRIGGER IF EXISTS archive_movement_period_month_truncate ON archive_movement_period;
CREATE TRIGGER archive_movement_period_month_truncate AFTER TRUNCATE ON archive_movement_period
  FOR EACH STATEMENT EXECUTE FUNCTION archive_movement_period_month_sync();

-- What the archive already holds.
INSERT INTO archive_commission_invitee_month
SELECT utc_month_start(day), uid, coin, sum(records)::integer, sum(commission), sum(spot_volume), sum(futures_volume)
FROM archive_commission_invitee_day GROUP BY 1, 2, 3
ON CONFLICT DO NOTHING;
INSERT INTO archive_invitee_movement_month
SELECT utc_month_start((q.period_from + q.period_to) / 2), r.uid, sum(coalesce(r.deposit_amount, 0)), sum(coalesce(r.withdrawal_amount, 0))
FROM archive_movement_period q JOIN archive_invitee_movement r USING (period_from) GROUP BY 1, 2
ON CONFLICT DO NOTHING;
