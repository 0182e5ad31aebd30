-- API tokens for scripts and BI tools (issue 29). A token is shown once when it is made; only its
-- SHA-256 is kept (a token is 256 random bits: no guessing, so no slow hash is needed, and the
-- hash itself is the key a request is looked up by). Each token acts as its user, with at most
-- the role it was given and changes (POST/PUT/PATCH/DELETE) only with `can_write`. Revoking
-- deletes the row: every instance refuses the token once its cache of it (5 s) has expired.
CREATE TABLE api_tokens (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  -- lower-case hex of SHA-256 over the whole token text
  token_hash text NOT NULL CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  -- the token's first characters ("wxd_" and 6 more), to tell tokens apart in a list
  hint text NOT NULL,
  role text NOT NULL CHECK (role IN ('viewer', 'trader', 'admin')),
  can_write boolean NOT NULL DEFAULT false,
  -- also accepted as ?access_token= on the CSV exports (spreadsheets cannot send headers): then
  -- a read-only viewer token, and nothing else takes it from a URL
  in_url boolean NOT NULL DEFAULT false CHECK (NOT in_url OR (role = 'viewer' AND NOT can_write)),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  -- written at most once a minute per token and instance, not at every request
  last_used_at timestamptz,
  last_used_ip text
);
CREATE UNIQUE INDEX api_tokens_hash_key ON api_tokens (token_hash);
CREATE INDEX api_tokens_user_idx ON api_tokens (user_id, created_at DESC);

-- The addresses a token has been used from: the first use from a new one is audit-logged once,
-- whichever instance sees it (the insert that finds the row new is the one that logs).
CREATE TABLE api_token_addresses (
  token_id uuid NOT NULL REFERENCES api_tokens (id) ON DELETE CASCADE,
  ip text NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (token_id, ip)
);
