-- Alerts and scheduled reports (issue 15). Read and written by lib/alerts/store.ts (raw SQL).
-- Ids of rules, destinations and schedules are text; instants are epoch ms in bigint.

-- Where messages go. A webhook's secret signs its bodies; it is answered once, at creation.
CREATE TABLE IF NOT EXISTS alert_destination (
  id text PRIMARY KEY,
  name text NOT NULL,
  kind text NOT NULL,           -- webhook | email
  target text NOT NULL,         -- the URL or the address
  secret text,                  -- webhooks only
  created_at bigint NOT NULL,
  deleted_at bigint
);

CREATE TABLE IF NOT EXISTS alert_rule (
  id text PRIMARY KEY,
  name text NOT NULL,
  kind text NOT NULL,           -- drop | silent | dormant | daily (lib/alerts/rules.ts)
  params jsonb NOT NULL,
  time_zone text NOT NULL,
  quiet_from text,              -- HH:MM in time_zone; deliveries wait until quiet_to
  quiet_to text,
  destination_ids jsonb NOT NULL DEFAULT '[]',
  enabled boolean NOT NULL DEFAULT true,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  last_evaluated_at bigint,
  deleted_at bigint             -- deleted rules keep their history
);

-- One row per episode: opened when the condition starts to hold for a subject (a
-- sub-affiliate, or the whole network), resolved when it stops. At most one open episode per
-- (rule, subject): the unique index makes "fire once per episode" hold under any race.
CREATE TABLE IF NOT EXISTS alert_episode (
  id bigserial PRIMARY KEY,
  rule_id text NOT NULL,
  rule_name text NOT NULL,
  subject text NOT NULL,
  summary text NOT NULL,
  detail jsonb NOT NULL,
  opened_at bigint NOT NULL,
  resolved_at bigint
);
CREATE UNIQUE INDEX IF NOT EXISTS alert_episode_open ON alert_episode (rule_id, subject) WHERE resolved_at IS NULL;
CREATE INDEX IF NOT EXISTS alert_episode_opened ON alert_episode (opened_at DESC, id DESC);

-- The bell: what each user has seen up to.
CREATE TABLE IF NOT EXISTS alert_read (
  username text PRIMARY KEY,
  read_at bigint NOT NULL
);

-- One message to one destination, with its retry state; every attempt in alert_delivery_attempt.
CREATE TABLE IF NOT EXISTS alert_delivery (
  id bigserial PRIMARY KEY,
  destination_id text NOT NULL,
  purpose text NOT NULL,        -- fired | resolved | test | report
  episode_id bigint,
  schedule_id text,
  title text NOT NULL,
  message jsonb NOT NULL,       -- lib/alerts/message.ts
  state text NOT NULL,          -- pending | sending | sent | failed
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at bigint NOT NULL,
  lease_until bigint,
  created_at bigint NOT NULL,
  finished_at bigint
);
CREATE INDEX IF NOT EXISTS alert_delivery_due ON alert_delivery (next_attempt_at) WHERE state IN ('pending', 'sending');
CREATE INDEX IF NOT EXISTS alert_delivery_created ON alert_delivery (created_at DESC, id DESC);

CREATE TABLE IF NOT EXISTS alert_delivery_attempt (
  delivery_id bigint NOT NULL,
  attempt integer NOT NULL,
  at bigint NOT NULL,
  ok boolean NOT NULL,
  status integer,
  error text,
  duration_ms integer NOT NULL,
  PRIMARY KEY (delivery_id, attempt)
);

-- Scheduled reports. last_period_end is the end of the last period sent (or, for a new
-- schedule, of the period running when it was created): advancing it and queueing the report
-- happen in one transaction, so a period goes out once, also across restarts and instances.
CREATE TABLE IF NOT EXISTS report_schedule (
  id text PRIMARY KEY,
  name text NOT NULL,
  cadence text NOT NULL,        -- weekly | monthly
  time_zone text NOT NULL,
  destination_ids jsonb NOT NULL,
  last_period_end bigint NOT NULL,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  deleted_at bigint
);

-- Small named counters of the alerts worker (the archive sync time last evaluated).
CREATE TABLE IF NOT EXISTS alert_worker_state (
  key text PRIMARY KEY,
  value bigint NOT NULL
);
