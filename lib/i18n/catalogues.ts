/**
 * Both languages' catalogues at once, for the server's own writing in a reader's language
 * (error messages, alert messages, risk flags' sentences), which may switch language per
 * request. A page never imports this: it loads its one language through ./messages.ts.
 */
import en from "@/messages/en";
import zhCN from "@/messages/zh-CN";
import type { Locale } from "./locales";

export const CATALOGUES = { en, "zh-CN": zhCN } as const satisfies Record<Locale, unknown>;
