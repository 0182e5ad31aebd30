import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { getCurrentUser } from "@/lib/server/identity/auth";
import { demoAccountsOffered, demoPartnerOffered } from "@/lib/db";
import { publicOrigin } from "@/lib/server/http/request-info";
import { safeCallbackUrl } from "@/lib/contract/callback-url";
import { LanguageSwitch } from "@/components/i18n/language-switch";
import { LoginForm } from "./login-form";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("login");
  return { title: t("pageTitle") };
}

/** next-auth's `?error=` codes, as login.errors.<id> says them. */
const ERRORS: Record<string, "wrongCredentials" | "sessionRequired"> = {
  CredentialsSignin: "wrongCredentials",
  SessionRequired: "sessionRequired",
};

/** The sign-in page. Already signed in: straight on to where the person was going. */
export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const callbackUrl = safeCallbackUrl(sp.callbackUrl, publicOrigin(await headers()));
  if (await getCurrentUser()) redirect(callbackUrl);
  const t = await getTranslations("login.errors");
  const error = typeof sp.error === "string" ? t(Object.hasOwn(ERRORS, sp.error) ? ERRORS[sp.error] : "failed") : null;
  return (
    <main id="main" className="relative flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12 dark:bg-slate-950">
      <LanguageSwitch className="absolute right-4 top-4 inline-flex" />
      <LoginForm callbackUrl={callbackUrl} demo={await demoAccountsOffered()} demoPartner={await demoPartnerOffered()} initialError={error} />
    </main>
  );
}
