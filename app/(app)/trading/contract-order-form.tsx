"use client";

import { useTranslations } from "next-intl";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { SelectField, TextField } from "@/components/ui/field";
import { isApiError } from "@/lib/ui/api";
import { checkContractOrder, contractOrderBody, EMPTY_CONTRACT_ORDER, generateClientOrderId, type ContractOrderForm } from "@/lib/ui/orders";
import { DECIMAL_INPUT, fieldBinder, OrderFormFrame, useOrderFlow, type Pending } from "./order-flow";
import { useStoredState } from "./use-stored-state";

interface PlaceOrderResult {
  orderId: string | null;
  clientOrderId?: string;
  success: boolean;
  errorCode: string;
  errorMessage: string;
}

/** WEEX's code for a symbol it does not know (-1121). */
const INVALID_SYMBOL = "-1121";

interface Draft {
  form: ContractOrderForm;
  clientOrderId: string;
  /** the symbol WEEX rejected as unknown: not restored on the next visit */
  rejectedSymbol?: string | null;
  /** set on a visit that dropped the rejected symbol, to say so next to the field */
  droppedSymbol?: string | null;
}

const newDraft = (): Draft => ({ form: EMPTY_CONTRACT_ORDER, clientOrderId: generateClientOrderId() });

/** On a new visit, a symbol WEEX rejected comes back empty, with a word why (the rest of the draft stays). */
function restoreDraft(d: Draft): Draft {
  if (d.rejectedSymbol && d.form.symbol === d.rejectedSymbol) return { ...d, form: { ...d.form, symbol: "" }, rejectedSymbol: null, droppedSymbol: d.rejectedSymbol };
  return { ...d, droppedSymbol: null };
}

/**
 * A contract order: form → check with the server's schema → confirm the exact JSON → send
 * once. The client order id is made once per order and survives resubmits and reloads; a new
 * one comes only after WEEX accepted the order or the person starts a new order.
 */
export function ContractOrderFormPanel() {
  const t = useTranslations("trading.contract");
  const [draft, setDraft] = useStoredState<Draft>("trading.contract", newDraft, restoreDraft);
  const f = draft.form;
  const set = (patch: Partial<ContractOrderForm>) => setDraft((d) => ({ ...d, form: { ...d.form, ...patch }, ...("symbol" in patch ? { droppedSymbol: null } : {}) }));
  const rejectSymbol = (code: string | undefined) => {
    if (code === INVALID_SYMBOL) setDraft((d) => ({ ...d, rejectedSymbol: d.form.symbol }));
  };

  const flow = useOrderFlow<Pending, PlaceOrderResult>({
    what: "contract",
    clientOrderId: draft.clientOrderId,
    onAnswer: (r) => {
      if (!r.success) {
        rejectSymbol(String(r.errorCode));
        return { kind: "rejected", errorCode: r.errorCode, errorMessage: r.errorMessage, clientOrderId: draft.clientOrderId };
      }
      // This order is done: the next one gets its own id.
      setDraft((d) => ({ ...d, clientOrderId: generateClientOrderId() }));
      return { kind: "accepted", orderId: r.orderId, clientOrderId: r.clientOrderId ?? draft.clientOrderId };
    },
    onFailed: (error) => {
      if (isApiError(error)) rejectSymbol(error.upstream?.code);
    },
  });
  const shown = flow.shown;
  const field = fieldBinder("contract", f, set, shown);

  function newOrder() {
    setDraft(newDraft());
    flow.reset();
  }

  const limit = f.type === "LIMIT";
  const workingTypes = [
    { value: "", label: t("workingUnset") },
    { value: "CONTRACT_PRICE", label: t("workingContract") },
    { value: "MARK_PRICE", label: "MARK_PRICE" },
  ];
  return (
    <OrderFormFrame
      flow={flow}
      onSubmit={() => flow.check(checkContractOrder(contractOrderBody(f, draft.clientOrderId)), (text) => ({ text }))}
      onNewOrder={newOrder}
      summary={
        <p>
          {limit
            ? t("summaryLimit", { side: f.side, quantity: f.quantity, symbol: f.symbol, type: f.type, price: f.price, timeInForce: f.timeInForce, positionSide: f.positionSide })
            : t("summaryMarket", { side: f.side, quantity: f.quantity, symbol: f.symbol, type: f.type, positionSide: f.positionSide })}
        </p>
      }
    >
      {shown.form ? <p role="alert" className="text-sm text-red-700 dark:text-red-400">{shown.form}</p> : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField label={t("symbol")} {...field("symbol")} hint={draft.droppedSymbol ? t("symbolDropped", { symbol: draft.droppedSymbol }) : t("symbolHint")} autoComplete="off" />
        <TextField
          label={t("clientOrderId")}
          data-field="contract-newClientOrderId"
          value={draft.clientOrderId}
          readOnly
          error={shown.newClientOrderId}
          hint={t("clientOrderIdHint")}
          className="font-mono"
        />
      </div>
      <div className="flex flex-wrap gap-6">
        <ChoiceGroup legend={t("side")} value={f.side} onChange={(side) => set({ side })} options={[{ value: "BUY", label: "BUY" }, { value: "SELL", label: "SELL" }]} error={shown.side} />
        <ChoiceGroup legend={t("positionSide")} value={f.positionSide} onChange={(positionSide) => set({ positionSide })} options={[{ value: "LONG", label: "LONG" }, { value: "SHORT", label: "SHORT" }]} error={shown.positionSide} />
        <ChoiceGroup legend={t("type")} value={f.type} onChange={(type) => set({ type })} options={[{ value: "LIMIT", label: "LIMIT" }, { value: "MARKET", label: "MARKET" }]} error={shown.type} />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <TextField label={t("quantity")} {...DECIMAL_INPUT} {...field("quantity")} hint={t("quantityHint")} />
        {limit ? (
          <>
            <TextField label={t("price")} {...DECIMAL_INPUT} {...field("price")} hint={t("priceHint")} />
            <SelectField label={t("timeInForce")} {...field("timeInForce")} options={[{ value: "GTC", label: t("gtc") }, { value: "IOC", label: t("ioc") }, { value: "FOK", label: t("fok") }]} />
          </>
        ) : (
          <p className="self-center text-sm text-slate-600 sm:col-span-2 dark:text-slate-400">{t("marketNote")}</p>
        )}
      </div>
      <div>
        <label className="inline-flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" className="h-4 w-4 accent-sky-700" checked={f.withTpSl} onChange={(e) => set({ withTpSl: e.target.checked })} />
          {t("withTpSl")}
        </label>
        {f.withTpSl ? (
          <div className="mt-3 grid grid-cols-1 gap-4 rounded-md border border-slate-200 p-3 sm:grid-cols-2 dark:border-slate-700">
            <TextField label={t("tpTriggerPrice")} {...DECIMAL_INPUT} {...field("tpTriggerPrice")} />
            <SelectField label={t("tpWorkingType")} {...field("TpWorkingType")} options={workingTypes} />
            <TextField label={t("slTriggerPrice")} {...DECIMAL_INPUT} {...field("slTriggerPrice")} />
            <SelectField label={t("slWorkingType")} {...field("SlWorkingType")} options={workingTypes} />
          </div>
        ) : null}
      </div>
    </OrderFormFrame>
  );
}
