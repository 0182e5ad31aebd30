-- Users, the audit log and failed sign-ins (issue 4).
-- Usernames are stored lower-case; the application normalises them before every lookup.

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username text NOT NULL CHECK (username = lower(username) AND length(username) BETWEEN 1 AND 64),
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('viewer', 'trader', 'admin')),
  disabled boolean NOT NULL DEFAULT false,
  -- Bumped on password reset and on disable: sessions issued before no longer count.
  session_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_key ON users (username);

CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  username text,
  action text NOT NULL,
  ip text,
  -- The request without secrets, the upstream error or result summary.
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  outcome text NOT NULL,
  upstream_order_id text
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_username_idx ON audit_log (username, id DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, id DESC);

-- One row per failed sign-in, counted per username and per IP over a sliding window.
CREATE TABLE login_failures (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  username text NOT NULL,
  ip text NOT NULL
);
CREATE INDEX login_failures_username_idx ON login_failures (username, at DESC);
CREATE INDEX login_failures_ip_idx ON login_failures (ip, at DESC);
