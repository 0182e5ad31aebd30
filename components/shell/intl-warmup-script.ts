import { PART_FORMAT } from "@/lib/ui/time";

/**
 * Runs inline in <head>, while the browser parses the HTML and before the first paint: builds
 * one of each Intl formatter the pages use, in the page's language.
 *
 * The first Intl object of a kind loads that language's data from the browser's ICU library,
 * which costs a phone ~60–80 ms of main thread; later ones cost next to nothing. Left to the
 * pages, that load happens inside React's hydration of the first component that formats a
 * number, a plural or a date (the period's "previous 30 days"), in one task nobody can split,
 * and it is the page's longest task after the framework's own start. Here it happens before
 * anything is shown, where it blocks no input, so hydration and the first answers render in
 * short tasks. Nothing is kept: the warm-up's only effect is the loaded data. The zone-parts
 * formatter is lib/ui/time.ts's own (PART_FORMAT), so the data warmed is the data it uses.
 */
export const INTL_WARMUP_SCRIPT = `(function(){try{var l=document.documentElement.lang||"en";new Intl.PluralRules(l).select(1);new Intl.NumberFormat(l).format(1.5);new Intl.DateTimeFormat(l,{timeZone:"UTC",month:"short",day:"numeric"}).format(0);new Intl.DateTimeFormat("en-US",${JSON.stringify({ ...PART_FORMAT, timeZone: "UTC" })}).formatToParts(0);new Intl.RelativeTimeFormat(l,{numeric:"auto"}).format(-1,"minute");}catch(_){}})();`;
