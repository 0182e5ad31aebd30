"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { buttonPrimary, cardClass, inputClass } from "@/components/ui/styles";
import type { ShareUnlock } from "@/lib/contract/share";
import { apiSend, isApiError } from "@/lib/ui/api";

/** A share link's password: checked by the server (throttled as sign-ins are); a right one reloads the page, which then opens. */
export function SharePasswordForm({ token }: { token: string }) {
  const t = useTranslations("share");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setPending(true);
    setError(null);
    try {
      const body: ShareUnlock = { token, password };
      await apiSend("POST", "/api/share-links/unlock", JSON.stringify(body));
      window.location.reload();
    } catch (err) {
      setError(isApiError(err) && err.status === 401 ? t("password.wrong") : isApiError(err) ? err.message : t("password.failed"));
      setPending(false);
    }
  }
  return (
    <form onSubmit={onSubmit} className={`${cardClass} space-y-3`} data-testid="share-password">
      <h1 className="text-lg font-semibold">{t("password.title")}</h1>
      <label htmlFor="share-password" className="block text-sm font-medium">
        {t("password.label")}
      </label>
      <input id="share-password" type="password" required autoComplete="off" value={password} onChange={(e) => setPassword(e.target.value)} className={inputClass} aria-invalid={error ? true : undefined} />
      <div role="alert" className="min-h-5 text-sm font-medium text-red-700 dark:text-red-400" data-testid="share-password-error">
        {error}
      </div>
      <button type="submit" className={buttonPrimary} disabled={pending}>
        {t("password.submit")}
      </button>
    </form>
  );
}
