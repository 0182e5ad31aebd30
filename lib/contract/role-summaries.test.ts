import { describe, expect, it } from "vitest";
import en from "@/messages/en";
import { ROLE_SUMMARIES, ROLES } from "./roles";

describe("role summaries", () => {
  it("the login page's English words are the demo console's (ROLE_SUMMARIES)", () => {
    for (const role of ROLES) expect(en.login.demo.roles[role]).toBe(ROLE_SUMMARIES[role]);
  });
});
