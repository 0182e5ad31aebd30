-- The value list filtered by invite code (an `inviteCode`, or a partner's codes) walked as the
-- unfiltered list is (lib/archive/value-query.ts, walk): each invitee's all-archive totals carry
-- its code, indexed in each of the list's orders, so a code's page reads its invitees in bound
-- order; the page's `total` and `totals` come from per-code summaries instead of summing every
-- invitee of the code. Drizzle definitions: lib/db/schema/archive.ts (keep both in step).
--
-- Why: a code's list summed every invitee of the code over the range. At simulator scale 10 the
-- code holding 48 % of the invitees took 1.3 s (PostgreSQL) / 1.7 s (PGlite), a 9,280-invitee
-- code 344 / 528 ms (bench/RESULTS.md, "value").
--
-- The per-code summaries are kept by deltas, not recounts: a statement on the summaries that
-- feed them (archive_commission_invitee_day, archive_invitee_movement: 0150/0170) adds its new
-- rows and subtracts its old ones under each row's invitee's code, so a write costs in proportion
-- to its own rows. (A recount of every code of each UTC day a statement touched cost each write
-- in proportion to the day's size: +31 % CPU for the browser suite's backfill.) An invitee
-- archived after its records, or whose code changes, moves only that invitee's rows from the old
-- code to the new. An invitee with no code (or not archived) is under no code: no filter names it.
--
-- Locks: the commission and the deposits syncs (and the invitee refresh) write side by side on
-- PostgreSQL. Every statement on the tables that feed the value summaries first takes the
-- advisory lock 0190 takes (BEFORE STATEMENT), so the per-code rows, the totals rows and the
-- summaries of 0150 are always locked after it, in one order: two transactions neither deadlock
-- nor lose an update (a delta read with the code another transaction is changing waits for it,
-- then reads the code committed). lib/archive/value-code.test.ts holds two writers to it.

ALTER TABLE archive_invitee_value_total ADD COLUMN IF NOT EXISTS invite_code text;
-- the list's orders (value-query.ts, BOUND_COLUMNS) within one code
CREATE INDEX IF NOT EXISTS archive_invitee_value_total_code_usdt ON archive_invitee_value_total (invite_code, usdt DESC, btc DESC, length(uid) DESC, (uid COLLATE "C") DESC);
CREATE INDEX IF NOT EXISTS archive_invitee_value_total_code_btc ON archive_invitee_value_total (invite_code, btc DESC, usdt DESC, length(uid) DESC, (uid COLLATE "C") DESC);
CREATE INDEX IF NOT EXISTS archive_invitee_value_total_code_volume ON archive_invitee_value_total (invite_code, volume DESC, length(uid) DESC, (uid COLLATE "C") DESC);
CREATE INDEX IF NOT EXISTS archive_invitee_value_total_code_deposits ON archive_invitee_value_total (invite_code, deposits DESC, length(uid) DESC, (uid COLLATE "C") DESC);

-- Per invite code, UTC day and coin: the sums of its invitees' rows of archive_commission_invitee_day
-- (`rows`: how many; the row goes when none is left).
CREATE TABLE IF NOT EXISTS archive_code_commission_day (
  invite_code text NOT NULL,
  day bigint NOT NULL,
  coin text NOT NULL,
  rows integer NOT NULL,
  records integer NOT NULL,
  commission numeric NOT NULL,
  spot_volume numeric NOT NULL,
  futures_volume numeric NOT NULL,
  PRIMARY KEY (invite_code, day, coin)
);

-- Per invite code and period of totals: its invitees' deposits and withdrawals ("--" as 0) and how
-- many of them have a row in the period.
CREATE TABLE IF NOT EXISTS archive_code_movement_period (
  invite_code text NOT NULL,
  period_from bigint NOT NULL,
  invitees integer NOT NULL,
  deposit_amount numeric NOT NULL,
  withdrawal_amount numeric NOT NULL,
  PRIMARY KEY (invite_code, period_from)
);

-- The lock of 0190, before a statement writes anything.
CREATE OR REPLACE FUNCTION archive_value_lock() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('weex_invitee_value_total'));
  RETURN NULL;
END
$fn$;

DROP TRIGGER IF EXISTS archive_value_lock ON archive_commission;
CREATE TRIGGER archive_value_lock BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON archive_commission FOR EACH STATEMENT EXECUTE FUNCTION archive_value_lock();
DROP TRIGGER IF EXISTS archive_value_lock ON archive_commission_invitee_day;
CREATE TRIGGER archive_value_lock BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON archive_commission_invitee_day FOR EACH STATEMENT EXECUTE FUNCTION archive_value_lock();
DROP TRIGGER IF EXISTS archive_value_lock ON archive_invitee_movement;
CREATE TRIGGER archive_value_lock BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON archive_invitee_movement FOR EACH STATEMENT EXECUTE FUNCTION archive_value_lock();
DROP TRIGGER IF EXISTS archive_value_lock ON archive_movement_period;
CREATE TRIGGER archive_value_lock BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON archive_movement_period FOR EACH STATEMENT EXECUTE FUNCTION archive_value_lock();
DROP TRIGGER IF EXISTS archive_value_lock ON archive_invitee;
CREATE TRIGGER archive_value_lock BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON archive_invitee FOR EACH STATEMENT EXECUTE FUNCTION archive_value_lock();

-- Signed rows added to the per-code day sums (aligned arrays, one entry per row; n = +1 or -1).
CREATE OR REPLACE FUNCTION archive_code_commission_apply(p_codes text[], p_days bigint[], p_coins text[], p_n integer[], p_records integer[],
  p_commission numeric[], p_spot numeric[], p_futures numeric[]) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  v_codes text[];
  v_days bigint[];
  v_coins text[];
BEGIN
  WITH up AS (
    INSERT INTO archive_code_commission_day AS t
    SELECT d.code, d.day, d.coin, sum(d.n), sum(d.n * d.records), sum(d.n * d.commission), sum(d.n * d.spot), sum(d.n * d.futures)
    FROM unnest(p_codes, p_days, p_coins, p_n, p_records, p_commission, p_spot, p_futures) AS d(code, day, coin, n, records, commission, spot, futures)
    GROUP BY d.code, d.day, d.coin
    -- (a row re-written unchanged adds nothing: its key is not written at all)
    HAVING sum(d.n) <> 0 OR sum(d.n * d.records) <> 0 OR sum(d.n * d.commission) <> 0 OR sum(d.n * d.spot) <> 0 OR sum(d.n * d.futures) <> 0
    ON CONFLICT (invite_code, day, coin) DO UPDATE SET rows = t.rows + excluded.rows, records = t.records + excluded.records,
      commission = t.commission + excluded.commission, spot_volume = t.spot_volume + excluded.spot_volume, futures_volume = t.futures_volume + excluded.futures_volume
    RETURNING t.invite_code, t.day, t.coin, t.rows)
  SELECT array_agg(up.invite_code), array_agg(up.day), array_agg(up.coin) INTO v_codes, v_days, v_coins FROM up WHERE up.rows = 0;
  IF v_codes IS NOT NULL THEN
    DELETE FROM archive_code_commission_day t USING unnest(v_codes, v_days, v_coins) AS k(code, day, coin)
    WHERE t.invite_code = k.code AND t.day = k.day AND t.coin = k.coin AND t.rows = 0;
  END IF;
END
$fn$;

CREATE OR REPLACE FUNCTION archive_code_movement_apply(p_codes text[], p_periods bigint[], p_n integer[], p_dep numeric[], p_wd numeric[]) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  v_codes text[];
  v_periods bigint[];
BEGIN
  WITH up AS (
    INSERT INTO archive_code_movement_period AS t
    SELECT d.code, d.period_from, sum(d.n), sum(d.n * d.dep), sum(d.n * d.wd)
    FROM unnest(p_codes, p_periods, p_n, p_dep, p_wd) AS d(code, period_from, n, dep, wd)
    GROUP BY d.code, d.period_from
    HAVING sum(d.n) <> 0 OR sum(d.n * d.dep) <> 0 OR sum(d.n * d.wd) <> 0
    ON CONFLICT (invite_code, period_from) DO UPDATE SET invitees = t.invitees + excluded.invitees,
      deposit_amount = t.deposit_amount + excluded.deposit_amount, withdrawal_amount = t.withdrawal_amount + excluded.withdrawal_amount
    RETURNING t.invite_code, t.period_from, t.invitees)
  SELECT array_agg(up.invite_code), array_agg(up.period_from) INTO v_codes, v_periods FROM up WHERE up.invitees = 0;
  IF v_codes IS NOT NULL THEN
    DELETE FROM archive_code_movement_period t USING unnest(v_codes, v_periods) AS k(code, period_from)
    WHERE t.invite_code = k.code AND t.period_from = k.period_from AND t.invitees = 0;
  END IF;
END
$fn$;

-- The per-day commission summary written: its new rows added, its old ones taken away, under the
-- invitee's code (looked up row by row through the primary key: a scalar subquery is never
-- turned into a join that could hash the whole invitee archive, see 0160).
CREATE OR REPLACE FUNCTION archive_code_commission_by_day() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  a_codes text[]; a_days bigint[]; a_coins text[]; a_n integer[]; a_records integer[]; a_c numeric[]; a_s numeric[]; a_f numeric[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE archive_code_commission_day;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(code), array_agg(day), array_agg(coin), array_agg(1), array_agg(records), array_agg(commission), array_agg(spot_volume), array_agg(futures_volume)
    INTO a_codes, a_days, a_coins, a_n, a_records, a_c, a_s, a_f
    FROM (SELECT (SELECT a.invite_code FROM archive_invitee a WHERE a.uid = r.uid) AS code, r.* FROM new_rows r) x WHERE code IS NOT NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(code), array_agg(day), array_agg(coin), array_agg(n), array_agg(records), array_agg(commission), array_agg(spot_volume), array_agg(futures_volume)
    INTO a_codes, a_days, a_coins, a_n, a_records, a_c, a_s, a_f
    FROM (SELECT (SELECT a.invite_code FROM archive_invitee a WHERE a.uid = r.uid) AS code, r.*
          FROM (SELECT 1 AS n, * FROM new_rows UNION ALL SELECT -1, * FROM old_rows) r) x WHERE code IS NOT NULL;
  ELSE
    SELECT array_agg(code), array_agg(day), array_agg(coin), array_agg(-1), array_agg(records), array_agg(commission), array_agg(spot_volume), array_agg(futures_volume)
    INTO a_codes, a_days, a_coins, a_n, a_records, a_c, a_s, a_f
    FROM (SELECT (SELECT a.invite_code FROM archive_invitee a WHERE a.uid = r.uid) AS code, r.* FROM old_rows r) x WHERE code IS NOT NULL;
  END IF;
  IF a_codes IS NOT NULL THEN
    PERFORM archive_code_commission_apply(a_codes, a_days, a_coins, a_n, a_records, a_c, a_s, a_f);
  END IF;
  RETURN NULL;
END
$fn$;

DROP TRIGGER IF EXISTS archive_code_commission_insert ON archive_commission_invitee_day;
CREATE TRIGGER archive_code_commission_insert AFTER INSERT ON archive_commission_invitee_day
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_code_commission_by_day();
DROP TRIGGER IF EXISTS archive_code_commission_update ON archive_commission_invitee_day;
CREATE TRIGGER archive_code_commission_update AFTER UPDATE ON archive_commission_invitee_day
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_code_commission_by_day();
DROP TRIGGER IF EXISTS archive_code_commission_delete ON archive_commission_invitee_day;
CREATE TRIGGER archive_code_commission_delete AFTER DELETE ON archive_commission_invitee_day
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_code_commission_by_day();
DROP TRIGGER IF EXISTS archive_code_commission_truncate ON archive_commission_invitee_day;
CREATE TRIGGER archive_code_commission_truncate AFTER TRUNCATE ON archive_commission_invitee_day
  FOR EACH STATEMENT EXECUTE FUNCTION archive_code_commission_by_day();

-- Movement rows written: the same, per code and period.
CREATE OR REPLACE FUNCTION archive_code_movement_by_row() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  a_codes text[]; a_periods bigint[]; a_n integer[]; a_dep numeric[]; a_wd numeric[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE archive_code_movement_period;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(code), array_agg(period_from), array_agg(1), array_agg(coalesce(deposit_amount, 0)), array_agg(coalesce(withdrawal_amount, 0))
    INTO a_codes, a_periods, a_n, a_dep, a_wd
    FROM (SELECT (SELECT a.invite_code FROM archive_invitee a WHERE a.uid = r.uid) AS code, r.* FROM new_rows r) x WHERE code IS NOT NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(code), array_agg(period_from), array_agg(n), array_agg(coalesce(deposit_amount, 0)), array_agg(coalesce(withdrawal_amount, 0))
    INTO a_codes, a_periods, a_n, a_dep, a_wd
    FROM (SELECT (SELECT a.invite_code FROM archive_invitee a WHERE a.uid = r.uid) AS code, r.*
          FROM (SELECT 1 AS n, * FROM new_rows UNION ALL SELECT -1, * FROM old_rows) r) x WHERE code IS NOT NULL;
  ELSE
    SELECT array_agg(code), array_agg(period_from), array_agg(-1), array_agg(coalesce(deposit_amount, 0)), array_agg(coalesce(withdrawal_amount, 0))
    INTO a_codes, a_periods, a_n, a_dep, a_wd
    FROM (SELECT (SELECT a.invite_code FROM archive_invitee a WHERE a.uid = r.uid) AS code, r.* FROM old_rows r) x WHERE code IS NOT NULL;
  END IF;
  IF a_codes IS NOT NULL THEN
    PERFORM archive_code_movement_apply(a_codes, a_periods, a_n, a_dep, a_wd);
  END IF;
  RETURN NULL;
END
$fn$;

DROP TRIGGER IF EXISTS archive_code_movement_insert ON archive_invitee_movement;
CREATE TRIGGER archive_code_movement_insert AFTER INSERT ON archive_invitee_movement
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_code_movement_by_row();
DROP TRIGGER IF EXISTS archive_code_movement_update ON archive_invitee_movement;
CREATE TRIGGER archive_code_movement_update AFTER UPDATE ON archive_invitee_movement
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_code_movement_by_row();
DROP TRIGGER IF EXISTS archive_code_movement_delete ON archive_invitee_movement;
CREATE TRIGGER archive_code_movement_delete AFTER DELETE ON archive_invitee_movement
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_code_movement_by_row();
DROP TRIGGER IF EXISTS archive_code_movement_truncate ON archive_invitee_movement;
CREATE TRIGGER archive_code_movement_truncate AFTER TRUNCATE ON archive_invitee_movement
  FOR EACH STATEMENT EXECUTE FUNCTION archive_code_movement_by_row();

-- Invitees whose code changed (archived after their records, re-coded, deleted): their rows move
-- from the old code to the new, and their totals row says the new code. The invitee refresh
-- re-writes every row of the year every 15 minutes: the rows whose code is unchanged move nothing.
CREATE OR REPLACE FUNCTION archive_code_move(p_uids text[], p_old text[], p_new text[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan AS $fn$
DECLARE
  a_codes text[]; a_days bigint[]; a_coins text[]; a_n integer[]; a_records integer[]; a_c numeric[]; a_s numeric[]; a_f numeric[];
  m_codes text[]; m_periods bigint[]; m_n integer[]; m_dep numeric[]; m_wd numeric[];
BEGIN
  -- (each invitee's rows through the (uid, day) / (uid, period_from) indexes of 0170)
  WITH moved AS (SELECT * FROM unnest(p_uids, p_old, p_new) AS x(uid, old_code, new_code)),
       sides AS (SELECT uid, old_code AS code, -1 AS n FROM moved WHERE old_code IS NOT NULL UNION ALL SELECT uid, new_code, 1 FROM moved WHERE new_code IS NOT NULL)
  SELECT array_agg(s.code), array_agg(d.day), array_agg(d.coin), array_agg(s.n), array_agg(d.records), array_agg(d.commission), array_agg(d.spot_volume), array_agg(d.futures_volume)
  INTO a_codes, a_days, a_coins, a_n, a_records, a_c, a_s, a_f
  FROM sides s CROSS JOIN LATERAL (SELECT * FROM archive_commission_invitee_day d WHERE d.uid = s.uid OFFSET 0) d;
  IF a_codes IS NOT NULL THEN
    PERFORM archive_code_commission_apply(a_codes, a_days, a_coins, a_n, a_records, a_c, a_s, a_f);
  END IF;
  WITH moved AS (SELECT * FROM unnest(p_uids, p_old, p_new) AS x(uid, old_code, new_code)),
       sides AS (SELECT uid, old_code AS code, -1 AS n FROM moved WHERE old_code IS NOT NULL UNION ALL SELECT uid, new_code, 1 FROM moved WHERE new_code IS NOT NULL)
  SELECT array_agg(s.code), array_agg(m.period_from), array_agg(s.n), array_agg(coalesce(m.deposit_amount, 0)), array_agg(coalesce(m.withdrawal_amount, 0))
  INTO m_codes, m_periods, m_n, m_dep, m_wd
  FROM sides s CROSS JOIN LATERAL (SELECT * FROM archive_invitee_movement m WHERE m.uid = s.uid OFFSET 0) m;
  IF m_codes IS NOT NULL THEN
    PERFORM archive_code_movement_apply(m_codes, m_periods, m_n, m_dep, m_wd);
  END IF;
  UPDATE archive_invitee_value_total t SET invite_code = x.new_code FROM unnest(p_uids, p_new) AS x(uid, new_code) WHERE t.uid = x.uid;
END
$fn$;

CREATE OR REPLACE FUNCTION archive_code_by_invitee() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  v_uids text[]; v_old text[]; v_new text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE archive_code_commission_day, archive_code_movement_period;
    UPDATE archive_invitee_value_total SET invite_code = NULL WHERE invite_code IS NOT NULL;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(uid), array_agg(NULL::text), array_agg(invite_code) INTO v_uids, v_old, v_new FROM new_rows WHERE invite_code IS NOT NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(coalesce(n.uid, o.uid)), array_agg(o.invite_code), array_agg(n.invite_code) INTO v_uids, v_old, v_new
    FROM new_rows n FULL JOIN old_rows o ON o.uid = n.uid WHERE o.invite_code IS DISTINCT FROM n.invite_code;
  ELSE
    SELECT array_agg(uid), array_agg(invite_code), array_agg(NULL::text) INTO v_uids, v_old, v_new FROM old_rows WHERE invite_code IS NOT NULL;
  END IF;
  IF v_uids IS NOT NULL THEN
    PERFORM archive_code_move(v_uids, v_old, v_new);
  END IF;
  RETURN NULL;
END
$fn$;

DROP TRIGGER IF EXISTS archive_code_invitee_insert ON archive_invitee;
CREATE TRIGGER archive_code_invitee_insert AFTER INSERT ON archive_invitee
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_code_by_invitee();
DROP TRIGGER IF EXISTS archive_code_invitee_update ON archive_invitee;
CREATE TRIGGER archive_code_invitee_update AFTER UPDATE ON archive_invitee
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_code_by_invitee();
DROP TRIGGER IF EXISTS archive_code_invitee_delete ON archive_invitee;
CREATE TRIGGER archive_code_invitee_delete AFTER DELETE ON archive_invitee
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION archive_code_by_invitee();
DROP TRIGGER IF EXISTS archive_code_invitee_truncate ON archive_invitee;
CREATE TRIGGER archive_code_invitee_truncate AFTER TRUNCATE ON archive_invitee
  FOR EACH STATEMENT EXECUTE FUNCTION archive_code_by_invitee();

-- 0180's recount (with 0190's lock), now keeping the invitee's code on its totals row.
CREATE OR REPLACE FUNCTION archive_invitee_value_total_recount(uids text[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan AS $fn$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('weex_invitee_value_total'));
  DELETE FROM archive_invitee_value_total WHERE uid = ANY (uids);
  INSERT INTO archive_invitee_value_total (uid, usdt, btc, volume, deposits, commission_days, movement_days, invite_code)
  SELECT u.uid, coalesce(c.usdt, 0), coalesce(c.btc, 0), coalesce(c.volume, 0), coalesce(m.deposits, 0), c.days, m.days,
         (SELECT a.invite_code FROM archive_invitee a WHERE a.uid = u.uid)
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

-- What the archive already holds.
UPDATE archive_invitee_value_total t SET invite_code = a.invite_code FROM archive_invitee a WHERE a.uid = t.uid AND a.invite_code IS NOT NULL;
INSERT INTO archive_code_commission_day
SELECT a.invite_code, d.day, d.coin, count(*), sum(d.records), sum(d.commission), sum(d.spot_volume), sum(d.futures_volume)
FROM archive_commission_invitee_day d JOIN archive_invitee a ON a.uid = d.uid WHERE a.invite_code IS NOT NULL
GROUP BY a.invite_code, d.day, d.coin
ON CONFLICT DO NOTHING;
INSERT INTO archive_code_movement_period
SELECT a.invite_code, m.period_from, count(*), sum(coalesce(m.deposit_amount, 0)), sum(coalesce(m.withdrawal_amount, 0))
FROM archive_invitee_movement m JOIN archive_invitee a ON a.uid = m.uid WHERE a.invite_code IS NOT NULL
GROUP BY a.invite_code, m.period_from
ON CONFLICT DO NOTHING;
