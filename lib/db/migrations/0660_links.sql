-- Tracked links (lib/links): a short URL /r/{slug} that redirects to a WEEX campaign link and
-- counts its clicks. A deleted link keeps its row (deleted_at set): its slug stays taken, so an
-- old short URL never starts pointing somewhere else, and it answers 410.
CREATE TABLE IF NOT EXISTS link (
  id bigserial PRIMARY KEY,
  slug text NOT NULL,
  destination text NOT NULL,
  -- the WEEX invite code the destination carries: whose invitees the link's registrations are,
  -- and the scope a partner's links are checked against
  invite_code text NOT NULL,
  channel text,
  campaign text,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  -- the username of who made it
  created_by text NOT NULL,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  deleted_at bigint
);
CREATE UNIQUE INDEX IF NOT EXISTS link_slug ON link (slug);
CREATE INDEX IF NOT EXISTS link_invite_code ON link (invite_code);

-- Clicks: one row per (link, visitor key, 15-minute bucket), so what is stored grows with the
-- visitors, not the requests. The visitor key is an HMAC of the client's address (an IPv6 /64)
-- and user agent under a secret of the UTC day: no address is stored, and keys of two days
-- cannot be joined. Several instances add their counts to one row (INSERT … ON CONFLICT DO
-- UPDATE SET clicks = clicks + excluded.clicks). A key is a bot's or a person's, never both
-- (the user agent is part of it): a row has clicks or bots.
CREATE TABLE IF NOT EXISTS link_click (
  link_id bigint NOT NULL REFERENCES link (id),
  -- the bucket's start, epoch ms, a multiple of 15 minutes
  bucket_at bigint NOT NULL,
  visitor text NOT NULL,
  clicks integer NOT NULL DEFAULT 0,
  bots integer NOT NULL DEFAULT 0,
  referrer_host text,
  device text,
  browser text,
  os text,
  PRIMARY KEY (link_id, bucket_at, visitor)
);
CREATE INDEX IF NOT EXISTS link_click_bucket ON link_click (bucket_at);

-- A link's clicks per UTC day, kept for ever (the click rows only for the retention period):
-- clicks, bots and visitors (distinct keys of the day; the key changes daily, so a range of
-- days adds its days' visitors).
CREATE TABLE IF NOT EXISTS link_click_day (
  link_id bigint NOT NULL REFERENCES link (id),
  -- the day's start (00:00 UTC), epoch ms
  day_at bigint NOT NULL,
  clicks integer NOT NULL,
  bots integer NOT NULL,
  visitors integer NOT NULL,
  PRIMARY KEY (link_id, day_at)
);
