import type { Metadata } from "next";
import { THEME_SCRIPT } from "@/components/shell/theme-script";
import { Providers } from "./providers";
import "./globals.css";

export const metadata: Metadata = {
  title: "WEEX Affiliate Dashboard",
  description: "Invitees, sub-affiliates, transfers, orders and markets for WEEX affiliates",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* Sets the theme class before first paint: no light flash for dark-mode users. */}
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
