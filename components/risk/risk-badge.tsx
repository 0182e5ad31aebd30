"use client";

/**
 * The badge on a table's row whose subject has an open risk flag (the invitee, invitee-value and
 * sub-affiliate tables): one request per page of rows, only for viewers and above — a partner's
 * or a share link's table never asks (risk is the manager's view; the route refuses them too).
 * The badge links to /risk filtered on the subject, and its label names the rules.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { CopyableId } from "@/components/ui/copyable-id";
import { Badge, type Tone } from "@/components/ui/badge";
import { IntentLink } from "@/components/ui/intent-link";
import { focusRing } from "@/components/ui/styles";
import { RISK_SUBJECTS_MAX, type RiskSeverity, type RiskSubjectFlags } from "@/lib/contract/risk";
import { apiGet } from "@/lib/ui/api";

/** A severity's colour (the text says it; the colour only repeats it). */
export const SEVERITY_TONE: Record<RiskSeverity, Tone> = { high: "bad", medium: "warn", low: "info" };

type BadgeSubject = "invitee" | "subAffiliate";

function subjectsQuery(subjectType: BadgeSubject, ids: readonly string[]) {
  const params = { subjectType, ids: ids.join(",") };
  return queryOptions({
    queryKey: ["/api/risk/subjects", params] as const,
    queryFn: ({ signal }) => apiGet<{ items: RiskSubjectFlags[] }>("/api/risk/subjects", params, signal),
  });
}

/** The open flags of the rows' subjects by id; nothing is asked unless `enabled` (a viewer and above) and there are rows. */
export function useRiskBadges(subjectType: BadgeSubject, ids: readonly string[], enabled: boolean): ReadonlyMap<string, RiskSubjectFlags> {
  const unique = [...new Set(ids)].slice(0, RISK_SUBJECTS_MAX);
  const q = useQuery({ ...subjectsQuery(subjectType, unique), enabled: enabled && unique.length > 0 });
  return useMemo(() => new Map((enabled ? (q.data?.items ?? []) : []).map((s) => [s.subject.id, s])), [enabled, q.data]);
}

/** A table's id cell: the id to copy, and the badge when its subject has an open flag. */
export function IdWithRiskBadge({ id, label, flags }: { id: string; label?: string; flags: ReadonlyMap<string, RiskSubjectFlags> }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <CopyableId value={id} label={label} />
      <RiskBadge flags={flags.get(id)} />
    </span>
  );
}

export function RiskBadge({ flags }: { flags: RiskSubjectFlags | undefined }) {
  const t = useTranslations("risk");
  if (!flags) return null;
  const rules = flags.rules.map((r) => t(`rules.${r}.name`)).join(", ");
  const href = `/risk?subjectType=${flags.subject.type}&subject=${encodeURIComponent(flags.subject.id)}`;
  return (
    <IntentLink href={href} className={`rounded-full ${focusRing}`} aria-label={t("view.badge.label", { severity: t(`view.severities.${flags.severity}`), rules })} title={rules} data-testid="risk-badge">
      <Badge tone={SEVERITY_TONE[flags.severity]}>{flags.count > 1 ? `${t("view.badge.text")} ${flags.count}` : t("view.badge.text")}</Badge>
    </IntentLink>
  );
}
