/**
 * zod decides when a schema is built (as its module loads) whether it may compile parsers with
 * `new Function`, by trying it once. Under the pages' CSP (no 'unsafe-eval', next.config.mjs)
 * that try is refused: zod catches it, but the browser reports a CSP violation on every page.
 * This inline script, first in <head>, says "no eval" in zod's global config object before any
 * module of the page loads; every copy of zod on a page shares that object (the API reference
 * renderer's too, app/docs/api/view.tsx), and nothing of zod is imported for it.
 */
export const ZOD_JITLESS_SCRIPT = `(globalThis.__zod_globalConfig??(globalThis.__zod_globalConfig={})).jitless=true;`;
