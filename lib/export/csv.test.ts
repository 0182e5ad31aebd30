import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BOM, csvCell, csvFileStart, csvLine, csvRows, csvText, type CsvColumn } from "./csv";
import { parseCsv } from "./csv-reader.test-util";
import { SUB_AFFILIATE_COLUMNS } from "./datasets";

/** Each case: a value as received, and the cell written for it. */
type CellCases = readonly (readonly [Parameters<typeof csvCell>[0], string])[];

describe("csvCell", () => {
  it("writes values exactly as received", () => {
    const cases: CellCases = [
      ["0.000000000000000001", "0.000000000000000001"], ["123456789012345678.123456789", "123456789012345678.123456789"],
      ["702345678901234567", "702345678901234567"], ["1E-8", "1E-8"], [1764506000000, "1764506000000"], [true, "true"],
      [false, "false"], [null, ""], [undefined, ""], ["", ""],
    ];
    for (const [value, written] of cases) expect(csvCell(value)).toBe(written);
  });

  it("quotes a comma, a quote, CR or LF and doubles inner quotes", () => {
    const cases: CellCases = [
      ["a,b", '"a,b"'], ['say "hi"', '"say ""hi"""'], ["line1\nline2", '"line1\nline2"'], ["a\rb", '"a\rb"'], ["a\r\nb", '"a\r\nb"'],
      ['"', '""""'], ["plain text", "plain text"], ["semi;colon", "semi;colon"],
    ];
    for (const [value, written] of cases) expect(csvCell(value)).toBe(written);
  });

  it("neutralises formulas but leaves numbers alone", () => {
    const cases: CellCases = [
      ["=1+2", "'=1+2"], ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`], ["+cmd", "'+cmd"], ["-2+3", "'-2+3"],
      ["@SUM(A1)", "'@SUM(A1)"],
      // (a tab is also where a tab-splitting spreadsheet starts the next cell: both are guarded)
      ["\t=1", "'\t'=1"], ["\r=1", `"'\r=1"`], ["-", "'-"], ["=", "'="],
      // Numbers stay numbers.
      ["-1.5", "-1.5"], ["+1.5", "+1.5"], ["-0.000000000000000001", "-0.000000000000000001"], ["-1E-8", "-1E-8"], ["-.5", "-.5"],
      [-42, "-42"],
      // Only the first character matters.
      ["a=b", "a=b"], [" =1", " =1"],
    ];
    for (const [value, written] of cases) expect(csvCell(value)).toBe(written);
  });

  it("neutralises a formula after a ; or a tab, where a spreadsheet splitting on them starts a cell", () => {
    const cases: CellCases = [
      ["VIP;=cmd|' /C calc'!A0", "VIP;'=cmd|' /C calc'!A0"], ["a;+1+1", "a;'+1+1"], ["a;-2+3", "a;'-2+3"],
      ["a;@SUM(A1)", "a;'@SUM(A1)"], ["a\t=1", "a\t'=1"], ["a;\t=1", "a;'\t'=1"], ["a;\r=1", `"a;'\r=1"`],
      ["=1;=2\t@3", "'=1;'=2\t'@3"], ['x;=HYPERLINK("http://evil.example","y")', `"x;'=HYPERLINK(""http://evil.example"",""y"")"`],
      // each separator's part runs to the next of its kind: after the tab, "b;=c" starts with b
      ["a\tb;=c", "a\tb;'=c"], ["a;b\t-c", "a;b\t'-c"],
      // numbers stay numbers, plain text stays as it is
      ["a;-12.5", "a;-12.5"], ["1;-1E-8;+3", "1;-1E-8;+3"], ["1\t-12.5", "1\t-12.5"], ["-12.5", "-12.5"], ["semi;colon", "semi;colon"],
      ["a; =1", "a; =1"], ["a;;b", "a;;b"], ["a;", "a;"],
    ];
    for (const [value, written] of cases) expect(csvCell(value)).toBe(written);
  });
});

describe("csv lines and files", () => {
  it("ends lines with CRLF and starts files with BOM + header", () => {
    expect(csvLine(["a", "b,c", null])).toBe('a,"b,c",\r\n');
    const start = csvFileStart(SUB_AFFILIATE_COLUMNS);
    expect(start).toBe(`${BOM}subAffiliateUid,productType,date,tradingVolume,netTradingFee,paidCommission\r\n`);
    expect(new TextEncoder().encode(start).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it("writes a batch of sub-affiliate records exactly", () => {
    const text = csvRows(SUB_AFFILIATE_COLUMNS, [
      { subAffiliateUid: "702345678901234567", productType: "FUTURES", date: "2026-11-01", tradingVolume: "123456789012345678.123456789", netTradingFee: "0.000000000000000001", paidCommission: "-1.5" },
      { subAffiliateUid: "1", productType: "SPOT", date: "2026-11-02", tradingVolume: "=cmd|' /C calc'!A0", netTradingFee: "0", paidCommission: "1E-8" },
    ]);
    expect(text).toBe(
      "702345678901234567,FUTURES,2026-11-01,123456789012345678.123456789,0.000000000000000001,-1.5\r\n" +
        "1,SPOT,2026-11-02,'=cmd|' /C calc'!A0,0,1E-8\r\n",
    );
  });

  it("streams one chunk per non-empty batch", async () => {
    const columns: CsvColumn<{ a: string }>[] = [{ header: "a", value: (r) => r.a }];
    async function* batches() {
      yield [{ a: "1" }, { a: "2" }];
      yield [];
      yield [{ a: "3" }];
    }
    const chunks: string[] = [];
    for await (const c of csvText(columns, batches())) chunks.push(c);
    expect(chunks).toEqual([`${BOM}a\r\n`, "1\r\n2\r\n", "3\r\n"]);
  });

  it("reads back as the guarded values for any input (property)", () => {
    const formula = (s: string) => /^[=+\-@\t\r]/.test(s) && !/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(s);
    // where a spreadsheet splitting on ; (or on tab) starts a formula inside the cell: a ' there
    const starts = (s: string, sep: string) => {
      const at: number[] = [];
      let i = 0;
      for (const part of s.split(sep)) {
        if (i > 0 && formula(part)) at.push(i);
        i += part.length + 1;
      }
      return at;
    };
    const guard = (s: string) => {
      const at = new Set([...starts(s, ";"), ...starts(s, "\t")]);
      const inner = [...s].map((ch, i) => (at.has(i) ? `'${ch}` : ch)).join("");
      return formula(s) ? `'${inner}` : inner;
    };
    const cell = fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom("=", "+", "-", "@", "\t", "\r", "\n", ",", ";", '"', "1", ".", "a", "E") }));
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const text = rows.map((r) => csvLine(r)).join("");
        expect(parseCsv(text)).toEqual(rows.map((r) => r.map(guard)));
      }),
      { numRuns: 500 },
    );
  });
});
