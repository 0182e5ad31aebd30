"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { TextField } from "@/components/ui/field";
import { Section } from "@/components/ui/page-header";
import { buttonGhost, buttonPrimary } from "@/components/ui/styles";
import { apiSend, isApiError } from "@/lib/ui/api";
import { serverFieldErrors, type Checked, type Errors } from "@/lib/ui/orders";
import { ConfirmDialog } from "./confirm-dialog";
import { ResultPanel, type Outcome, type Request } from "./result-panel";
import { useFieldErrors } from "./use-field-errors";

/** A checked request waiting for the person's confirmation: the exact JSON body to send. */
export interface Pending {
  text: string;
  /** the order a modification is about (it travels in the path) */
  orderId?: string;
}

interface FormEntry {
  /** the form's section id (the page's anchor) */
  section: string;
  /** the message (trading.<what>) that names the form for assistive technology */
  label: "title" | "formLabel";
  /** where the request goes: the method and path shown in the confirmation, and sent */
  method: "POST" | "PATCH";
  path: (pending: Pending | null) => string;
}

/** The trading page's three forms. */
const FORMS: Record<Request, FormEntry> = {
  contract: { section: "contract-order", label: "title", method: "POST", path: () => "/api/contract/orders" },
  plan: { section: "plan-order", label: "formLabel", method: "POST", path: () => "/api/contract/plan-orders" },
  // the order id travels in the path, not the body
  modify: { section: "modify-plan", label: "formLabel", method: "PATCH", path: (pending) => (pending ? `/api/contract/plan-orders/${encodeURIComponent(pending.orderId ?? "")}` : "") },
};

interface FlowOptions<R extends Pending, A> {
  /** which form: its messages are trading.<what>, its fields' data-field is "<what>-<field>" */
  what: Request;
  /** what WEEX's answer means for this order */
  onAnswer: (answer: A, sent: R) => Outcome;
  /** a failed request, before it is shown (e.g. the symbol WEEX did not know) */
  onFailed?: (error: unknown) => void;
  /** the draft's client order id, named in a failure (the handle to look for a resend) */
  clientOrderId?: string;
}

export type OrderFlow<R extends Pending> = ReturnType<typeof useOrderFlow<R, unknown>>;

/**
 * The steps every order form shares: the form is checked with the server's schema (its errors
 * in the page's language, focus on the first field in error), the exact JSON is confirmed, then
 * sent once: no retry, since a resent order could be placed twice.
 */
export function useOrderFlow<R extends Pending, A>({ what, onAnswer, onFailed, clientOrderId }: FlowOptions<R, A>) {
  const { method, path } = FORMS[what];
  const [errors, setErrors] = useState<Errors>({});
  const shown = useFieldErrors(errors);
  const [review, setReview] = useState<R | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const send = useMutation({
    mutationFn: (r: R) => apiSend<A>(method, path(r), r.text),
    retry: 0,
    onSuccess: (answer, sent) => {
      setReview(null);
      setOutcome(onAnswer(answer, sent));
    },
    onError: (error) => {
      setReview(null);
      if (isApiError(error) && error.fields.length) setErrors(serverFieldErrors(error.fields));
      onFailed?.(error);
      setOutcome({ kind: "failed", error, clientOrderId });
    },
  });

  /** The check's errors (focus on the first), or its body in the confirmation. */
  function check(checked: Checked<Record<string, unknown>>, pending: (bodyText: string) => R) {
    if (!checked.ok) {
      setErrors(checked.errors);
      // Focus the first field in error so keyboard and screen-reader users land on it.
      document.querySelector<HTMLElement>(`[data-field="${what}-${Object.keys(checked.errors)[0]}"]`)?.focus();
      return;
    }
    setErrors({});
    setOutcome(null);
    setReview(pending(JSON.stringify(checked.body, null, 2)));
  }

  /** A new order: no errors and no result shown. */
  function reset() {
    setErrors({});
    setOutcome(null);
  }

  return { what, method, path, shown, review, outcome, send, check, reset, cancel: () => setReview(null) };
}

/**
 * An order form's frame: its section, the form (checked on submit), the Review and New order
 * buttons, the confirmation dialog and the result, announced below.
 */
export function OrderFormFrame<R extends Pending>({
  flow,
  onSubmit,
  onNewOrder,
  summary,
  children,
}: {
  flow: OrderFlow<R>;
  onSubmit: () => void;
  /** starts a new order; without it the form has no New order button */
  onNewOrder?: () => void;
  summary: React.ReactNode;
  children: React.ReactNode;
}) {
  const t = useTranslations(`trading.${flow.what}`);
  const review = flow.review;
  const form = FORMS[flow.what];
  const submit = (
    <button type="submit" className={buttonPrimary}>
      {t("review")}
    </button>
  );
  function submitForm(e: React.FormEvent) {
    e.preventDefault();
    onSubmit();
  }
  return (
    <Section id={form.section} title={t("title")} description={t("description")}>
      <form noValidate onSubmit={submitForm} className="space-y-4" aria-label={t(form.label)}>
        {children}
        {onNewOrder ? (
          <div className="flex flex-wrap gap-2">
            {submit}
            <button type="button" className={buttonGhost} onClick={onNewOrder}>
              {t("newOrder")}
            </button>
          </div>
        ) : (
          submit
        )}
      </form>
      <ConfirmDialog
        open={review !== null}
        title={t("confirmTitle")}
        summary={summary}
        method={flow.method}
        path={flow.path(review)}
        bodyText={review?.text ?? ""}
        confirmLabel={t("send")}
        busy={flow.send.isPending}
        onConfirm={() => review && flow.send.mutate(review)}
        onCancel={flow.cancel}
      />
      <div aria-live="polite" className="mt-4">
        {flow.outcome ? <ResultPanel outcome={flow.outcome} what={flow.what} /> : null}
      </div>
    </Section>
  );
}

/** A price or size field: the decimal keyboard on phones, and no autofill. */
export const DECIMAL_INPUT = { inputMode: "decimal", autoComplete: "off" } as const;

/**
 * What ties a text or select field to its form's state: its data-field (where the check puts
 * focus), value, change and error, so each field is written once.
 */
export function fieldBinder<F extends object>(what: Request, form: F, set: (patch: Partial<F>) => void, shown: Errors) {
  return <K extends keyof F & string>(name: K) => ({
    "data-field": `${what}-${name}`,
    value: String(form[name]),
    onChange: (e: { target: { value: string } }) => set({ [name]: e.target.value } as Partial<F>),
    error: shown[name],
  });
}

type FieldBinding = ReturnType<ReturnType<typeof fieldBinder<{ triggerPrice: string; executePrice: string }>>>;

/** A plan order's trigger and execute prices, as placing and modifying one both ask for them. */
export function TriggerAndExecuteFields({ what, field }: { what: "plan" | "modify"; field: (name: "triggerPrice" | "executePrice") => FieldBinding }) {
  const t = useTranslations(`trading.${what}`);
  return (
    <>
      <TextField label={t("triggerPrice")} {...DECIMAL_INPUT} {...field("triggerPrice")} />
      <TextField label={t("executePrice")} {...DECIMAL_INPUT} {...field("executePrice")} hint={t("executeHint")} />
    </>
  );
}
