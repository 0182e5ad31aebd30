"use client";

import type { ReactNode } from "react";
import { ExportsAllowed } from "@/components/export/exports-allowed";
import { enterShareMode } from "@/lib/ui/share-mode";
import type { ShareDimension } from "@/lib/ui/share-scope";

/**
 * A share link's view (app/share/[token]): from here on the page's API requests carry the
 * link's token (lib/ui/share-mode.ts) — set while rendering, before any child asks for data —
 * and keep the filters the link fixes (`fixed`),
 * and the export buttons show only when the link allows exports.
 */
export function ShareView({ token, fixed, allowExport, children }: { token: string; fixed: Partial<Record<ShareDimension, string>>; allowExport: boolean; children: ReactNode }) {
  enterShareMode(token, fixed);
  return <ExportsAllowed value={allowExport}>{children}</ExportsAllowed>;
}
