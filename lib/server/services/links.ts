/**
 * What the /api/links routes do: make, list, change and delete tracked links, each change
 * audit-logged. Admins manage every link; a partner those of their own invite codes (the route
 * wrapper refuses a partner's `inviteCode` outside their scope before this runs; a link's own
 * code is checked here); viewers and traders only read.
 */
import "server-only";
import { getDb, getReadDb } from "@/lib/db";
import { hasRole } from "@/lib/contract/roles";
import type { Scope } from "@/lib/contract/scope";
import type { LinkInput, LinkPatch, LinksQuery } from "@/lib/contract/links";
import { clickTotals, registrations } from "@/lib/links/clicks";
import { carriesCode, checkDestination } from "@/lib/links/destination";
import { createLink, deleteLink, getLink, listLinks, updateLink, type Link } from "@/lib/links/store";
import { DAY_MS } from "@/lib/time/calendar";
import { audit } from "../identity/audit";
import type { SessionUser } from "../identity/principal";
import { ApiError, fieldError } from "../http/errors";
import { json } from "../http/route";
import { clicksKeptFrom, links, slugChanged } from "./link-clicks";

type Who = { user: SessionUser; ip: string; origin: string };

/** A link as the API answers it: with its short URL, and whether its destination carries its code. */
function view(l: Link, origin: string) {
  return { ...l, url: `${origin}/r/${l.slug}`, codeInDestination: carriesCode(l.destination, l.inviteCode) };
}

/** The destination in its normal form, or a 400 naming `destination`. */
function destinationOf(raw: string): string {
  const checked = checkDestination(raw, links().settings.destinationHosts);
  if ("message" in checked) throw fieldError("destination", checked.message);
  return checked.ok;
}

/** Whether `user` may make or change a link of `code`: an admin any, a partner their own codes (403 naming `inviteCode`). */
function mayManage(user: SessionUser, code: string): void {
  if (hasRole(user, "admin")) return;
  if (user.role !== "partner") throw new ApiError("forbidden", `Making and changing links needs the admin role or a partner's invite codes; you are signed in as ${user.username} (${user.role}).`);
  if (!user.scope?.inviteCodes.includes(code)) throw new ApiError("forbidden", "inviteCode: not in your view.", { fields: [{ path: "inviteCode", message: "is not in your view" }] });
}

export async function createLinkFor(body: LinkInput, w: Who): Promise<Response> {
  const destination = destinationOf(body.destination);
  mayManage(w.user, body.inviteCode);
  const made = await createLink(await getDb(), { ...body, destination, createdBy: w.user.username }, Date.now());
  if (made === "taken") throw fieldError("slug", "is taken (a deleted link's slug stays taken)");
  // (a slug looked up while it was free may be cached as unknown: forget it)
  slugChanged();
  await audit({ username: w.user.username, ip: w.ip, action: "link.create", outcome: "success", detail: { id: made.id, slug: made.slug, inviteCode: made.inviteCode, destination } });
  return json(view(made, w.origin), 201);
}

/** The links (a partner's: of their codes) with their counts over the range. */
export async function linksWithCounts(q: LinksQuery, scope: Scope | null, origin: string) {
  const to = q.endTime ?? Date.now();
  const range = { from: q.startTime ?? to - 7 * DAY_MS, to };
  const db = await getReadDb();
  const codes = q.inviteCode !== undefined ? [q.inviteCode] : (scope?.inviteCodes ?? null);
  const list = await listLinks(db, codes);
  const totals = await clickTotals(db, list.map((l) => Number(l.id)), range, clicksKeptFrom(Date.now()));
  const regs = await registrations(db, list.map((l) => l.inviteCode), range);
  const perCode = new Map<string, number>();
  for (const l of list) perCode.set(l.inviteCode, (perCode.get(l.inviteCode) ?? 0) + 1);
  return {
    startTime: range.from,
    endTime: range.to,
    items: list.map((l) => ({
      ...view(l, origin),
      ...totals.get(Number(l.id))!,
      // the code's registrations: where several links carry one code they are not split among them
      registrations: regs.get(l.inviteCode) ?? 0,
      linksWithCode: perCode.get(l.inviteCode)!,
    })),
  };
}

/** The live link `id` that `user` may change, or 404 (none, or deleted) / 403. */
async function ownLink(id: string, user: SessionUser): Promise<Link> {
  const l = await getLink(await getDb(), id);
  if (!l || l.deletedAt !== null) throw new ApiError("not_found", `There is no link ${id}.`);
  mayManage(user, l.inviteCode);
  return l;
}

export async function changeLinkFor(id: string, patch: LinkPatch, w: Who) {
  const destination = patch.destination === undefined ? undefined : destinationOf(patch.destination);
  await ownLink(id, w.user);
  if (patch.inviteCode !== undefined) mayManage(w.user, patch.inviteCode);
  const changed = await updateLink(await getDb(), id, { ...patch, destination }, Date.now());
  if (!changed) throw new ApiError("not_found", `There is no link ${id}.`);
  slugChanged();
  await audit({ username: w.user.username, ip: w.ip, action: "link.update", outcome: "success", detail: { id, slug: changed.slug, changed: Object.keys(patch), inviteCode: changed.inviteCode, destination: changed.destination } });
  return view(changed, w.origin);
}

export async function deleteLinkFor(id: string, w: Who) {
  await ownLink(id, w.user);
  const gone = await deleteLink(await getDb(), id, Date.now());
  if (!gone) throw new ApiError("not_found", `There is no link ${id}.`);
  slugChanged();
  await audit({ username: w.user.username, ip: w.ip, action: "link.delete", outcome: "success", detail: { id, slug: gone.slug, inviteCode: gone.inviteCode } });
  return { deleted: true, id, slug: gone.slug };
}
