/**
 * The overview's URL state, which every period page shares: the period preset or custom dates,
 * the granularity of the charts and the display zone (the navigation carries them along).
 */
import { periodParsers, tzParser } from "@/lib/ui/url-state";

export const periodSearch = { ...periodParsers, tz: tzParser };
