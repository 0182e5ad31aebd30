"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { stickyFirstColumn } from "@/components/ui/table-columns";
import { Badge } from "@/components/ui/badge";
import { ErrorBanner } from "@/components/ui/error-banner";
import { SelectField, TextField } from "@/components/ui/field";
import { Section } from "@/components/ui/page-header";
import { TableSkeleton } from "@/components/ui/skeleton";
import { buttonPrimary, buttonSecondary, inputClass } from "@/components/ui/styles";
import { useApiQuery } from "@/components/ui/use-api-query";
import { apiSend, isApiError } from "@/lib/ui/api";
import { ROLES, type Role } from "@/lib/contract/roles";
import type { AdminUser } from "@/lib/contract/responses";

const USERS = "/api/admin/users";
const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: r }));

/** The message of a field error from a validation_error, if the server named that field. */
function fieldMessage(error: unknown, path: string): string | null {
  return isApiError(error) ? (error.fields.find((f) => f.path === path)?.message ?? null) : null;
}

/** Users: add one, change a role, reset a password, disable or enable. */
export function UsersAdmin({ currentUsername }: { currentUsername: string }) {
  const users = useApiQuery<{ items: AdminUser[] }>(USERS, {});
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState("");

  async function done(message: string) {
    setNotice(message);
    await queryClient.invalidateQueries({ queryKey: [USERS] });
  }

  return (
    <div className="space-y-6">
      {/* One polite live region for every completed action on this page. */}
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-emerald-800 dark:text-emerald-300" data-testid="admin-notice">
        {notice}
      </p>
      <AddUserForm onAdded={(u) => done(`Added ${u.username} (${u.role}).`)} />
      <Section title="Users" id="users" description="A new password or disabling ends that user's sessions at once.">
        {users.isPending ? (
          <TableSkeleton rows={4} columns={5} label="Loading users" />
        ) : users.isError ? (
          <ErrorBanner error={users.error} onRetry={() => users.refetch()} />
        ) : (
          <div className="overflow-x-auto">
            <table className="min-w-full text-left text-sm">
              <caption className="sr-only">Dashboard users</caption>
              <thead className="border-b border-slate-200 text-xs uppercase text-slate-600 dark:border-slate-700 dark:text-slate-400">
                <tr>
                  <th scope="col" className={`py-2 pr-4 ${stickyFirstColumn}`}>Username</th>
                  <th scope="col" className="py-2 pr-4">Role</th>
                  <th scope="col" className="py-2 pr-4">Status</th>
                  <th scope="col" className="py-2 pr-4">Created (UTC)</th>
                  <th scope="col" className="py-2">Actions</th>
                </tr>
              </thead>
              <tbody>
                {users.data.items.map((u) => (
                  <UserRow key={u.id} user={u} isSelf={u.username === currentUsername} onChanged={done} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
    </div>
  );
}

function AddUserForm({ onAdded }: { onAdded: (u: AdminUser) => void }) {
  const [username, setUsername] = useState("");
  const [role, setRole] = useState<Role>("viewer");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setPending(true);
    setError(null);
    try {
      const { user } = await apiSend<{ user: AdminUser }>("POST", USERS, JSON.stringify({ username, role, password }));
      setUsername("");
      setPassword("");
      onAdded(user);
    } catch (err) {
      setError(err);
    } finally {
      setPending(false);
    }
  }

  const general = error && !fieldMessage(error, "username") && !fieldMessage(error, "password") && !fieldMessage(error, "role");
  return (
    <Section title="Add a user" id="add-user">
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-4 sm:items-end" noValidate>
        <TextField label="Username" name="username" autoComplete="off" value={username} onChange={(e) => setUsername(e.target.value)} error={fieldMessage(error, "username")} required />
        <SelectField label="Role" name="role" value={role} onChange={(e) => setRole(e.target.value as Role)} options={ROLE_OPTIONS} error={fieldMessage(error, "role")} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint="At least 8 characters."
          error={fieldMessage(error, "password")}
          required
        />
        <div>
          <button type="submit" className={`${buttonPrimary} w-full`} disabled={pending}>
            {pending ? "Adding…" : "Add user"}
          </button>
        </div>
      </form>
      {general ? (
        <div className="mt-3">
          <ErrorBanner error={error} title="The user was not added" />
        </div>
      ) : null}
    </Section>
  );
}

function UserRow({ user, isSelf, onChanged }: { user: AdminUser; isSelf: boolean; onChanged: (message: string) => Promise<void> }) {
  const [role, setRole] = useState<Role>(user.role);
  const [resetting, setResetting] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  async function patch(body: Record<string, unknown>, message: string) {
    setPending(true);
    setError(null);
    try {
      await apiSend("PATCH", `${USERS}/${encodeURIComponent(user.id)}`, JSON.stringify(body));
      setResetting(false);
      setPassword("");
      await onChanged(message);
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
          {isSelf ? <span className="ml-2 text-xs font-normal text-slate-600 dark:text-slate-400">(you)</span> : null}
        </th>
        <td className="py-2 pr-4">
          <div className="flex items-center gap-2">
            <label htmlFor={roleId} className="sr-only">
              Role of {user.username}
            </label>
            <select id={roleId} className={`${inputClass} w-auto py-1`} value={role} onChange={(e) => setRole(e.target.value as Role)} disabled={pending}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
            {role !== user.role ? (
              <button type="button" className={buttonSecondary} disabled={pending} onClick={() => patch({ role }, `${user.username} is now ${role}.`)}>
                Save role
              </button>
            ) : null}
          </div>
        </td>
        <td className="py-2 pr-4">{user.disabled ? <Badge tone="bad">Disabled</Badge> : <Badge tone="good">Enabled</Badge>}</td>
        <td className="whitespace-nowrap py-2 pr-4 font-mono text-xs">{user.createdAt.slice(0, 19).replace("T", " ")}</td>
        <td className="py-2">
          <div className="flex flex-wrap gap-2">
            <button type="button" className={buttonSecondary} aria-expanded={resetting} onClick={() => setResetting((v) => !v)} disabled={pending}>
              Reset password
            </button>
            {user.disabled ? (
              <button type="button" className={buttonSecondary} disabled={pending} onClick={() => patch({ disabled: false }, `${user.username} is enabled.`)}>
                Enable
              </button>
            ) : (
              <button
                type="button"
                className={buttonSecondary}
                disabled={pending || isSelf}
                title={isSelf ? "You cannot disable your own account" : undefined}
                onClick={() => {
                  if (window.confirm(`Disable ${user.username}? Their sessions end at once.`)) void patch({ disabled: true }, `${user.username} is disabled.`);
                }}
              >
                Disable
              </button>
            )}
          </div>
        </td>
      </tr>
      {resetting || error ? (
        <tr className="border-b border-slate-100 dark:border-slate-800">
          <td colSpan={5} className="pb-3">
            {resetting ? (
              <form
                className="flex flex-wrap items-end gap-2"
                onSubmit={(e) => {
                  e.preventDefault();
                  void patch({ password }, `New password set for ${user.username}.`);
                }}
              >
                <TextField
                  label={`New password for ${user.username}`}
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  error={fieldMessage(error, "password")}
                  hint="At least 8 characters. Their current sessions end."
                  autoFocus
                />
                <button type="submit" className={buttonPrimary} disabled={pending}>
                  Set password
                </button>
              </form>
            ) : null}
            {error && !fieldMessage(error, "password") ? <ErrorBanner error={error} title={`${user.username} was not changed`} /> : null}
          </td>
        </tr>
      ) : null}
    </>
  );
}
