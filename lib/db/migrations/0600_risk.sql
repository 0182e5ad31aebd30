-- Risk flags: one row per episode of one rule on one subject (lib/risk). The unique index on
-- (rule, subject_type, subject_id, episode_at) makes a flag fire once per episode whatever the
-- number of evaluations or instances (INSERT … ON CONFLICT); a reviewed flag keeps its state.
CREATE TABLE IF NOT EXISTS risk_flag (
  id bigserial PRIMARY KEY,
  rule text NOT NULL,
  severity text NOT NULL CHECK (severity IN ('low', 'medium', 'high')),
  subject_type text NOT NULL CHECK (subject_type IN ('invitee', 'subAffiliate', 'inviteCode', 'account')),
  subject_id text NOT NULL,
  -- the episode's start (epoch ms): the first window or day the rule held in this episode
  episode_at bigint NOT NULL,
  -- the figures that made it fire, exact decimal strings, with the period they cover
  evidence jsonb NOT NULL,
  first_seen_at bigint NOT NULL,
  last_seen_at bigint NOT NULL,
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'dismissed', 'confirmed', 'expired')),
  note text,
  resolved_by text,
  resolved_at bigint
);
CREATE UNIQUE INDEX IF NOT EXISTS risk_flag_episode ON risk_flag (rule, subject_type, subject_id, episode_at);
CREATE INDEX IF NOT EXISTS risk_flag_state_seen ON risk_flag (state, last_seen_at DESC, id DESC);

-- An admin's settings of a rule; no row: enabled with its defaults (lib/risk/rules.ts).
CREATE TABLE IF NOT EXISTS risk_rule_setting (
  rule text PRIMARY KEY,
  enabled boolean NOT NULL DEFAULT true,
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_at bigint NOT NULL,
  updated_by text
);
