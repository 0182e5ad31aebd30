-- The login throttle takes an attempt's slot before the password is checked (issue 25): the
-- rows of login_failures become attempts. A row is written when an attempt may go ahead; it
-- stays as the failure it turns out to be, and a successful sign-in deletes its username's rows.
ALTER TABLE login_failures RENAME TO login_attempts;
ALTER INDEX login_failures_username_idx RENAME TO login_attempts_username_idx;
ALTER INDEX login_failures_ip_idx RENAME TO login_attempts_ip_idx;

-- The end of the block the audit log last said "throttled" about, per username and per IP:
-- one "throttled" entry per block, not one per refused request.
CREATE TABLE login_throttle_noted (
  kind text NOT NULL CHECK (kind IN ('username', 'ip')),
  key text NOT NULL,
  until timestamptz NOT NULL,
  PRIMARY KEY (kind, key)
);

-- Take a sign-in attempt's slot when the username has fewer than p_max_user and the IP fewer
-- than p_max_ip attempts in the last p_window_ms: attempt = the new row's id. Otherwise attempt
-- is NULL, wait_ms says how long until the attempt that filled the window leaves it, reason
-- which limit it is ('username' wins a tie), and first_refusal whether this is the block's
-- first refusal (the one the audit log records). Count and insert are one step under two
-- transaction-scoped advisory locks (the username's, then the IP's, in that order for every
-- caller), so parallel attempts, on any number of instances sharing the database, cannot all
-- pass the count before any of them is recorded. The database's clock, read under the locks,
-- decides; p_now only for tests.
CREATE OR REPLACE FUNCTION login_attempt_take(
  p_username text, p_ip text, p_window_ms bigint, p_max_user integer, p_max_ip integer, p_now timestamptz,
  OUT attempt bigint, OUT wait_ms bigint, OUT reason text, OUT first_refusal boolean
) LANGUAGE plpgsql AS $fn$
DECLARE
  v_now timestamptz;
  v_window interval := p_window_ms * interval '1 millisecond';
  v_user_until timestamptz;
  v_ip_until timestamptz;
  v_until timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('weex_login_username'), hashtext(p_username));
  PERFORM pg_advisory_xact_lock(hashtext('weex_login_ip'), hashtext(p_ip));
  -- The clock is read once the locks are held, not before: an attempt that waited for them
  -- must count the ones recorded meanwhile (with a time read before the wait, the rows of
  -- attempts that overtook it would lie after its "now" and go uncounted).
  v_now := coalesce(p_now, clock_timestamp());
  SELECT at + v_window INTO v_user_until FROM login_attempts
    WHERE username = p_username AND at > v_now - v_window AND at <= v_now
    ORDER BY at DESC OFFSET p_max_user - 1 LIMIT 1;
  SELECT at + v_window INTO v_ip_until FROM login_attempts
    WHERE ip = p_ip AND at > v_now - v_window AND at <= v_now
    ORDER BY at DESC OFFSET p_max_ip - 1 LIMIT 1;
  v_until := greatest(v_user_until, v_ip_until);
  IF v_until IS NOT NULL THEN
    reason := CASE WHEN v_user_until IS NOT NULL AND v_user_until >= coalesce(v_ip_until, v_user_until) THEN 'username' ELSE 'ip' END;
    wait_ms := greatest(1, ceil(extract(epoch FROM v_until - v_now) * 1000));
    INSERT INTO login_throttle_noted AS n (kind, key, until)
      VALUES (reason, CASE reason WHEN 'username' THEN p_username ELSE p_ip END, v_until)
      ON CONFLICT (kind, key) DO UPDATE SET until = EXCLUDED.until WHERE n.until <= v_now
      RETURNING true INTO first_refusal;
    first_refusal := coalesce(first_refusal, false);
    RETURN;
  END IF;
  INSERT INTO login_attempts (username, ip, at) VALUES (p_username, p_ip, v_now) RETURNING id INTO attempt;
  wait_ms := 0;
  first_refusal := false;
END
$fn$;
