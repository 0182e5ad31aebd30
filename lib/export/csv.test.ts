import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BOM, csvCell, csvFileStart, csvLine, csvRows, csvText, type CsvColumn } from "./csv";
import { parseCsv } from "./csv-reader.test-util";
import { SUB_AFFILIATE_COLUMNS } from "./datasets";

describe("csvCell", () => {
  it("writes values exactly as received", () => {
    expect(csvCell("0.000000000000000001")).toBe("0.000000000000000001");
    expect(csvCell("123456789012345678.123456789")).toBe("123456789012345678.123456789");
    expect(csvCell("702345678901234567")).toBe("702345678901234567");
    expect(csvCell("1E-8")).toBe("1E-8");
    expect(csvCell(1764506000000)).toBe("1764506000000");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(false)).toBe("false");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell("")).toBe("");
  });

  it("quotes a comma, a quote, CR or LF and doubles inner quotes", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("line1\nline2")).toBe('"line1\nline2"');
    expect(csvCell("a\rb")).toBe('"a\rb"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
    expect(csvCell('"')).toBe('""""');
    expect(csvCell("plain text")).toBe("plain text");
    expect(csvCell("semi;colon")).toBe("semi;colon");
  });

  it("neutralises formulas but leaves numbers alone", () => {
    expect(csvCell("=1+2")).toBe("'=1+2");
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell("+cmd")).toBe("'+cmd");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    // (a tab is also where a tab-splitting spreadsheet starts the next cell: both are guarded)
    expect(csvCell("\t=1")).toBe("'\t'=1");
    expect(csvCell("\r=1")).toBe(`"'\r=1"`);
    expect(csvCell("-")).toBe("'-");
    expect(csvCell("=")).toBe("'=");
    // Numbers stay numbers.
    expect(csvCell("-1.5")).toBe("-1.5");
    expect(csvCell("+1.5")).toBe("+1.5");
    expect(csvCell("-0.000000000000000001")).toBe("-0.000000000000000001");
    expect(csvCell("-1E-8")).toBe("-1E-8");
    expect(csvCell("-.5")).toBe("-.5");
    expect(csvCell(-42)).toBe("-42");
    // Only the first character matters.
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell(" =1")).toBe(" =1");
  });

  it("neutralises a formula after a ; or a tab, where a spreadsheet splitting on them starts a cell", () => {
    expect(csvCell("VIP;=cmd|' /C calc'!A0")).toBe("VIP;'=cmd|' /C calc'!A0");
    expect(csvCell("a;+1+1")).toBe("a;'+1+1");
    expect(csvCell("a;-2+3")).toBe("a;'-2+3");
    expect(csvCell("a;@SUM(A1)")).toBe("a;'@SUM(A1)");
    expect(csvCell("a\t=1")).toBe("a\t'=1");
    expect(csvCell("a;\t=1")).toBe("a;'\t'=1");
    expect(csvCell("a;\r=1")).toBe(`"a;'\r=1"`);
    expect(csvCell("=1;=2\t@3")).toBe("'=1;'=2\t'@3");
    expect(csvCell('x;=HYPERLINK("http://evil.example","y")')).toBe(`"x;'=HYPERLINK(""http://evil.example"",""y"")"`);
    // each separator's part runs to the next of its kind: after the tab, "b;=c" starts with b
    expect(csvCell("a\tb;=c")).toBe("a\tb;'=c");
    expect(csvCell("a;b\t-c")).toBe("a;b\t'-c");
    // numbers stay numbers, plain text stays as it is
    expect(csvCell("a;-12.5")).toBe("a;-12.5");
    expect(csvCell("1;-1E-8;+3")).toBe("1;-1E-8;+3");
    expect(csvCell("1\t-12.5")).toBe("1\t-12.5");
    expect(csvCell("-12.5")).toBe("-12.5");
    expect(csvCell("semi;colon")).toBe("semi;colon");
    expect(csvCell("a; =1")).toBe("a; =1");
    expect(csvCell("a;;b")).toBe("a;;b");
    expect(csvCell("a;")).toBe("a;");
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
