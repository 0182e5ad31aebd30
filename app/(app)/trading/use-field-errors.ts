"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { fieldMessageOf, type Errors } from "@/lib/ui/orders";

/**
 * The forms' field errors in the page's language: a check's message (English, as the schemas
 * give it) becomes its words from errors.fields; one the table does not know (e.g. the
 * server's, already in the request's language) is shown as it came.
 */
export function useFieldErrors(errors: Errors): Errors {
  const t = useTranslations("errors.fields");
  return useMemo(() => {
    const out: Errors = {};
    for (const [field, message] of Object.entries(errors)) {
      const known = fieldMessageOf(message);
      out[field] = known ? t(known.id, known.values) : message;
    }
    return out;
  }, [errors, t]);
}
