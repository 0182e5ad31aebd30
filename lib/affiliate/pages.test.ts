import { describe, expect, it } from "vitest";
import type { CallParams } from "@/lib/weex/client";
import { WINDOWS } from "@/lib/weex/endpoints";
import type { WeexPage } from "@/lib/weex/paging";
import { AGE_EDGE_MARGIN_MS, inviteePages, isEmptyPage, inviteeSlices, subAffiliatePages, walkPages, type PageLister, type PagedKey } from "./pages";
import { DAY_MS } from "@/lib/time/calendar";

const NOW = Date.UTC(2026, 10, 20, 12);

describe("inviteeSlices", () => {
  it("keeps a range of at most 90 days as one query", () => {
    const startTime = NOW - 90 * DAY_MS;
    expect(inviteeSlices({ startTime, endTime: NOW }, NOW)).toEqual([{ startTime, endTime: NOW }]);
  });

  it("cuts a year into contiguous, disjoint ≤ 90-day slices that cover it exactly", () => {
    const startTime = NOW - 365 * DAY_MS + AGE_EDGE_MARGIN_MS;
    const slices = inviteeSlices({ startTime, endTime: NOW }, NOW);
    expect(slices).toHaveLength(5);
    expect(slices[0].startTime).toBe(startTime);
    expect(slices.at(-1)!.endTime).toBe(NOW);
    for (const [i, s] of slices.entries()) {
      expect(s.endTime! - s.startTime!).toBeLessThanOrEqual(WINDOWS.invitees.maxSpanMs);
      if (i > 0) expect(s.startTime).toBe(slices[i - 1].endTime! + 1);
    }
  });

  it("raises a start beyond the upstream's year to the oldest instant it answers for", () => {
    const slices = inviteeSlices({ startTime: NOW - 365 * DAY_MS - 3_600_000, endTime: NOW - 300 * DAY_MS }, NOW);
    expect(slices[0].startTime).toBe(NOW - 365 * DAY_MS + AGE_EDGE_MARGIN_MS);
    expect(inviteeSlices({ startTime: NOW - 400 * DAY_MS, endTime: NOW - 380 * DAY_MS }, NOW)).toEqual([]);
  });

  it("ends an open range now and starts it as far back as the upstream keeps", () => {
    expect(inviteeSlices({ startTime: NOW - DAY_MS }, NOW)).toEqual([{ startTime: NOW - DAY_MS, endTime: NOW }]);
    const oldest = NOW - 365 * DAY_MS + AGE_EDGE_MARGIN_MS;
    expect(inviteeSlices({}, NOW)[0].startTime).toBe(oldest);
    expect(inviteeSlices({}, NOW).at(-1)!.endTime).toBe(NOW);
    expect(inviteeSlices({ endTime: oldest + 10 * DAY_MS }, NOW)).toEqual([{ startTime: oldest, endTime: oldest + 10 * DAY_MS }]);
  });
});

/** A lister over fixed data that records every call, for the paging rules alone. */
function fakeLister(total: Record<string, number>, opts: { reportPages?: boolean } = {}) {
  const calls: { key: string; params: Record<string, unknown> }[] = [];
  const lister: PageLister = {
    async list<K extends PagedKey>(key: K, input: CallParams<K>) {
      const params = input as Record<string, unknown>;
      calls.push({ key, params });
      const [page, pageSize] = [Number(params.page), Number(params.pageSize)];
      const n = total[String(params.productType ?? key)] ?? 0;
      const from = (page - 1) * pageSize;
      const items = Array.from({ length: Math.max(0, Math.min(pageSize, n - from)) }, (_, i) => ({ n: from + i, productType: params.productType }));
      const pages = Math.ceil(n / pageSize);
      return {
        items,
        page,
        pageSize,
        total: opts.reportPages ? n : null,
        pages: opts.reportPages ? pages : null,
        hasNextPage: opts.reportPages ? page < pages : items.length === pageSize,
      } as unknown as WeexPage<never>;
    },
  };
  return { lister, calls };
}

async function collect<T>(it: AsyncIterable<T[]>): Promise<T[][]> {
  const out: T[][] = [];
  for await (const b of it) out.push(b);
  return out;
}

describe("walkPages", () => {
  it("asks for the largest page size and stops after the last page", async () => {
    const { lister, calls } = fakeLister({ withdrawals: 450 }, { reportPages: true });
    const batches = await collect(walkPages(lister, "withdrawals", { coin: "USDT", startTime: undefined }));
    expect(batches.map((b) => b.length)).toEqual([200, 200, 50]);
    expect(calls.map((c) => c.params)).toEqual([1, 2, 3].map((page) => ({ coin: "USDT", page, pageSize: 200 })));
  });

  it("stops on a short page when the upstream gives no page count, and on an empty page", async () => {
    const { lister, calls } = fakeLister({ invitees: 200 });
    const batches = await collect(walkPages(lister, "invitees", {}));
    expect(batches.map((b) => b.length)).toEqual([100, 100]);
    expect(calls).toHaveLength(3); // the third page is empty
  });

  it("walks on past a page whose records were all set aside (it is not an empty page)", async () => {
    const rejected = [{ record: { withdrawId: "1" }, problem: { path: "items.0.amount", value: "x", reason: "not a decimal" } }];
    const pages: WeexPage<unknown>[] = [
      { items: [], rejected, page: 1, pageSize: 200, total: null, pages: null, hasNextPage: true },
      { items: [{ withdrawId: "2" }], page: 2, pageSize: 200, total: null, pages: null, hasNextPage: false },
    ];
    const lister = { list: async (_key: string, params: { page?: number }) => pages[(params.page ?? 1) - 1] } as unknown as PageLister;
    expect(await collect(walkPages(lister, "withdrawals", {}))).toEqual([[{ withdrawId: "2" }]]);
    expect(isEmptyPage(pages[0])).toBe(false);
    expect(isEmptyPage({ items: [] })).toBe(true);
  });

  it("keeps each page's records in its query's window (the lister's inWindow), and walks on past a page of none", async () => {
    const pages: WeexPage<unknown>[] = [
      { items: [{ t: 1 }, { t: 2 }], page: 1, pageSize: 100, total: null, pages: null, hasNextPage: true },
      { items: [{ t: 7 }, { t: 3 }], page: 2, pageSize: 100, total: null, pages: null, hasNextPage: false },
    ];
    const lister = {
      list: async (_key: string, params: { page?: number }) => pages[(params.page ?? 1) - 1],
      inWindow: (_key: string, params: { startTime: number; endTime: number }, items: { t: number }[]) => items.filter((r) => r.t >= params.startTime && r.t <= params.endTime),
    } as unknown as PageLister;
    expect(await collect(walkPages(lister, "invitees", { startTime: 3, endTime: 9 }))).toEqual([[{ t: 7 }, { t: 3 }]]);
  });

  it("walks SPOT then FUTURES when no product type is chosen", async () => {
    const { lister, calls } = fakeLister({ SPOT: 150, FUTURES: 30 }, { reportPages: true });
    const batches = await collect(subAffiliatePages(lister, { subUid: "7" }));
    expect(batches.map((b) => b.length)).toEqual([100, 50, 30]);
    expect(calls.map((c) => [c.params.productType, c.params.page, c.params.subUid])).toEqual([
      ["SPOT", 1, "7"],
      ["SPOT", 2, "7"],
      ["FUTURES", 1, "7"],
    ]);
  });

  it("makes no further upstream call once the signal aborts", async () => {
    const { lister, calls } = fakeLister({ SPOT: 10_000 }, { reportPages: true });
    const ctrl = new AbortController();
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const b of subAffiliatePages(lister, { productType: "SPOT" }, ctrl.signal)) {
          seen.push(b.length);
          if (seen.length === 2) ctrl.abort();
        }
      })(),
    ).rejects.toThrow(/abort/i);
    expect(calls).toHaveLength(2);
  });

  it("reads invitee slices newest first, so the whole sequence is newest first", async () => {
    const { lister, calls } = fakeLister({ invitees: 5 }, { reportPages: true });
    await collect(inviteePages(lister, { uid: "42", startTime: NOW - 200 * DAY_MS, endTime: NOW }, undefined, NOW));
    const starts = calls.map((c) => c.params.startTime as number);
    expect(starts).toHaveLength(3);
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);
    expect(calls.every((c) => c.params.uid === "42")).toBe(true);
  });
});
