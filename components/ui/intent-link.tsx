"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState, type ComponentProps, type SyntheticEvent } from "react";

/**
 * A next/link that prefetches its page once a person shows they may follow it (the pointer
 * over it, keyboard focus, a touch), not as soon as it is on screen (Next's default; its
 * prefetching guide's "hover-triggered prefetch").
 *
 * Why: the shell's links are on screen on every page — on a desktop the whole sidebar, a dozen
 * pages. Prefetched on sight, every page view sent one request per link (the server checks the
 * session in proxy.ts and answers the route's tree: the app has no loading.tsx, so Next fetches
 * no page content ahead in either mode) while the page's own requests were under way, and a
 * phone read each answer in a task of its own while the page was starting (bench/RESULTS.md,
 * web). What a prefetch brings — the route's tree — still comes on intent; the page's content
 * comes with the click, as it did before.
 *
 * The intent holds for the page it was shown on: the shell stays mounted across navigations,
 * and a link once hovered would otherwise be prefetched on sight again on every later page.
 */
export function IntentLink({ onMouseEnter, onFocus, onTouchStart, ...props }: Omit<ComponentProps<typeof Link>, "prefetch" | "legacyBehavior">) {
  const pathname = usePathname();
  const [intentOn, setIntentOn] = useState<string | null>(null);
  const shown = <E extends SyntheticEvent>(handler?: (e: E) => void) => (e: E) => {
    setIntentOn(pathname);
    handler?.(e);
  };
  // prefetch null is Next's default ("auto"); false: none yet
  return <Link {...props} prefetch={intentOn === pathname ? null : false} onMouseEnter={shown(onMouseEnter)} onFocus={shown(onFocus)} onTouchStart={shown(onTouchStart)} />;
}
