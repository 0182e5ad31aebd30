"use client";

/**
 * "Share this view": a read-only link to the page with its current filters, for
 * someone without a login — expiring, optionally with a password and exports — and this
 * person's links to the page, each revocable. The page's filters are the link's scope, said in
 * words before it is made (ShareScopeSummary); the server holds the reader to them and to the
 * creator's scope (lib/server/identity/share-scope.ts); the URL holds the token and is shown once, when
 * it is made.
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { buttonSecondary, cardClass, inputClass, mutedText } from "@/components/ui/styles";
import type { NewShareLinkInput, ShareLinkCreated, SharePageKey } from "@/lib/contract/share";
import { apiGet, apiSend, isApiError } from "@/lib/ui/api";
import { ShareScopeSummary } from "./share-scope-summary";
import { DAY_MS } from "@/lib/time/calendar";

interface Listed {
  id: string;
  page: string;
  query: string;
  expiresAt: string;
  state: "active" | "revoked" | "expired";
  hasPassword: boolean;
  allowExport: boolean;
}

const LIFETIMES = [1, 7, 30] as const;

export function ShareButton({ page }: { page: SharePageKey }) {
  const t = useTranslations("share.create");
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState<(typeof LIFETIMES)[number]>(7);
  const [password, setPassword] = useState("");
  const [allowExport, setAllowExport] = useState(false);
  const [made, setMade] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [links, setLinks] = useState<Listed[]>([]);

  async function refresh() {
    try {
      const r = await apiGet<{ items: Listed[] }>("/api/share-links");
      setLinks(r.items.filter((l) => l.page === page && l.state === "active"));
    } catch {
      // (the list is a convenience: creating still works)
    }
  }

  async function create(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    try {
      const body: NewShareLinkInput = { page, query: window.location.search, expiresAt: new Date(Date.now() + days * DAY_MS).toISOString(), allowExport, ...(password ? { password } : {}) };
      const r = await apiSend<ShareLinkCreated>("POST", "/api/share-links", JSON.stringify(body));
      setMade(r.url);
      setPassword("");
      await refresh();
    } catch (err) {
      setError(isApiError(err) ? err.message : String(err));
    }
  }

  async function revoke(id: string) {
    try {
      await apiSend("DELETE", `/api/share-links/${id}`, "");
      await refresh();
    } catch (err) {
      setError(isApiError(err) ? err.message : String(err));
    }
  }

  if (!open) {
    return (
      <button type="button" className={buttonSecondary} onClick={() => {
          setOpen(true);
          void refresh();
        }}
      >
        {t("open")}
      </button>
    );
  }
  return (
    <section className={`${cardClass} w-full max-w-md space-y-3 text-sm`} aria-label={t("title")} data-testid="share-dialog">
      <form onSubmit={create} className="space-y-2">
        <p className={mutedText}>{t("explain")}</p>
        <ShareScopeSummary page={page} query={window.location.search} />
        <label className="block">
          <span className="mb-1 block font-medium">{t("expires")}</span>
          <select className={inputClass} value={days} onChange={(e) => setDays(Number(e.target.value) as (typeof LIFETIMES)[number])}>
            {LIFETIMES.map((d) => (
              <option key={d} value={d}>
                {t("days", { count: d })}
              </option>
            ))}
          </select>
        </label>
        <label className="block">
          <span className="mb-1 block font-medium">{t("password")}</span>
          <input type="password" autoComplete="new-password" className={inputClass} value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={allowExport} onChange={(e) => setAllowExport(e.target.checked)} />
          {t("allowExport")}
        </label>
        <div className="flex gap-2">
          <button type="submit" className={buttonSecondary}>
            {t("submit")}
          </button>
          <button type="button" className={buttonSecondary} onClick={() => setOpen(false)}>
            {t("close")}
          </button>
        </div>
      </form>
      {error ? (
        <p role="alert" className="font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      {made ? (
        <label className="block">
          <span className="mb-1 block font-medium">{t("made")}</span>
          <input readOnly className={inputClass} value={made} data-testid="share-url" onFocus={(e) => e.currentTarget.select()} />
        </label>
      ) : null}
      {links.length ? (
        <div>
          <h2 className="font-medium">{t("yours")}</h2>
          <ul className="mt-1 space-y-1">
            {links.map((l) => (
              <li key={l.id} className="flex items-center justify-between gap-2">
                <span className={mutedText}>{t("until", { date: l.expiresAt.slice(0, 16).replace("T", " ") })}</span>
                <button type="button" className={buttonSecondary} onClick={() => void revoke(l.id)}>
                  {t("revoke")}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
