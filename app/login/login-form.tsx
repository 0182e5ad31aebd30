"use client";

import { useEffect, useRef, useState } from "react";
import { ROLE_SUMMARIES, ROLES } from "@/lib/contract/roles";
import { buttonPrimary, buttonSecondary, cardClass, inputClass, mutedText } from "@/components/ui/styles";

// The same words as the demo's console text (ROLE_SUMMARIES).
const DEMO_ACCOUNTS = ROLES.map((username) => ({ username, what: ROLE_SUMMARIES[username] }));

type Status = { kind: "idle" } | { kind: "pending" } | { kind: "error"; message: string };

/**
 * next-auth's credentials flow done by hand (csrf token, then the callback), so a throttled
 * sign-in (429 with a message) can be told apart from a wrong password (401).
 */
async function signIn(username: string, password: string, callbackUrl: string): Promise<string | null> {
  const csrf = await fetch("/api/auth/csrf", { credentials: "same-origin" });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch("/api/auth/callback/credentials", {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password, csrfToken, callbackUrl, json: "true" }),
  });
  const body = (await res.json().catch(() => null)) as { url?: string; error?: { message?: string } } | null;
  if (res.status === 429) return body?.error?.message ?? "Too many failed sign-ins. Try again later.";
  const landed = body?.url ? new URL(body.url, window.location.href) : null;
  if (!res.ok || !landed || landed.searchParams.has("error")) return "Wrong username or password.";
  return null;
}

export function LoginForm({ callbackUrl, demo, initialError }: { callbackUrl: string; demo: boolean; initialError: string | null }) {
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
      setStatus({ kind: "error", message: "Enter your username and password." });
      (username.trim() ? passwordRef : usernameRef).current?.focus();
      return;
    }
    setStatus({ kind: "pending" });
    try {
      const failure = await signIn(username, password, callbackUrl);
      if (failure) {
        setStatus({ kind: "error", message: failure });
        passwordRef.current?.select();
        passwordRef.current?.focus();
        return;
      }
      // A full navigation, so every server component renders with the new session.
      window.location.assign(callbackUrl);
    } catch {
      setStatus({ kind: "error", message: "The dashboard server could not be reached. Check your connection and try again." });
    }
  }

  return (
    <div className="w-full max-w-sm space-y-4">
      <div className={cardClass}>
        <h1 className="text-xl font-semibold">Sign in</h1>
        <p className={`mt-1 text-sm ${mutedText}`}>WEEX Affiliate Dashboard</p>
        <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate aria-describedby={error ? "login-error" : undefined}>
          <div>
            <label htmlFor="username" className="mb-1 block text-sm font-medium">
              Username
            </label>
            <input
              ref={usernameRef}
              id="username"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              aria-invalid={error ? true : undefined}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor="password" className="mb-1 block text-sm font-medium">
              Password
            </label>
            <input
              ref={passwordRef}
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={error ? true : undefined}
              className={inputClass}
            />
          </div>
          {/* Always in the page, so screen readers announce the message when it appears. */}
          <div id="login-error" role="alert" aria-live="assertive" className="min-h-5 text-sm font-medium text-red-700 dark:text-red-400" data-testid="login-error">
            {error}
          </div>
          <button type="submit" className={`${buttonPrimary} w-full`} disabled={status.kind === "pending"} aria-busy={status.kind === "pending"}>
            {status.kind === "pending" ? "Signing in…" : "Sign in"}
          </button>
        </form>
      </div>

      {demo ? (
        <section aria-labelledby="demo-title" className={cardClass} data-testid="demo-accounts">
          <h2 id="demo-title" className="text-sm font-semibold">
            Demo mode: simulated exchange
          </h2>
          <p className={`mt-1 text-sm ${mutedText}`}>
            No real WEEX account is used. Every demo account has the password <code className="font-mono">demo</code>.
          </p>
          <ul className="mt-3 space-y-2">
            {DEMO_ACCOUNTS.map((a) => (
              <li key={a.username} className="flex items-center justify-between gap-3">
                <span className="text-sm">
                  <code className="font-mono font-semibold">{a.username}</code> <span className={mutedText}>{a.what}</span>
                </span>
                <button
                  type="button"
                  className={buttonSecondary}
                  onClick={() => {
                    setUsername(a.username);
                    setPassword("demo");
                    passwordRef.current?.focus();
                  }}
                  aria-label={`Fill in the ${a.username} demo account`}
                >
                  Use
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
