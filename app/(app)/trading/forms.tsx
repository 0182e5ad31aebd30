"use client";

import { ContractOrderFormPanel } from "./contract-order-form";
import { ModifyPlanFormPanel } from "./modify-plan-form";
import { PlanOrderFormPanel, type PlacedPlanOrder } from "./plan-order-form";
import { useStoredState } from "./use-stored-state";

/** The trader's forms; plan orders placed in this tab are offered to the modification form. */
export function TradingForms() {
  const [placed, setPlaced] = useStoredState<{ items: PlacedPlanOrder[] }>("trading.placedPlans", () => ({ items: [] }));
  return (
    <div className="space-y-8">
      <ContractOrderFormPanel />
      <PlanOrderFormPanel onPlaced={(o) => setPlaced((p) => ({ items: [o, ...p.items.filter((x) => x.orderId !== o.orderId)].slice(0, 20) }))} />
      <ModifyPlanFormPanel key={placed.items[0]?.orderId ?? "none"} placed={placed.items} />
    </div>
  );
}
