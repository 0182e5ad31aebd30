-- Reports for each partner (issue 28). A user's email: where a partner's own reports go (NULL:
-- none, and an each-partner schedule skips them, visibly). Any role may have one; only
-- partners' is used today.
ALTER TABLE users ADD COLUMN IF NOT EXISTS email text;

-- A schedule's audience: its destinations (as before), or each partner with an email, each
-- getting a report of their own scope in their own language.
ALTER TABLE report_schedule ADD COLUMN IF NOT EXISTS audience text NOT NULL DEFAULT 'destinations' CHECK (audience IN ('destinations', 'each-partner'));
-- The partners the last period skipped for want of an email (usernames), so the page says so.
ALTER TABLE report_schedule ADD COLUMN IF NOT EXISTS skipped_partners jsonb NOT NULL DEFAULT '[]';

-- A partner's report goes to the partner (recipient_user_id, their email when it is sent), not
-- to a destination. period_end names the period it reports, and the unique index makes it one
-- delivery per (schedule, period, partner) whatever races: a second queueing does nothing.
ALTER TABLE alert_delivery ALTER COLUMN destination_id DROP NOT NULL;
ALTER TABLE alert_delivery ADD COLUMN IF NOT EXISTS recipient_user_id text;
ALTER TABLE alert_delivery ADD COLUMN IF NOT EXISTS recipient_username text;
ALTER TABLE alert_delivery ADD COLUMN IF NOT EXISTS period_end bigint;
CREATE UNIQUE INDEX IF NOT EXISTS alert_delivery_partner_report ON alert_delivery (schedule_id, period_end, recipient_user_id) WHERE recipient_user_id IS NOT NULL;
