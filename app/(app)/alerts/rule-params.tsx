"use client";

/**
 * A rule kind's parameters as form fields, drawn from the kind's table (RULE_KIND_PARAMS in
 * lib/contract/alert-kinds.ts): a select for a choice, a text field for a number. Each value
 * is checked against the table's bounds before sending, and a bad one is named at its field,
 * as the server's 400 (`params.<name>`) is.
 */
import { SelectField, TextField } from "@/components/ui/field";
import { RULE_DEFAULTS, RULE_KIND_PARAMS, readParam, type ParamSpec, type RuleKind } from "@/lib/contract/alert-kinds";
import type { AlertsTranslate } from "@/lib/alerts/summary";
import { fieldMessage } from "./section";

/** The form's text of each parameter. */
export type ParamTexts = Record<string, string>;

const specsOf = (kind: RuleKind): Record<string, ParamSpec> => RULE_KIND_PARAMS[kind];

/** A kind's defaults as the form's texts. */
export const defaultTexts = (kind: RuleKind): ParamTexts => Object.fromEntries(Object.entries(RULE_DEFAULTS[kind]).map(([name, v]) => [name, String(v)]));

/**
 * The parameters as the API takes them, or each bad one's message (in the page's language,
 * naming the field by its label).
 */
export function readParams(kind: RuleKind, texts: ParamTexts, t: AlertsTranslate): { params: Record<string, number | string> } | { problems: Record<string, string> } {
  const params: Record<string, number | string> = {};
  const problems: Record<string, string> = {};
  for (const [name, spec] of Object.entries(specsOf(kind))) {
    const read = readParam(spec, texts[name] ?? "");
    if ("value" in read) params[name] = read.value;
    else {
      const { problem, ...bounds } = read;
      const values = Object.fromEntries(Object.entries(bounds).filter(([, v]) => typeof v === "number")) as Record<string, number>;
      problems[name] = t(`paramProblems.${problem}`, { ...values, label: t(`params.${kind}.${name}`) });
    }
  }
  return Object.keys(problems).length ? { problems } : { params };
}

export function RuleParamFields({ kind, texts, onChange, problems, error, t }: { kind: RuleKind; texts: ParamTexts; onChange: (texts: ParamTexts) => void; problems: Record<string, string>; error: unknown; t: AlertsTranslate }) {
  return (
    <>
      {Object.entries(specsOf(kind)).map(([name, spec]) => {
        const common = {
          label: t(`params.${kind}.${name}`),
          name: `params.${name}`,
          value: texts[name] ?? "",
          error: problems[name] ?? fieldMessage(error, `params.${name}`),
          onChange: (e: { target: { value: string } }) => onChange({ ...texts, [name]: e.target.value }),
        };
        return spec.type === "choice" ? (
          <SelectField key={name} {...common} options={spec.options.map((o) => ({ value: o, label: t(`conditions.values.${o}`) }))} />
        ) : (
          <TextField key={name} {...common} inputMode={spec.type === "int" ? "numeric" : "decimal"} autoComplete="off" />
        );
      })}
    </>
  );
}
