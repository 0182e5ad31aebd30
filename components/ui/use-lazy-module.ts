"use client";

import { useEffect, useState } from "react";

/**
 * A module a page needs only once its data is there (decimal.js for sums and comparisons): it
 * is left out of the page's first-load JavaScript and loaded while the page's first request is
 * under way, so nothing waits for it in practice. One load per module, shared by every caller.
 */
export interface LazyModule<T> {
  /** the module, once loaded (null before) */
  get(): T | null;
  load(): Promise<T>;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  return {
    get: () => value,
    load: () =>
      (pending ??= importer().then(
        (m) => (value = m),
        (e: unknown) => {
          pending = null; // a failed chunk download may be retried by the next caller
          throw e;
        },
      )),
  };
}

/**
 * The module, or null until it has loaded. Loading starts on mount when `needed` (the default);
 * a component that needs it only for some states passes that condition, and re-renders once
 * when the module arrives.
 */
export function useLazyModule<T>(mod: LazyModule<T>, needed = true): T | null {
  const [value, setValue] = useState<T | null>(mod.get);
  const missing = needed && value === null;
  useEffect(() => {
    if (!missing) return;
    let live = true;
    mod.load().then(
      (m) => live && setValue(() => m),
      () => undefined, // the page keeps showing its loading state; the next mount tries again
    );
    return () => {
      live = false;
    };
  }, [mod, missing]);
  return value ?? mod.get();
}
