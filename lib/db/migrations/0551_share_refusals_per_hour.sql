-- A refused opening of a share link (revoked, expired, unknown, its creator gone, or its address
-- over the limit) needs no login, so an audit row per request would let anyone who once held a
-- link grow the audit log at will. Refused openings are one row per client address (an IPv6
-- client's /64) and UTC hour instead, `detail` {hour, count, reasons: {reason: count}, last},
-- added to in place (lib/db/share-refusals.ts); this index finds that row. Older per-request
-- rows have no `hour` and stay as they are.
CREATE UNIQUE INDEX audit_log_share_refused_hour_idx ON audit_log (ip, (detail->>'hour'))
  WHERE action = 'share.open' AND outcome = 'rejected';
