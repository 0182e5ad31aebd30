"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { stickyFirstColumn } from "@/components/ui/table-columns";
import { Badge } from "@/components/ui/badge";
import { ErrorBanner, FormError } from "@/components/ui/error-banner";
import { SelectField, TextField } from "@/components/ui/field";
import { Section } from "@/components/ui/page-header";
import { PlainTable, QueryStates } from "@/components/ui/plain-table";
import { ActionNotice, useActionNotice } from "@/components/ui/action-notice";
import { buttonPrimary, buttonSecondary, inputClass } from "@/components/ui/styles";
import { useApiQuery } from "@/components/ui/use-api-query";
import { apiSend, fieldMessage, isApiError } from "@/lib/ui/api";
import { USER_ROLES, type UserRole } from "@/lib/contract/roles";
import type { AdminUser, RevokedCredentials, UserChanged } from "@/lib/contract/responses";
import type { Scope } from "@/lib/contract/scope";

const USERS = "/api/admin/users";

/** A list typed into one field: entries separated by commas, spaces or new lines. */
function entries(text: string): string[] {
  return text.split(/[\s,]+/).filter((x) => x !== "");
}

/** A partner's scope as the two fields hold it. */
function scopeBody(uids: string, codes: string): Scope {
  return { subAffiliateUids: entries(uids), inviteCodes: entries(codes) };
}

/** A field error about the scope, whichever part of it the server named. */
function scopeMessage(error: unknown, part: "subAffiliateUids" | "inviteCodes"): string | null {
  if (!isApiError(error)) return null;
  return error.fields.find((f) => f.path === `scope.${part}` || f.path.startsWith(`scope.${part}.`) || f.path === "scope")?.message ?? null;
}

/** The two fields of a partner's scope (sub-affiliate UIDs, invite codes): at least one entry in all. */
function ScopeFields({ uids, codes, onUids, onCodes, error, label }: { uids: string; codes: string; onUids: (v: string) => void; onCodes: (v: string) => void; error: unknown; label?: string }) {
  const t = useTranslations("admin.users");
  return (
    <>
      <TextField label={label ? t("scopeUidsOf", { username: label }) : t("scopeUids")} name="subAffiliateUids" autoComplete="off" value={uids} onChange={(e) => onUids(e.target.value)} hint={t("scopeHint")} error={scopeMessage(error, "subAffiliateUids")} />
      <TextField label={label ? t("scopeCodesOf", { username: label }) : t("scopeCodes")} name="inviteCodes" autoComplete="off" value={codes} onChange={(e) => onCodes(e.target.value)} hint={t("scopeHint")} error={scopeMessage(error, "inviteCodes")} />
    </>
  );
}

/** What a partner sees, as the table shows it. */
function ScopeText({ scope }: { scope: Scope }) {
  const t = useTranslations("admin.users");
  return (
    <span className="block text-xs text-slate-600 dark:text-slate-400" data-testid="user-scope">
      {scope.subAffiliateUids.length ? t("scopeUidsList", { list: scope.subAffiliateUids.join(", ") }) : null}
      {scope.subAffiliateUids.length && scope.inviteCodes.length ? " · " : null}
      {scope.inviteCodes.length ? t("scopeCodesList", { list: scope.inviteCodes.join(", ") }) : null}
    </span>
  );
}

/**
 * What a password reset or disabling ended besides the sessions, as a sentence for the notice:
 * the tokens by name, the share links by view and the start of their id (as the share links
 * page lists them).
 */
function useRevokedText(): (revoked: RevokedCredentials | null) => string {
  const t = useTranslations("admin.users");
  return (revoked) => {
    if (!revoked) return "";
    const { tokens, shareLinks } = revoked;
    if (!tokens.length && !shareLinks.length) return ` ${t("revokedNone")}`;
    const parts = [
      tokens.length ? t("revokedTokens", { count: tokens.length, list: tokens.map((x) => x.name).join(", ") }) : "",
      shareLinks.length ? t("revokedLinks", { count: shareLinks.length, list: shareLinks.map((l) => `${l.page} ${l.id.slice(0, 8)}`).join(", ") }) : "",
    ];
    return ` ${parts.filter(Boolean).join(" ")}`;
  };
}

/** Users: add one, change a role (a partner's scope), reset a password, disable or enable. */
export function UsersAdmin({ currentUsername }: { currentUsername: string }) {
  const t = useTranslations("admin.users");
  const tr = useTranslations("admin.roles");
  const users = useApiQuery<{ items: AdminUser[] }>(USERS, {});
  const { notice, done } = useActionNotice(USERS);

  return (
    <div className="space-y-6">
      <ActionNotice notice={notice} testId="admin-notice" />
      <AddUserForm onAdded={(u) => done(t("added", { username: u.username, role: tr(u.role) }))} />
      <Section title={t("title")} id="users" description={t("description")}>
        <QueryStates query={users} skeleton={{ rows: 4, columns: 5, label: t("loading") }}>
          {(data) => (
            <PlainTable caption={t("caption")} columns={[t("username"), t("role"), t("status"), t("created"), t("actions")]}>
              {data.items.map((u) => (
                <UserRow key={u.id} user={u} isSelf={u.username === currentUsername} onChanged={done} />
              ))}
            </PlainTable>
          )}
        </QueryStates>
      </Section>
    </div>
  );
}

function AddUserForm({ onAdded }: { onAdded: (u: AdminUser) => void }) {
  const t = useTranslations("admin.users");
  const tr = useTranslations("admin.roles");
  const [username, setUsername] = useState("");
  const [role, setRole] = useState<UserRole>("viewer");
  const [password, setPassword] = useState("");
  const [uids, setUids] = useState("");
  const [codes, setCodes] = useState("");
  const [email, setEmail] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setPending(true);
    setError(null);
    try {
      const body = { username, role, password, ...(role === "partner" ? { scope: scopeBody(uids, codes) } : {}), ...(email.trim() ? { email } : {}) };
      const { user } = await apiSend<{ user: AdminUser }>("POST", USERS, JSON.stringify(body));
      setUsername("");
      setPassword("");
      setUids("");
      setCodes("");
      setEmail("");
      onAdded(user);
    } catch (err) {
      setError(err);
    } finally {
      setPending(false);
    }
  }

  const general = error && !fieldMessage(error, "username") && !fieldMessage(error, "password") && !fieldMessage(error, "role") && !fieldMessage(error, "email") && !scopeMessage(error, "subAffiliateUids") && !scopeMessage(error, "inviteCodes");
  return (
    <Section title={t("addTitle")} id="add-user">
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-4 sm:items-end" noValidate>
        <TextField label={t("username")} name="username" autoComplete="off" value={username} onChange={(e) => setUsername(e.target.value)} error={fieldMessage(error, "username")} required />
        <SelectField label={t("role")} name="role" value={role} onChange={(e) => setRole(e.target.value as UserRole)} options={USER_ROLES.map((r) => ({ value: r, label: tr(r) }))} error={fieldMessage(error, "role")} />
        <TextField
          label={t("password")}
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={t("passwordHint")}
          error={fieldMessage(error, "password")}
          required
        />
        {role === "partner" ? <ScopeFields uids={uids} codes={codes} onUids={setUids} onCodes={setCodes} error={error} /> : null}
        <TextField label={t("email")} name="email" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} hint={t("emailHint")} error={fieldMessage(error, "email")} />
        <div>
          <button type="submit" className={`${buttonPrimary} w-full`} disabled={pending}>
            {pending ? t("adding") : t("add")}
          </button>
        </div>
      </form>
      {general ? <FormError error={error} title={t("notAdded")} /> : null}
    </Section>
  );
}

function UserRow({ user, isSelf, onChanged }: { user: AdminUser; isSelf: boolean; onChanged: (message: string) => Promise<void> }) {
  const t = useTranslations("admin.users");
  const tr = useTranslations("admin.roles");
  const username = user.username;
  const [role, setRole] = useState<UserRole>(user.role);
  const [resetting, setResetting] = useState(false);
  // a partner's scope being edited (also when the role is being changed to partner)
  const [scoping, setScoping] = useState(false);
  const [uids, setUids] = useState((user.scope?.subAffiliateUids ?? []).join(", "));
  const [codes, setCodes] = useState((user.scope?.inviteCodes ?? []).join(", "));
  const [emailing, setEmailing] = useState(false);
  const [email, setEmail] = useState(user.email ?? "");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  const revokedText = useRevokedText();

  async function patch(body: Record<string, unknown>, message: string) {
    setPending(true);
    setError(null);
    try {
      const { revoked } = await apiSend<UserChanged>("PATCH", `${USERS}/${encodeURIComponent(user.id)}`, JSON.stringify(body));
      setResetting(false);
      setScoping(false);
      setEmailing(false);
      setPassword("");
      // (a reset or disabling: what it revoked, so the admin sees the account holds nothing any more)
      await onChanged(message + revokedText(revoked));
    } catch (err) {
      setError(err);
    } finally {
      setPending(false);
    }
  }

  const roleId = `role-${user.id}`;
  return (
    <>
      <tr className="border-b border-slate-100 align-top dark:border-slate-800">
        <th scope="row" className={`py-2 pr-4 font-medium ${stickyFirstColumn}`}>
          {user.username}
          {isSelf ? <span className="ml-2 text-xs font-normal text-slate-600 dark:text-slate-400">{t("you")}</span> : null}
          <span className="block text-xs font-normal text-slate-600 dark:text-slate-400" data-testid="user-email">
            {user.email ?? t("noEmail")}
          </span>
        </th>
        <td className="py-2 pr-4">
          <div className="flex items-center gap-2">
            <label htmlFor={roleId} className="sr-only">
              {t("roleOf", { username })}
            </label>
            <select id={roleId} className={`${inputClass} w-auto py-1`} value={role} onChange={(e) => setRole(e.target.value as UserRole)} disabled={pending}>
              {USER_ROLES.map((r) => (
                <option key={r} value={r}>
                  {tr(r)}
                </option>
              ))}
            </select>
            {role !== user.role && role !== "partner" ? (
              <button type="button" className={buttonSecondary} disabled={pending} onClick={() => patch({ role }, t("nowRole", { username, role: tr(role) }))}>
                {t("saveRole")}
              </button>
            ) : null}
          </div>
          {user.scope ? <ScopeText scope={user.scope} /> : null}
        </td>
        <td className="py-2 pr-4">{user.disabled ? <Badge tone="bad">{t("disabled")}</Badge> : <Badge tone="good">{t("enabled")}</Badge>}</td>
        <td className="whitespace-nowrap py-2 pr-4 font-mono text-xs">{user.createdAt.slice(0, 19).replace("T", " ")}</td>
        <td className="py-2">
          <div className="flex flex-wrap gap-2">
            <button type="button" className={buttonSecondary} aria-expanded={resetting} onClick={() => setResetting((v) => !v)} disabled={pending}>
              {t("resetPassword")}
            </button>
            <button type="button" className={buttonSecondary} aria-expanded={emailing} onClick={() => setEmailing((v) => !v)} disabled={pending}>
              {t("editEmail")}
            </button>
            {user.role === "partner" ? (
              <button type="button" className={buttonSecondary} aria-expanded={scoping} onClick={() => setScoping((v) => !v)} disabled={pending}>
                {t("editScope")}
              </button>
            ) : null}
            {user.disabled ? (
              <button type="button" className={buttonSecondary} disabled={pending} onClick={() => patch({ disabled: false }, t("isEnabled", { username }))}>
                {t("enable")}
              </button>
            ) : (
              <button
                type="button"
                className={buttonSecondary}
                disabled={pending || isSelf}
                title={isSelf ? t("cannotDisableSelf") : undefined}
                onClick={() => {
                  if (window.confirm(t("confirmDisable", { username }))) void patch({ disabled: true }, t("isDisabled", { username }));
                }}
              >
                {t("disable")}
              </button>
            )}
          </div>
        </td>
      </tr>
      {scoping || (role === "partner" && user.role !== "partner") ? (
        <tr className="border-b border-slate-100 dark:border-slate-800">
          <td colSpan={5} className="pb-3">
            <form
              className="flex flex-wrap items-end gap-2"
              data-testid="scope-form"
              onSubmit={(e) => {
                e.preventDefault();
                const scope = scopeBody(uids, codes);
                void (user.role === "partner" ? patch({ scope }, t("scopeSaved", { username })) : patch({ role: "partner", scope }, t("nowRole", { username, role: tr("partner") })));
              }}
            >
              <ScopeFields uids={uids} codes={codes} onUids={setUids} onCodes={setCodes} error={error} label={username} />
              <button type="submit" className={buttonPrimary} disabled={pending}>
                {user.role === "partner" ? t("saveScope") : t("saveRole")}
              </button>
            </form>
          </td>
        </tr>
      ) : null}
      {emailing ? (
        <tr className="border-b border-slate-100 dark:border-slate-800">
          <td colSpan={5} className="pb-3">
            <form
              className="flex flex-wrap items-end gap-2"
              data-testid="email-form"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void patch({ email: email.trim() === "" ? null : email }, t("emailSaved", { username }));
              }}
            >
              <TextField label={t("emailOf", { username })} type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} hint={t("emailOfHint")} error={fieldMessage(error, "email")} />
              <button type="submit" className={buttonPrimary} disabled={pending}>
                {t("saveEmail")}
              </button>
            </form>
          </td>
        </tr>
      ) : null}
      {resetting || error ? (
        <tr className="border-b border-slate-100 dark:border-slate-800">
          <td colSpan={5} className="pb-3">
            {resetting ? (
              <form
                className="flex flex-wrap items-end gap-2"
                onSubmit={(e) => {
                  e.preventDefault();
                  void patch({ password }, t("passwordSet", { username }));
                }}
              >
                <TextField
                  label={t("newPasswordFor", { username })}
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  error={fieldMessage(error, "password")}
                  hint={t("newPasswordHint")}
                  autoFocus
                />
                <button type="submit" className={buttonPrimary} disabled={pending}>
                  {t("setPassword")}
                </button>
              </form>
            ) : null}
            {error && !fieldMessage(error, "password") && !fieldMessage(error, "email") ? <ErrorBanner error={error} title={t("notChanged", { username })} /> : null}
          </td>
        </tr>
      ) : null}
    </>
  );
}
