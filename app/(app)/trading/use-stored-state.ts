"use client";

import { useEffect, useState } from "react";

/**
 * State kept in sessionStorage for this tab, so a reload in the middle of placing an order
 * keeps the draft and, above all, its client order id (the handle that identifies a resend).
 * Only used by components rendered on the client alone (see view.tsx).
 * `restore` adjusts a stored value when the page opens again.
 */
export function useStoredState<T>(key: string, init: () => T, restore: (stored: T) => T = (v) => v): [T, (v: T | ((prev: T) => T)) => void] {
  const [value, setValue] = useState<T>(() => {
    try {
      const raw = sessionStorage.getItem(key);
      // `restore` lets the owner drop what must not come back (e.g. a symbol WEEX rejected).
      if (raw) return restore({ ...init(), ...(JSON.parse(raw) as T) });
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
