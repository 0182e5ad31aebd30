import { describe, expect, it } from "vitest";
import { coinsIn, parseUidList, referralsCsv } from "./invitee-value";

describe("coinsIn", () => {
  it("USDT and BTC first, others alphabetically, nulls skipped, each once", () => {
    expect(coinsIn([{ ETH: "1", BTC: "0.1" }, null, { USDT: "2", ADA: "3" }, undefined, { BTC: "1" }])).toEqual(["USDT", "BTC", "ADA", "ETH"]);
    expect(coinsIn([])).toEqual([]);
  });
});

describe("parseUidList", () => {
  it("one per line, or separated by commas, semicolons, tabs, spaces; a header line skipped", () => {
    expect(parseUidList("uid\r\n4200000001\r\n4200000002,4200000003; 4200000004\t4200000005\n\n")).toEqual({
      uids: ["4200000001", "4200000002", "4200000003", "4200000004", "4200000005"],
      bad: [],
    });
    expect(parseUidList('\uFEFF"UID"\n"4200000001"\n').uids).toEqual(["4200000001"]);
  });
  it("names each entry that is not a uid by its place, keeping the order given", () => {
    expect(parseUidList("4200000001\nabc\n4200000003\n0042\n-5")).toEqual({
      uids: ["4200000001", "abc", "4200000003", "0042", "-5"],
      bad: [
        { place: 2, text: "abc" },
        { place: 4, text: "0042" },
        { place: 5, text: "-5" },
      ],
    });
    // more digits than a Long holds
    expect(parseUidList("12345678901234567890").bad).toEqual([{ place: 1, text: "12345678901234567890" }]);
  });
});

describe("referralsCsv", () => {
  it("a row per uid asked, in order, with a header and CRLF", () => {
    expect(referralsCsv({ items: [{ uid: "2", referral: true }, { uid: "1", referral: false }] })).toBe("\uFEFFuid,referral\r\n2,true\r\n1,false\r\n");
  });
});
