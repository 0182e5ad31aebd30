-- Sessions the server can end (issue 25): every sign-in is a row, its id is in the session
-- token, and every request checks it (lib/server/auth.ts). Signing out revokes the row, on
-- every instance that shares the database. expires_at is absolute, set at sign-in: renewing
-- the token (next-auth's /api/auth/session) never moves it.
CREATE TABLE user_sessions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX user_sessions_user_idx ON user_sessions (user_id);
CREATE INDEX user_sessions_expires_idx ON user_sessions (expires_at);
