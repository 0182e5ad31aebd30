/**
 * Scheduled reports: for a period (a week from Monday or a month, in the schedule's zone) the
 * KPIs against the previous period, the top ten sub-affiliates by paid commission, the invitee
 * funnel, and the period's sub-affiliate CSV, all read from the archive. Local dates D are the
 * UTC days D (calendar.ts).
 *
 * A partner's own report (an each-partner schedule) is all of this over their scope
 * only, by the rules of the scoped sources (lib/archive/read.ts `inScope`): sub-affiliate rows of
 * their sub-affiliate UIDs, invitees of their invite codes; an empty part selects nothing (a
 * partner with only invite codes gets no sub-affiliate rows, totals 0).
 *
 * The CSV goes with an email as an attachment, and with a webhook as a link signed with a key
 * derived from the server's session secret that expires after `linkTtlMs` (a GET of the link
 * needs no session: it is the signature that authorises it).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import { rows, toMs, type Db } from "@/lib/archive/db";
import { inScope } from "@/lib/archive/read";
import type { Scope } from "@/lib/contract/scope";
import { csvFileStart, csvRows, type CsvColumn } from "@/lib/export/csv";
import { periodBefore, type Period } from "./calendar";
import type { Locale } from "@/lib/i18n/locales";
import { escapeHtml, wordsFor, type Message } from "./message";
import type { Cadence } from "@/lib/contract/alerts";

export interface Kpis {
  tradingVolume: string;
  netTradingFee: string;
  paidCommission: string;
  newInvitees: number;
  kycPassed: number;
  firstDeposits: number;
  firstTrades: number;
}

export interface ReportData {
  period: Period;
  previous: Period;
  kpis: Kpis;
  previousKpis: Kpis;
  /** change in percent against the previous period per KPI ("n/a" when the previous is 0) */
  change: Record<keyof Kpis, string>;
  top: { subAffiliateUid: string; paidCommission: string; tradingVolume: string }[];
  funnel: { registered: number; kycPassed: number; firstDeposit: number; firstTrade: number };
}

/** SQL: a sub-affiliate row of the scope (TRUE without one). */
const subOfScope = (scope: Scope | undefined) => inScope(sql`sub_affiliate_uid`, scope?.subAffiliateUids) ?? sql`TRUE`;
/** SQL: an invitee of the scope's invite codes (TRUE without one). */
const inviteeOfScope = (scope: Scope | undefined) => inScope(sql`invite_code`, scope?.inviteCodes) ?? sql`TRUE`;

async function kpis(db: Db, p: Period, scope?: Scope): Promise<Kpis> {
  const [t] = await rows<{ v: string; f: string; c: string }>(
    db,
    // (the network's per-day totals the sync keeps; a scope's from its own rows)
    sql`SELECT COALESCE(SUM(trading_volume), 0)::text AS v, COALESCE(SUM(net_trading_fee), 0)::text AS f, COALESCE(SUM(paid_commission), 0)::text AS c
          FROM ${scope ? sql`archive_sub_affiliate_daily` : sql`archive_sub_affiliate_day_total`}
         WHERE day >= ${p.firstDay}::date AND day <= ${p.lastDay}::date AND ${subOfScope(scope)}`,
  );
  const [i] = await rows<{ n: unknown; k: unknown; d: unknown; t: unknown }>(
    db,
    sql`SELECT COUNT(*) FILTER (WHERE register_time >= ${p.from} AND register_time < ${p.to}) AS n,
               COUNT(*) FILTER (WHERE register_time >= ${p.from} AND register_time < ${p.to} AND kyc_result) AS k,
               COUNT(*) FILTER (WHERE first_deposit >= ${p.from} AND first_deposit < ${p.to}) AS d,
               COUNT(*) FILTER (WHERE first_trade >= ${p.from} AND first_trade < ${p.to}) AS t
          FROM archive_invitee WHERE ${inviteeOfScope(scope)}`,
  );
  return {
    tradingVolume: t!.v,
    netTradingFee: t!.f,
    paidCommission: t!.c,
    newInvitees: toMs(i!.n)!,
    kycPassed: toMs(i!.k)!,
    firstDeposits: toMs(i!.d)!,
    firstTrades: toMs(i!.t)!,
  };
}

function percentChange(now: string | number, before: string | number): string {
  const b = new Decimal(before);
  if (b.isZero()) return "n/a";
  return new Decimal(now).minus(b).div(b).times(100).toFixed(1);
}

/** The report of `period`: the whole account's, or with `scope` a partner's own. */
export async function buildReport(db: Db, period: Period, cadence: Cadence, tz: string, scope?: Scope): Promise<ReportData> {
  const previous = periodBefore(period.from, cadence, tz);
  const [k, pk, top, [f]] = await Promise.all([
    kpis(db, period, scope),
    kpis(db, previous, scope),
    rows<{ uid: string; c: string; v: string }>(
      db,
      sql`SELECT sub_affiliate_uid AS uid, SUM(paid_commission)::text AS c, SUM(trading_volume)::text AS v
            FROM archive_sub_affiliate_daily WHERE day >= ${period.firstDay}::date AND day <= ${period.lastDay}::date AND ${subOfScope(scope)}
           GROUP BY sub_affiliate_uid ORDER BY SUM(paid_commission) DESC, sub_affiliate_uid LIMIT 10`,
    ),
    rows<{ r: unknown; k: unknown; d: unknown; t: unknown }>(
      db,
      sql`SELECT COUNT(*) AS r, COUNT(*) FILTER (WHERE kyc_result) AS k, COUNT(first_deposit) AS d, COUNT(first_trade) AS t
            FROM archive_invitee WHERE register_time >= ${period.from} AND register_time < ${period.to} AND ${inviteeOfScope(scope)}`,
    ),
  ]);
  const change = Object.fromEntries((Object.keys(k) as (keyof Kpis)[]).map((key) => [key, percentChange(k[key], pk[key])])) as ReportData["change"];
  return {
    period,
    previous,
    kpis: k,
    previousKpis: pk,
    change,
    top: top.map((r) => ({ subAffiliateUid: r.uid, paidCommission: r.c, tradingVolume: r.v })),
    funnel: { registered: toMs(f!.r)!, kycPassed: toMs(f!.k)!, firstDeposit: toMs(f!.d)!, firstTrade: toMs(f!.t)! },
  };
}

const KPIS: readonly (keyof Kpis)[] = ["tradingVolume", "netTradingFee", "paidCommission", "newInvitees", "kycPassed", "firstDeposits", "firstTrades"];

/** The CSV's file name (its headers stay the interface's field names in every language). */
export function csvFilename(p: Period, locale: Locale = "en"): string {
  return wordsFor(locale).t("report.csvFile", { first: p.firstDay, last: p.lastDay });
}

/**
 * The report as a message in `locale`; `csvUrl` (webhooks) links the CSV, emails attach it. A
 * partner's own report (`partner`) says whose figures they are, and its CSV is of their scope.
 */
export function reportMessage(
  schedule: { id: string; name: string; cadence: Cadence; timeZone: string },
  r: ReportData,
  csvUrl: string | null,
  locale: Locale = "en",
  partner?: { username: string; scope: Scope },
): Message {
  const { t, f } = wordsFor(locale);
  const whose = partner
    ? t("report.forPartner", {
        username: partner.username,
        scope: [
          partner.scope.subAffiliateUids.length ? t("report.scopeUids", { list: partner.scope.subAffiliateUids.join(", ") }) : null,
          partner.scope.inviteCodes.length ? t("report.scopeCodes", { list: partner.scope.inviteCodes.join(", ") }) : null,
        ]
          .filter((x) => x !== null)
          .join("; "),
      })
    : null;
  const range = t("report.range", { first: r.period.firstDay, last: r.period.lastDay, timeZone: schedule.timeZone });
  const title = t("report.title", { name: schedule.name, cadence: t(`report.cadence.${schedule.cadence}`), range });
  const amount = (v: string | number) => (typeof v === "number" ? f.count(v) : f.decimal(v));
  const kpiLines = KPIS.map(
    (key) =>
      [
        t(`report.kpis.${key}`),
        amount(r.kpis[key]),
        amount(r.previousKpis[key]),
        r.change[key] === "n/a" ? t("report.notApplicable") : f.percent(r.change[key]),
      ] as const,
  );
  const funnel = { registered: f.count(r.funnel.registered), kyc: f.count(r.funnel.kycPassed), deposit: f.count(r.funnel.firstDeposit), trade: f.count(r.funnel.firstTrade) };
  const top = r.top.map((x) => ({ uid: x.subAffiliateUid, commission: f.decimal(x.paidCommission), volume: f.decimal(x.tradingVolume) }));
  const file = csvFilename(r.period, locale);
  const text = [
    title,
    ...(whose ? ["", whose] : []),
    "",
    t("report.kpisHeading", { first: r.previous.firstDay, last: r.previous.lastDay }),
    ...kpiLines.map(([label, value, previous, change]) => `  ${t("report.kpiLine", { label, value, previous, change })}`),
    "",
    t("report.topHeading"),
    ...top.map((x, i) => `  ${i + 1}. ${t("report.topLine", x)}`),
    "",
    t("report.funnelText", funnel),
    "",
    csvUrl ? t("report.csvLink", { url: csvUrl }) : t("report.csvAttached", { file }),
  ].join("\n");
  const td = (s: string) => `<td>${escapeHtml(s)}</td>`;
  const th = (s: string, left = false) => `<th${left ? ' align="left"' : ""}>${escapeHtml(s)}</th>`;
  const html = [
    `<h2>${escapeHtml(title)}</h2>`,
    whose ? `<p>${escapeHtml(whose)}</p>` : "",
    `<table><tr>${th(t("report.table.kpi"), true)}${th(t("report.table.thisPeriod"))}${th(t("report.table.previous"))}${th(t("report.table.change"))}</tr>`,
    ...kpiLines.map(([l, v, p, c]) => `<tr>${td(l)}${td(v)}${td(p)}${td(c)}</tr>`),
    `</table><h3>${escapeHtml(t("report.topTitle"))}</h3><ol>`,
    ...top.map((x) => `<li>${escapeHtml(t("report.topLine", x))}</li>`),
    `</ol><h3>${escapeHtml(t("report.funnelTitle"))}</h3><p>${escapeHtml(t("report.funnelSteps", funnel))}</p>`,
    csvUrl
      ? `<p><a href="${escapeHtml(csvUrl)}">${escapeHtml(t("report.csvLinkText"))}</a> ${escapeHtml(t("report.csvLinkExpires"))}</p>`
      : `<p>${escapeHtml(t("report.csvAttachedShort"))}</p>`,
  ].join("");
  return {
    title,
    text,
    html,
    body: { type: "report", locale, title, schedule: { id: schedule.id, name: schedule.name, cadence: schedule.cadence, timeZone: schedule.timeZone }, ...r, csvUrl, ...(partner ? { partner } : {}) },
    attachment: csvUrl ? undefined : { filename: file, firstDay: r.period.firstDay, lastDay: r.period.lastDay, ...(partner ? { scope: partner.scope } : {}) },
  };
}

interface CsvRow {
  uid: string;
  product_type: string;
  day: string;
  v: string;
  f: string;
  c: string;
}

const CSV_COLUMNS: CsvColumn<CsvRow>[] = [
  { header: "subAffiliateUid", value: (r) => r.uid },
  { header: "productType", value: (r) => r.product_type },
  { header: "day", value: (r) => r.day },
  { header: "tradingVolume", value: (r) => r.v },
  { header: "netTradingFee", value: (r) => r.f },
  { header: "paidCommission", value: (r) => r.c },
];

/** The archive's sub-affiliate records of [firstDay, lastDay] (with `scope`: its own only) as a CSV file (a period is ≤ 31 days). */
export async function periodCsv(db: Db, firstDay: string, lastDay: string, scope?: Scope): Promise<string> {
  const r = await rows<CsvRow>(
    db,
    sql`SELECT sub_affiliate_uid AS uid, product_type, day::text AS day, trading_volume::text AS v, net_trading_fee::text AS f, paid_commission::text AS c
          FROM archive_sub_affiliate_daily WHERE day >= ${firstDay}::date AND day <= ${lastDay}::date AND ${subOfScope(scope)}
         ORDER BY day, sub_affiliate_uid, product_type`,
  );
  return csvFileStart(CSV_COLUMNS) + csvRows(CSV_COLUMNS, r);
}

// ---------------------------------------------------------------- signed CSV links

const linkKey = (secret: string) => createHmac("sha256", secret).update("alerts:report-csv-link").digest();
const linkPayload = (firstDay: string, lastDay: string, expires: number) => `${firstDay}|${lastDay}|${expires}`;

export function signCsvLink(base: string, secret: string, firstDay: string, lastDay: string, expires: number): string {
  const sig = createHmac("sha256", linkKey(secret)).update(linkPayload(firstDay, lastDay, expires)).digest("hex");
  const u = new URL("/api/alerts/report-csv", base);
  u.search = new URLSearchParams({ from: firstDay, to: lastDay, expires: String(expires), sig }).toString();
  return u.toString();
}

/** "ok", or why the link is refused. */
export function checkCsvLink(secret: string, q: { from: string; to: string; expires: number; sig: string }, now: number): "ok" | "expired" | "bad-signature" {
  const want = createHmac("sha256", linkKey(secret)).update(linkPayload(q.from, q.to, q.expires)).digest();
  const got = Buffer.from(q.sig, "hex");
  if (got.length !== want.length || !timingSafeEqual(got, want)) return "bad-signature";
  return q.expires < now ? "expired" : "ok";
}
