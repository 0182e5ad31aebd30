"use client";

import { useQuery } from "@tanstack/react-query";
import { archiveStatusQuery } from "./query-options";

/** The archive's build state (archiveStatusQuery), while `enabled`. */
export function useArchiveStatus(enabled = true) {
  return useQuery({ ...archiveStatusQuery(), enabled });
}
