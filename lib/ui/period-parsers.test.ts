import { createLoader, parseAsString, parseAsStringLiteral } from "nuqs/server";
import { describe, expect, it } from "vitest";
import { periodsOfUrl } from "./period";
import { periodParsersOf } from "./period-parsers";
import { periodParsers, tzParser } from "./url-state";

// Wednesday 18 November 2026, 15:00 UTC
const NOW = Date.UTC(2026, 10, 18, 15);
/** How the server reads a period page's URL before it prefetches (app/(app)/(overview)/search-params.server.ts) … */
const onServer = createLoader(periodParsersOf({ parseAsString, parseAsStringLiteral }));
/** … and how the page reads it (usePeriod, with the parsers of url-state.ts). */
const onPage = createLoader({ ...periodParsers, tz: tzParser });

describe("the period URL state on the server and on the page", () => {
  const urls = [
    "",
    "?period=7d",
    "?period=nonsense&granularity=hour&compare=whatever",
    "?period=custom&from=2026-11-01&to=2026-11-10&compare=year&granularity=week&tz=Asia/Kolkata",
    "?period=custom&from=2026-11-10&to=2026-11-01",
    "?period=custom&from=2026-11-01&to=2026-11-07&compare=custom&compareStart=2026-10-01&compareEnd=2026-10-07",
    "?tz=Not/A_Zone",
  ];
  it.each(urls)("reads %j the same, to the same periods", (url) => {
    const server = onServer(url);
    expect(server).toEqual(onPage(url));
    expect(periodsOfUrl(server, NOW)).toEqual(periodsOfUrl(onPage(url), NOW));
  });

  it("resolves the defaults, a zone and a bad zone as the page shows them", () => {
    const d = periodsOfUrl(onServer(""), NOW);
    expect(d.tz).toBe("UTC");
    expect(d.period).toMatchObject({ from: "2026-10-20", to: "2026-11-18", days: 30 });
    expect(d.comparison.period).toMatchObject({ from: "2026-09-20", to: "2026-10-19" });
    const k = periodsOfUrl(onServer("?period=custom&from=2026-11-01&to=2026-11-10&compare=year&tz=Asia/Kolkata"), NOW);
    expect(k.tz).toBe("Asia/Kolkata");
    expect(k.period.startTime).toBe(Date.UTC(2026, 10, 1) - 5.5 * 3_600_000);
    expect(k.comparison).toMatchObject({ against: { kind: "year" }, period: { from: "2025-11-01", to: "2025-11-10" } });
    expect(periodsOfUrl(onServer("?tz=Not/A_Zone"), NOW).tz).toBe("UTC");
  });
});
