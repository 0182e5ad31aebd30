"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { fieldMessageOf, type Errors } from "@/lib/ui/orders";

/**
 * The forms' field errors in the page's language: a check's message (English, as the schemas
 * and the API give it) becomes its words from trading.validation; one this table does not
 * know is shown as it came.
 */
export function useFieldErrors(errors: Errors): Errors {
  const t = useTranslations("trading.validation");
  return useMemo(() => {
    const out: Errors = {};
    for (const [field, message] of Object.entries(errors)) {
      const known = fieldMessageOf(message);
      out[field] = known ? t(known.id, known.values) : message;
    }
    return out;
  }, [errors, t]);
}
