"use client";

import { useEffect, useState } from "react";

/**
 * State kept in sessionStorage for this tab, so a reload in the middle of placing an order
 * keeps the draft and, above all, its client order id (the handle that identifies a resend).
 * Only used by components rendered on the client alone (see trading/index.tsx).
 */
export function useStoredState<T>(key: string, init: () => T): [T, (v: T | ((prev: T) => T)) => void] {
  const [value, setValue] = useState<T>(() => {
    try {
      const raw = sessionStorage.getItem(key);
      if (raw) return { ...init(), ...(JSON.parse(raw) as T) };
    } catch {
      // unreadable or unavailable storage: start fresh
    }
    return init();
  });
  useEffect(() => {
    try {
      sessionStorage.setItem(key, JSON.stringify(value));
    } catch {
      // storage full or disabled: the draft lives as long as the page
    }
  }, [key, value]);
  return [value, setValue];
}
