"use client";

import Link from "next/link";
import { useState, type ComponentProps, type SyntheticEvent } from "react";

/**
 * A next/link that prefetches its page once a person shows they may follow it (the pointer
 * over it, keyboard focus, a touch), not as soon as it is on screen (Next's default; its
 * prefetching guide's "hover-triggered prefetch").
 *
 * Why: the shell's links are on screen on every page — on a desktop the whole sidebar, a dozen
 * pages. Prefetched on sight, each page view had the server render every one of those pages'
 * shells while it was still answering the page's own data, and a phone's main thread decode
 * the answers while the page was starting. The link a person is about to follow still arrives
 * prefetched: a pointer rests on a link for a few hundred milliseconds before the click, and a
 * touch starts before its click. Navigation without a prefetch is the same as with one, only
 * its shell comes with the click.
 */
export function IntentLink({ onMouseEnter, onFocus, onTouchStart, ...props }: Omit<ComponentProps<typeof Link>, "prefetch">) {
  const [intent, setIntent] = useState(false);
  const shown = <E extends SyntheticEvent>(handler?: (e: E) => void) => (e: E) => {
    setIntent(true);
    handler?.(e);
  };
  // prefetch null is Next's default (the page's shell up to its loading state); false: none yet
  return <Link {...props} prefetch={intent ? null : false} onMouseEnter={shown(onMouseEnter)} onFocus={shown(onFocus)} onTouchStart={shown(onTouchStart)} />;
}
