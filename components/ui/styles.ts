/** Class names shared by the UI primitives, so focus rings and controls look the same everywhere. */
export const focusRing =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 dark:focus-visible:outline-sky-400";

export const inputClass =
  `block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 disabled:bg-slate-100 disabled:text-slate-500 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:disabled:bg-slate-800 ${focusRing}`;

const buttonBase = `inline-flex items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;

export const buttonPrimary = `${buttonBase} bg-sky-700 text-white hover:bg-sky-800 dark:bg-sky-700 dark:hover:bg-sky-800`;
export const buttonSecondary = `${buttonBase} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800`;
export const buttonDanger = `${buttonBase} bg-red-700 text-white hover:bg-red-800`;
export const buttonGhost = `${buttonBase} text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800`;

export const cardClass = "rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900";
export const mutedText = "text-slate-600 dark:text-slate-400";
/** The header row of the admin and settings tables (users, audit log, API tokens). */
export const tableHeadClass = "border-b border-slate-200 text-xs uppercase text-slate-600 dark:border-slate-700 dark:text-slate-400";
