/**
 * What a delivery says, built once when it is queued and stored with it: a title, plain text
 * and HTML (email), and the JSON body (webhook). A report's CSV is named here and built from the
 * archive when the email is sent (`attachment`), or linked with a signed URL (webhook body).
 */
import type { EpisodeView } from "@/lib/contract/alerts";

export interface Message {
  title: string;
  text: string;
  html: string;
  /** the webhook's JSON body (signed as sent) */
  body: Record<string, unknown>;
  /** a report's sub-affiliate CSV for [firstDay, lastDay] (UTC days), attached to emails */
  attachment?: { filename: string; firstDay: string; lastDay: string };
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** An alert that fired or resolved. */
export function episodeMessage(kind: "fired" | "resolved", rule: { id: string; name: string; kind: string }, e: EpisodeView): Message {
  const state = kind === "fired" ? "Alert" : "Resolved";
  const title = `[${state}] ${rule.name}: ${e.summary}`;
  const when = new Date(kind === "fired" ? e.openedAt : (e.resolvedAt ?? e.openedAt)).toISOString();
  const text = [
    `${state}: ${rule.name}`,
    "",
    e.summary,
    "",
    kind === "fired" ? `Fired at ${when} (UTC).` : `Resolved at ${when} (UTC); it had fired at ${new Date(e.openedAt).toISOString()}.`,
    "",
    ...Object.entries(e.detail).map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`),
  ].join("\n");
  const html = `<h2>${escapeHtml(state)}: ${escapeHtml(rule.name)}</h2><p>${escapeHtml(e.summary)}</p><p>${escapeHtml(
    kind === "fired" ? `Fired at ${when} (UTC).` : `Resolved at ${when} (UTC).`,
  )}</p><table>${Object.entries(e.detail)
    .map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(typeof v === "string" ? v : JSON.stringify(v))}</td></tr>`)
    .join("")}</table>`;
  return {
    title,
    text,
    html,
    body: {
      type: kind === "fired" ? "alert.fired" : "alert.resolved",
      rule: { id: rule.id, name: rule.name, kind: rule.kind },
      episode: { id: e.id, subject: e.subject, summary: e.summary, openedAt: e.openedAt, resolvedAt: e.resolvedAt, detail: e.detail },
    },
  };
}

/** "Send a test" from the page. */
export function testMessage(destination: { id: string; name: string }, by: string, now: number): Message {
  const text = `This is a test message from the WEEX affiliate dashboard, sent by ${by} at ${new Date(now).toISOString()} to "${destination.name}".`;
  return {
    title: `[Test] WEEX affiliate dashboard → ${destination.name}`,
    text,
    html: `<p>${escapeHtml(text)}</p>`,
    body: { type: "test", destination: { id: destination.id, name: destination.name }, sentBy: by, at: now },
  };
}
