"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { useTranslations } from "next-intl";
import { usePathname, useSearchParams } from "next/navigation";
import { focusRing } from "@/components/ui/styles";
import { NAV_SECTIONS, isActive, navHref } from "./nav-items";
import { mayOpen, type ShellUser } from "@/lib/contract/roles";

/** The sidebar links the user may use (by role; a partner by their scope); links carry the shared view state (period, zone). */
export function NavLinks({ user, onNavigate }: { user: Pick<ShellUser, "role" | "scope">; onNavigate?: () => void }) {
  const t = useTranslations("shell");
  const pathname = usePathname();
  const search = useSearchParams();
  const current = new URLSearchParams(search?.toString() ?? "");
  return (
    <div className="space-y-6">
      {NAV_SECTIONS.map((section) => {
        const items = section.items.filter((i) => mayOpen(user, i));
        if (!items.length) return null;
        return (
          <div key={section.id}>
            <h2 className="px-3 text-xs font-semibold uppercase tracking-wider text-slate-500 dark:text-slate-400">{t(`sections.${section.id}`)}</h2>
            <ul className="mt-2 space-y-1">
              {items.map((item) => {
                const active = isActive(item, pathname);
                return (
                  <li key={item.href}>
                    <IntentLink
                      href={navHref(item, current)}
                      onClick={onNavigate}
                      aria-current={active ? "page" : undefined}
                      className={`block rounded-md px-3 py-2 text-sm font-medium ${focusRing} ${
                        active
                          ? "bg-sky-50 text-sky-900 dark:bg-sky-950 dark:text-sky-100"
                          : "text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
                      }`}
                    >
                      {t(`nav.${item.key}`)}
                    </IntentLink>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
