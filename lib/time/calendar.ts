/**
 * Calendar arithmetic in an IANA time zone, with Intl only (no date library).
 *
 * Upstream days are UTC, so UTC is the default zone; a person may switch to their browser's
 * zone. Dates travel in URLs as `YYYY-MM-DD` and become epoch milliseconds here.
 *
 * The one home of time arithmetic that the server, the exchange client, the simulator and the
 * browser share (it imports nothing, so every layer may use it): `DAY_MS` is defined here only.
 */

export const DAY_MS = 86_400_000;
export const UTC = "UTC";

export interface ZonedParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock parts of an instant in a zone ("en-US" digits; the zone is added per use). */
export const PART_FORMAT: Intl.DateTimeFormatOptions = {
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
};

const partFormatters = new Map<string, Intl.DateTimeFormat>();
function partFormatter(tz: string): Intl.DateTimeFormat {
  let f = partFormatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { ...PART_FORMAT, timeZone: tz });
    partFormatters.set(tz, f);
  }
  return f;
}

/** Whether the runtime knows this IANA zone name. */
export function isValidTimeZone(tz: string): boolean {
  if (tz === UTC) return true;
  try {
    partFormatter(tz);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of an instant in a zone. */
export function zonedParts(epochMs: number, tz: string): ZonedParts {
  // UTC, the default, needs no Intl: its first formatter loads time-zone data, a cost a
  // phone pays on the main thread while the page starts.
  if (tz === UTC) {
    const d = new Date(epochMs);
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() };
  }
  const out: Record<string, number> = {};
  for (const p of partFormatter(tz).formatToParts(new Date(epochMs))) {
    if (p.type !== "literal") out[p.type] = Number(p.value);
  }
  return { year: out.year, month: out.month, day: out.day, hour: out.hour === 24 ? 0 : out.hour, minute: out.minute, second: out.second };
}

/** How far the zone's wall clock is ahead of UTC at that instant, in ms. */
export function zoneOffsetMs(epochMs: number, tz: string): number {
  const p = zonedParts(epochMs, tz);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (epochMs - (((epochMs % 1000) + 1000) % 1000));
}

/** The instant a wall-clock time occurs in a zone (the later one across a DST overlap is fine here). */
export function zonedTimeToEpoch(year: number, month: number, day: number, tz: string, hour = 0, minute = 0, second = 0): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  let guess = wall - zoneOffsetMs(wall, tz);
  // A second pass settles zones whose offset differs on either side of the guess (DST).
  guess = wall - zoneOffsetMs(guess, tz);
  return guess;
}

export interface Ymd {
  year: number;
  month: number;
  day: number;
}

const YMD_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function parseYmd(text: string | null | undefined): Ymd | null {
  const m = text ? YMD_RE.exec(text) : null;
  if (!m) return null;
  const ymd = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  const check = new Date(Date.UTC(ymd.year, ymd.month - 1, ymd.day));
  if (check.getUTCMonth() !== ymd.month - 1 || check.getUTCDate() !== ymd.day) return null;
  return ymd;
}

export function formatYmd(d: Ymd): string {
  return `${String(d.year).padStart(4, "0")}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
}

/** Calendar arithmetic on a date (no zone involved). */
export function addDays(d: Ymd, days: number): Ymd {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day) + days * DAY_MS);
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

/** The calendar date of an instant in a zone. */
export function ymdInZone(epochMs: number, tz: string): Ymd {
  const p = zonedParts(epochMs, tz);
  return { year: p.year, month: p.month, day: p.day };
}

/** First millisecond of a date in a zone. */
export function startOfDay(d: Ymd, tz: string): number {
  return zonedTimeToEpoch(d.year, d.month, d.day, tz);
}

/** Last millisecond of a date in a zone. */
export function endOfDay(d: Ymd, tz: string): number {
  return startOfDay(addDays(d, 1), tz) - 1;
}

/** "YYYY-MM-DD HH:mm:ss" of an instant in a zone: unambiguous and sortable. */
export function formatDateTime(epochMs: number | null | undefined, tz: string): string {
  if (epochMs === null || epochMs === undefined) return "";
  const p = zonedParts(epochMs, tz);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${formatYmd(p)} ${two(p.hour)}:${two(p.minute)}:${two(p.second)}`;
}

export function formatDate(epochMs: number, tz: string): string {
  return formatYmd(ymdInZone(epochMs, tz));
}

/** A short label for a zone: "UTC" or "Europe/Berlin (UTC+01:00)". */
export function zoneLabel(tz: string, at = Date.now()): string {
  if (tz === UTC) return "UTC";
  const off = zoneOffsetMs(at, tz) / 60_000;
  const sign = off < 0 ? "-" : "+";
  const abs = Math.abs(off);
  return `${tz} (UTC${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")})`;
}

/** The browser's zone, or UTC where it cannot be read (server rendering). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || UTC;
  } catch {
    return UTC;
  }
}

/** The start of the UTC day holding `epochMs` (upstream days are UTC). */
export function utcDayStart(epochMs: number): number {
  return Math.floor(epochMs / DAY_MS) * DAY_MS;
}

/** The UTC day holding `epochMs` as YYYY-MM-DD. */
export function utcDate(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** The start of the UTC calendar month holding `epochMs`. */
export function utcMonthStart(epochMs: number): number {
  const d = new Date(epochMs);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}
