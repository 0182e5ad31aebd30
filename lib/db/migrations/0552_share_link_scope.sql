-- Share links keep their creator's scope as it was when the link was made: a link then shows at
-- most that scope, intersected with the creator's scope at each request, so a partner later made
-- a viewer does not widen their old links (lib/server/share-scope.ts). Both columns null: the
-- creator had no scope (a viewer, trader or admin), or the link is older than this column, when
-- the creator's scope at each request is all there is to go by.
ALTER TABLE share_links ADD COLUMN creator_scope_sub_affiliate_uids text[];
ALTER TABLE share_links ADD COLUMN creator_scope_invite_codes text[];
