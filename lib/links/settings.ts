/**
 * The links' settings from the environment:
 * - LINK_DESTINATION_HOSTS: hosts a link may lead to besides WEEX's own (`weex.com` and its
 *   subdomains), comma-separated; each allows its subdomains too.
 * - LINK_CLICK_RETENTION_DAYS: how many days the click rows are kept (default 90); the day
 *   rollups are kept for ever.
 */
import { DEFAULT_DESTINATION_HOSTS } from "./destination";

export interface LinkSettings {
  destinationHosts: string[];
  retentionDays: number;
}

const HOST_RE = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The settings, or an Error whose message names the variable and what it takes. */
export function linkSettingsFromEnv(env: Record<string, string | undefined> = process.env): LinkSettings {
  const hosts = (env.LINK_DESTINATION_HOSTS ?? "").split(",").map((h) => h.trim().toLowerCase()).filter((h) => h !== "");
  for (const h of hosts) {
    if (!HOST_RE.test(h)) throw new Error(`LINK_DESTINATION_HOSTS must list host names (e.g. "weex.io, partner.example"); "${h}" is not one.`);
  }
  const raw = env.LINK_CLICK_RETENTION_DAYS?.trim();
  if (raw && (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 3650)) throw new Error(`LINK_CLICK_RETENTION_DAYS must be a whole number of days from 1 to 3650, got "${raw}".`);
  return { destinationHosts: [...new Set([...DEFAULT_DESTINATION_HOSTS, ...hosts])], retentionDays: raw ? Number(raw) : 90 };
}
