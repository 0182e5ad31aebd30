-- Alert messages in the recipient's language (issue 16). A destination's language: what its
-- e-mails, reports and webhook texts are written in (NULL: English, for destinations made
-- before languages existed). An episode keeps its rule's kind, so its summary can be said in
-- either language from its detail.
ALTER TABLE alert_destination ADD COLUMN IF NOT EXISTS locale text CHECK (locale IN ('en', 'zh-CN'));
ALTER TABLE alert_episode ADD COLUMN IF NOT EXISTS rule_kind text;
UPDATE alert_episode e SET rule_kind = r.kind FROM alert_rule r WHERE r.id = e.rule_id AND e.rule_kind IS NULL;
