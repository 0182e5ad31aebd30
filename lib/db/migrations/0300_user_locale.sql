-- A user's chosen language (issue 16). NULL: none chosen yet, so the browser's Accept-Language
-- decides. Kept with the user so the choice follows them to another browser.
ALTER TABLE users ADD COLUMN locale text CHECK (locale IN ('en', 'zh-CN'));
