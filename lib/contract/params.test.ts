import { describe, expect, it } from "vitest";
import { isIanaTimeZone } from "./params";

describe("isIanaTimeZone", () => {
  it("accepts zone names and refuses offsets and nonsense", () => {
    for (const tz of ["UTC", "Asia/Kolkata", "America/New_York", "America/Argentina/Buenos_Aires", "Etc/GMT+5"]) expect(isIanaTimeZone(tz), tz).toBe(true);
    for (const tz of ["", "+05:30", "Mars/Olympus", "UTC+1", "../etc", "Asia/Kolkata ", "a".repeat(200)]) expect(isIanaTimeZone(tz), tz).toBe(false);
  });
});
