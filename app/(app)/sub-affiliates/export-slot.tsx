"use client";

import { ExportButton } from "@/components/export/export-button";
import type { ProductType } from "@/lib/contract/params";

/** The export helper's CSV button, given exactly the filters the table shows (every page of them). */
export interface ExportSlotProps {
  productType: ProductType;
  subUid: string | null;
  /** absent: the person chose no period, and the route picks the window (as for the list) */
  startTime?: number;
  endTime?: number;
  from: string;
  to: string;
}

export function SubAffiliateExport({ productType, subUid, startTime, endTime, from, to }: ExportSlotProps) {
  return (
    <ExportButton
      href="/api/affiliate/sub-affiliates/export"
      params={{ productType, subUid, startTime, endTime }}
      fallbackFilename={`sub-affiliates_${productType}_${from}_${to}.csv`}
    />
  );
}
