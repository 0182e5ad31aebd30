-- The value list's invite-code filter (lib/archive/value-query.ts, codeUids) looks up the
-- invitees of one code before it sums their parts: without an index that is a scan of every
-- invitee the archive holds.
CREATE INDEX IF NOT EXISTS archive_invitee_code ON archive_invitee (invite_code) INCLUDE (uid);
