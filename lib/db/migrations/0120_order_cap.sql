-- The contract order cap shared by every instance on one PostgreSQL (lib/archive/pg-order-cap.ts):
-- one row per placement sent in the account's rolling window (the account as a hash, never
-- the API key). Like the weight ledger, the decision is one statement timed by the database's
-- clock; a transaction-scoped advisory lock per account serialises the instances.
CREATE TABLE IF NOT EXISTS order_cap_slot (
  id bigserial PRIMARY KEY,
  account text NOT NULL,
  sent_at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS order_cap_slot_account ON order_cap_slot (account, sent_at);

-- Take a slot if the account sent fewer than p_orders placements in the last p_window_ms:
-- slot = the new row's id, wait_ms = 0. Otherwise slot = NULL and wait_ms = how long until
-- the oldest placement that keeps the window full leaves it.
CREATE OR REPLACE FUNCTION order_cap_take(
  p_account text, p_orders integer, p_window_ms bigint, p_take boolean,
  OUT slot bigint, OUT wait_ms bigint
) LANGUAGE plpgsql AS $fn$
DECLARE
  v_now bigint := floor(extract(epoch FROM clock_timestamp()) * 1000);
  v_count integer;
  v_frees bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('weex_order_cap'), hashtext(p_account));
  DELETE FROM order_cap_slot WHERE account = p_account AND sent_at <= v_now - p_window_ms;
  SELECT count(*) INTO v_count FROM order_cap_slot WHERE account = p_account;
  IF v_count >= p_orders THEN
    SELECT sent_at INTO v_frees FROM order_cap_slot WHERE account = p_account
      ORDER BY sent_at, id OFFSET v_count - p_orders LIMIT 1;
    slot := NULL;
    wait_ms := greatest(1, v_frees + p_window_ms - v_now);
    RETURN;
  END IF;
  wait_ms := 0;
  IF p_take THEN
    INSERT INTO order_cap_slot (account, sent_at) VALUES (p_account, v_now) RETURNING id INTO slot;
  END IF;
END
$fn$;
