"use client";

import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { ExportButton } from "@/components/export/export-button";
import { useTimeZone } from "@/components/period/use-period";
import { Badge, FlagBadge, type Tone } from "@/components/ui/badge";
import { IdWithRiskBadge, useRiskBadges } from "@/components/risk/risk-badge";
import { columnHelper } from "@/components/ui/table-columns";
import { DateRangeFields } from "@/components/ui/date-range-fields";
import { EmptyState } from "@/components/ui/empty-state";
import { SelectField, TextField } from "@/components/ui/field";
import { buttonSecondary } from "@/components/ui/styles";
import { FilterForm } from "@/components/ui/filter-form";
import { ListToolbar } from "@/components/ui/list-toolbar";
import { PagedTable } from "@/components/ui/paged-table";
import { usePagedQuery } from "@/components/ui/use-url-paging";
import { inviteesFilter, inviteesQuery } from "./query-options";
import { inviteesSearch } from "./search-params";
import { ACTIVE_DAYS_DEFAULT, ACTIVE_DAYS_MAX, ACTIVITIES, STAGES, type Activity, type Stage } from "@/lib/contract/params";
import type { Invitee } from "@/lib/contract/responses";
import { checkRange, type RangeRule } from "@/lib/ui/ranges";
import { addDays, DAY_MS, formatDateTime, formatYmd, parseYmd } from "@/lib/time/calendar";
import { WINDOWS } from "@/lib/weex/limits";

/** getAffiliateUIDs: start no older than one year, one query spans at most 90 days (weex-facts.md). */
const RULE: RangeRule = { maxAgeDays: WINDOWS.invitees.maxAgeMs / DAY_MS, maxSpanDays: WINDOWS.invitees.maxSpanMs / DAY_MS };

interface Draft {
  uid: string;
  from: string;
  to: string;
  stage: string;
  activity: string;
  activeDays: string;
  inviteCode: string;
}

/** The furthest funnel stage an invitee reached (its words: invitees.reached.<stage>). */
export function funnelStage(i: Invitee): { stage: Stage; tone: Tone } {
  if (i.firstTrade) return { stage: "traded", tone: "good" };
  if (i.firstDeposit) return { stage: "deposited", tone: "info" };
  if (i.kycResult) return { stage: "kyc", tone: "warn" };
  return { stage: "registered", tone: "neutral" };
}

/** `riskBadges`: a badge on a row with an open risk flag (viewers and above; never a partner or a share link). */
export function InviteesView({ riskBadges = false }: { riskBadges?: boolean }) {
  const t = useTranslations("invitees");
  const tz = useTimeZone();
  const { url, setUrl, paging, query: q } = usePagedQuery(inviteesSearch, "invitees", inviteesQuery, tz);
  const filter = inviteesFilter(url, tz);
  const [now] = useState(() => Date.now());
  const flags = useRiskBadges("invitee", q.data?.items.map((i) => i.uid) ?? [], riskBadges);

  // Filter edits stay local until applied; the form remounts when the URL changes (back/forward).
  const formKey = `${url.uid}|${url.regFrom}|${url.regTo}|${url.stage}|${url.activity}|${url.activeDays}|${url.inviteCode}`;

  const columns = useMemo(() => {
    const h = columnHelper<Invitee>();
    const time = (v: number | null) => (v ? <span className="whitespace-nowrap tabular-nums">{formatDateTime(v, tz)}</span> : <span className="text-slate-500 dark:text-slate-400">{t("never")}</span>);
    return h.columns([
      h.accessor("uid", { header: t("columns.uid"), cell: (c) => <IdWithRiskBadge id={c.getValue()} label={t("columns.uidLabel")} flags={flags} />, meta: { nowrap: true } }),
      h.display({
        id: "stage",
        header: t("columns.stage"),
        cell: (c) => {
          const s = funnelStage(c.row.original);
          return <Badge tone={s.tone}>{t(`reached.${s.stage}`)}</Badge>;
        },
      }),
      h.accessor("registerTime", { header: t("columns.registered", { tz }), cell: (c) => time(c.getValue()) }),
      h.accessor("kycResult", { header: t("columns.kyc"), cell: (c) => <FlagBadge value={c.getValue()} yes={t("columns.kycPassed")} no={t("columns.kycNotPassed")} /> }),
      h.accessor("inviteCode", { header: t("columns.inviteCode"), cell: (c) => (c.getValue() ? <code className="font-mono text-xs">{c.getValue()}</code> : "—") }),
      h.accessor("firstDeposit", { header: t("columns.firstDeposit", { tz }), cell: (c) => time(c.getValue()) }),
      h.accessor("firstTrade", { header: t("columns.firstTrade", { tz }), cell: (c) => time(c.getValue()) }),
      h.accessor("lastDeposit", { header: t("columns.lastDeposit"), cell: (c) => time(c.getValue()) }),
      h.accessor("lastTrade", { header: t("columns.lastTrade"), cell: (c) => time(c.getValue()) }),
    ]);
  }, [tz, t, flags]);

  const filtered = url.uid || url.regFrom || url.regTo || url.stage || url.activity || url.inviteCode;
  const caption = [
    t("caption.title"),
    url.uid ? t("caption.uid", { uid: url.uid }) : "",
    url.regFrom || url.regTo ? t("caption.registered", { from: url.regFrom ?? "…", to: url.regTo ?? "…" }) : "",
    url.stage ? t("caption.stage", { stage: t(`stages.${url.stage}`) }) : "",
    url.activity
      ? url.activity !== "never"
        ? t("caption.activityDays", { activity: t(`activities.${url.activity}`), days: filter.activeDays ?? ACTIVE_DAYS_DEFAULT })
        : t(`activities.${url.activity}`)
      : "",
    url.inviteCode ? t("caption.inviteCode", { code: url.inviteCode }) : "",
  ]
    .filter(Boolean)
    .join(t("caption.separator"));
  const toDraft = (): Draft => ({
    uid: url.uid ?? "",
    from: url.regFrom ?? "",
    to: url.regTo ?? "",
    stage: url.stage ?? "",
    activity: url.activity ?? "",
    activeDays: url.activeDays !== null ? String(url.activeDays) : "",
    inviteCode: url.inviteCode ?? "",
  });

  return (
    <>
      <InviteeFilters
        key={formKey}
        initial={toDraft()}
        tz={tz}
        now={now}
        onApply={(f) =>
          void setUrl({
            uid: f.uid || null,
            regFrom: f.from || null,
            regTo: f.to || null,
            stage: (f.stage || null) as Stage | null,
            activity: (f.activity || null) as Activity | null,
            activeDays: f.activeDays ? Number(f.activeDays) : null,
            inviteCode: f.inviteCode.trim() || null,
            page: null,
          })
        }
        onReset={() => void setUrl({ uid: null, regFrom: null, regTo: null, stage: null, activity: null, activeDays: null, inviteCode: null, page: null })}
      />
      <ListToolbar note={t("exportNote")}>
        <div className="flex flex-wrap gap-2">
          <button
          type="button"
          className={buttonSecondary}
          aria-pressed={url.activity === "dormant" && !url.stage}
          onClick={() => void setUrl({ activity: "dormant", stage: null, activeDays: null, page: null })}
        >
          {t("dormantButton")}
        </button>
          <ExportButton href="/api/affiliate/invitees/export" params={filter} fallbackFilename="invitees.csv" />
        </div>
      </ListToolbar>
      <PagedTable
        query={q}
        columns={columns}
        caption={caption}
        getRowId={(r) => r.uid}
        testId="invitees-table"
        label={t("tableLabel")}
        loadingLabel={t("loading")}
        empty={
          <EmptyState title={filtered ? t("empty.filteredTitle") : t("empty.title")}>{filtered ? t("empty.filteredText") : t("empty.text")}</EmptyState>
        }
        paging={paging}
      />
    </>
  );
}

function InviteeFilters({
  initial,
  tz,
  now,
  onApply,
  onReset,
}: {
  initial: Draft;
  tz: string;
  now: number;
  onApply: (f: Draft) => void;
  onReset: () => void;
}) {
  const t = useTranslations("invitees.filters");
  const tl = useTranslations("invitees");
  const [draft, setDraft] = useState(initial);
  const uid = draft.uid.trim();
  const uidError = uid && !/^[1-9]\d{0,19}$/.test(uid) ? t("uidError") : null;
  const check = checkRange(draft.from, draft.to, RULE, tz, now);
  const days = draft.activeDays.trim();
  const daysError = days && !(/^\d{1,4}$/.test(days) && Number(days) >= 1 && Number(days) <= ACTIVE_DAYS_MAX) ? t("daysError", { max: ACTIVE_DAYS_MAX }) : null;
  const codeError = draft.inviteCode.trim().length > 64 ? t("codeError") : null;
  const invalid = !!(uidError || daysError || codeError || check.fromError || check.toError);
  // One open end is completed to a full window the upstream accepts (90 days at most).
  const apply = () => {
    if (invalid) return;
    let { from, to } = draft;
    if (from && !to) to = check.maxToDate ?? "";
    if (to && !from) {
      const earliest = addDays(parseYmd(to)!, -(RULE.maxSpanDays! - 1));
      from = check.minDate && formatYmd(earliest) < check.minDate ? check.minDate : formatYmd(earliest);
    }
    onApply({ ...draft, uid, from, to, activeDays: days });
  };
  return (
    <FilterForm label={t("label")} onApply={apply} onReset={onReset} applyDisabled={invalid}>
      <TextField label={t("uid")} inputMode="numeric" autoComplete="off" value={draft.uid} onChange={(e) => setDraft({ ...draft, uid: e.target.value })} error={uidError} placeholder={t("any")} />
      <DateRangeFields
        fromLabel={t("from")}
        toLabel={t("to")}
        from={draft.from}
        to={draft.to}
        onFrom={(from) => setDraft({ ...draft, from })}
        onTo={(to) => setDraft({ ...draft, to })}
        check={check}
        tz={tz}
        why={tl("why")}
      />
      <SelectField
        label={t("stage")}
        value={draft.stage}
        onChange={(e) => setDraft({ ...draft, stage: e.target.value })}
        options={[{ value: "", label: t("anyOption") }, ...STAGES.map((v) => ({ value: v, label: tl(`stages.${v}`) }))]}
      />
      <SelectField
        label={t("activity")}
        value={draft.activity}
        onChange={(e) => setDraft({ ...draft, activity: e.target.value })}
        options={[{ value: "", label: t("anyOption") }, ...ACTIVITIES.map((v) => ({ value: v, label: tl(`activities.${v}`) }))]}
        hint={t("activityHint")}
      />
      <TextField
        label={t("activeDays")}
        inputMode="numeric"
        value={draft.activeDays}
        placeholder={String(ACTIVE_DAYS_DEFAULT)}
        onChange={(e) => setDraft({ ...draft, activeDays: e.target.value })}
        error={daysError}
        disabled={!draft.activity || draft.activity === "never"}
      />
      <TextField label={t("inviteCode")} autoComplete="off" value={draft.inviteCode} onChange={(e) => setDraft({ ...draft, inviteCode: e.target.value })} error={codeError} placeholder={t("any")} />
    </FilterForm>
  );
}
