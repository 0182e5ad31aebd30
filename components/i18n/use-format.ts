"use client";

import { useLocale } from "next-intl";
import { useMemo } from "react";
import { createFormat, type Format } from "@/lib/i18n/format";

/** Formatters bound to the page's language (lib/i18n/format.ts). */
export function useFormat(): Format {
  const locale = useLocale();
  return useMemo(() => createFormat(locale), [locale]);
}
