-- Partners (issue 28): a role outside viewer < trader < admin, bound to a scope of
-- sub-affiliate UIDs and/or invite codes, at least one. Kept on the user's row, so the scope is
-- read with the user on every request (lib/server/auth.ts) and a change applies at once.
ALTER TABLE users DROP CONSTRAINT IF EXISTS users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('viewer', 'trader', 'admin', 'partner'));
ALTER TABLE users ADD COLUMN scope_sub_affiliate_uids text[] NOT NULL DEFAULT '{}';
ALTER TABLE users ADD COLUMN scope_invite_codes text[] NOT NULL DEFAULT '{}';
-- A partner without a scope would see nothing, and nobody else has one.
ALTER TABLE users ADD CONSTRAINT users_partner_scope_check CHECK (
  (role = 'partner') = (cardinality(scope_sub_affiliate_uids) + cardinality(scope_invite_codes) > 0)
);
