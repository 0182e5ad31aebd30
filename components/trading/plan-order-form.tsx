"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { SelectField, TextField } from "@/components/ui/field";
import { Section } from "@/components/ui/page-header";
import { buttonGhost, buttonPrimary } from "@/components/ui/styles";
import { apiSend, isApiError } from "@/lib/ui/api";
import { checkPlanOrder, EMPTY_PLAN_ORDER, generateClientOrderId, planOrderBody, serverFieldErrors, type Errors, type PlanOrderForm } from "@/lib/ui/orders";
import { ConfirmDialog } from "./confirm-dialog";
import { ResultPanel, type Outcome } from "./result-panel";
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
  const [draft, setDraft] = useStoredState("trading.plan", () => ({ form: EMPTY_PLAN_ORDER, clientOrderId: generateClientOrderId("plan") }));
  const [errors, setErrors] = useState<Errors>({});
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
        setOutcome({ kind: "accepted", orderId: first.orderId, clientOrderId: draft.clientOrderId, detail: "You can modify it below." });
        onPlaced({ orderId: first.orderId, symbol: f.symbol.trim(), planType: f.planType, triggerPrice: f.triggerPrice.trim(), executePrice: f.executePrice.trim() || undefined });
        setDraft((d) => ({ ...d, clientOrderId: generateClientOrderId("plan") }));
      } else {
        setOutcome({ kind: "rejected", errorCode: `success: ${String(first?.success ?? false)}`, errorMessage: `orderId: ${first?.orderId ?? "(none)"}`, clientOrderId: draft.clientOrderId });
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
    <Section id="plan-order" title="Plan order (TP/SL)" description="A take-profit or stop-loss order that triggers at a price.">
      <form noValidate onSubmit={onReview} className="space-y-4" aria-label="Plan order">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label="Symbol" data-field="plan-symbol" value={f.symbol} onChange={(e) => set({ symbol: e.target.value })} error={errors.symbol} autoComplete="off" />
          <TextField label="Client order ID (clientOrderId)" data-field="plan-clientOrderId" value={draft.clientOrderId} readOnly error={errors.clientOrderId} className="font-mono" hint="Kept if you send this plan order again." />
        </div>
        <div className="flex flex-wrap gap-6">
          <ChoiceGroup legend="Plan type" value={f.planType} onChange={(planType) => set({ planType })} options={[{ value: "profit_plan", label: "Take profit (profit_plan)" }, { value: "loss_plan", label: "Stop loss (loss_plan)" }]} error={errors.planType} />
          <ChoiceGroup legend="Position side" value={f.positionSide} onChange={(positionSide) => set({ positionSide })} options={[{ value: "long", label: "long" }, { value: "short", label: "short" }]} error={errors.positionSide} />
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <TextField label="Trigger price" data-field="plan-triggerPrice" inputMode="decimal" autoComplete="off" value={f.triggerPrice} onChange={(e) => set({ triggerPrice: e.target.value })} error={errors.triggerPrice} />
          <TextField label="Execute price" data-field="plan-executePrice" inputMode="decimal" autoComplete="off" value={f.executePrice} onChange={(e) => set({ executePrice: e.target.value })} error={errors.executePrice} hint="Empty or 0: market price." />
          <TextField label="Size" data-field="plan-size" inputMode="decimal" autoComplete="off" value={f.size} onChange={(e) => set({ size: e.target.value })} error={errors.size} />
          <SelectField
            label="Margin mode"
            data-field="plan-marginMode"
            value={f.marginMode}
            onChange={(e) => set({ marginMode: e.target.value as PlanOrderForm["marginMode"] })}
            options={[
              { value: "", label: "Not set (WEEX default: cross)" },
              { value: "1", label: "1 — cross" },
              { value: "3", label: "3 — isolated" },
            ]}
            error={errors.marginMode}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonPrimary}>
            Review plan order
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
            New plan order (new client order ID)
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={review !== null}
        title="Send this plan order?"
        summary={
          <p>
            {f.planType === "profit_plan" ? "Take profit" : "Stop loss"} on {f.symbol} ({f.positionSide}): size {f.size}, trigger at {f.triggerPrice}, execute at {f.executePrice.trim() && f.executePrice.trim() !== "0" ? f.executePrice : "market price"}.
          </p>
        }
        method="POST"
        path={PATH}
        bodyText={review ?? ""}
        confirmLabel="Send plan order"
        busy={place.isPending}
        onConfirm={() => review && place.mutate(review)}
        onCancel={() => setReview(null)}
      />
      <div aria-live="polite" className="mt-4">
        {outcome ? <ResultPanel outcome={outcome} what="Plan order" /> : null}
      </div>
    </Section>
  );
}
