"use client";

import { useMemo, useState } from "react";
import { ExportButton } from "@/components/export/export-button";
import { useTimeZone } from "@/components/period/use-period";
import { Badge, FlagBadge, type Tone } from "@/components/ui/badge";
import { CopyableId } from "@/components/ui/copyable-id";
import { columnHelper } from "@/components/ui/table-columns";
import { DateRangeFields } from "@/components/ui/date-range-fields";
import { EmptyState } from "@/components/ui/empty-state";
import { SelectField, TextField } from "@/components/ui/field";
import { buttonSecondary } from "@/components/ui/styles";
import { FilterForm } from "@/components/ui/filter-form";
import { ListToolbar } from "@/components/ui/list-toolbar";
import { PagedTable } from "@/components/ui/paged-table";
import { usePagedQuery } from "@/components/ui/use-url-paging";
import { inviteesFilter, inviteesQuery } from "@/app/(app)/invitees/query-options";
import { inviteesSearch } from "@/app/(app)/invitees/search-params";
import { ACTIVE_DAYS_DEFAULT, ACTIVE_DAYS_MAX, ACTIVITIES, STAGES, type Activity, type Stage } from "@/lib/contract/params";
import type { Invitee } from "@/lib/contract/responses";
import { checkRange, type RangeRule } from "@/lib/ui/ranges";
import { addDays, formatDateTime, formatYmd, parseYmd } from "@/lib/ui/time";
import { DAY_MS, WINDOWS } from "@/lib/weex/limits";

/** getAffiliateUIDs: start no older than one year, one query spans at most 90 days (weex-facts.md). */
const RULE: RangeRule = { maxAgeDays: WINDOWS.invitees.maxAgeMs / DAY_MS, maxSpanDays: WINDOWS.invitees.maxSpanMs / DAY_MS };
const WHY = "WEEX answers for registrations in the past year only, at most 90 days per query.";

/** How the furthest stage and the trading activity (issue 14) read on the page. */
const STAGE_LABELS: Record<Stage, string> = { registered: "Registered only", kyc: "KYC passed", deposited: "Deposited", traded: "Traded" };
const ACTIVITY_LABELS: Record<Activity, string> = { active: "Active traders", dormant: "Dormant traders", never: "Never traded" };

interface Draft {
  uid: string;
  from: string;
  to: string;
  stage: string;
  activity: string;
  activeDays: string;
  inviteCode: string;
}

/** The furthest funnel stage an invitee reached. */
export function funnelStage(i: Invitee): { label: string; tone: Tone } {
  if (i.firstTrade) return { label: "Traded", tone: "good" };
  if (i.firstDeposit) return { label: "Deposited", tone: "info" };
  if (i.kycResult) return { label: "KYC passed", tone: "warn" };
  return { label: "Registered", tone: "neutral" };
}

export function InviteesView() {
  const tz = useTimeZone();
  const { url, setUrl, paging, query: q } = usePagedQuery(inviteesSearch, "invitees", inviteesQuery, tz);
  const filter = inviteesFilter(url, tz);
  const [now] = useState(() => Date.now());

  // Filter edits stay local until applied; the form remounts when the URL changes (back/forward).
  const formKey = `${url.uid}|${url.regFrom}|${url.regTo}|${url.stage}|${url.activity}|${url.activeDays}|${url.inviteCode}`;

  const columns = useMemo(() => {
    const h = columnHelper<Invitee>();
    const time = (v: number | null) => (v ? <span className="whitespace-nowrap tabular-nums">{formatDateTime(v, tz)}</span> : <span className="text-slate-500 dark:text-slate-400">never</span>);
    return h.columns([
      h.accessor("uid", { header: "UID", cell: (c) => <CopyableId value={c.getValue()} label="invitee UID" />, meta: { nowrap: true } }),
      h.display({
        id: "stage",
        header: "Funnel stage",
        cell: (c) => {
          const s = funnelStage(c.row.original);
          return <Badge tone={s.tone}>{s.label}</Badge>;
        },
      }),
      h.accessor("registerTime", { header: `Registered (${tz})`, cell: (c) => time(c.getValue()) }),
      h.accessor("kycResult", { header: "KYC", cell: (c) => <FlagBadge value={c.getValue()} yes="Passed" no="Not passed" /> }),
      h.accessor("inviteCode", { header: "Invite code", cell: (c) => (c.getValue() ? <code className="font-mono text-xs">{c.getValue()}</code> : "—") }),
      h.accessor("firstDeposit", { header: `First deposit (${tz})`, cell: (c) => time(c.getValue()) }),
      h.accessor("firstTrade", { header: `First trade (${tz})`, cell: (c) => time(c.getValue()) }),
      h.accessor("lastDeposit", { header: "Last deposit", cell: (c) => time(c.getValue()) }),
      h.accessor("lastTrade", { header: "Last trade", cell: (c) => time(c.getValue()) }),
    ]);
  }, [tz]);

  const filtered = url.uid || url.regFrom || url.regTo || url.stage || url.activity || url.inviteCode;
  const caption = [
    "Invited users",
    url.uid ? `UID ${url.uid}` : "",
    url.regFrom || url.regTo ? `registered ${url.regFrom ?? "…"} to ${url.regTo ?? "…"}` : "",
    url.stage ? `stage: ${STAGE_LABELS[url.stage]}` : "",
    url.activity ? `${ACTIVITY_LABELS[url.activity]}${url.activity !== "never" ? ` (${filter.activeDays ?? ACTIVE_DAYS_DEFAULT} days)` : ""}` : "",
    url.inviteCode ? `invite code ${url.inviteCode}` : "",
  ]
    .filter(Boolean)
    .join(", ");
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
      <ListToolbar note="The export contains every page of these filters.">
        <div className="flex flex-wrap gap-2">
          <button
          type="button"
          className={buttonSecondary}
          aria-pressed={url.activity === "dormant" && !url.stage}
          onClick={() => void setUrl({ activity: "dormant", stage: null, activeDays: null, page: null })}
        >
          Dormant traders
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
        label="Invited users"
        loadingLabel="Loading invited users"
        empty={
          <EmptyState title={filtered ? "No invited users match these filters" : "No invited users yet"}>
            {filtered
              ? "Check the UID, or widen the registration dates (within the past year, 90 days at a time)."
              : "Users who register with your invitation codes appear here."}
          </EmptyState>
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
  const [draft, setDraft] = useState(initial);
  const uid = draft.uid.trim();
  const uidError = uid && !/^[1-9]\d{0,19}$/.test(uid) ? "A UID is digits only, e.g. 702345678901234567." : null;
  const check = checkRange(draft.from, draft.to, RULE, tz, now);
  const days = draft.activeDays.trim();
  const daysError = days && !(/^\d{1,4}$/.test(days) && Number(days) >= 1 && Number(days) <= ACTIVE_DAYS_MAX) ? `Whole days from 1 to ${ACTIVE_DAYS_MAX}.` : null;
  const codeError = draft.inviteCode.trim().length > 64 ? "An invite code has at most 64 characters." : null;
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
    <FilterForm label="Filter invited users" onApply={apply} onReset={onReset} applyDisabled={invalid}>
      <TextField label="Invitee UID" inputMode="numeric" autoComplete="off" value={draft.uid} onChange={(e) => setDraft({ ...draft, uid: e.target.value })} error={uidError} placeholder="any" />
      <DateRangeFields
        fromLabel="Registered from"
        toLabel="Registered to"
        from={draft.from}
        to={draft.to}
        onFrom={(from) => setDraft({ ...draft, from })}
        onTo={(to) => setDraft({ ...draft, to })}
        check={check}
        tz={tz}
        why={WHY}
      />
      <SelectField
        label="Furthest stage"
        value={draft.stage}
        onChange={(e) => setDraft({ ...draft, stage: e.target.value })}
        options={[{ value: "", label: "Any" }, ...STAGES.map((v) => ({ value: v, label: STAGE_LABELS[v] }))]}
      />
      <SelectField
        label="Trading activity"
        value={draft.activity}
        onChange={(e) => setDraft({ ...draft, activity: e.target.value })}
        options={[{ value: "", label: "Any" }, ...ACTIVITIES.map((v) => ({ value: v, label: ACTIVITY_LABELS[v] }))]}
        hint="Dormant: traded once, but not within the active days."
      />
      <TextField
        label="Active days"
        inputMode="numeric"
        value={draft.activeDays}
        placeholder={String(ACTIVE_DAYS_DEFAULT)}
        onChange={(e) => setDraft({ ...draft, activeDays: e.target.value })}
        error={daysError}
        disabled={!draft.activity || draft.activity === "never"}
      />
      <TextField label="Invite code" autoComplete="off" value={draft.inviteCode} onChange={(e) => setDraft({ ...draft, inviteCode: e.target.value })} error={codeError} placeholder="any" />
    </FilterForm>
  );
}
