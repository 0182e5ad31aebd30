"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { SelectField, TextField } from "@/components/ui/field";
import { Section } from "@/components/ui/page-header";
import { buttonGhost, buttonPrimary } from "@/components/ui/styles";
import { apiSend, isApiError } from "@/lib/ui/api";
import { checkContractOrder, contractOrderBody, EMPTY_CONTRACT_ORDER, generateClientOrderId, serverFieldErrors, type ContractOrderForm, type Errors } from "@/lib/ui/orders";
import { ConfirmDialog } from "./confirm-dialog";
import { ResultPanel, type Outcome } from "./result-panel";
import { useStoredState } from "./use-stored-state";

interface PlaceOrderResult {
  orderId: string | null;
  clientOrderId?: string;
  success: boolean;
  errorCode: string;
  errorMessage: string;
}

const PATH = "/api/contract/orders";
const WORKING_TYPES = [
  { value: "", label: "Not set (WEEX default: CONTRACT_PRICE)" },
  { value: "CONTRACT_PRICE", label: "CONTRACT_PRICE (last price)" },
  { value: "MARK_PRICE", label: "MARK_PRICE" },
];

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
  const [draft, setDraft] = useStoredState<Draft>("trading.contract", newDraft, restoreDraft);
  const [errors, setErrors] = useState<Errors>({});
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
  return (
    <Section id="contract-order" title="Contract order" description="A futures order with optional take-profit and stop-loss.">
      <form noValidate onSubmit={onReview} className="space-y-4" aria-label="Contract order">
        {errors.form ? <p role="alert" className="text-sm text-red-700 dark:text-red-400">{errors.form}</p> : null}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label="Symbol"
            data-field="contract-symbol"
            value={f.symbol}
            onChange={(e) => set({ symbol: e.target.value })}
            error={errors.symbol}
            hint={draft.droppedSymbol ? `WEEX rejected “${draft.droppedSymbol}” last time, so it was not filled in again. Contract symbols look like cmt_btcusdt.` : "Contract symbols look like cmt_btcusdt."}
            autoComplete="off"
          />
          <TextField
            label="Client order ID (newClientOrderId)"
            data-field="contract-newClientOrderId"
            value={draft.clientOrderId}
            readOnly
            error={errors.newClientOrderId}
            hint="Made once for this order and kept if you send it again."
            className="font-mono"
          />
        </div>
        <div className="flex flex-wrap gap-6">
          <ChoiceGroup legend="Side" value={f.side} onChange={(side) => set({ side })} options={[{ value: "BUY", label: "BUY" }, { value: "SELL", label: "SELL" }]} error={errors.side} />
          <ChoiceGroup legend="Position side" value={f.positionSide} onChange={(positionSide) => set({ positionSide })} options={[{ value: "LONG", label: "LONG" }, { value: "SHORT", label: "SHORT" }]} error={errors.positionSide} />
          <ChoiceGroup legend="Type" value={f.type} onChange={(type) => set({ type })} options={[{ value: "LIMIT", label: "LIMIT" }, { value: "MARKET", label: "MARKET" }]} error={errors.type} />
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <TextField label="Quantity" data-field="contract-quantity" inputMode="decimal" autoComplete="off" value={f.quantity} onChange={(e) => set({ quantity: e.target.value })} error={errors.quantity} hint="Greater than 0, e.g. 0.01." />
          {limit ? (
            <>
              <TextField label="Price" data-field="contract-price" inputMode="decimal" autoComplete="off" value={f.price} onChange={(e) => set({ price: e.target.value })} error={errors.price} hint="Required for LIMIT." />
              <SelectField
                label="Time in force"
                data-field="contract-timeInForce"
                value={f.timeInForce}
                onChange={(e) => set({ timeInForce: e.target.value as ContractOrderForm["timeInForce"] })}
                options={[
                  { value: "GTC", label: "GTC (good till cancelled)" },
                  { value: "IOC", label: "IOC (immediate or cancel)" },
                  { value: "FOK", label: "FOK (fill or kill)" },
                ]}
                error={errors.timeInForce}
              />
            </>
          ) : (
            <p className="self-center text-sm text-slate-600 sm:col-span-2 dark:text-slate-400">A MARKET order has no price and no time in force.</p>
          )}
        </div>
        <div>
          <label className="inline-flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" className="h-4 w-4 accent-sky-700" checked={f.withTpSl} onChange={(e) => set({ withTpSl: e.target.checked })} />
            Add take-profit / stop-loss
          </label>
          {f.withTpSl ? (
            <div className="mt-3 grid grid-cols-1 gap-4 rounded-md border border-slate-200 p-3 sm:grid-cols-2 dark:border-slate-700">
              <TextField label="Take-profit trigger price (tpTriggerPrice)" data-field="contract-tpTriggerPrice" inputMode="decimal" autoComplete="off" value={f.tpTriggerPrice} onChange={(e) => set({ tpTriggerPrice: e.target.value })} error={errors.tpTriggerPrice} />
              <SelectField label="Take-profit working type (TpWorkingType)" data-field="contract-TpWorkingType" value={f.TpWorkingType} onChange={(e) => set({ TpWorkingType: e.target.value as ContractOrderForm["TpWorkingType"] })} options={WORKING_TYPES} error={errors.TpWorkingType} />
              <TextField label="Stop-loss trigger price (slTriggerPrice)" data-field="contract-slTriggerPrice" inputMode="decimal" autoComplete="off" value={f.slTriggerPrice} onChange={(e) => set({ slTriggerPrice: e.target.value })} error={errors.slTriggerPrice} />
              <SelectField label="Stop-loss working type (SlWorkingType)" data-field="contract-SlWorkingType" value={f.SlWorkingType} onChange={(e) => set({ SlWorkingType: e.target.value as ContractOrderForm["SlWorkingType"] })} options={WORKING_TYPES} error={errors.SlWorkingType} />
            </div>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonPrimary}>
            Review order
          </button>
          <button type="button" className={buttonGhost} onClick={newOrder}>
            New order (new client order ID)
          </button>
        </div>
      </form>

      <ConfirmDialog
        open={review !== null}
        title="Send this contract order?"
        summary={
          <p>
            {f.side} {f.quantity} {f.symbol} {f.type}
            {limit ? ` at ${f.price} (${f.timeInForce})` : " at market price"}, position {f.positionSide}.
          </p>
        }
        method="POST"
        path={PATH}
        bodyText={review ?? ""}
        confirmLabel="Send order"
        busy={place.isPending}
        onConfirm={() => review && place.mutate(review)}
        onCancel={() => setReview(null)}
      />

      <div aria-live="polite" className="mt-4">
        {outcome ? <ResultPanel outcome={outcome} what="Contract order" /> : null}
      </div>
    </Section>
  );
}
