/**
 * The catalogues. Each language is its own module (messages/<locale>/index.ts), imported only
 * when that language is asked for, so a page carries one language, never both. English is the
 * reference: its shape types every key (lib/i18n/app-config.d.ts), and a test checks that
 * zh-CN has exactly the same keys and placeholders.
 */
import type en from "@/messages/en";
import type { Locale } from "./locales";

export type Messages = typeof en;

const LOADERS: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import("@/messages/en"),
  "zh-CN": () => import("@/messages/zh-CN"),
};

export async function loadMessages(locale: Locale): Promise<Messages> {
  return (await LOADERS[locale]()).default;
}

/**
 * What the browser is sent of a catalogue (the root layout's NextIntlClientProvider): not the
 * e-mail texts, which only the server writes, and outside demo mode not the demo's words (a
 * live dashboard's pages say nothing of demo accounts, not even in their data).
 */
export function clientMessages<M extends Partial<Messages>>(messages: M, opts: { demo: boolean }): Omit<M, "email"> {
  const { email: _email, ...rest } = messages;
  void _email;
  if (opts.demo || !rest.login) return rest;
  const { demo: _demo, ...login } = rest.login;
  void _demo;
  return { ...rest, login } as Omit<M, "email">;
}
