-- The login throttle counts an IPv6 client by its /64 (the `p_ip` the server passes is its
-- address key, lib/server/address-key.ts), and a username's limit no longer locks its owner out
-- of the addresses they signed in from before.
--
-- The addresses (address keys) a username signed in from with its right password: each has a
-- budget of its own under the username's limit, apart from the budget every other address
-- shares, so a flood of guesses at the username from elsewhere leaves them open. Written only by
-- a successful sign-in; at most a few per username (the oldest forgotten) and none older than
-- the throttle's memory of them (lib/server/throttle.ts KNOWN_ADDRESSES).
CREATE TABLE login_known_addresses (
  username text NOT NULL,
  ip text NOT NULL,
  last_success timestamptz NOT NULL,
  PRIMARY KEY (username, ip)
);
CREATE INDEX login_known_addresses_last_idx ON login_known_addresses (last_success);

-- A block of a known address's budget is noted on its own ('known', key "username@address"),
-- so its one "throttled" audit entry is not taken for the username's other block.
ALTER TABLE login_throttle_noted DROP CONSTRAINT login_throttle_noted_kind_check;
ALTER TABLE login_throttle_noted ADD CONSTRAINT login_throttle_noted_kind_check CHECK (kind IN ('username', 'known', 'ip'));

-- As 0400's, plus p_known_ms: an attempt from an address the username signed in from within
-- the last p_known_ms counts against that address's own p_max_user attempts of the username
-- (its earlier attempts from that address); any other attempt against the p_max_user attempts
-- of the username from addresses not known for it. The IP's limit is unchanged (every attempt
-- from the address, known or not).
DROP FUNCTION login_attempt_take(text, text, bigint, integer, integer, timestamptz);
CREATE FUNCTION login_attempt_take(
  p_username text, p_ip text, p_window_ms bigint, p_max_user integer, p_max_ip integer, p_known_ms bigint, p_now timestamptz,
  OUT attempt bigint, OUT wait_ms bigint, OUT reason text, OUT first_refusal boolean
) LANGUAGE plpgsql AS $fn$
DECLARE
  v_now timestamptz;
  v_window interval := p_window_ms * interval '1 millisecond';
  v_known_since timestamptz;
  v_known boolean;
  v_user_until timestamptz;
  v_ip_until timestamptz;
  v_until timestamptz;
  v_kind text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('weex_login_username'), hashtext(p_username));
  PERFORM pg_advisory_xact_lock(hashtext('weex_login_ip'), hashtext(p_ip));
  -- (the clock once the locks are held: see 0400)
  v_now := coalesce(p_now, clock_timestamp());
  v_known_since := v_now - p_known_ms * interval '1 millisecond';
  v_known := EXISTS (SELECT 1 FROM login_known_addresses WHERE username = p_username AND ip = p_ip AND last_success > v_known_since);
  SELECT a.at + v_window INTO v_user_until FROM login_attempts a
    WHERE a.username = p_username AND a.at > v_now - v_window AND a.at <= v_now
      AND CASE WHEN v_known THEN a.ip = p_ip
               ELSE NOT EXISTS (SELECT 1 FROM login_known_addresses k WHERE k.username = a.username AND k.ip = a.ip AND k.last_success > v_known_since) END
    ORDER BY a.at DESC OFFSET p_max_user - 1 LIMIT 1;
  SELECT at + v_window INTO v_ip_until FROM login_attempts
    WHERE ip = p_ip AND at > v_now - v_window AND at <= v_now
    ORDER BY at DESC OFFSET p_max_ip - 1 LIMIT 1;
  v_until := greatest(v_user_until, v_ip_until);
  IF v_until IS NOT NULL THEN
    reason := CASE WHEN v_user_until IS NOT NULL AND v_user_until >= coalesce(v_ip_until, v_user_until) THEN 'username' ELSE 'ip' END;
    wait_ms := greatest(1, ceil(extract(epoch FROM v_until - v_now) * 1000));
    v_kind := CASE WHEN reason = 'ip' THEN 'ip' WHEN v_known THEN 'known' ELSE 'username' END;
    INSERT INTO login_throttle_noted AS n (kind, key, until)
      VALUES (v_kind, CASE v_kind WHEN 'username' THEN p_username WHEN 'known' THEN p_username || '@' || p_ip ELSE p_ip END, v_until)
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
