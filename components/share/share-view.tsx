"use client";

import type { ReactNode } from "react";
import { ExportsAllowed } from "@/components/export/exports-allowed";
import { enterShareMode } from "@/lib/ui/share-mode";

/**
 * A share link's view (app/share/[token]): from here on the page's API requests carry the
 * link's token (lib/ui/share-mode.ts) — set while rendering, before any child asks for data —
 * and the export buttons show only when the link allows exports.
 */
export function ShareView({ token, allowExport, children }: { token: string; allowExport: boolean; children: ReactNode }) {
  enterShareMode(token);
  return <ExportsAllowed value={allowExport}>{children}</ExportsAllowed>;
}
