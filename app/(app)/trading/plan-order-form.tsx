"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { SelectField, TextField } from "@/components/ui/field";
import { Section } from "@/components/ui/page-header";
import { buttonGhost, buttonPrimary } from "@/components/ui/styles";
import { apiSend, isApiError } from "@/lib/ui/api";
import { checkPlanOrder, EMPTY_PLAN_ORDER, generateClientOrderId, planOrderBody, serverFieldErrors, type Errors, type PlanOrderForm } from "@/lib/ui/orders";
import { ConfirmDialog } from "./confirm-dialog";
import { ResultPanel, type Outcome } from "./result-panel";
import { useFieldErrors } from "./use-field-errors";
import { useStoredState } from "./use-stored-state";

type PlanResult = Array<{ success: boolean; orderId: string }> | { success: boolean; orderId: string };

export interface PlacedPlanOrder {
  orderId: string;
  symbol: string;
  planType: string;
  triggerPrice: string;
  executePrice?: string;
}

const PATH = "/api/contract/plan-orders";

/** A take-profit or stop-loss plan order on a contract position. */
export function PlanOrderFormPanel({ onPlaced }: { onPlaced: (o: PlacedPlanOrder) => void }) {
  const t = useTranslations("trading.plan");
  const [draft, setDraft] = useStoredState("trading.plan", () => ({ form: EMPTY_PLAN_ORDER, clientOrderId: generateClientOrderId("plan") }));
  const [errors, setErrors] = useState<Errors>({});
  const shown = useFieldErrors(errors);
  const [review, setReview] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const f = draft.form;
  const set = (patch: Partial<PlanOrderForm>) => setDraft((d) => ({ ...d, form: { ...d.form, ...patch } }));

  const place = useMutation({
    mutationFn: (bodyText: string) => apiSend<PlanResult>("POST", PATH, bodyText),
    retry: 0,
    onSuccess: (r) => {
      setReview(null);
      const first = Array.isArray(r) ? r[0] : r;
      // The interface reports a failed plan order as success:false with orderId 0.
      if (first && first.success && first.orderId && first.orderId !== "0") {
        setOutcome({ kind: "accepted", orderId: first.orderId, clientOrderId: draft.clientOrderId, detail: t("modifyBelow") });
        onPlaced({ orderId: first.orderId, symbol: f.symbol.trim(), planType: f.planType, triggerPrice: f.triggerPrice.trim(), executePrice: f.executePrice.trim() || undefined });
        setDraft((d) => ({ ...d, clientOrderId: generateClientOrderId("plan") }));
      } else {
        setOutcome({ kind: "rejected", errorCode: `success: ${String(first?.success ?? false)}`, errorMessage: `orderId: ${first?.orderId ?? t("none")}`, clientOrderId: draft.clientOrderId });
      }
    },
    onError: (error) => {
      setReview(null);
      if (isApiError(error) && error.fields.length) setErrors(serverFieldErrors(error.fields));
      setOutcome({ kind: "failed", error, clientOrderId: draft.clientOrderId });
    },
  });

  function onReview(e: React.FormEvent) {
    e.preventDefault();
    const checked = checkPlanOrder(planOrderBody(f, draft.clientOrderId));
    if (!checked.ok) {
      setErrors(checked.errors);
      document.querySelector<HTMLElement>(`[data-field="plan-${Object.keys(checked.errors)[0]}"]`)?.focus();
      return;
    }
    setErrors({});
    setOutcome(null);
    setReview(JSON.stringify(checked.body, null, 2));
  }

  return (
    <Section id="plan-order" title={t("title")} description={t("description")}>
      <form noValidate onSubmit={onReview} className="space-y-4" aria-label={t("formLabel")}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label={t("symbol")} data-field="plan-symbol" value={f.symbol} onChange={(e) => set({ symbol: e.target.value })} error={shown.symbol} autoComplete="off" />
          <TextField label={t("clientOrderId")} data-field="plan-clientOrderId" value={draft.clientOrderId} readOnly error={shown.clientOrderId} className="font-mono" hint={t("clientOrderIdHint")} />
        </div>
        <div className="flex flex-wrap gap-6">
          <ChoiceGroup legend={t("planType")} value={f.planType} onChange={(planType) => set({ planType })} options={[{ value: "profit_plan", label: t("profitPlan") }, { value: "loss_plan", label: t("lossPlan") }]} error={shown.planType} />
          <ChoiceGroup legend={t("positionSide")} value={f.positionSide} onChange={(positionSide) => set({ positionSide })} options={[{ value: "long", label: "long" }, { value: "short", label: "short" }]} error={shown.positionSide} />
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <TextField label={t("triggerPrice")} data-field="plan-triggerPrice" inputMode="decimal" autoComplete="off" value={f.triggerPrice} onChange={(e) => set({ triggerPrice: e.target.value })} error={shown.triggerPrice} />
          <TextField label={t("executePrice")} data-field="plan-executePrice" inputMode="decimal" autoComplete="off" value={f.executePrice} onChange={(e) => set({ executePrice: e.target.value })} error={shown.executePrice} hint={t("executeHint")} />
          <TextField label={t("size")} data-field="plan-size" inputMode="decimal" autoComplete="off" value={f.size} onChange={(e) => set({ size: e.target.value })} error={shown.size} />
          <SelectField
            label={t("marginMode")}
            data-field="plan-marginMode"
            value={f.marginMode}
            onChange={(e) => set({ marginMode: e.target.value as PlanOrderForm["marginMode"] })}
            options={[
              { value: "", label: t("marginUnset") },
              { value: "1", label: t("marginCross") },
              { value: "3", label: t("marginIsolated") },
            ]}
            error={shown.marginMode}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonPrimary}>
            {t("review")}
          </button>
          <button
            type="button"
            className={buttonGhost}
            onClick={() => {
              setDraft({ form: EMPTY_PLAN_ORDER, clientOrderId: generateClientOrderId("plan") });
              setErrors({});
              setOutcome(null);
            }}
          >
            {t("newOrder")}
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={review !== null}
        title={t("confirmTitle")}
        summary={
          <p>
            {t("summary", {
              planType: f.planType,
              symbol: f.symbol,
              positionSide: f.positionSide,
              size: f.size,
              triggerPrice: f.triggerPrice,
              executePrice: f.executePrice.trim() && f.executePrice.trim() !== "0" ? f.executePrice : t("marketPrice"),
            })}
          </p>
        }
        method="POST"
        path={PATH}
        bodyText={review ?? ""}
        confirmLabel={t("send")}
        busy={place.isPending}
        onConfirm={() => review && place.mutate(review)}
        onCancel={() => setReview(null)}
      />
      <div aria-live="polite" className="mt-4">
        {outcome ? <ResultPanel outcome={outcome} what="plan" /> : null}
      </div>
    </Section>
  );
}
