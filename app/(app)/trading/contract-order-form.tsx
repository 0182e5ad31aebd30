"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { SelectField, TextField } from "@/components/ui/field";
import { Section } from "@/components/ui/page-header";
import { buttonGhost, buttonPrimary } from "@/components/ui/styles";
import { apiSend, isApiError } from "@/lib/ui/api";
import { checkContractOrder, contractOrderBody, EMPTY_CONTRACT_ORDER, generateClientOrderId, serverFieldErrors, type ContractOrderForm, type Errors } from "@/lib/ui/orders";
import { ConfirmDialog } from "./confirm-dialog";
import { ResultPanel, type Outcome } from "./result-panel";
import { useFieldErrors } from "./use-field-errors";
import { useStoredState } from "./use-stored-state";

interface PlaceOrderResult {
  orderId: string | null;
  clientOrderId?: string;
  success: boolean;
  errorCode: string;
  errorMessage: string;
}

const PATH = "/api/contract/orders";

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
  const [errors, setErrors] = useState<Errors>({});
  const shown = useFieldErrors(errors);
  const [review, setReview] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const f = draft.form;
  const set = (patch: Partial<ContractOrderForm>) => setDraft((d) => ({ ...d, form: { ...d.form, ...patch }, ...("symbol" in patch ? { droppedSymbol: null } : {}) }));
  const rejectSymbol = (code: string | undefined) => {
    if (code === INVALID_SYMBOL) setDraft((d) => ({ ...d, rejectedSymbol: d.form.symbol }));
  };

  const place = useMutation({
    mutationFn: (bodyText: string) => apiSend<PlaceOrderResult>("POST", PATH, bodyText),
    retry: 0,
    onSuccess: (r) => {
      setReview(null);
      if (r.success) {
        setOutcome({ kind: "accepted", orderId: r.orderId, clientOrderId: r.clientOrderId ?? draft.clientOrderId });
        // This order is done: the next one gets its own id.
        setDraft((d) => ({ ...d, clientOrderId: generateClientOrderId() }));
      } else {
        setOutcome({ kind: "rejected", errorCode: r.errorCode, errorMessage: r.errorMessage, clientOrderId: draft.clientOrderId });
        rejectSymbol(String(r.errorCode));
      }
    },
    onError: (error) => {
      setReview(null);
      if (isApiError(error) && error.fields.length) setErrors(serverFieldErrors(error.fields));
      if (isApiError(error)) rejectSymbol(error.upstream?.code);
      setOutcome({ kind: "failed", error, clientOrderId: draft.clientOrderId });
    },
  });

  function onReview(e: React.FormEvent) {
    e.preventDefault();
    const checked = checkContractOrder(contractOrderBody(f, draft.clientOrderId));
    if (!checked.ok) {
      setErrors(checked.errors);
      // Focus the first field in error so keyboard and screen-reader users land on it.
      const first = Object.keys(checked.errors)[0];
      document.querySelector<HTMLElement>(`[data-field="contract-${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setOutcome(null);
    setReview(JSON.stringify(checked.body, null, 2));
  }

  function newOrder() {
    setDraft(newDraft());
    setErrors({});
    setOutcome(null);
  }

  const limit = f.type === "LIMIT";
  const workingTypes = [
    { value: "", label: t("workingUnset") },
    { value: "CONTRACT_PRICE", label: t("workingContract") },
    { value: "MARK_PRICE", label: "MARK_PRICE" },
  ];
  return (
    <Section id="contract-order" title={t("title")} description={t("description")}>
      <form noValidate onSubmit={onReview} className="space-y-4" aria-label={t("title")}>
        {shown.form ? <p role="alert" className="text-sm text-red-700 dark:text-red-400">{shown.form}</p> : null}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label={t("symbol")}
            data-field="contract-symbol"
            value={f.symbol}
            onChange={(e) => set({ symbol: e.target.value })}
            error={shown.symbol}
            hint={draft.droppedSymbol ? t("symbolDropped", { symbol: draft.droppedSymbol }) : t("symbolHint")}
            autoComplete="off"
          />
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
          <TextField label={t("quantity")} data-field="contract-quantity" inputMode="decimal" autoComplete="off" value={f.quantity} onChange={(e) => set({ quantity: e.target.value })} error={shown.quantity} hint={t("quantityHint")} />
          {limit ? (
            <>
              <TextField label={t("price")} data-field="contract-price" inputMode="decimal" autoComplete="off" value={f.price} onChange={(e) => set({ price: e.target.value })} error={shown.price} hint={t("priceHint")} />
              <SelectField
                label={t("timeInForce")}
                data-field="contract-timeInForce"
                value={f.timeInForce}
                onChange={(e) => set({ timeInForce: e.target.value as ContractOrderForm["timeInForce"] })}
                options={[
                  { value: "GTC", label: t("gtc") },
                  { value: "IOC", label: t("ioc") },
                  { value: "FOK", label: t("fok") },
                ]}
                error={shown.timeInForce}
              />
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
              <TextField label={t("tpTriggerPrice")} data-field="contract-tpTriggerPrice" inputMode="decimal" autoComplete="off" value={f.tpTriggerPrice} onChange={(e) => set({ tpTriggerPrice: e.target.value })} error={shown.tpTriggerPrice} />
              <SelectField label={t("tpWorkingType")} data-field="contract-TpWorkingType" value={f.TpWorkingType} onChange={(e) => set({ TpWorkingType: e.target.value as ContractOrderForm["TpWorkingType"] })} options={workingTypes} error={shown.TpWorkingType} />
              <TextField label={t("slTriggerPrice")} data-field="contract-slTriggerPrice" inputMode="decimal" autoComplete="off" value={f.slTriggerPrice} onChange={(e) => set({ slTriggerPrice: e.target.value })} error={shown.slTriggerPrice} />
              <SelectField label={t("slWorkingType")} data-field="contract-SlWorkingType" value={f.SlWorkingType} onChange={(e) => set({ SlWorkingType: e.target.value as ContractOrderForm["SlWorkingType"] })} options={workingTypes} error={shown.SlWorkingType} />
            </div>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonPrimary}>
            {t("review")}
          </button>
          <button type="button" className={buttonGhost} onClick={newOrder}>
            {t("newOrder")}
          </button>
        </div>
      </form>

      <ConfirmDialog
        open={review !== null}
        title={t("confirmTitle")}
        summary={
          <p>
            {limit
              ? t("summaryLimit", { side: f.side, quantity: f.quantity, symbol: f.symbol, type: f.type, price: f.price, timeInForce: f.timeInForce, positionSide: f.positionSide })
              : t("summaryMarket", { side: f.side, quantity: f.quantity, symbol: f.symbol, type: f.type, positionSide: f.positionSide })}
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
        {outcome ? <ResultPanel outcome={outcome} what="contract" /> : null}
      </div>
    </Section>
  );
}
