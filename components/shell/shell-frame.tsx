"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { useTranslations } from "next-intl";
import { usePathname } from "next/navigation";
import { Suspense, useEffect, useRef, useState } from "react";
import { AlertBell, type UnreadAt } from "@/components/alerts/alert-bell";
import { LanguageSwitch } from "@/components/i18n/language-switch";
import { buttonSecondary, focusRing } from "@/components/ui/styles";
import { ModeBadge } from "./mode-badge";
import { NavLinks } from "./nav-links";
import type { Health } from "@/lib/contract/responses";
import type { ShellUser } from "@/lib/contract/roles";
import { ThemeToggle } from "./theme-toggle";

/**
 * next-auth's client (session context, CSRF fetch) is needed only when signing out, so it is
 * fetched on the click instead of weighing on every page's first load.
 */
async function signOutToLogin() {
  const { signOut } = await import("next-auth/react");
  await signOut({ callbackUrl: "/login" });
}

/**
 * The frame around every signed-in page: header (mode, theme, user, sign out), the sidebar
 * navigation (a drawer on phones) and the main landmark the skip link jumps to.
 */
export function ShellFrame({ user, mode, unread, children }: { user: ShellUser; mode: Health["mode"]; unread: UnreadAt; children: React.ReactNode }) {
  const t = useTranslations("shell");
  const roles = useTranslations("common.roles");
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLDivElement>(null);

  // Close the drawer after navigating (render-time state sync keyed on the path).
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    drawer.current?.querySelector<HTMLElement>("a, button")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        menuButton.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  const nav = (onNavigate?: () => void) => (
    <Suspense fallback={null}>
      <NavLinks user={user} onNavigate={onNavigate} />
    </Suspense>
  );

  return (
    <div className="min-h-screen">
      <a href="#main" className={`sr-only z-50 rounded bg-white px-3 py-2 text-sm font-medium text-sky-800 focus:not-sr-only focus:fixed focus:left-2 focus:top-2 ${focusRing}`}>
        {t("skipToContent")}
      </a>
      <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white/95 px-3 backdrop-blur sm:px-4 dark:border-slate-800 dark:bg-slate-950/95">
        <button
          ref={menuButton}
          type="button"
          className={`rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800 ${focusRing}`}
          aria-expanded={open}
          aria-controls="mobile-nav"
          onClick={() => setOpen((o) => !o)}
        >
          <span className="sr-only">{open ? t("closeNavigation") : t("openNavigation")}</span>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
            <path d="M3 5h14v2H3V5Zm0 4h14v2H3V9Zm0 4h14v2H3v-2Z" />
          </svg>
        </button>
        <IntentLink href="/" className={`flex items-center gap-2 rounded font-semibold ${focusRing}`}>
          <span aria-hidden="true" className="grid h-7 w-7 place-items-center rounded bg-sky-700 text-xs font-bold text-white">W</span>
          <span className="sr-only sm:not-sr-only">{t("appName")}</span>
        </IntentLink>
        <ModeBadge mode={mode} />
        <div className="ml-auto flex items-center gap-2">
          {/* (alerts are about the whole account: not a partner's) */}
          {user.role === "partner" ? null : <AlertBell initial={unread} />}
          {/* On phones the header has no room for it: the navigation drawer holds it there. */}
          <LanguageSwitch className="hidden sm:inline-flex" />
          <ThemeToggle />
          <p className="hidden text-right text-sm leading-tight sm:block">
            <span className="block font-medium" data-testid="user-name" translate="no">{user.name}</span>
            <span className="block text-xs text-slate-600 dark:text-slate-400">{roles(user.role)}</span>
          </p>
          <button type="button" className={buttonSecondary} onClick={() => void signOutToLogin()}>
            {t("signOut")}
          </button>
        </div>
      </header>

      <div className="flex">
        {/* The border belongs to a column as tall as the page; the links inside stay in view. */}
        <div className="hidden w-60 shrink-0 border-r border-slate-200 md:block dark:border-slate-800" data-testid="sidebar">
          <nav aria-label={t("mainNavigation")} className="sticky top-14 max-h-[calc(100vh-3.5rem)] overflow-y-auto px-3 py-6">
            {nav()}
          </nav>
        </div>

        {open ? (
          <div className="fixed inset-0 top-14 z-20 md:hidden">
            <button type="button" tabIndex={-1} aria-hidden="true" className="absolute inset-0 h-full w-full bg-slate-900/40" onClick={() => setOpen(false)} />
            <div ref={drawer} id="mobile-nav" className="relative h-full w-72 max-w-[85vw] overflow-y-auto border-r border-slate-200 bg-white px-3 py-6 shadow-xl dark:border-slate-800 dark:bg-slate-950">
              <nav aria-label={t("mainNavigation")}>
                <p className="mb-4 px-3 text-sm sm:hidden">
                  {t.rich("signedInAs", { name: user.name, role: roles(user.role), b: (c) => <span className="font-medium" translate="no">{c}</span> })}
                </p>
                {nav(() => setOpen(false))}
              </nav>
              <LanguageSwitch className="mt-6 flex px-3 sm:hidden" />
            </div>
          </div>
        ) : null}

        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-3 py-6 focus:outline-none sm:px-6 lg:px-8">
          {user.role === "partner" && user.scope ? <PartnerViewNotice name={user.name} scope={user.scope} /> : null}
          {children}
        </main>
      </div>
    </div>
  );
}

/**
 * Whose view a partner is looking at, above every page: every figure on it is of this scope
 * alone (the server answers nothing else: lib/server/identity/partner-access.ts).
 */
function PartnerViewNotice({ name, scope }: { name: string; scope: NonNullable<ShellUser["scope"]> }) {
  const t = useTranslations("shell");
  const parts = [
    scope.subAffiliateUids.length ? t("partnerView.subAffiliates", { list: scope.subAffiliateUids.join(", ") }) : null,
    scope.inviteCodes.length ? t("partnerView.inviteCodes", { list: scope.inviteCodes.join(", ") }) : null,
  ].filter((p): p is string => p !== null);
  return (
    <p className="mb-4 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100" data-testid="partner-view">
      {t.rich("partnerView.title", { name, b: (c) => <span className="font-medium" translate="no">{c}</span> })} {parts.join(" · ")}
    </p>
  );
}
