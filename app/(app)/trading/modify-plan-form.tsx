"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { SelectField, TextField } from "@/components/ui/field";
import { checkModifyPlan, EMPTY_MODIFY_PLAN, modifyPlanBody, type ModifyPlanForm } from "@/lib/ui/orders";
import { fieldBinder, OrderFormFrame, TriggerAndExecuteFields, useOrderFlow, type Pending } from "./order-flow";
import type { PlacedPlanOrder } from "./plan-order-form";

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
  const set = (patch: Partial<ModifyPlanForm>) => setF((d) => ({ ...d, ...patch }));

  const flow = useOrderFlow<Required<Pending>, ModifyResult>({
    what: "modify",
    onAnswer: (r, sent) => {
      const ok = r.code !== undefined ? r.code === "00000" : r.success === true;
      if (!ok) return { kind: "rejected", errorCode: r.code ?? "", errorMessage: r.msg ?? "" };
      return { kind: "accepted", orderId: sent.orderId, detail: r.msg ? t("answeredWithMessage", { code: r.code ?? "—", message: r.msg }) : t("answered", { code: r.code ?? "—" }) };
    },
  });
  const field = fieldBinder("modify", f, set, flow.shown);

  return (
    <OrderFormFrame
      flow={flow}
      onSubmit={() => flow.check(checkModifyPlan(f.orderId, modifyPlanBody(f)), (text) => ({ orderId: f.orderId.trim(), text }))}
      summary={
        <p>
          {t.rich(f.executePrice.trim() ? "summaryWithExecute" : "summary", {
            orderId: flow.review?.orderId ?? "",
            triggerPrice: f.triggerPrice,
            executePrice: f.executePrice,
            code: (c) => <code className="font-mono">{c}</code>,
          })}
        </p>
      }
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextField label={t("orderId")} inputMode="numeric" autoComplete="off" className="font-mono" {...field("orderId")} list="placed-plan-orders" hint={placed.length ? t("pickHint") : t("pasteHint")} />
        <datalist id="placed-plan-orders">
          {placed.map((p) => (
            <option key={p.orderId} value={p.orderId}>{t("placedOption", { symbol: p.symbol, planType: p.planType, triggerPrice: p.triggerPrice })}</option>
          ))}
        </datalist>
        <TriggerAndExecuteFields what="modify" field={field} />
        <SelectField label={t("triggerPriceType")} {...field("triggerPriceType")} options={[{ value: "", label: t("typeUnset") }, { value: "1", label: t("typeLast") }, { value: "3", label: t("typeMark") }]} />
      </div>
    </OrderFormFrame>
  );
}
