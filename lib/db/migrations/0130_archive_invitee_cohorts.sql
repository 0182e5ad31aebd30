-- Cohorts and invite codes (issue 14) read every registration of a range but only these
-- columns: a covering index lets the database answer them from the index alone (an
-- index-only scan once the table's pages are marked all-visible by (auto)vacuum).
CREATE INDEX IF NOT EXISTS archive_invitee_cohorts ON archive_invitee (register_time) INCLUDE (kyc_result, invite_code, first_deposit, first_trade, last_trade);
