/**
 * What a delivery says, built once when it is queued and stored with it: a title, plain text
 * and HTML (email), and the JSON body (webhook). A report's CSV is named here and built from the
 * archive when the email is sent (`attachment`), or linked with a signed URL (webhook body).
 *
 * Each is written in its destination's language: the `email` and `alerts` messages
 * through next-intl's createTranslator, numbers through createFormat. A webhook body keeps its
 * field names and machine values in every language; only its human parts (`title`, an
 * episode's `summary`, a test's `text`) follow the language, which `locale` names.
 */
import { createTranslator } from "next-intl";
import type { EpisodeView } from "@/lib/contract/alerts";
import type { Scope } from "@/lib/contract/scope";
import { createFormat, type Format } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { CATALOGUES } from "@/lib/i18n/catalogues";
import { RULE_KINDS, type RuleKind } from "@/lib/contract/alert-kinds";
import { conditionText } from "./condition";
import { episodeSummary, type AlertsTranslate } from "./summary";

const isRuleKind = (k: string): k is RuleKind => (RULE_KINDS as readonly string[]).includes(k);

export interface Message {
  title: string;
  text: string;
  html: string;
  /** the webhook's JSON body (signed as sent) */
  body: Record<string, unknown>;
  /** a report's sub-affiliate CSV for [firstDay, lastDay] (UTC days), attached to emails; a partner's report: of their `scope` only */
  attachment?: { filename: string; firstDay: string; lastDay: string; scope?: Scope };
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);


/** The words of one language for messages: the `email` and `alerts` namespaces and its formats. */
export function wordsFor(locale: Locale) {
  const messages = CATALOGUES[locale];
  return {
    t: createTranslator({ locale, messages, namespace: "email" }),
    alerts: createTranslator({ locale, messages, namespace: "alerts" }) as unknown as AlertsTranslate,
    f: createFormat(locale) as Format,
  };
}

/** A detail's value as text: a list as "a, b", never JSON. */
const detailText = (v: unknown) => (Array.isArray(v) ? v.map(String).join(", ") : String(v));

/**
 * An alert that fired or resolved. With the rule's `params`, its condition is said too, in
 * words (condition.ts): in the text, the HTML and the webhook's `rule.condition`.
 */
export function episodeMessage(kind: "fired" | "resolved", rule: { id: string; name: string; kind: string; params?: object }, e: EpisodeView, locale: Locale = "en"): Message {
  const { t, alerts, f } = wordsFor(locale);
  const condition = rule.params && isRuleKind(rule.kind) ? alerts("rules.condition", { condition: conditionText({ kind: rule.kind, params: rule.params }, alerts, f) }) : null;
  const state = t(kind === "fired" ? "alert.fired" : "alert.resolved");
  const summary = episodeSummary({ ...e, ruleKind: e.ruleKind ?? rule.kind }, alerts, f);
  const title = t("alert.title", { state, rule: rule.name, summary });
  const at = new Date(kind === "fired" ? e.openedAt : (e.resolvedAt ?? e.openedAt)).toISOString();
  const openedAt = new Date(e.openedAt).toISOString();
  const heading = t("alert.heading", { state, rule: rule.name });
  const detail = Object.entries(e.detail).map(([k, v]) => [k, detailText(v)] as const);
  const text = [
    heading,
    "",
    summary,
    ...(condition ? [condition] : []),
    "",
    kind === "fired" ? t("alert.firedAt", { at }) : t("alert.resolvedAfter", { at, openedAt }),
    "",
    ...detail.map(([k, v]) => `${k}: ${v}`),
  ].join("\n");
  const html = `<h2>${escapeHtml(heading)}</h2><p>${escapeHtml(summary)}</p>${condition ? `<p>${escapeHtml(condition)}</p>` : ""}<p>${escapeHtml(
    kind === "fired" ? t("alert.firedAt", { at }) : t("alert.resolvedAt", { at }),
  )}</p><table>${detail.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join("")}</table>`;
  return {
    title,
    text,
    html,
    body: {
      type: kind === "fired" ? "alert.fired" : "alert.resolved",
      locale,
      title,
      rule: { id: rule.id, name: rule.name, kind: rule.kind, ...(condition ? { condition } : {}) },
      episode: { id: e.id, subject: e.subject, summary, openedAt: e.openedAt, resolvedAt: e.resolvedAt, detail: e.detail },
    },
  };
}

/** "Send a test" from the page. */
export function testMessage(destination: { id: string; name: string }, by: string, now: number, locale: Locale = "en"): Message {
  const { t } = wordsFor(locale);
  const text = t("test.text", { by, at: new Date(now).toISOString(), name: destination.name });
  const title = t("test.title", { name: destination.name });
  return {
    title,
    text,
    html: `<p>${escapeHtml(text)}</p>`,
    body: { type: "test", locale, title, text, destination: { id: destination.id, name: destination.name }, sentBy: by, at: now },
  };
}
