import Link from "next/link";

/** What a viewer sees on a trader page: why, and what to do instead (the API says 403 too). */
export function ForbiddenNotice({ what, role }: { what: string; role: string }) {
  return (
    <div role="alert" className="max-w-2xl rounded-lg border border-amber-300 bg-amber-50 p-6 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50" data-testid="forbidden">
      <h1 className="text-xl font-semibold">403 — not allowed for your role</h1>
      <p className="mt-2">
        {what} needs the <strong>trader</strong> role. You are signed in as a <strong>{role}</strong>.
      </p>
      <p className="mt-2 text-sm">Ask an administrator for the trader role, or go back to the <Link className="underline" href="/">overview</Link>.</p>
    </div>
  );
}
