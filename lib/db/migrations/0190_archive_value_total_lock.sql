-- The recounts of 0180 one transaction at a time (PostgreSQL; PGlite has one connection).
--
-- Why: an invitee's all-archive totals are recounted by the commission sync (its per-day rows)
-- and by the deposits sync (its movement rows), which run side by side in their own
-- transactions. Both deleted the invitee's row (none yet committed), then both inserted it: the
-- second failed on the primary key and its whole page of records with it (seen in CI: a sync's
-- page refused with "duplicate key ... archive_invitee_value_total_pkey"). Had it been an
-- upsert, the second would have written totals counted without the first's rows. A
-- transaction-scoped advisory lock makes the second wait until the first commits; its DELETE
-- and INSERT then read (READ COMMITTED: a snapshot per statement) the rows both wrote.
-- lib/archive/value-total-race.test.ts holds two transactions to it.

CREATE OR REPLACE FUNCTION archive_invitee_value_total_recount(uids text[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan AS $fn$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('weex_invitee_value_total'));
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
  PERFORM pg_advisory_xact_lock(hashtext('weex_movement_period_total'));
  DELETE FROM archive_movement_period_total WHERE period_from = ANY (periods);
  INSERT INTO archive_movement_period_total
  SELECT r.period_from, sum(coalesce(r.deposit_amount, 0)), sum(coalesce(r.withdrawal_amount, 0))
  FROM archive_invitee_movement r WHERE r.period_from = ANY (periods) GROUP BY r.period_from;
END
$fn$;
