-- Affiliate archive (issue 7) and the shared upstream weight ledger.
-- Drizzle definitions: lib/db/schema/archive.ts (keep both in step).
-- Ids are text, money is numeric (exact), instants are epoch ms in bigint, days are UTC dates.

CREATE TABLE IF NOT EXISTS archive_sub_affiliate_daily (
  sub_affiliate_uid text NOT NULL,
  product_type text NOT NULL,
  day date NOT NULL,
  trading_volume numeric NOT NULL,
  net_trading_fee numeric NOT NULL,
  paid_commission numeric NOT NULL,
  synced_at bigint NOT NULL,
  PRIMARY KEY (sub_affiliate_uid, product_type, day)
);
-- The all-sub-affiliates series reads (product_type, day) ranges: a covering index keeps the
-- aggregation an index-only scan.
CREATE INDEX IF NOT EXISTS archive_sub_affiliate_daily_product_day
  ON archive_sub_affiliate_daily (product_type, day)
  INCLUDE (trading_volume, net_trading_fee, paid_commission);

-- Per (product, UTC day) totals over every sub-affiliate, kept in step with the daily rows in
-- the same transaction: a year's series for the whole network reads 730 rows, not 70 000.
CREATE TABLE IF NOT EXISTS archive_sub_affiliate_day_total (
  product_type text NOT NULL,
  day date NOT NULL,
  records integer NOT NULL,
  trading_volume numeric NOT NULL,
  net_trading_fee numeric NOT NULL,
  paid_commission numeric NOT NULL,
  PRIMARY KEY (product_type, day)
);

CREATE TABLE IF NOT EXISTS archive_invitee (
  uid text PRIMARY KEY,
  register_time bigint NOT NULL,
  kyc_result boolean NOT NULL,
  invite_code text,
  first_deposit bigint,
  first_trade bigint,
  last_deposit bigint,
  last_trade bigint,
  synced_at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS archive_invitee_register_time ON archive_invitee (register_time, uid);

CREATE TABLE IF NOT EXISTS archive_transfer (
  withdraw_id text PRIMARY KEY,
  from_user_id text NOT NULL,
  to_user_id text NOT NULL,
  coin text NOT NULL,
  status text NOT NULL,
  amount numeric NOT NULL,
  create_time bigint NOT NULL,
  update_time bigint NOT NULL,
  from_account_type text NOT NULL,
  to_account_type text NOT NULL,
  synced_at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS archive_transfer_create_time ON archive_transfer (create_time, withdraw_id);
-- Incremental syncs re-fetch from the oldest transfer that can still change.
CREATE INDEX IF NOT EXISTS archive_transfer_progressing ON archive_transfer (create_time) WHERE status = 'PROGRESSING';

CREATE TABLE IF NOT EXISTS archive_dataset (
  dataset text PRIMARY KEY,
  state text NOT NULL,
  run_started_at bigint,
  run_kind text,
  last_run_at bigint,
  last_success_at bigint,
  synced_at bigint,
  refreshed_at bigint,
  last_error text,
  last_error_at bigint,
  requested_at bigint,
  updated_at bigint NOT NULL
);

-- One row per slice of work; (variant, next_page) is the resumable cursor, committed in the
-- same transaction as the rows of the page it follows.
CREATE TABLE IF NOT EXISTS archive_cursor (
  dataset text NOT NULL,
  slice text NOT NULL,
  kind text NOT NULL,
  seq integer NOT NULL,
  range_from bigint NOT NULL,
  range_to bigint NOT NULL,
  variant integer NOT NULL,
  next_page integer NOT NULL,
  pages integer,
  pages_done integer NOT NULL,
  rows integer NOT NULL,
  state text NOT NULL,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  PRIMARY KEY (dataset, slice)
);

-- Merged intervals held per dataset (inclusive epoch ms).
CREATE TABLE IF NOT EXISTS archive_coverage (
  dataset text NOT NULL,
  from_ms bigint NOT NULL,
  to_ms bigint NOT NULL,
  PRIMARY KEY (dataset, from_ms)
);

-- The upstream weight budget shared by every process of a deployment (one IP, one UID): the
-- PostgreSQL side of lib/weex/budget.ts's WeightLedger (lib/archive/pg-ledger.ts).
-- One state row per ledger (its row lock serialises the decisions; it carries the pause after
-- an upstream 429 and the "a person is waiting" mark) and one row per charge, held until it
-- expires.
CREATE TABLE IF NOT EXISTS weight_ledger_state (
  ledger text PRIMARY KEY,
  paused_until bigint NOT NULL DEFAULT 0,
  interactive_waiting_until bigint NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS weight_ledger_charge (
  id bigserial PRIMARY KEY,
  ledger text NOT NULL,
  expires_at bigint NOT NULL,
  ip integer NOT NULL,
  uid integer NOT NULL,
  uid_key text NOT NULL
);
CREATE INDEX IF NOT EXISTS weight_ledger_charge_expiry ON weight_ledger_charge (ledger, expires_at);

-- The ledger's one decision, atomic in a single statement: if the cost fits both rolling
-- windows (and no pause is active), record it and answer 0; otherwise record nothing and
-- answer how many ms until it could fit (-1: never, the cost exceeds the limit).
-- Background work (p_background) also steps aside while a person's request in any process is
-- waiting for room: otherwise the backfill, refilling its share the moment room appears, would
-- keep a large click (a 100-weight transfer query) waiting until it gives up.
-- Time is the database's clock, the one clock every process shares.
CREATE OR REPLACE FUNCTION weight_ledger_try_charge(
  p_ledger text, p_ip integer, p_uid integer, p_uid_key text,
  p_ip_limit integer, p_uid_limit integer, p_hold_ms bigint, p_background boolean
) RETURNS bigint LANGUAGE plpgsql AS $fn$
DECLARE
  v_now bigint := floor(extract(epoch FROM clock_timestamp()) * 1000);
  v_state weight_ledger_state%ROWTYPE;
  v_used bigint;
  v_wait bigint := 0;
  v_at bigint;
BEGIN
  IF p_ip > p_ip_limit OR p_uid > p_uid_limit THEN
    RETURN -1;
  END IF;
  INSERT INTO weight_ledger_state (ledger) VALUES (p_ledger) ON CONFLICT (ledger) DO NOTHING;
  SELECT * INTO v_state FROM weight_ledger_state WHERE ledger = p_ledger FOR UPDATE;
  DELETE FROM weight_ledger_charge WHERE ledger = p_ledger AND expires_at <= v_now;
  IF v_state.paused_until > v_now THEN
    RETURN v_state.paused_until - v_now;
  END IF;

  IF p_ip > 0 THEN
    SELECT coalesce(sum(ip), 0) INTO v_used FROM weight_ledger_charge WHERE ledger = p_ledger;
    IF v_used + p_ip > p_ip_limit THEN
      -- the first expiry after which the rest of the window leaves room for this cost
      SELECT expires_at INTO v_at FROM (
        SELECT expires_at, sum(ip) OVER (ORDER BY expires_at, id) AS freed
        FROM weight_ledger_charge WHERE ledger = p_ledger AND ip > 0
      ) c WHERE v_used - freed + p_ip <= p_ip_limit ORDER BY expires_at LIMIT 1;
      v_wait := greatest(v_wait, v_at - v_now);
    END IF;
  END IF;

  IF p_uid > 0 THEN
    SELECT coalesce(sum(uid), 0) INTO v_used FROM weight_ledger_charge WHERE ledger = p_ledger AND uid_key = p_uid_key;
    IF v_used + p_uid > p_uid_limit THEN
      SELECT expires_at INTO v_at FROM (
        SELECT expires_at, sum(uid) OVER (ORDER BY expires_at, id) AS freed
        FROM weight_ledger_charge WHERE ledger = p_ledger AND uid_key = p_uid_key AND uid > 0
      ) c WHERE v_used - freed + p_uid <= p_uid_limit ORDER BY expires_at LIMIT 1;
      v_wait := greatest(v_wait, v_at - v_now);
    END IF;
  END IF;

  IF p_background AND v_state.interactive_waiting_until > v_now THEN
    -- a person is waiting: look again shortly
    RETURN greatest(v_wait, least(v_state.interactive_waiting_until - v_now, 250));
  END IF;
  IF v_wait > 0 THEN
    IF NOT p_background THEN
      -- mark the wait (and the sleep until the retry) so background work steps aside
      UPDATE weight_ledger_state SET interactive_waiting_until = greatest(interactive_waiting_until, v_now + v_wait + 500)
      WHERE ledger = p_ledger;
    END IF;
    RETURN v_wait;
  END IF;
  INSERT INTO weight_ledger_charge (ledger, expires_at, ip, uid, uid_key)
  VALUES (p_ledger, v_now + p_hold_ms, p_ip, p_uid, p_uid_key);
  RETURN 0;
END
$fn$;
