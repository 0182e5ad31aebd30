"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { safeCallbackUrl } from "@/lib/contract/callback-url";
import { DEMO_PARTNER, DEMO_PARTNER_PASSWORD, ROLES } from "@/lib/contract/roles";
import type { Scope } from "@/lib/contract/scope";
import { buttonPrimary, buttonSecondary, cardClass, inputClass, mutedText } from "@/components/ui/styles";

type Status = { kind: "idle" } | { kind: "pending" } | { kind: "error"; message: string };

/** Why a sign-in failed (login.errors.<id>), or the server's own message for a throttled one. */
type Failure = { id: "throttled" | "wrongCredentials"; message?: string };

/**
 * next-auth's credentials flow done by hand (csrf token, then the callback), so a throttled
 * sign-in (429 with a message) can be told apart from a wrong password (401).
 */
async function signIn(username: string, password: string, callbackUrl: string): Promise<Failure | null> {
  const csrf = await fetch("/api/auth/csrf", { credentials: "same-origin" });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch("/api/auth/callback/credentials", {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password, csrfToken, callbackUrl, json: "true" }),
  });
  const body = (await res.json().catch(() => null)) as { url?: string; error?: { message?: string } } | null;
  if (res.status === 429) return { id: "throttled", message: body?.error?.message };
  const landed = body?.url ? new URL(body.url, window.location.href) : null;
  if (!res.ok || !landed || landed.searchParams.has("error")) return { id: "wrongCredentials" };
  return null;
}

/**
 * The sign-in form; in demo mode, the demo accounts to fill in, and the demo's example partner
 * with what their view holds, once `npm run demo` has added them.
 */
export function LoginForm({ callbackUrl, demo, demoPartner = null, initialError }: { callbackUrl: string; demo: boolean; demoPartner?: Scope | null; initialError: string | null }) {
  const t = useTranslations("login");
  const accounts: { username: string; password: string; summary: React.ReactNode }[] = [
    // The same words as the demo's console text (ROLE_SUMMARIES), in the page's language.
    ...ROLES.map((username) => ({ username, password: "demo", summary: t(`demo.roles.${username}`) })),
    ...(demoPartner
      ? [
          {
            username: DEMO_PARTNER,
            // (a password of their own: see DEMO_PARTNER_PASSWORD)
            password: DEMO_PARTNER_PASSWORD,
            summary: t.rich("demo.partner", {
              subAffiliates: demoPartner.subAffiliateUids.join(", ") || "—",
              inviteCodes: demoPartner.inviteCodes.join(", ") || "—",
              password: DEMO_PARTNER_PASSWORD,
              code: (c) => <code className="font-mono">{c}</code>,
            }),
          },
        ]
      : []),
  ];
  const [status, setStatus] = useState<Status>(initialError ? { kind: "error", message: initialError } : { kind: "idle" });
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const error = status.kind === "error" ? status.message : null;

  useEffect(() => {
    usernameRef.current?.focus();
  }, []);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!username.trim() || !password) {
      setStatus({ kind: "error", message: t("errors.missing") });
      (username.trim() ? passwordRef : usernameRef).current?.focus();
      return;
    }
    setStatus({ kind: "pending" });
    try {
      const failure = await signIn(username, password, callbackUrl);
      if (failure) {
        setStatus({ kind: "error", message: failure.message ?? t(`errors.${failure.id}`) });
        passwordRef.current?.select();
        passwordRef.current?.focus();
        return;
      }
      // A full navigation, so every server component renders with the new session; only ever to
      // a path of this dashboard (the rule the page chose the prop by, held here too).
      window.location.assign(safeCallbackUrl(callbackUrl, window.location.origin));
    } catch {
      setStatus({ kind: "error", message: t("errors.unreachable") });
    }
  }

  return (
    <div className="w-full max-w-sm space-y-4">
      <div className={cardClass}>
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className={`mt-1 text-sm ${mutedText}`}>{t("subtitle")}</p>
        <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate aria-describedby={error ? "login-error" : undefined}>
          <LoginInput ref={usernameRef} name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} value={username} onChange={(e) => setUsername(e.target.value)} invalid={!!error} />
          <LoginInput ref={passwordRef} name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} invalid={!!error} />
          {/* Always in the page, so screen readers announce the message when it appears. */}
          <div id="login-error" role="alert" aria-live="assertive" className="min-h-5 text-sm font-medium text-red-700 dark:text-red-400" data-testid="login-error">
            {error}
          </div>
          <button type="submit" className={`${buttonPrimary} w-full`} disabled={status.kind === "pending"} aria-busy={status.kind === "pending"}>
            {status.kind === "pending" ? t("signingIn") : t("submit")}
          </button>
        </form>
      </div>

      {demo ? (
        <section aria-labelledby="demo-title" className={cardClass} data-testid="demo-accounts">
          <h2 id="demo-title" className="text-sm font-semibold">
            {t("demo.title")}
          </h2>
          <p className={`mt-1 text-sm ${mutedText}`}>
            {t.rich("demo.password", { code: (c) => <code className="font-mono">{c}</code> })}
          </p>
          <ul className="mt-3 space-y-2">
            {accounts.map(({ username, password: accountPassword, summary }) => (
              <li key={username} className="flex items-center justify-between gap-3">
                <span className="text-sm">
                  <code className="font-mono font-semibold">{username}</code> <span className={mutedText}>{summary}</span>
                </span>
                <button
                  type="button"
                  className={buttonSecondary}
                  onClick={() => {
                    setUsername(username);
                    setPassword(accountPassword);
                    passwordRef.current?.focus();
                  }}
                  aria-labelledby={`use-${username}`}
                >
                  {t("demo.use")}
                  {/* The account's name is an identifier: marked so, in any language. */}
                  <span id={`use-${username}`} className="sr-only">
                    {t.rich("demo.useLabel", { username, name: (c) => <span translate="no">{c}</span> })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/**
 * One of the form's two inputs under its label (login.<name>); its id is its name, and both are
 * marked invalid while an error is shown.
 */
function LoginInput({ name, invalid, ...input }: React.ComponentProps<"input"> & { name: "username" | "password"; invalid: boolean }) {
  const t = useTranslations("login");
  return (
    <div>
      <label htmlFor={name} className="mb-1 block text-sm font-medium">
        {t(name)}
      </label>
      <input id={name} name={name} required aria-invalid={invalid ? true : undefined} className={inputClass} {...input} />
    </div>
  );
}
