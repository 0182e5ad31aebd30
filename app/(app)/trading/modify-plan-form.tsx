"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { SelectField, TextField } from "@/components/ui/field";
import { Section } from "@/components/ui/page-header";
import { buttonPrimary } from "@/components/ui/styles";
import { apiSend, isApiError } from "@/lib/ui/api";
import { checkModifyPlan, EMPTY_MODIFY_PLAN, modifyPlanBody, serverFieldErrors, type Errors, type ModifyPlanForm } from "@/lib/ui/orders";
import { ConfirmDialog } from "./confirm-dialog";
import type { PlacedPlanOrder } from "./plan-order-form";
import { ResultPanel, type Outcome } from "./result-panel";
import { useFieldErrors } from "./use-field-errors";

/** The modification envelope of the interface (code "00000" means success). */
interface ModifyResult {
  code?: string;
  msg?: string;
  success?: boolean;
}

/** Change the trigger (and optionally execute) price of a plan order. */
export function ModifyPlanFormPanel({ placed }: { placed: PlacedPlanOrder[] }) {
  const t = useTranslations("trading.modify");
  const [f, setF] = useState<ModifyPlanForm>(() => ({ ...EMPTY_MODIFY_PLAN, orderId: placed[0]?.orderId ?? "" }));
  const [errors, setErrors] = useState<Errors>({});
  const shown = useFieldErrors(errors);
  const [review, setReview] = useState<{ orderId: string; text: string } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const set = (patch: Partial<ModifyPlanForm>) => setF((d) => ({ ...d, ...patch }));
  const path = (id: string) => `/api/contract/plan-orders/${encodeURIComponent(id)}`;

  const modify = useMutation({
    mutationFn: (r: { orderId: string; text: string }) => apiSend<ModifyResult>("PATCH", path(r.orderId), r.text),
    retry: 0,
    onSuccess: (r, vars) => {
      setReview(null);
      const ok = r.code !== undefined ? r.code === "00000" : r.success === true;
      setOutcome(ok ? { kind: "accepted", orderId: vars.orderId, detail: r.msg ? t("answeredWithMessage", { code: r.code ?? "—", message: r.msg }) : t("answered", { code: r.code ?? "—" }) } : { kind: "rejected", errorCode: r.code ?? "", errorMessage: r.msg ?? "" });
    },
    onError: (error) => {
      setReview(null);
      if (isApiError(error) && error.fields.length) setErrors(serverFieldErrors(error.fields));
      setOutcome({ kind: "failed", error });
    },
  });

  function onReview(e: React.FormEvent) {
    e.preventDefault();
    const checked = checkModifyPlan(f.orderId, modifyPlanBody(f));
    if (!checked.ok) {
      setErrors(checked.errors);
      document.querySelector<HTMLElement>(`[data-field="modify-${Object.keys(checked.errors)[0]}"]`)?.focus();
      return;
    }
    setErrors({});
    setOutcome(null);
    setReview({ orderId: f.orderId.trim(), text: JSON.stringify(checked.body, null, 2) });
  }

  return (
    <Section id="modify-plan" title={t("title")} description={t("description")}>
      <form noValidate onSubmit={onReview} className="space-y-4" aria-label={t("formLabel")}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <TextField
            label={t("orderId")}
            data-field="modify-orderId"
            inputMode="numeric"
            autoComplete="off"
            className="font-mono"
            value={f.orderId}
            onChange={(e) => set({ orderId: e.target.value })}
            error={shown.orderId}
            list="placed-plan-orders"
            hint={placed.length ? t("pickHint") : t("pasteHint")}
          />
          <datalist id="placed-plan-orders">
            {placed.map((p) => (
              <option key={p.orderId} value={p.orderId}>{t("placedOption", { symbol: p.symbol, planType: p.planType, triggerPrice: p.triggerPrice })}</option>
            ))}
          </datalist>
          <TextField label={t("triggerPrice")} data-field="modify-triggerPrice" inputMode="decimal" autoComplete="off" value={f.triggerPrice} onChange={(e) => set({ triggerPrice: e.target.value })} error={shown.triggerPrice} />
          <TextField label={t("executePrice")} data-field="modify-executePrice" inputMode="decimal" autoComplete="off" value={f.executePrice} onChange={(e) => set({ executePrice: e.target.value })} error={shown.executePrice} hint={t("executeHint")} />
          <SelectField
            label={t("triggerPriceType")}
            data-field="modify-triggerPriceType"
            value={f.triggerPriceType}
            onChange={(e) => set({ triggerPriceType: e.target.value as ModifyPlanForm["triggerPriceType"] })}
            options={[
              { value: "", label: t("typeUnset") },
              { value: "1", label: t("typeLast") },
              { value: "3", label: t("typeMark") },
            ]}
            error={shown.triggerPriceType}
          />
        </div>
        <button type="submit" className={buttonPrimary}>
          {t("review")}
        </button>
      </form>
      <ConfirmDialog
        open={review !== null}
        title={t("confirmTitle")}
        summary={
          <p>
            {t.rich(f.executePrice.trim() ? "summaryWithExecute" : "summary", {
              orderId: review?.orderId ?? "",
              triggerPrice: f.triggerPrice,
              executePrice: f.executePrice,
              code: (c) => <code className="font-mono">{c}</code>,
            })}
          </p>
        }
        method="PATCH"
        path={review ? path(review.orderId) : ""}
        bodyText={review?.text ?? ""}
        confirmLabel={t("send")}
        busy={modify.isPending}
        onConfirm={() => review && modify.mutate(review)}
        onCancel={() => setReview(null)}
      />
      <div aria-live="polite" className="mt-4">
        {outcome ? <ResultPanel outcome={outcome} what="modify" /> : null}
      </div>
    </Section>
  );
}
