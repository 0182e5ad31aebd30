import Link from "next/link";
import type { Role } from "@/lib/contract/roles";

/** What someone sees on a page their role does not include: why, and what to do instead (the API says 403 too). */
export function ForbiddenNotice({ what, needed, role }: { what: string; needed: Role; role: string }) {
  return (
    <div role="alert" className="max-w-2xl rounded-lg border border-amber-300 bg-amber-50 p-6 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50" data-testid="forbidden">
      <h1 className="text-xl font-semibold">{needed === "admin" ? "403 — for administrators only" : "403 — not allowed for your role"}</h1>
      <p className="mt-2">
        {what} needs the <strong>{needed}</strong> role. You are signed in as a <strong>{role}</strong>.
      </p>
      <p className="mt-2 text-sm">
        {needed === "admin" ? "Go back to the " : `Ask an administrator for the ${needed} role, or go back to the `}
        <Link className="underline" href="/">
          overview
        </Link>
        .
      </p>
    </div>
  );
}
