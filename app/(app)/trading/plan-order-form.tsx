"use client";

import { useTranslations } from "next-intl";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { SelectField, TextField } from "@/components/ui/field";
import { checkPlanOrder, EMPTY_PLAN_ORDER, generateClientOrderId, planOrderBody, type PlanOrderForm } from "@/lib/ui/orders";
import { DECIMAL_INPUT, fieldBinder, OrderFormFrame, TriggerAndExecuteFields, useOrderFlow, type Pending } from "./order-flow";
import { useStoredState } from "./use-stored-state";

type PlanResult = Array<{ success: boolean; orderId: string }> | { success: boolean; orderId: string };

export interface PlacedPlanOrder {
  orderId: string;
  symbol: string;
  planType: string;
  triggerPrice: string;
  executePrice?: string;
}

/** A take-profit or stop-loss plan order on a contract position. */
export function PlanOrderFormPanel({ onPlaced }: { onPlaced: (o: PlacedPlanOrder) => void }) {
  const t = useTranslations("trading.plan");
  const newDraft = () => ({ form: EMPTY_PLAN_ORDER, clientOrderId: generateClientOrderId("plan") });
  const [draft, setDraft] = useStoredState("trading.plan", newDraft);
  const f = draft.form;
  const set = (patch: Partial<PlanOrderForm>) => setDraft((d) => ({ ...d, form: { ...d.form, ...patch } }));

  const flow = useOrderFlow<Pending, PlanResult>({
    what: "plan",
    clientOrderId: draft.clientOrderId,
    onAnswer: (r) => {
      const first = Array.isArray(r) ? r[0] : r;
      // The interface reports a failed plan order as success:false with orderId 0.
      if (!(first && first.success && first.orderId && first.orderId !== "0")) {
        return { kind: "rejected", errorCode: `success: ${String(first?.success ?? false)}`, errorMessage: `orderId: ${first?.orderId ?? t("none")}`, clientOrderId: draft.clientOrderId };
      }
      onPlaced({ orderId: first.orderId, symbol: f.symbol.trim(), planType: f.planType, triggerPrice: f.triggerPrice.trim(), executePrice: f.executePrice.trim() || undefined });
      setDraft((d) => ({ ...d, clientOrderId: generateClientOrderId("plan") }));
      return { kind: "accepted", orderId: first.orderId, clientOrderId: draft.clientOrderId, detail: t("modifyBelow") };
    },
  });
  const shown = flow.shown;
  const field = fieldBinder("plan", f, set, shown);

  return (
    <OrderFormFrame
      flow={flow}
      onSubmit={() => flow.check(checkPlanOrder(planOrderBody(f, draft.clientOrderId)), (text) => ({ text }))}
      onNewOrder={() => {
        setDraft(newDraft());
        flow.reset();
      }}
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
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField label={t("symbol")} {...field("symbol")} autoComplete="off" />
        <TextField label={t("clientOrderId")} data-field="plan-clientOrderId" value={draft.clientOrderId} readOnly error={shown.clientOrderId} className="font-mono" hint={t("clientOrderIdHint")} />
      </div>
      <div className="flex flex-wrap gap-6">
        <ChoiceGroup legend={t("planType")} value={f.planType} onChange={(planType) => set({ planType })} options={[{ value: "profit_plan", label: t("profitPlan") }, { value: "loss_plan", label: t("lossPlan") }]} error={shown.planType} />
        <ChoiceGroup legend={t("positionSide")} value={f.positionSide} onChange={(positionSide) => set({ positionSide })} options={[{ value: "long", label: "long" }, { value: "short", label: "short" }]} error={shown.positionSide} />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <TriggerAndExecuteFields what="plan" field={field} />
        <TextField label={t("size")} {...DECIMAL_INPUT} {...field("size")} />
        <SelectField label={t("marginMode")} {...field("marginMode")} options={[{ value: "", label: t("marginUnset") }, { value: "1", label: t("marginCross") }, { value: "3", label: t("marginIsolated") }]} />
      </div>
    </OrderFormFrame>
  );
}
