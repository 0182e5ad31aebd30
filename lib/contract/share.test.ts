import { describe, expect, it } from "vitest";
import { neverShared, SHARE_PAGES, shareRouteAccess } from "./share";

describe("what a share link's token may read", () => {
  it("reads its view's routes and the common ones, exports apart, and nothing of another view", () => {
    expect(shareRouteAccess("invitees", "/api/affiliate/invitees")).toBe("read");
    expect(shareRouteAccess("invitees", "/api/archive/status")).toBe("read");
    expect(shareRouteAccess("invitees", "/api/affiliate/invitees/export")).toBe("export");
    expect(shareRouteAccess("invitees", "/api/affiliate/invitees/value")).toBeNull();
    expect(shareRouteAccess("invitees", "/api/affiliate/invitees/funnel")).toBeNull();
    expect(shareRouteAccess("cohorts", "/api/affiliate/invitees")).toBeNull();
    expect(shareRouteAccess("overview", "/api/affiliate/sub-affiliates")).toBeNull();
    expect(shareRouteAccess("subAffiliates", "/api/share-links")).toBeNull();
    expect(shareRouteAccess("subAffiliates", "/api/admin/users")).toBeNull();
  });

  it("matches a path parameter to one whole segment only", () => {
    expect(shareRouteAccess("value", "/api/affiliate/invitees/4200000001/assets")).toBe("read");
    expect(shareRouteAccess("value", "/api/affiliate/invitees//assets")).toBeNull();
    expect(shareRouteAccess("value", "/api/affiliate/invitees/1/2/assets")).toBeNull();
    expect(shareRouteAccess("value", "/api/affiliate/invitees/value/export")).toBe("export");
    // a prefix is not the route
    expect(shareRouteAccess("value", "/api/affiliate/invitees/value/extra")).toBeNull();
  });

  it("never shows the manager's own routes, in no view (risk flags and rules, whatever is added under them)", () => {
    for (const path of ["/api/risk/flags", "/api/risk/flags/export", "/api/risk/flags/12", "/api/risk/rules/churn", "/api/risk/subjects"]) expect(neverShared(path), path).toBe(true);
    for (const path of ["/api/riskier", "/api/affiliate/invitees", "/api/alerts"]) expect(neverShared(path), path).toBe(false);
    const shown = Object.values(SHARE_PAGES).flatMap((p) => [...p.routes, ...p.exports]);
    expect(shown.filter(neverShared)).toEqual([]);
  });
});
