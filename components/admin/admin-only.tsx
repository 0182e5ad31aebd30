import Link from "next/link";

/** What a non-admin sees on an admin page (the API answers 403 as well). */
export function AdminOnly({ what, role }: { what: string; role: string }) {
  return (
    <div role="alert" className="max-w-2xl rounded-lg border border-amber-300 bg-amber-50 p-6 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50" data-testid="forbidden">
      <h1 className="text-xl font-semibold">403 — for administrators only</h1>
      <p className="mt-2">
        {what} needs the <strong>admin</strong> role. You are signed in as a <strong>{role}</strong>.
      </p>
      <p className="mt-2 text-sm">
        Go back to the <Link className="underline" href="/">overview</Link>.
      </p>
    </div>
  );
}
