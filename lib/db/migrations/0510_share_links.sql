-- Share links (issue 28): a read-only link to one view (a page and its filters) that opens
-- without a login, with its creator's scope at most (read from the creator's row at every
-- request: a narrowed scope or a disabled creator applies at once). Only the token's SHA-256 is
-- kept: the token itself (32 random bytes) is shown once, in the link. A password, when set,
-- is a bcrypt hash like the users'. Revoked and expired links are refused at the next request.
CREATE TABLE share_links (
  id uuid PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  created_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  page text NOT NULL,
  query text NOT NULL DEFAULT '',
  allow_export boolean NOT NULL DEFAULT false,
  password_hash text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX share_links_created_by_idx ON share_links (created_by);
