"use client";

import { useTranslations } from "next-intl";
import { buttonSecondary } from "@/components/ui/styles";

/** A page that crashed while rendering: say so and offer to try again, keeping the shell. */
export default function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("pages.error");
  return (
    <div role="alert" className="max-w-2xl rounded-lg border border-red-300 bg-red-50 p-6 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
      <h1 className="text-xl font-semibold">{t("title")}</h1>
      <p className="mt-2 text-sm">
        {t("body")}
        {error.digest ? ` ${t("reference", { digest: error.digest })}` : ""}
      </p>
      <button type="button" className={`${buttonSecondary} mt-4`} onClick={reset}>
        {t("retry")}
      </button>
    </div>
  );
}
