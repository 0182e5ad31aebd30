import { describe, expect, it } from "vitest";
import { errWithoutQueryParams } from "./log";

describe("log", () => {
  it("writes a failed query's error without its bound values (a secret being stored, say)", () => {
    const e = Object.assign(new Error('Failed query: INSERT INTO alert_destination (name, secret) VALUES ($1, $2)\nparams: hook,whsec_abc123'), { params: ["hook", "whsec_abc123"] });
    const out = JSON.stringify(errWithoutQueryParams(e));
    expect(out).not.toContain("whsec_abc123");
    expect(out).toContain("Failed query: INSERT INTO alert_destination");
    expect(out).toContain("params: [redacted]");
  });
});
