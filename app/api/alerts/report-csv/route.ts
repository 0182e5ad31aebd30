import { getDb } from "@/lib/db";
import { checkCsvLink, periodCsv } from "@/lib/alerts/report";
import { getAuthSecret } from "@/lib/config/config";
import { ApiError } from "@/lib/server/http/errors";
import { route } from "@/lib/server/http/route";

/**
 * A report's sub-affiliate CSV, by the signed link in a webhook report. No session: the
 * signature (made with the server's secret) is the permission, and it expires.
 */
export const GET = route("GET /api/alerts/report-csv", {
  handler: async ({ query: q }) => {
    const verdict = checkCsvLink(getAuthSecret(), q, Date.now());
    if (verdict === "bad-signature") throw new ApiError("forbidden", "This link is not valid.");
    if (verdict === "expired") throw new ApiError("forbidden", "This link has expired. The report's CSV is also in the dashboard's sub-affiliate export.");
    return new Response(await periodCsv(await getDb(), q.from, q.to), {
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="sub-affiliates_${q.from}_${q.to}.csv"` },
    });
  },
});
