import { describe, expect, it } from "vitest";
import { destinationInput, RULE_DEFAULTS, RULE_KINDS, RULE_PARAMS, ruleInput } from "./alerts";

const paths = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.path.join(".")));

describe("alerts contract", () => {
  it("refuses a webhook URL with a user name or password (fetch would refuse every delivery and log the password)", () => {
    expect(paths(destinationInput.safeParse({ kind: "webhook", name: "hook", url: "https://user:pass@example.test/hook" }))).toEqual(["url"]);
    expect(paths(destinationInput.safeParse({ kind: "webhook", name: "hook", url: "https://example.test/hook?token=x" }))).toEqual([]);
  });

  it("refuses control characters in names (the database refuses NUL: a 400 naming the field, not a 500)", () => {
    expect(paths(destinationInput.safeParse({ kind: "email", name: "a\u0000b", email: "a@example.test" }))).toEqual(["name"]);
    expect(paths(ruleInput.safeParse({ name: "drop\u0000", kind: "drop", destinationIds: [] }))).toContain("name");
  });

  it("a kind alone is a complete rule: the page's defaults (plain data, no zod) are what the server fills in", () => {
    for (const kind of RULE_KINDS) {
      expect(RULE_PARAMS[kind].parse({})).toEqual(RULE_DEFAULTS[kind]);
      const rule = ruleInput.parse({ name: "r", kind });
      expect(rule.params).toEqual(RULE_DEFAULTS[kind]);
    }
    expect(Object.keys(RULE_PARAMS)).toEqual([...RULE_KINDS]);
  });
});
