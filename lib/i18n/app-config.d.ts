// next-intl's typed keys: `useTranslations("overview")("title")` fails to compile when the
// English catalogue lacks the key.
import type { Locale } from "./locales";
import type { Messages } from "./messages";

declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
