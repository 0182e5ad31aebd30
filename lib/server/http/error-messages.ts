/**
 * API error messages in the request's language. Codes, statuses and `fields[].path`
 * never change; only the human `message`s do.
 *
 * The server and the exchange client write their messages in English, as they always have
 * (logs, audit records and the English answers stay exactly what they were). Just before an
 * error is sent, `localizeErrorBody` renders it in the request's language: English is sent as
 * it is; for another language each message is recognised by the English catalogue's template
 * (messages/en/errors.json `messages` and `fields`, with `{placeholders}` for the variable
 * parts) and said again with the same key of that language's catalogue, the variable parts
 * carried over as they were (ids, field names, what WEEX said: data). A `{message}` part is
 * itself a message and is rendered the same way. zod's own issue messages (those we did not
 * word ourselves) come from zod's locale of that language, from the raw issue (`fieldIssues`
 * keeps it with each field). A message no template knows is sent in English rather than wrong.
 */
import "server-only";
import { createTranslator } from "next-intl";
import { z } from "zod";
import type { ApiErrorBody, FieldIssue } from "@/lib/contract/errors";
import type { Locale } from "@/lib/i18n/locales";
import en from "@/messages/en";
import { CATALOGUES } from "@/lib/i18n/catalogues";
import type { InputIssue } from "@/lib/weex/errors";


type Section = "messages" | "fields";

/** Placeholders whose value is itself a message (rendered in the language too); the rest are data. */
const NESTED = new Set(["message"]);

interface Template {
  section: Section;
  key: string;
  names: string[];
  re: RegExp;
  /** literal characters: the more, the more specific (tried first) */
  weight: number;
}

const SENTINEL = "\u0000";

/** Each English template as a pattern, most specific first (built once). */
let templates: Template[] | undefined;
function englishTemplates(): Template[] {
  if (templates) return templates;
  const t = createTranslator({ locale: "en", messages: en, namespace: "errors" });
  const out: Template[] = [];
  for (const section of ["messages", "fields"] as const) {
    for (const [key, raw] of Object.entries(en.errors[section])) {
      const names = placeholderNames(raw);
      // Formatted with a marker per placeholder, so ICU's own quoting rules decide the literal text.
      const marked = (t as unknown as (k: string, v: Record<string, string>) => string)(
        `${section}.${key}`,
        Object.fromEntries(names.map((n) => [n, `${SENTINEL}${n}${SENTINEL}`])),
      );
      const parts = marked.split(SENTINEL);
      const order: string[] = [];
      let source = "";
      let weight = 0;
      parts.forEach((part, i) => {
        if (i % 2 === 0) {
          source += part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
          weight += part.length;
        } else {
          order.push(part);
          source += "(.+?)";
        }
      });
      out.push({ section, key, names: order, re: new RegExp(`^${source}$`, "s"), weight });
    }
  }
  templates = out.sort((a, b) => b.weight - a.weight);
  return templates;
}

/**
 * The argument names of a catalogue message: an ICU string (tests, tools), or the form the
 * build precompiles catalogues into (next.config.mjs: a plain string, or an array of text and
 * `[name, …]` argument nodes).
 */
export function placeholderNames(message: unknown): string[] {
  if (typeof message === "string") return [...new Set([...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))];
  if (!Array.isArray(message)) return [];
  return [...new Set(message.filter((part): part is [string, ...unknown[]] => Array.isArray(part) && typeof part[0] === "string").map((node) => node[0]))];
}

type Translate = (key: string, values: Record<string, string>) => string;

function translatorFor(locale: Locale): Translate {
  const t = createTranslator({ locale, messages: CATALOGUES[locale], namespace: "errors" });
  return t as unknown as Translate;
}

/**
 * One English message in `locale`, or undefined when no template knows it. `known` holds
 * messages already rendered (the fields of the same error, for "Invalid input: {path} {message}").
 */
function render(message: string, t: Translate, known: Map<string, string>, sections: readonly Section[]): string | undefined {
  const hit = known.get(message);
  if (hit !== undefined) return hit;
  for (const tpl of englishTemplates()) {
    if (!sections.includes(tpl.section)) continue;
    const m = tpl.re.exec(message);
    if (!m) continue;
    const values: Record<string, string> = {};
    let ok = true;
    tpl.names.forEach((name, i) => {
      const value = m[i + 1]!;
      if (!NESTED.has(name)) {
        values[name] = value;
        return;
      }
      // a nested message: a field's problem, or a whole message ending in a full stop
      const inner =
        render(value, t, known, ["fields", "messages"]) ?? (value.endsWith(".") ? render(value.slice(0, -1), t, known, ["messages"]) : undefined);
      if (inner === undefined) ok = false;
      else values[name] = inner;
    });
    if (ok) return t(`${tpl.section}.${tpl.key}`, values);
  }
  return undefined;
}

// ---------------------------------------------------------------- zod's own messages

const ZOD_LOCALES: Partial<Record<Locale, () => { localeError: z.core.$ZodErrorMap }>> = { "zh-CN": z.locales.zhCN };
const zodEnglish = z.locales.en().localeError;

/** A value of the type zod's English message names as "received …" (finished issues drop the input). */
const RECEIVED: Record<string, unknown> = { string: "", number: 0, boolean: false, undefined, null: null, array: [], object: {}, bigint: BigInt(0), NaN: NaN };

function errorText(r: ReturnType<z.core.$ZodErrorMap>): string | undefined {
  return typeof r === "string" ? r : r?.message;
}

/** zod's message for a built-in issue in `locale`, when `message` is zod's English one (not ours). */
function zodMessage(issue: InputIssue, message: string, locale: Locale): string | undefined {
  const map = ZOD_LOCALES[locale];
  if (!map) return undefined;
  let raw = issue as unknown as z.core.$ZodRawIssue;
  if (issue.code === "invalid_type") {
    const received = /received (\S+)$/.exec(message)?.[1];
    if (received === undefined || !(received in RECEIVED)) return undefined;
    raw = { ...raw, input: RECEIVED[received] } as z.core.$ZodRawIssue;
  }
  if (errorText(zodEnglish(raw)) !== message) return undefined;
  return errorText(map().localeError(raw));
}

/** The raw zod issue a field was made from (kept by `rememberIssue`), to word it in another language. */
const ISSUES = new WeakMap<FieldIssue, InputIssue>();

export function rememberIssue(field: FieldIssue, issue: InputIssue): FieldIssue {
  ISSUES.set(field, issue);
  return field;
}

// ---------------------------------------------------------------- the error body

/** The contract's error body in `locale`: the same code, paths and upstream, the messages in that language. */
export function localizeErrorBody(body: ApiErrorBody, locale: Locale): ApiErrorBody {
  if (locale === "en") return body;
  const t = translatorFor(locale);
  const known = new Map<string, string>();
  const fields = body.error.fields?.map((f) => {
    const issue = ISSUES.get(f);
    const said = (issue && zodMessage(issue, f.message, locale)) ?? render(f.message, t, known, ["fields"]);
    if (said === undefined) return f;
    known.set(f.message, said);
    return { path: f.path, message: said };
  });
  const message = render(body.error.message, t, known, ["messages"]) ?? body.error.message;
  return { error: { ...body.error, message, ...(fields ? { fields } : {}) } };
}
