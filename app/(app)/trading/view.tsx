"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { TableSkeleton } from "@/components/ui/skeleton";

/**
 * The order forms render in the browser only: their drafts and client order ids live in
 * sessionStorage, which the server cannot see (and an id made on the server would differ).
 */
export const TradingView = dynamic(() => import("./forms").then((m) => m.TradingForms), {
  ssr: false,
  loading: () => <LoadingForms />,
});

function LoadingForms() {
  const t = useTranslations("trading");
  return <TableSkeleton rows={6} columns={3} label={t("loadingForms")} />;
}
