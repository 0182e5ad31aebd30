import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { NOT_IN_API } from "@/lib/contract/api-routes";
import { routeFiles } from "../../../tests/http/route-files";

/**
 * A route takes its role, query, body and answer from the contract entry it names
 * (`route("GET /api/…", …)`), so naming another route's entry would give it that route's
 * rules: each route file names its own path's entries, one per method it exports.
 */
describe("route files name their own contract entries", () => {
  it("names only `METHOD <its own path>` (directly, or through the affiliate and alerts helpers)", () => {
    for (const { key, methods } of routeFiles()) {
      const path = `/api/${key}`;
      if (path in NOT_IN_API) continue;
      const src = readFileSync(join(process.cwd(), "app", "api", key, "route.ts"), "utf8");
      const named = [...src.matchAll(/(?:route|removalRoute)\("([A-Z]+) (\/api\/[^"]*)"/g)].map((m) => `${m[1]} ${m[2]}`);
      const helper = [...src.matchAll(/(?:affiliateRead|affiliateExport)\("(\/api\/[^"]*)"/g)].map((m) => `GET ${m[1]}`);
      const collection = [...src.matchAll(/collectionRoutes\("(\/api\/[^"]*)"/g)].flatMap((m) => [`GET ${m[1]}`, `POST ${m[1]}`]);
      expect([...named, ...helper, ...collection].sort(), `app/api/${key}/route.ts`).toEqual(methods.map((m) => `${m} ${path}`).sort());
    }
  });
});
