"use client";

import { useLocale } from "next-intl";
import type { ClipboardEvent } from "react";
import { formatAmount, formatDecimal, plainDecimal } from "@/lib/ui/format";

/**
 * What a copy of a shown amount puts on the clipboard: the exact value, when the selection lies
 * within this one amount (a double-click, a drag across its digits). A selection reaching
 * beyond it (a table row) is copied as the page shows it.
 */
export function copyExact(e: ClipboardEvent<HTMLElement>, exact: string): void {
  const selection = window.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return;
  if (!e.currentTarget.contains(selection.getRangeAt(0).commonAncestorContainer)) return;
  e.clipboardData.setData("text/plain", exact);
  e.preventDefault();
}

/**
 * A decimal string, grouped and tabular. With `coin` it is an amount shown for reading (2
 * decimals for USDT, 8 for BTC: lib/ui/format.ts formatAmount), and the exact value is on hover
 * (the title: the value alone, as before, so it reads and copies as the exports write it) and on copy; without, every digit is shown (prices, steps, rates). Never a sum of
 * coins: one value, one coin.
 */
export function Amount({ value, coin, className = "", testId }: { value: string | null | undefined; coin?: string; className?: string; testId?: string }) {
  // useLocale, not useFormat: works in server components too.
  const locale = useLocale();
  if (value === null || value === undefined || value === "") return <span className="text-slate-500 dark:text-slate-400">—</span>;
  if (coin === undefined) {
    return (
      <span className={`whitespace-nowrap tabular-nums ${className}`} title={value}>
        {formatDecimal(value, { locale })}
      </span>
    );
  }
  const exact = plainDecimal(value);
  return (
    <span className={`whitespace-nowrap tabular-nums ${className}`} title={exact} data-exact={exact} data-testid={testId} onCopy={(e) => copyExact(e, exact)}>
      {formatAmount(value, coin, { locale })}
    </span>
  );
}
