/**
 * What a click's request says of the clicker, kept only as classes: a bot or not (isbot's
 * maintained list, which names the link-preview crawlers of Telegram, X, Discord, Slack and
 * Facebook), the device class, browser and OS (ua-parser-js 1.x, MIT; its 2.x line is AGPL), and
 * the referrer's host (never its path or query, which may carry someone's data).
 */
import { isbot } from "isbot";
import { UAParser } from "ua-parser-js";

export interface ClickTraits {
  bot: boolean;
  /** mobile | tablet | desktop | other (smarttv, console, wearable, embedded, …) */
  device: string;
  browser: string | null;
  os: string | null;
}

const DEVICES = new Set(["mobile", "tablet"]);

export function classify(userAgent: string): ClickTraits {
  // A request without a user agent is a script: no browser sends none.
  const bot = userAgent.trim() === "" || isbot(userAgent);
  const ua = new UAParser(userAgent).getResult();
  // (ua-parser-js names no type for a desktop browser)
  const type = ua.device.type;
  const device = type === undefined ? "desktop" : DEVICES.has(type) ? type : "other";
  return { bot, device, browser: ua.browser.name ?? null, os: ua.os.name ?? null };
}

/** The host of an http(s) referrer, lower case; null for none, another scheme or a malformed one. */
export function referrerHost(referrer: string | null): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    return url.hostname.toLowerCase().slice(0, 253) || null;
  } catch {
    return null;
  }
}
