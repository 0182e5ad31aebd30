import "server-only";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Suspense, type ReactNode } from "react";
import { archiveStatusQuery } from "@/components/archive/query-options";
import { PageHeader } from "@/components/ui/page-header";
import { hasRole, type Role, type ShellUser } from "@/lib/contract/roles";
import { viewerArchiveStatus } from "@/lib/archive/server";
import { RENAMED_KEYS } from "@/lib/ui/url-state";
import { ForbiddenNotice } from "./forbidden-notice";
import { requireUser } from "./session";

type SearchParams = Record<string, string | string[] | undefined>;

export interface PageDef<S> {
  /** the page's path: where a sign-in returns to, and where a renamed URL key is redirected */
  path: string;
  /** the `<title>` before " · WEEX Affiliate" */
  title: string;
  /** the h1, when it differs from the title */
  heading?: string;
  description: ReactNode;
  /** the least role that may see the page (the routes it calls check it again) */
  role: Role;
  /** what the page does, for the 403 notice ("Querying spot orders needs the trader role") */
  what?: string;
  /** the page's URL state, read on the server the same way as in the browser (search-params.ts) */
  search?: (params: SearchParams) => S;
  /** shown while the view (which reads its URL in the browser) is loading; undefined: no Suspense boundary */
  fallback?: ReactNode;
  /** whether the view uses the archive's state (period controls, freshness): prefetched with the page */
  archiveStatus?: boolean;
  render: (ctx: { user: ShellUser; search: S }) => ReactNode;
}

/**
 * Every signed-in page in one shape: sign-in and role (one place; a role too low gets the 403
 * notice), old URL keys redirected to their current names (RENAMED_KEYS), the URL read on the
 * server, the title and description, and the view under Suspense with what the server could
 * prefetch already in its query cache (HydrationBoundary). The archive's state is prefetched
 * here: it needs no upstream request and every period and list page shows it. The lists
 * themselves are not: their keys depend on the browser's clock and zone, and a person's list
 * request should be the browser's own (cancelled when they leave).
 */
export function definePage<S = undefined>(def: PageDef<S>): { metadata: Metadata; Page: (props: { searchParams: Promise<SearchParams> }) => Promise<ReactNode> } {
  async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
    const params = await searchParams;
    const user = await requireUser(def.path);
    if (!hasRole(user, def.role)) return <ForbiddenNotice what={def.what ?? def.title} needed={def.role} role={user.role} />;
    const renamed = withCurrentKeys(params);
    if (renamed !== null) redirect(renamed ? `${def.path}?${renamed}` : def.path);
    const search = def.search ? def.search(params) : (undefined as S);

    const queryClient = new QueryClient();
    if (def.archiveStatus) await queryClient.prefetchQuery({ ...archiveStatusQuery(), queryFn: () => viewerArchiveStatus() });
    const view = def.render({ user, search });
    return (
      <>
        <PageHeader title={def.heading ?? def.title} description={def.description} />
        <HydrationBoundary state={dehydrate(queryClient)}>{def.fallback !== undefined ? <Suspense fallback={def.fallback}>{view}</Suspense> : view}</HydrationBoundary>
      </>
    );
  }
  return { metadata: { title: `${def.title} · WEEX Affiliate` }, Page };
}

/** The query string with old keys renamed (null when none was used); a key given both ways keeps the current one. */
function withCurrentKeys(params: SearchParams): string | null {
  if (!Object.keys(params).some((k) => Object.hasOwn(RENAMED_KEYS, k))) return null;
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const name = Object.hasOwn(RENAMED_KEYS, key) ? RENAMED_KEYS[key] : key;
    if (name !== key && name in params) continue;
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(name, v);
  }
  return out.toString();
}
