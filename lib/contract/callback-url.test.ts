import { describe, expect, it } from "vitest";
import { ownPath, safeCallbackUrl } from "./callback-url";

describe("safeCallbackUrl", () => {
  const own = "http://127.0.0.1:3000";
  it("keeps paths on this dashboard and nothing else", () => {
    expect(safeCallbackUrl("/invitees?tz=UTC", own)).toBe("/invitees?tz=UTC");
    expect(safeCallbackUrl(`${own}/orders`, own)).toBe("/orders");
    expect(safeCallbackUrl("https://evil.example/x", own)).toBe("/");
    expect(safeCallbackUrl("//evil.example/x", own)).toBe("/");
    expect(safeCallbackUrl("/\\evil.example", own)).toBe("/");
    expect(safeCallbackUrl("javascript:alert(1)", own)).toBe("/");
    expect(safeCallbackUrl("/login?callbackUrl=/x", own)).toBe("/");
    expect(safeCallbackUrl("/api/admin/users", own)).toBe("/");
    expect(safeCallbackUrl(undefined, own)).toBe("/");
    expect(safeCallbackUrl(["/a", "/b"], own)).toBe("/a");
  });
});

describe("no protocol-relative destination", () => {
  const own = "http://127.0.0.1:3000";
  const tls = "https://dash.example.com";
  // each resolves to the path //evil.example, which a browser reads as the host evil.example
  const spellings = ["/.//evil.example", "/x/..//evil.example", "/./\\evil.example", "/.//evil.example/x?y=1#z", "/%2E//evil.example", "/./\t/evil.example"];

  it("comes out of safeCallbackUrl, however it is spelt", () => {
    for (const s of spellings) expect(safeCallbackUrl(s, own), s).toBe("/");
    expect(safeCallbackUrl(`${own}//evil.example`, own)).toBe("/");
    expect(safeCallbackUrl(`${tls}//evil.example`, tls)).toBe("/");
    expect(safeCallbackUrl(`${tls}/.//evil.example`, tls)).toBe("/");
  });

  it("comes out of ownPath either (next-auth's redirect callback)", () => {
    for (const s of [...spellings, `${own}//evil.example`, "//evil.example", "/\\evil.example", "https://evil.example/"]) expect(ownPath(s, own), s).toBeNull();
    expect(ownPath(`${tls}//evil.example`, tls)).toBeNull();
  });

  it("keeps every path of the dashboard's own, dots resolved", () => {
    expect(safeCallbackUrl("/x/../invitees?tz=UTC#top", own)).toBe("/invitees?tz=UTC#top");
    expect(safeCallbackUrl("/./orders", own)).toBe("/orders");
    expect(safeCallbackUrl(`${tls}/cohorts?by=week`, tls)).toBe("/cohorts?by=week");
    // a slash encoded is a character of the path, not a host
    expect(safeCallbackUrl("/%2F%2Fevil.example", own)).toBe("/%2F%2Fevil.example");
    expect(ownPath("/login", own)).toBe("/login");
    expect(ownPath("/", own)).toBe("/");
  });
});
