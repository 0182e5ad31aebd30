"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { SelectField, TextField } from "@/components/ui/field";
import { Section } from "@/components/ui/page-header";
import { buttonPrimary } from "@/components/ui/styles";
import { apiSend, isApiError } from "@/lib/ui/api";
import { checkModifyPlan, EMPTY_MODIFY_PLAN, modifyPlanBody, serverFieldErrors, type Errors, type ModifyPlanForm } from "@/lib/ui/orders";
import { ConfirmDialog } from "./confirm-dialog";
import type { PlacedPlanOrder } from "./plan-order-form";
import { ResultPanel, type Outcome } from "./result-panel";

/** The modification envelope of the interface (code "00000" means success). */
interface ModifyResult {
  code?: string;
  msg?: string;
  success?: boolean;
}

/** Change the trigger (and optionally execute) price of a plan order. */
export function ModifyPlanFormPanel({ placed }: { placed: PlacedPlanOrder[] }) {
  const [f, setF] = useState<ModifyPlanForm>(() => ({ ...EMPTY_MODIFY_PLAN, orderId: placed[0]?.orderId ?? "" }));
  const [errors, setErrors] = useState<Errors>({});
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
      setOutcome(ok ? { kind: "accepted", orderId: vars.orderId, detail: `WEEX answered code ${r.code ?? "—"}${r.msg ? `: ${r.msg}` : ""}.` } : { kind: "rejected", errorCode: r.code ?? "", errorMessage: r.msg ?? "" });
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
    <Section id="modify-plan" title="Modify a plan order" description="New trigger price, and optionally a new execute price, for an existing plan order.">
      <form noValidate onSubmit={onReview} className="space-y-4" aria-label="Modify plan order">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <TextField
            label="Plan order ID"
            data-field="modify-orderId"
            inputMode="numeric"
            autoComplete="off"
            className="font-mono"
            value={f.orderId}
            onChange={(e) => set({ orderId: e.target.value })}
            error={errors.orderId}
            list="placed-plan-orders"
            hint={placed.length ? "Pick one placed in this session, or paste an ID." : "Paste the ID of a plan order."}
          />
          <datalist id="placed-plan-orders">
            {placed.map((p) => (
              <option key={p.orderId} value={p.orderId}>{`${p.symbol} ${p.planType} trigger ${p.triggerPrice}`}</option>
            ))}
          </datalist>
          <TextField label="New trigger price" data-field="modify-triggerPrice" inputMode="decimal" autoComplete="off" value={f.triggerPrice} onChange={(e) => set({ triggerPrice: e.target.value })} error={errors.triggerPrice} />
          <TextField label="New execute price" data-field="modify-executePrice" inputMode="decimal" autoComplete="off" value={f.executePrice} onChange={(e) => set({ executePrice: e.target.value })} error={errors.executePrice} hint="Empty or 0: market price." />
          <SelectField
            label="Trigger price type"
            data-field="modify-triggerPriceType"
            value={f.triggerPriceType}
            onChange={(e) => set({ triggerPriceType: e.target.value as ModifyPlanForm["triggerPriceType"] })}
            options={[
              { value: "", label: "Not set (WEEX default: last price)" },
              { value: "1", label: "1 — last price" },
              { value: "3", label: "3 — mark price" },
            ]}
            error={errors.triggerPriceType}
          />
        </div>
        <button type="submit" className={buttonPrimary}>
          Review modification
        </button>
      </form>
      <ConfirmDialog
        open={review !== null}
        title="Send this modification?"
        summary={<p>Plan order <code className="font-mono">{review?.orderId}</code>: trigger at {f.triggerPrice}{f.executePrice.trim() ? `, execute at ${f.executePrice}` : ""}.</p>}
        method="PATCH"
        path={review ? path(review.orderId) : ""}
        bodyText={review?.text ?? ""}
        confirmLabel="Send modification"
        busy={modify.isPending}
        onConfirm={() => review && modify.mutate(review)}
        onCancel={() => setReview(null)}
      />
      <div aria-live="polite" className="mt-4">
        {outcome ? <ResultPanel outcome={outcome} what="Modification" /> : null}
      </div>
    </Section>
  );
}
