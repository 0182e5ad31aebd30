/** The caller's preferences: today only the language. */
import { z } from "zod";
import { LOCALES } from "./locales";

/** PUT /api/me/locale: the language to use from now on (also before sign-in: then only the cookie). */
export const localeBody = z.object({ locale: z.enum(LOCALES) }).strict();
export type LocaleBody = z.infer<typeof localeBody>;

export const localeResponse = z.object({ locale: z.enum(LOCALES), saved: z.boolean() });
export type LocaleResponse = z.infer<typeof localeResponse>;
