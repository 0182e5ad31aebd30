"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFormat } from "@/components/i18n/use-format";
import { Badge } from "@/components/ui/badge";
import { CopyableId } from "@/components/ui/copyable-id";
import { ErrorBanner, FormError } from "@/components/ui/error-banner";
import { SelectField, TextField } from "@/components/ui/field";
import { Section } from "@/components/ui/page-header";
import { PlainTable, QueryStates } from "@/components/ui/plain-table";
import { ActionNotice, useActionNotice } from "@/components/ui/action-notice";
import { stickyFirstColumn } from "@/components/ui/table-columns";
import { buttonPrimary, buttonSecondary, cardClass, focusRing, mutedText } from "@/components/ui/styles";
import { useApiQuery } from "@/components/ui/use-api-query";
import { hasRole, ROLES, type Role } from "@/lib/contract/roles";
import type { TokenCreated, TokenList, TokenView } from "@/lib/contract/tokens";
import { apiSend, fieldMessage } from "@/lib/ui/api";
import { DAY_MS, formatDateTime } from "@/lib/time/calendar";

const TOKENS = "/api/tokens";
/** The expiries offered (days); a year is the most a token may live. */
const EXPIRIES = [7, 30, 90, 180, 365] as const;

const utc = (ms: number) => formatDateTime(ms, "UTC");

/** API tokens: make one (shown once, with a copy button), list them (an admin: everyone's), revoke. */
export function TokensView({ role }: { role: Role }) {
  const t = useTranslations("tokens");
  const isAdmin = hasRole({ role }, "admin");
  const tokens = useApiQuery<TokenList>(TOKENS, {});
  const [created, setCreated] = useState<TokenCreated | null>(null);
  const { notice, done: refresh } = useActionNotice(TOKENS);

  return (
    <div className="space-y-6">
      <ActionNotice notice={notice} testId="tokens-notice" />
      {created ? <NewToken token={created} onDone={() => setCreated(null)} /> : null}
      <CreateForm
        ownRole={role}
        onCreated={(c) => {
          setCreated(c);
          void refresh("");
        }}
      />
      <Section title={isAdmin ? t("listTitleAdmin") : t("listTitle")} id="tokens" description={`${isAdmin ? t("listDescriptionAdmin") : t("listDescription")} ${t("timesInUtc")}`}>
        <QueryStates query={tokens} skeleton={{ rows: 3, columns: 6, label: t("loading") }}>
          {(data) =>
            data.items.length === 0 ? (
              <p className={`text-sm ${mutedText}`}>{t("empty")}</p>
            ) : (
              <TokenTable items={data.items} showOwner={isAdmin} onRevoked={(name) => refresh(t("revoked", { name }))} />
            )
          }
        </QueryStates>
      </Section>
      <p className="text-sm">
        {/* a whole page load: the reference page loads its renderer as it opens */}
        <a href="/docs/api" className={`font-medium text-sky-800 underline hover:text-sky-950 dark:text-sky-300 ${focusRing}`}>
          {t("docsLink")}
        </a>
      </p>
    </div>
  );
}

function NewToken({ token, onDone }: { token: TokenCreated; onDone: () => void }) {
  const t = useTranslations("tokens");
  return (
    <section className={`${cardClass} border-amber-400 dark:border-amber-600`} aria-labelledby="new-token-title" data-testid="new-token">
      <h2 id="new-token-title" className="text-base font-semibold">
        {t("newTitle", { name: token.name })}
      </h2>
      <p role="alert" className="mt-1 text-sm text-amber-900 dark:text-amber-200">
        {t("newWarning")}
      </p>
      <div className="mt-3 rounded-md bg-slate-100 p-3 dark:bg-slate-800" data-testid="new-token-value">
        <CopyableId value={token.token} label={t("tokenLabel")} wrap />
      </div>
      <button type="button" className={`${buttonSecondary} mt-3`} onClick={onDone}>
        {t("done")}
      </button>
    </section>
  );
}

function CreateForm({ ownRole, onCreated }: { ownRole: Role; onCreated: (t: TokenCreated) => void }) {
  const t = useTranslations("tokens");
  const tr = useTranslations("admin.roles");
  const [name, setName] = useState("");
  const [days, setDays] = useState<number>(90);
  const [role, setRole] = useState<Role>(ownRole);
  const [write, setWrite] = useState(false);
  const [inUrl, setInUrl] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const roles = ROLES.filter((r) => hasRole({ role: ownRole }, r));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setPending(true);
    setError(null);
    try {
      const body = { name, expiresAt: Date.now() + days * DAY_MS, role: inUrl ? "viewer" : role, write: inUrl ? false : write, inUrl };
      const token = await apiSend<TokenCreated>("POST", TOKENS, JSON.stringify(body));
      setName("");
      onCreated(token);
    } catch (err) {
      setError(err);
    } finally {
      setPending(false);
    }
  }

  const named = ["name", "expiresAt", "role", "write", "inUrl"];
  const general = error && !named.some((p) => fieldMessage(error, p));
  return (
    <Section title={t("createTitle")} id="create-token" description={t("createDescription")}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label={t("name")} name="name" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} hint={t("nameHint")} error={fieldMessage(error, "name")} maxLength={120} required />
          <SelectField
            label={t("expires")}
            name="expires"
            value={String(days)}
            onChange={(e) => setDays(Number(e.target.value))}
            options={EXPIRIES.map((d) => ({ value: String(d), label: t("expiresIn", { days: d }) }))}
            error={fieldMessage(error, "expiresAt")}
          />
          <SelectField
            label={t("role")}
            name="role"
            value={inUrl ? "viewer" : role}
            onChange={(e) => setRole(e.target.value as Role)}
            options={roles.map((r) => ({ value: r, label: tr(r) }))}
            hint={t("roleHint", { role: tr(ownRole) })}
            error={fieldMessage(error, "role")}
            disabled={inUrl}
          />
        </div>
        <Check label={t("write")} hint={t("writeHint")} checked={write && !inUrl} onChange={setWrite} disabled={inUrl} error={fieldMessage(error, "write")} />
        <Check label={t("inUrl")} hint={t("inUrlHint")} checked={inUrl} onChange={setInUrl} error={fieldMessage(error, "inUrl")} />
        <button type="submit" className={buttonPrimary} disabled={pending}>
          {pending ? t("creating") : t("create")}
        </button>
      </form>
      {general ? <FormError error={error} title={t("notCreated")} /> : null}
    </Section>
  );
}

function Check({ label, hint, checked, onChange, disabled, error }: { label: string; hint: string; checked: boolean; onChange: (v: boolean) => void; disabled?: boolean; error: string | null }) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input type="checkbox" className={`mt-0.5 h-4 w-4 ${focusRing}`} checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <span>
        <span className="font-medium">{label}</span>
        <span className={`block text-xs ${mutedText}`}>{hint}</span>
        {error ? <span className="block text-xs font-medium text-red-700 dark:text-red-400">{error}</span> : null}
      </span>
    </label>
  );
}

function TokenTable({ items, showOwner, onRevoked }: { items: TokenView[]; showOwner: boolean; onRevoked: (name: string) => Promise<void> }) {
  const t = useTranslations("tokens");
  // (when the list was drawn: what "expired" is measured against)
  const [now] = useState(Date.now);
  return (
    <PlainTable
      caption={t("caption")}
      columns={[t("name"), ...(showOwner ? [t("owner")] : []), t("token"), t("role"), t("permissions"), t("created"), t("expires"), t("lastUsed"), t("actions")]}
    >
      {items.map((token) => (
        <TokenRow key={token.id} token={token} showOwner={showOwner} expired={token.expiresAt <= now} onRevoked={onRevoked} />
      ))}
    </PlainTable>
  );
}

function TokenRow({ token, showOwner, expired, onRevoked }: { token: TokenView; showOwner: boolean; expired: boolean; onRevoked: (name: string) => Promise<void> }) {
  const t = useTranslations("tokens");
  const tr = useTranslations("admin.roles");
  const f = useFormat();
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  async function revoke() {
    if (!window.confirm(t("confirmRevoke", { name: token.name }))) return;
    setPending(true);
    setError(null);
    try {
      await apiSend("DELETE", `${TOKENS}/${encodeURIComponent(token.id)}`, "");
      await onRevoked(token.name);
    } catch (err) {
      setError(err);
      setPending(false);
    }
  }

  return (
    <>
      <tr className="border-b border-slate-100 align-top dark:border-slate-800" data-testid="token-row">
        <th scope="row" className={`py-2 pr-4 font-medium ${stickyFirstColumn}`}>
          {token.name}
        </th>
        {showOwner ? <td className="py-2 pr-4">{token.username}</td> : null}
        <td className="whitespace-nowrap py-2 pr-4 font-mono text-xs">{token.hint}…</td>
        <td className="py-2 pr-4">{tr(token.role)}</td>
        <td className="py-2 pr-4">
          <span className="flex flex-wrap gap-1">
            <Badge tone={token.write ? "warn" : "neutral"}>{token.write ? t("readWrite") : t("readOnly")}</Badge>
            {token.inUrl ? <Badge tone="info">{t("urlBadge")}</Badge> : null}
          </span>
        </td>
        <td className="whitespace-nowrap py-2 pr-4 font-mono text-xs">{utc(token.createdAt)}</td>
        <td className="whitespace-nowrap py-2 pr-4 font-mono text-xs">
          {utc(token.expiresAt)} {expired ? <Badge tone="bad">{t("expired")}</Badge> : null}
        </td>
        <td className="whitespace-nowrap py-2 pr-4 text-xs">
          {token.lastUsedAt === null ? (
            <span className={mutedText}>{t("never")}</span>
          ) : (
            <span title={utc(token.lastUsedAt)}>
              {f.ago(token.lastUsedAt)}
              {token.lastUsedIp ? <span className={`block ${mutedText}`}>{t("fromIp", { ip: token.lastUsedIp })}</span> : null}
            </span>
          )}
        </td>
        <td className="py-2">
          <button type="button" className={buttonSecondary} disabled={pending} onClick={revoke}>
            {t("revoke")}
          </button>
        </td>
      </tr>
      {error ? (
        <tr className="border-b border-slate-100 dark:border-slate-800">
          <td colSpan={showOwner ? 9 : 8} className="pb-3">
            <ErrorBanner error={error} title={t("notRevoked", { name: token.name })} />
          </td>
        </tr>
      ) : null}
    </>
  );
}
