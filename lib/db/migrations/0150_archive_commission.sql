-- What each invitee is worth (issue 27): WEEX's commission records and its per-invitee
-- deposits and withdrawals, archived; and the summaries the value list, the commission series
-- and the cohorts' value per invitee are read from. Drizzle definitions:
-- lib/db/schema/archive.ts (keep both in step). Amounts are numeric (exact), NULL where WEEX
-- sent "--" (it does not know: never 0, and left out of every sum).

-- One row per commission record (getAffiliateCommission). WEEX gives a record no id: `key` is
-- the md5 of every field of it plus its place among identical records of the page it came in
-- (lib/archive/datasets.ts), so a page read twice writes nothing new.
CREATE TABLE IF NOT EXISTS archive_commission (
  key text PRIMARY KEY,
  uid text NOT NULL,
  -- WEEX's `date`: the commission's time, epoch ms
  time bigint NOT NULL,
  coin text NOT NULL,
  product_type text NOT NULL,
  symbol text NOT NULL,
  -- 1 = a direct client, 2 = via a sub-agent
  source_type integer NOT NULL,
  fee numeric,
  commission numeric,
  rate numeric,
  taker_amount numeric,
  maker_amount numeric,
  synced_at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS archive_commission_time ON archive_commission (time, product_type);
CREATE INDEX IF NOT EXISTS archive_commission_uid_time ON archive_commission (uid, time);

-- Per UTC hour, coin, product and source type: what the commission series sums (a year is at
-- most 8,760 hours × a few coins × 4, however many records). Cohort-like boundaries that are
-- not on the hour (the range's ends, the midnights of :30 and :45 zones) are read from the raw
-- rows (lib/archive/commission-series.ts).
CREATE TABLE IF NOT EXISTS archive_commission_hour (
  hour bigint NOT NULL,
  coin text NOT NULL,
  product_type text NOT NULL,
  source_type integer NOT NULL,
  records integer NOT NULL,
  fee numeric NOT NULL,
  commission numeric NOT NULL,
  volume numeric NOT NULL,
  PRIMARY KEY (hour, coin, product_type, source_type)
);

-- Per direct invitee (sourceType 1), UTC day and coin: what the value list sums over whole days
-- (the range's cut days come from the raw rows). Volumes are the records' taker + maker amounts.
CREATE TABLE IF NOT EXISTS archive_commission_invitee_day (
  day bigint NOT NULL,
  uid text NOT NULL,
  coin text NOT NULL,
  records integer NOT NULL,
  commission numeric NOT NULL,
  spot_volume numeric NOT NULL,
  futures_volume numeric NOT NULL,
  PRIMARY KEY (day, uid, coin)
);
CREATE INDEX IF NOT EXISTS archive_commission_invitee_day_cover ON archive_commission_invitee_day (day) INCLUDE (uid, coin, commission, spot_volume, futures_volume);

-- Per archived invitee and coin: the commission of its direct records within 7, 30, 90 and
-- 180 days of its own registration (`time − register_time ≤ N × 86 400 000`), and per UTC hour
-- of registration their sums: a cohort's value is a sum of hours, like its counts (0140).
CREATE TABLE IF NOT EXISTS archive_invitee_value (
  uid text NOT NULL,
  coin text NOT NULL,
  register_time bigint NOT NULL,
  d7 numeric NOT NULL,
  d30 numeric NOT NULL,
  d90 numeric NOT NULL,
  d180 numeric NOT NULL,
  PRIMARY KEY (uid, coin)
);
CREATE INDEX IF NOT EXISTS archive_invitee_value_register ON archive_invitee_value (register_time) INCLUDE (coin, d7, d30, d90, d180);
CREATE TABLE IF NOT EXISTS archive_invitee_value_hour (
  hour bigint NOT NULL,
  coin text NOT NULL,
  d7 numeric NOT NULL,
  d30 numeric NOT NULL,
  d90 numeric NOT NULL,
  d180 numeric NOT NULL,
  PRIMARY KEY (hour, coin)
);

-- Per direct invitee and period: WEEX's totals of the window (getChannelUserTradeAndAsset).
-- A period is a UTC day, or an older UTC week (Monday to Sunday) of the first backfill; it is
-- held as [period_from, period_to] (period_to: the end of the window read, now for today).
CREATE TABLE IF NOT EXISTS archive_movement_period (
  period_from bigint PRIMARY KEY,
  period_to bigint NOT NULL,
  kind text NOT NULL CHECK (kind IN ('day', 'week'))
);
CREATE TABLE IF NOT EXISTS archive_invitee_movement (
  period_from bigint NOT NULL,
  uid text NOT NULL,
  deposit_amount numeric,
  withdrawal_amount numeric,
  spot_trading_amount numeric,
  futures_trading_amount numeric,
  -- WEEX's totals commission: USDT only
  commission numeric,
  synced_at bigint NOT NULL,
  PRIMARY KEY (period_from, uid)
);

-- ---------------------------------------------------------------------------------------------
-- The summaries are kept exact by the database itself, in the statement that writes, re-syncs
-- or deletes rows (as 0140 does for the invitee hours): each statement recounts the hours, days
-- and invitees its old and new rows touch, from the raw rows.

CREATE OR REPLACE FUNCTION archive_commission_hour_recount(hours bigint[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM archive_commission_hour WHERE hour = ANY (hours);
  INSERT INTO archive_commission_hour
  SELECT h.hour, c.coin, c.product_type, c.source_type, count(*),
         coalesce(sum(c.fee), 0), coalesce(sum(c.commission), 0),
         coalesce(sum(coalesce(c.taker_amount, 0) + coalesce(c.maker_amount, 0)), 0)
  FROM (SELECT DISTINCT unnest(hours) AS hour) h
  JOIN archive_commission c ON c.time >= h.hour AND c.time < h.hour + 3600000
  GROUP BY h.hour, c.coin, c.product_type, c.source_type;
END
$fn$;

CREATE OR REPLACE FUNCTION archive_commission_invitee_day_recount(days bigint[], uids text[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM archive_commission_invitee_day d USING unnest(days, uids) AS p(day, uid) WHERE d.day = p.day AND d.uid = p.uid;
  INSERT INTO archive_commission_invitee_day
  SELECT p.day, p.uid, c.coin, count(*), coalesce(sum(c.commission), 0),
         coalesce(sum(coalesce(c.taker_amount, 0) + coalesce(c.maker_amount, 0)) FILTER (WHERE c.product_type = 'SPOT'), 0),
         coalesce(sum(coalesce(c.taker_amount, 0) + coalesce(c.maker_amount, 0)) FILTER (WHERE c.product_type = 'FUTURES'), 0)
  FROM (SELECT DISTINCT * FROM unnest(days, uids) AS q(day, uid)) p
  JOIN archive_commission c ON c.uid = p.uid AND c.time >= p.day AND c.time < p.day + 86400000 AND c.source_type = 1
  GROUP BY p.day, p.uid, c.coin;
END
$fn$;

-- The value hours of the given registration hours, from archive_invitee_value.
CREATE OR REPLACE FUNCTION archive_invitee_value_hour_recount(hours bigint[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM archive_invitee_value_hour WHERE hour = ANY (hours);
  INSERT INTO archive_invitee_value_hour
  SELECT h.hour, v.coin, sum(v.d7), sum(v.d30), sum(v.d90), sum(v.d180)
  FROM (SELECT DISTINCT unnest(hours) AS hour) h
  JOIN archive_invitee_value v ON v.register_time >= h.hour AND v.register_time < h.hour + 3600000
  GROUP BY h.hour, v.coin;
END
$fn$;

-- The given uids' value rows, from their direct records and their registration (an uid not
-- archived as an invitee has none), then the registration hours they leave and enter.
CREATE OR REPLACE FUNCTION archive_invitee_value_recount(uids text[]) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  v_hours bigint[];
BEGIN
  SELECT array_agg(DISTINCT register_time - register_time % 3600000) INTO v_hours FROM archive_invitee_value WHERE uid = ANY (uids);
  DELETE FROM archive_invitee_value WHERE uid = ANY (uids);
  INSERT INTO archive_invitee_value
  SELECT i.uid, c.coin, i.register_time,
         coalesce(sum(c.commission) FILTER (WHERE c.time - i.register_time <= 7 * 86400000::bigint), 0),
         coalesce(sum(c.commission) FILTER (WHERE c.time - i.register_time <= 30 * 86400000::bigint), 0),
         coalesce(sum(c.commission) FILTER (WHERE c.time - i.register_time <= 90 * 86400000::bigint), 0),
         coalesce(sum(c.commission), 0)
  FROM archive_invitee i
  JOIN archive_commission c ON c.uid = i.uid AND c.source_type = 1 AND c.time <= i.register_time + 180 * 86400000::bigint
  WHERE i.uid = ANY (uids)
  GROUP BY i.uid, c.coin, i.register_time;
  PERFORM archive_invitee_value_hour_recount(ARRAY(
    SELECT unnest(coalesce(v_hours, '{}'))
    UNION SELECT register_time - register_time % 3600000 FROM archive_invitee_value WHERE uid = ANY (uids)));
END
$fn$;

-- The recounts a statement's old and new rows call for (aligned arrays: one entry per row).
CREATE OR REPLACE FUNCTION archive_commission_touched(uids text[], times bigint[], types integer[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM archive_commission_hour_recount(ARRAY(SELECT DISTINCT t - t % 3600000 FROM unnest(times) AS t));
  PERFORM archive_commission_invitee_day_recount(d.days, d.uids)
  FROM (SELECT array_agg(day ORDER BY day, uid) AS days, array_agg(uid ORDER BY day, uid) AS uids
        FROM (SELECT DISTINCT t - t % 86400000 AS day, u AS uid FROM unnest(uids, times, types) AS x(u, t, s) WHERE s = 1) p) d;
  PERFORM archive_invitee_value_recount(ARRAY(SELECT DISTINCT u FROM unnest(uids, types) AS x(u, s) WHERE s = 1));
END
$fn$;

CREATE OR REPLACE FUNCTION archive_commission_sync() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  v_uids text[];
  v_times bigint[];
  v_types integer[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE archive_commission_hour, archive_commission_invitee_day, archive_invitee_value, archive_invitee_value_hour;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(uid), array_agg(time), array_agg(source_type) INTO v_uids, v_times, v_types FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(uid), array_agg(time), array_agg(source_type) INTO v_uids, v_times, v_types
    FROM (SELECT uid, time, source_type FROM new_rows UNION ALL SELECT uid, time, source_type FROM old_rows) r;
  ELSE
    SELECT array_agg(uid), array_agg(time), array_agg(source_type) INTO v_uids, v_times, v_types FROM old_rows;
  END IF;
  IF v_uids IS NOT NULL THEN
    PERFORM archive_commission_touched(v_uids, v_times, v_types);
  END IF;
  RETURN NULL;
END
$fn$;

DROP TRIGGER IF EXISTS archive_commission_insert ON archive_commission;
CREATE TRIGGER archive_commission_insert AFTER INSERT ON archive_commission
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_commission_sync();
DROP TRIGGER IF EXISTS archive_commission_update ON archive_commission;
CREATE TRIGGER archive_commission_update AFTER UPDATE ON archive_commission
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_commission_sync();
DROP TRIGGER IF EXISTS archive_commission_delete ON archive_commission;
CREATE TRIGGER archive_commission_delete AFTER DELETE ON archive_commission
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_commission_sync();
DROP TRIGGER IF EXISTS archive_commission_truncate ON archive_commission;
CREATE TRIGGER archive_commission_truncate AFTER TRUNCATE ON archive_commission
  FOR EACH STATEMENT EXECUTE FUNCTION archive_commission_sync();

-- An invitee archived, deleted or moved to another registration time changes its value row
-- (commission records may have been archived before it); the invitee refresh re-writes every
-- row of the year every 15 minutes, so only the rows whose registration changed are recounted.
CREATE OR REPLACE FUNCTION archive_invitee_value_sync() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM archive_invitee_value_recount(ARRAY(SELECT uid FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM archive_invitee_value_recount(ARRAY(
      SELECT n.uid FROM new_rows n LEFT JOIN old_rows o ON o.uid = n.uid WHERE o.uid IS NULL OR o.register_time <> n.register_time
      UNION SELECT o.uid FROM old_rows o LEFT JOIN new_rows n ON n.uid = o.uid WHERE n.uid IS NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM archive_invitee_value_recount(ARRAY(SELECT uid FROM old_rows));
  ELSE
    TRUNCATE archive_invitee_value, archive_invitee_value_hour;
  END IF;
  RETURN NULL;
END
$fn$;

DROP TRIGGER IF EXISTS archive_invitee_value_insert ON archive_invitee;
CREATE TRIGGER archive_invitee_value_insert AFTER INSERT ON archive_invitee
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_invitee_value_sync();
DROP TRIGGER IF EXISTS archive_invitee_value_update ON archive_invitee;
CREATE TRIGGER archive_invitee_value_update AFTER UPDATE ON archive_invitee
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_invitee_value_sync();
DROP TRIGGER IF EXISTS archive_invitee_value_delete ON archive_invitee;
CREATE TRIGGER archive_invitee_value_delete AFTER DELETE ON archive_invitee
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_invitee_value_sync();
DROP TRIGGER IF EXISTS archive_invitee_value_truncate ON archive_invitee;
CREATE TRIGGER archive_invitee_value_truncate AFTER TRUNCATE ON archive_invitee
  FOR EACH STATEMENT EXECUTE FUNCTION archive_invitee_value_sync();
