"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";

/**
 * What a page says after an action succeeded, and the list it then reloads: `done(message)`
 * sets the words and refreshes the list's query (its key is the API path).
 */
export function useActionNotice(listPath: string) {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState("");
  async function done(message: string) {
    setNotice(message);
    await queryClient.invalidateQueries({ queryKey: [listPath] });
  }
  return { notice, done };
}

/** One polite live region for every completed action on a page (always there, so it is announced). */
export function ActionNotice({ notice, testId }: { notice: string; testId: string }) {
  return (
    <p role="status" aria-live="polite" className="min-h-5 text-sm text-emerald-800 dark:text-emerald-300" data-testid={testId}>
      {notice}
    </p>
  );
}
