-- The recounts of 0150's commission summaries, rewritten so that each one reads only the raw
-- rows of the hours, invitee-days and invitees a statement touched, whatever the planner knows.
-- Same tables, same rows, same sums: only how they are found changes.
--
-- Why: 0150 joined the touched keys (an unnest of the transition table's arrays) to
-- archive_commission. The planner guessed the keys at 100 and, once the table was bigger than a
-- few pages, hashed the whole of archive_commission for every page the sync wrote (a seq scan
-- per statement and per page: the first backfill grew with the square of its records; at
-- simulator scale 1 it had not finished after 26 minutes). On PGlite nothing ever analyzes the
-- table, and plpgsql keeps a generic plan made while the table was small.
-- Now each key is looked up by itself (a LATERAL subquery that aggregates cannot be flattened
-- into a join: it runs once per key, through archive_commission_time or _uid_time), the
-- deletes name their keys by index conditions, and the functions are planned at each call
-- (plan_cache_mode) so that a plan made on an empty table is not kept for a full one.

CREATE OR REPLACE FUNCTION archive_commission_hour_recount(hours bigint[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan AS $fn$
BEGIN
  DELETE FROM archive_commission_hour WHERE hour = ANY (hours);
  INSERT INTO archive_commission_hour
  SELECT h.hour, c.coin, c.product_type, c.source_type, c.records, c.fee, c.commission, c.volume
  FROM (SELECT DISTINCT unnest(hours) AS hour) h
  CROSS JOIN LATERAL (
    SELECT r.coin, r.product_type, r.source_type, count(*) AS records,
           coalesce(sum(r.fee), 0) AS fee, coalesce(sum(r.commission), 0) AS commission,
           coalesce(sum(coalesce(r.taker_amount, 0) + coalesce(r.maker_amount, 0)), 0) AS volume
    FROM archive_commission r
    WHERE r.time >= h.hour AND r.time < h.hour + 3600000
    GROUP BY r.coin, r.product_type, r.source_type) c;
END
$fn$;

CREATE OR REPLACE FUNCTION archive_commission_invitee_day_recount(days bigint[], uids text[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan AS $fn$
BEGIN
  -- (day, uid) pairs: the two ANY conditions walk the primary key, the pair test keeps only the pairs given
  DELETE FROM archive_commission_invitee_day d
  WHERE d.day = ANY (days) AND d.uid = ANY (uids) AND (d.day, d.uid) IN (SELECT * FROM unnest(days, uids));
  INSERT INTO archive_commission_invitee_day
  SELECT p.day, p.uid, c.coin, c.records, c.commission, c.spot_volume, c.futures_volume
  FROM (SELECT DISTINCT * FROM unnest(days, uids) AS q(day, uid)) p
  CROSS JOIN LATERAL (
    SELECT r.coin, count(*) AS records, coalesce(sum(r.commission), 0) AS commission,
           coalesce(sum(coalesce(r.taker_amount, 0) + coalesce(r.maker_amount, 0)) FILTER (WHERE r.product_type = 'SPOT'), 0) AS spot_volume,
           coalesce(sum(coalesce(r.taker_amount, 0) + coalesce(r.maker_amount, 0)) FILTER (WHERE r.product_type = 'FUTURES'), 0) AS futures_volume
    FROM archive_commission r
    WHERE r.uid = p.uid AND r.time >= p.day AND r.time < p.day + 86400000 AND r.source_type = 1
    GROUP BY r.coin) c;
END
$fn$;

CREATE OR REPLACE FUNCTION archive_invitee_value_hour_recount(hours bigint[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan AS $fn$
BEGIN
  DELETE FROM archive_invitee_value_hour WHERE hour = ANY (hours);
  INSERT INTO archive_invitee_value_hour
  SELECT h.hour, v.coin, v.d7, v.d30, v.d90, v.d180
  FROM (SELECT DISTINCT unnest(hours) AS hour) h
  CROSS JOIN LATERAL (
    SELECT w.coin, sum(w.d7) AS d7, sum(w.d30) AS d30, sum(w.d90) AS d90, sum(w.d180) AS d180
    FROM archive_invitee_value w
    WHERE w.register_time >= h.hour AND w.register_time < h.hour + 3600000
    GROUP BY w.coin) v;
END
$fn$;

CREATE OR REPLACE FUNCTION archive_invitee_value_recount(uids text[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan AS $fn$
DECLARE
  v_hours bigint[];
BEGIN
  SELECT array_agg(DISTINCT register_time - register_time % 3600000) INTO v_hours FROM archive_invitee_value WHERE uid = ANY (uids);
  DELETE FROM archive_invitee_value WHERE uid = ANY (uids);
  INSERT INTO archive_invitee_value
  SELECT i.uid, c.coin, i.register_time, c.d7, c.d30, c.d90, c.d180
  FROM archive_invitee i
  CROSS JOIN LATERAL (
    SELECT r.coin,
           coalesce(sum(r.commission) FILTER (WHERE r.time - i.register_time <= 7 * 86400000::bigint), 0) AS d7,
           coalesce(sum(r.commission) FILTER (WHERE r.time - i.register_time <= 30 * 86400000::bigint), 0) AS d30,
           coalesce(sum(r.commission) FILTER (WHERE r.time - i.register_time <= 90 * 86400000::bigint), 0) AS d90,
           coalesce(sum(r.commission), 0) AS d180
    FROM archive_commission r
    WHERE r.uid = i.uid AND r.source_type = 1 AND r.time <= i.register_time + 180 * 86400000::bigint
    GROUP BY r.coin) c
  WHERE i.uid = ANY (uids);
  PERFORM archive_invitee_value_hour_recount(ARRAY(
    SELECT unnest(coalesce(v_hours, '{}'))
    UNION SELECT register_time - register_time % 3600000 FROM archive_invitee_value WHERE uid = ANY (uids)));
END
$fn$;
