import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getCurrentUser } from "@/lib/server/auth";
import { getConfig } from "@/lib/config/config";
import { publicOrigin } from "@/lib/server/request-info";
import { safeCallbackUrl } from "@/lib/server/callback-url";
import { LanguageSwitch } from "@/components/i18n/language-switch";
import { LoginForm } from "./login-form";

export const metadata: Metadata = { title: "Sign in · WEEX Affiliate Dashboard" };

const ERRORS: Record<string, string> = {
  CredentialsSignin: "Wrong username or password.",
  SessionRequired: "Sign in to continue.",
};

/** The sign-in page. Already signed in: straight on to where the person was going. */
export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const callbackUrl = safeCallbackUrl(sp.callbackUrl, publicOrigin(await headers()));
  if (await getCurrentUser()) redirect(callbackUrl);
  const error = typeof sp.error === "string" ? (ERRORS[sp.error] ?? "Sign-in failed. Try again.") : null;
  return (
    <main id="main" className="relative flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12 dark:bg-slate-950">
      <LanguageSwitch className="absolute right-4 top-4" />
      <LoginForm callbackUrl={callbackUrl} demo={getConfig().mode === "demo"} initialError={error} />
    </main>
  );
}
