"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { SEVERITY_TONE } from "@/components/risk/risk-badge";
import { Amount } from "@/components/ui/amount";
import { Badge } from "@/components/ui/badge";
import { ErrorBanner, FormError } from "@/components/ui/error-banner";
import { IntentLink } from "@/components/ui/intent-link";
import { ChartSkeleton } from "@/components/ui/skeleton";
import { buttonDanger, buttonPrimary, buttonSecondary, cardClass, inputClass, mutedText } from "@/components/ui/styles";
import type { RiskFlagDetail, RiskFlagItem } from "@/lib/contract/risk";
import { apiSend } from "@/lib/ui/api";
import { DAY_MS, formatDate, formatDateTime } from "@/lib/time/calendar";
import { RISK_FLAGS_PATH, riskFlagQuery } from "./query-options";

// Recharts loads with the first detail opened, not with the list.
const RiskChart = dynamic(() => import("./risk-chart").then((m) => m.RiskChart), { ssr: false, loading: () => <ChartSkeleton height={220} /> });

/** The evidence's amounts: in the evidence's `coin` where it names one, else USDT (volumes, deposits and withdrawals are; a sub-affiliate's commission is too). */
const AMOUNT_KEYS = new Set(["deposits", "withdrawals", "volume", "amount", "commission", "total", "medianVolume", "medianCommission"]);
/** The evidence's instants (epoch ms). */
const TIME_KEYS = new Set(["from", "to", "historyFrom", "registeredOn", "day", "time"]);
const linkClass = "text-sky-800 underline dark:text-sky-300";

/** An instant of the evidence: a date where it is a UTC day's start, else the time. */
const when = (ms: number) => (ms % DAY_MS === 0 ? formatDate(ms, "UTC") : `${formatDateTime(ms, "UTC")} UTC`);

function EvidenceValue({ name, value, coin }: { name: string; value: unknown; coin: string }) {
  if (typeof value === "number" && TIME_KEYS.has(name)) return <span className="tabular-nums">{when(value)}</span>;
  if (typeof value === "string" && AMOUNT_KEYS.has(name)) return <Amount value={value} coin={name === "volume" ? "USDT" : coin} />;
  if (Array.isArray(value)) return <span className="break-all font-mono text-xs">{value.join(", ")}</span>;
  return <span className="tabular-nums">{String(value)}</span>;
}

/** The figures that made the flag fire, each under its label (a key a newer rule adds shows under its own name). */
function Evidence({ evidence }: { evidence: Record<string, unknown> }) {
  const t = useTranslations("risk.view.evidence");
  const coin = typeof evidence.coin === "string" ? evidence.coin : "USDT";
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4" data-testid="risk-evidence">
      {Object.entries(evidence).map(([k, v]) => (
        <div key={k} className="min-w-0 rounded-md border border-slate-200 p-2 dark:border-slate-700">
          <dt className="text-xs text-slate-600 dark:text-slate-400">{t.has(k as "from") ? t(k as "from") : k}</dt>
          <dd className="mt-1 break-all font-semibold">
            <EvidenceValue name={k} value={v} coin={coin} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Where to look next: the invitee's value detail and its row, an invite code's invitees, a sub-affiliate's records, over the chart's days. */
function FollowLinks({ flag, days }: { flag: RiskFlagItem; days: RiskFlagDetail["series"]["days"] }) {
  const t = useTranslations("risk.view.detail");
  const { type, id } = flag.subject;
  const range = days.length ? `period=custom&from=${days[0].day}&to=${days[days.length - 1].day}` : "period=30d";
  const q = encodeURIComponent(id);
  const links =
    type === "invitee"
      ? [
          { href: `/value?${range}&invitee=${q}#invitee-detail`, label: t("valueDetail", { id }) },
          { href: `/invitees?uid=${q}`, label: t("inviteeRecord", { id }) },
        ]
      : type === "subAffiliate"
        ? [{ href: `/sub-affiliates?${range}&subUid=${q}`, label: t("subRecords", { id }) }]
        : type === "inviteCode" && id !== "(none)"
          ? [{ href: `/invitees?inviteCode=${q}`, label: t("codeInvitees", { id }) }]
          : [];
  if (!links.length) return null;
  return (
    <nav aria-label={t("links")} className="mt-4">
      <ul className="flex flex-wrap gap-4 text-sm">
        {links.map((l) => (
          <li key={l.href}>
            <IntentLink className={linkClass} href={l.href}>
              {l.label}
            </IntentLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** An admin's review: dismiss (a note is required) or confirm with a note; a reviewed flag can be opened again. */
function Review({ flag, onNotice }: { flag: RiskFlagItem; onNotice: (text: string) => void }) {
  const t = useTranslations("risk.view.review");
  const client = useQueryClient();
  const [note, setNote] = useState(flag.note ?? "");
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  async function send(state: "dismissed" | "confirmed" | "open") {
    const text = note.trim();
    setError(null);
    if (state === "dismissed" && !text) return setMissing(true);
    setMissing(false);
    setBusy(true);
    try {
      await apiSend("PATCH", `${RISK_FLAGS_PATH}/${flag.id}`, JSON.stringify(text ? { state, note: text } : { state }));
      // the list (the flag leaves the open ones), the counts and the detail are asked again
      await client.invalidateQueries({ queryKey: [RISK_FLAGS_PATH] });
      await client.invalidateQueries({ queryKey: ["/api/risk/flags/[id]", flag.id] });
      await client.invalidateQueries({ queryKey: ["/api/risk/subjects"] });
      onNotice(t(state === "open" ? "opened" : state, { id: flag.id }));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }
  const noteId = `risk-note-${flag.id}`;
  return (
    <form className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-700" aria-label={t("title")} onSubmit={(e) => e.preventDefault()}>
      <h3 className="mb-2 text-sm font-semibold">{t("title")}</h3>
      <label htmlFor={noteId} className="block text-sm font-medium">
        {t("note")}
      </label>
      <textarea
        id={noteId}
        className={`${inputClass} mt-1 w-full`}
        rows={2}
        maxLength={2000}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        aria-describedby={`${noteId}-hint${missing ? ` ${noteId}-error` : ""}`}
        aria-invalid={missing || undefined}
      />
      <p id={`${noteId}-hint`} className={`mt-1 text-xs ${mutedText}`}>
        {t("noteHint")}
      </p>
      {missing ? (
        <p id={`${noteId}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {t("noteRequired")}
        </p>
      ) : null}
      {error ? <FormError error={error} title={t("failed")} /> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {flag.state === "open" ? (
          <>
            <button type="button" className={buttonDanger} disabled={busy} onClick={() => void send("dismissed")}>
              {t("dismiss")}
            </button>
            <button type="button" className={buttonPrimary} disabled={busy} onClick={() => void send("confirmed")}>
              {t("confirm")}
            </button>
          </>
        ) : (
          <button type="button" className={buttonSecondary} disabled={busy} onClick={() => void send("open")}>
            {t("reopen")}
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * One flag: its rule and subject, the summary sentence, the evidence as labelled figures, the
 * daily figures behind it as a small chart, where to look next, and for an admin the review.
 */
export function FlagDetail({ id, isAdmin, onClose }: { id: string; isAdmin: boolean; onClose: () => void }) {
  const t = useTranslations("risk");
  const q = useQuery(riskFlagQuery(id));
  const [notice, setNotice] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = q.data?.flag.id;
  // Opening a flag moves the focus to its detail, so a keyboard or screen-reader user lands on what they opened.
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);
  if (q.isPending) return <ChartSkeleton height={220} label={t("view.detail.loading")} />;
  if (q.isError) return <ErrorBanner error={q.error} onRetry={() => void q.refetch()} />;
  const { flag, series } = q.data;
  const rule = t(`rules.${flag.rule}.name`);
  const subjectType = t(`view.subjectTypes.${flag.subject.type}`);
  const chartTitle = series.kind === "invitee" ? t("view.detail.chartInvitee", { id: flag.subject.id }) : t("view.detail.chartSubAffiliate", { id: flag.subject.id });
  return (
    <section id="flag-detail" aria-labelledby="flag-detail-title" className={`${cardClass} mb-6`} data-testid="risk-detail">
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <h2 id="flag-detail-title" ref={heading} tabIndex={-1} className="break-all text-lg font-semibold outline-none">
          {t("view.detail.title", { id: flag.id, rule })}
        </h2>
        <button type="button" className={buttonSecondary} onClick={onClose}>
          {t("view.detail.close")}
        </button>
      </div>
      <p className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={SEVERITY_TONE[flag.severity]}>{t(`view.severities.${flag.severity}`)}</Badge>
        <Badge>{t(`view.states.${flag.state}`)}</Badge>
        <span>{t("view.detail.subject", { type: subjectType, id: flag.subject.id })}</span>
      </p>
      <p className="mb-1 font-medium" data-testid="risk-summary">
        {flag.summary}
      </p>
      <p className={`mb-3 text-sm ${mutedText}`}>{t(`rules.${flag.rule}.explanation`)}</p>
      <p className={`mb-3 text-xs ${mutedText}`}>{t("view.detail.seen", { first: formatDateTime(flag.firstSeenAt, "UTC"), last: formatDateTime(flag.lastSeenAt, "UTC") })}</p>
      {flag.resolvedBy && flag.resolvedAt ? (
        <p className="mb-3 text-sm" data-testid="risk-resolution">
          {t("view.detail.resolved", { state: t(`view.states.${flag.state}`), by: flag.resolvedBy, at: formatDateTime(flag.resolvedAt, "UTC") })}
          {flag.note ? ` ${t("view.detail.note", { note: flag.note })}` : ""}
        </p>
      ) : null}
      <h3 className="mb-2 text-sm font-semibold">{t("view.detail.evidence")}</h3>
      <Evidence evidence={flag.evidence} />
      <h3 className="mb-2 mt-4 text-sm font-semibold">{t("view.detail.chartTitle")}</h3>
      {series.kind === "none" ? (
        <p className={`text-sm ${mutedText}`}>{t("view.detail.chartNone")}</p>
      ) : series.days.length === 0 ? (
        <p className={`text-sm ${mutedText}`}>{t("view.detail.chartEmpty")}</p>
      ) : (
        <>
          <p className={`mb-1 text-xs ${mutedText}`}>{chartTitle}</p>
          <RiskChart series={series} title={chartTitle} />
        </>
      )}
      <FollowLinks flag={flag} days={series.days} />
      <p role="status" aria-live="polite" className="mt-3 text-sm text-emerald-800 dark:text-emerald-300" data-testid="risk-review-notice">
        {notice}
      </p>
      {isAdmin ? <Review key={`${flag.id}-${flag.state}`} flag={flag} onNotice={setNotice} /> : null}
    </section>
  );
}
