import { describe, expect, it } from "vitest";
import { ROLE_SUMMARIES, ROLES, roleLines } from "./roles";

describe("role descriptions", () => {
  it("the demo's console lines use the login page's words for every role", () => {
    const lines = roleLines().split("\n");
    expect(lines).toHaveLength(ROLES.length);
    ROLES.forEach((r, i) => expect(lines[i].trim()).toBe(`${r.padEnd(8)} ${ROLE_SUMMARIES[r]}`));
  });
});
