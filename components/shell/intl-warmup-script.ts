import { PART_FORMAT } from "@/lib/time/calendar";

/**
 * Runs from <head>, while the browser parses the HTML: builds one of each Intl formatter the
 * pages use, in the page's language.
 *
 * The first Intl object of a kind loads that language's data from the browser's ICU library,
 * which costs a phone ~60–80 ms of main thread; later ones cost next to nothing. Left to the
 * pages, that load happens inside React's hydration of the first component that formats a
 * number, a plural or a date (the period's "previous 30 days"), in one task nobody can split.
 * Here each formatter gets a task of its own (a timer each, queued while the HTML is parsed,
 * so they usually run before the page's scripts from the network; scripts from the cache may
 * come first, and then hydration builds what is not warm yet): the number data, the largest, is one
 * task of ~12–16 ms on a desktop and the others 0–3 ms, so no task is long enough to block
 * input (50 ms on a phone at a quarter of the speed). All five in one inline script made one
 * task of 20–30 ms, which Lighthouse's phone simulation counted as 30–70 ms of blocking time.
 * Nothing is kept: the warm-up's only effect is the loaded data. The zone-parts formatter is
 * lib/time/calendar.ts's own (PART_FORMAT), so the data warmed is the data it uses.
 */
const STEPS = [
  "new Intl.NumberFormat(l).format(1.5)",
  "new Intl.PluralRules(l).select(1)",
  'new Intl.DateTimeFormat(l,{timeZone:"UTC",month:"short",day:"numeric"}).format(0)',
  `new Intl.DateTimeFormat("en-US",${JSON.stringify({ ...PART_FORMAT, timeZone: "UTC" })}).formatToParts(0)`,
  'new Intl.RelativeTimeFormat(l,{numeric:"auto"}).format(-1,"minute")',
];

export const INTL_WARMUP_SCRIPT = `(function(){var l=document.documentElement.lang||"en";[${STEPS.map((s) => `function(){${s}}`).join(",")}].forEach(function(f){setTimeout(function(){try{f()}catch(_){}},0)})})();`;
