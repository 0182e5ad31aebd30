/**
 * The short URL /r/{slug}, wired into the server: its answer (302 to the link's destination with
 * its UTM, 404 unknown, 410 deleted) and the click it records off the request path (the buffer
 * of lib/links/recorder.ts, written at least every second and when the process stops).
 *
 * The slug's link is cached for a few seconds (SLUG_CACHE_MS), coalesced: a spike of clicks
 * asks the database once per slug per interval, and a change or delete made on another
 * instance is seen there within that bound (here at once: the cache is cleared).
 */
import "server-only";
import type { NextRequest } from "next/server";
import { ConfigError, getAuthSecret } from "@/lib/config/config";
import { getDb } from "@/lib/db";
import { TtlCache } from "@/lib/cache/ttl-cache";
import { logger } from "@/lib/log/log";
import { addClicks, keptFrom, pruneClicks, rollUpDays } from "@/lib/links/clicks";
import { classify, referrerHost } from "@/lib/links/classify";
import { SLUG_RE } from "@/lib/links/destination";
import { ClickRecorder } from "@/lib/links/recorder";
import { linkSettingsFromEnv, type LinkSettings } from "@/lib/links/settings";
import { linkBySlug, target } from "@/lib/links/store";
import { bucketOf, visitorKeys } from "@/lib/links/visitor";
import { DAY_MS, utcDayStart } from "@/lib/time/calendar";
import { addressKey } from "../identity/address-key";
import { clientIp, HSTS, isHttps } from "../http/request-info";

/** How long a slug's link is reused before it is read again: the bound for a change on another instance. */
export const SLUG_CACHE_MS = 5_000;
/** How often the day rollups of the days clicked are brought up to date, and old click rows pruned. */
const ROLLUP_MS = 60_000;
const PRUNE_MS = 3_600_000;

type Resolved = { kind: "live"; linkId: number; location: string } | { kind: "gone" } | { kind: "unknown" };

interface State {
  settings: LinkSettings;
  recorder: ClickRecorder;
  slugs: TtlCache<Resolved>;
  visitor: ReturnType<typeof visitorKeys>;
  /** days with clicks written since the last rollup */
  touched: Set<number>;
  timers: NodeJS.Timeout[];
  /** the buffer's dropped clicks already logged */
  droppedLogged: number;
}

const g = globalThis as typeof globalThis & { __weexLinks?: State };
const log = () => logger("links");

/** The links' state in this process, started on first use (the settings checked at start: startLinks). */
export function links(): State {
  if (g.__weexLinks) return g.__weexLinks;
  const touched = new Set<number>();
  const recorder = new ClickRecorder({
    write: async (batch) => addClicks(await getDb(), batch),
    bucketOf,
    onError: (e) => log().warn({ err: e }, "clicks could not be written; they are kept for the next batch"),
    onWritten: (batch) => batch.forEach((c) => touched.add(utcDayStart(c.bucketAt))),
  }).start();
  const state: State = { settings: linkSettingsFromEnv(), recorder, slugs: new TtlCache(SLUG_CACHE_MS, 10_000), visitor: visitorKeys(getAuthSecret()), touched, timers: [], droppedLogged: 0 };
  g.__weexLinks = state;
  return state;
}

/**
 * Start the links' upkeep (from startup.ts): check the settings (a bad one stops the start with
 * its message), prune click rows past the retention now and hourly, bring the clicked days'
 * rollups up to date every minute, and write the buffered clicks when the process is told to stop.
 */
export async function startLinks(): Promise<void> {
  let state: State;
  try {
    state = links();
  } catch (e) {
    throw new ConfigError((e as Error).message);
  }
  const every = (ms: number, fn: () => Promise<unknown>) => {
    const t = setInterval(() => void fn().catch((e) => log().warn({ err: e }, "link upkeep failed")), ms);
    t.unref();
    state.timers.push(t);
  };
  const prune = async () => pruneClicks(await getDb(), Date.now(), state.settings.retentionDays);
  every(ROLLUP_MS, () => rollUpTouched(state));
  every(PRUNE_MS, prune);
  await prune().catch((e) => log().warn({ err: e }, "pruning old clicks failed"));
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => holdExitUntil(stopLinks(), EXIT_WAIT_MS));
}

/** The longest a stop waits for the last clicks to be written. */
const EXIT_WAIT_MS = 5_000;

/**
 * Next's own signal handler ends the process (process.exit) once its server has closed, which
 * may come before the last batch is written: until `done` (at most `maxMs`), that exit waits.
 */
function holdExitUntil(done: Promise<unknown>, maxMs: number): void {
  const exit = process.exit.bind(process);
  process.exit = ((code?: number) => {
    const timer = setTimeout(() => exit(code), maxMs);
    void done.catch(() => {}).finally(() => {
      clearTimeout(timer);
      exit(code);
    });
  }) as typeof process.exit;
}

async function rollUpTouched(state: State): Promise<void> {
  const dropped = state.recorder.droppedClicks;
  if (dropped > state.droppedLogged) log().warn({ dropped: dropped - state.droppedLogged }, "clicks dropped: the click buffer was full while the database did not answer");
  state.droppedLogged = dropped;
  const days = [...state.touched];
  state.touched.clear();
  const db = await getDb();
  for (const day of days) await rollUpDays(db, day, day + DAY_MS);
}

/** Write the buffered clicks and stop the timers (the process stops; tests). */
export async function stopLinks(): Promise<void> {
  const state = g.__weexLinks;
  if (!state) return;
  for (const t of state.timers) clearInterval(t);
  state.timers = [];
  await state.recorder.close();
  await rollUpTouched(state).catch(() => {});
}

/** The day from which click rows are kept (reads take older days from the rollups). */
export const clicksKeptFrom = (now: number): number => keptFrom(now, links().settings.retentionDays);

/** Forget the cached slugs: a link changed or was deleted here. */
export function slugChanged(): void {
  links().slugs.clear();
}

async function resolve(slug: string): Promise<Resolved> {
  const l = await linkBySlug(await getDb(), slug);
  if (!l) return { kind: "unknown" };
  if (l.deletedAt !== null) return { kind: "gone" };
  return { kind: "live", linkId: Number(l.id), location: target(l) };
}

const PAGES = {
  unknown: { status: 404, title: "Link not found", text: "There is no link at this address." },
  gone: { status: 410, title: "Link removed", text: "This link has been removed by its owner." },
} as const;

/**
 * The answer to GET or HEAD /r/{slug}: nothing of the request goes into it but the slug, and
 * Location is the stored link's. A GET to a live link records a click (a bot's apart); a HEAD
 * redirects and is not counted.
 */
export async function redirectClick(req: NextRequest, slug: string): Promise<Response> {
  const state = links();
  const found: Resolved = SLUG_RE.test(slug) ? await state.slugs.get(slug, () => resolve(slug)) : { kind: "unknown" };
  const headers = new Headers({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" });
  if (isHttps(req.headers)) headers.set("Strict-Transport-Security", HSTS);
  if (found.kind !== "live") {
    const page = PAGES[found.kind];
    headers.set("Content-Type", "text/html; charset=utf-8");
    headers.set("Content-Security-Policy", "default-src 'none'");
    const body = `<!doctype html><html lang="en"><meta charset="utf-8"><title>${page.title}</title><h1>${page.title}</h1><p>${page.text}</p></html>`;
    return new Response(req.method === "HEAD" ? null : body, { status: page.status, headers });
  }
  if (req.method === "GET") record(state, found.linkId, req);
  headers.set("Location", found.location);
  return new Response(null, { status: 302, headers });
}

function record(state: State, linkId: number, req: NextRequest): void {
  const at = Date.now();
  const userAgent = req.headers.get("user-agent") ?? "";
  const traits = classify(userAgent);
  state.recorder.add({
    linkId,
    at,
    visitor: state.visitor(addressKey(clientIp(req.headers)), userAgent, at),
    bot: traits.bot,
    referrerHost: referrerHost(req.headers.get("referer")),
    device: traits.device,
    browser: traits.browser,
    os: traits.os,
  });
}
