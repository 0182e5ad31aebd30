"use client";

import { buttonSecondary } from "@/components/ui/styles";

/** A page that crashed while rendering: say so and offer to try again, keeping the shell. */
export default function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div role="alert" className="max-w-2xl rounded-lg border border-red-300 bg-red-50 p-6 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
      <h1 className="text-xl font-semibold">This page failed to load</h1>
      <p className="mt-2 text-sm">Something unexpected happened while showing it.{error.digest ? ` Reference: ${error.digest}.` : ""}</p>
      <button type="button" className={`${buttonSecondary} mt-4`} onClick={reset}>
        Try again
      </button>
    </div>
  );
}
