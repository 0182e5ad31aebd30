import { IntentLink } from "@/components/ui/intent-link";
import { useTranslations } from "next-intl";
import type { Role, UserRole } from "@/lib/contract/roles";

/** What someone sees on a page their role does not include: why, and what to do instead (the API says 403 too). */
export function ForbiddenNotice({ what, needed, role }: { what: string; needed: Role; role: UserRole }) {
  const t = useTranslations("pages.forbidden");
  const roles = useTranslations("common.roles");
  const overview = (c: React.ReactNode) => (
    <IntentLink className="underline" href="/">
      {c}
    </IntentLink>
  );
  return (
    <div role="alert" className="max-w-2xl rounded-lg border border-amber-300 bg-amber-50 p-6 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50" data-testid="forbidden">
      <h1 className="text-xl font-semibold">{needed === "admin" ? t("adminOnly") : t("notAllowed")}</h1>
      <p className="mt-2">{t.rich("needs", { what, needed: roles(needed), role: roles(role), b: (c) => <strong>{c}</strong> })}</p>
      <p className="mt-2 text-sm">{needed === "admin" ? t.rich("goBackAdmin", { link: overview }) : t.rich("askAdmin", { needed: roles(needed), link: overview })}</p>
    </div>
  );
}
