import { Form } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { requestJson, RequestFailure } from "~/common/rules/http-error";
import { TIER_DISPLAY_NAMES } from "../../../core/billing/plans";
import { PROMO_TEXTS, promoAppliedMessage, promoShowsDiscount, tierForPromoAmount, type PromoValidation } from "~/billing/rules/promo";
import { STORED_COUPON_KEY } from "~/billing/rules/plan-page";
import { Dialog } from "~/common/ui/dialog";
import { useToast } from "~/common/components/toasts";
import { Button } from "~/common/ui/button";
import { Input, Label } from "~/common/ui/input";
import { TicketPercent } from "lucide-react";

export type StoredPromo = Omit<PromoValidation, "valid"> & { code: string };

function parseStored(raw: string | null): StoredPromo | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredPromo>;
    return typeof value.code === "string" && value.code.length > 0
      ? { code: value.code, amount_off: value.amount_off ?? null, percent_off: value.percent_off ?? null, duration_in_months: value.duration_in_months ?? null }
      : null;
  } catch {
    return null;
  }
}

export type PromoStore = { value: StoredPromo | null; save: (promo: StoredPromo) => void; clear: () => void };

/** The coupon saved in this browser for the next checkout (spec: stored coupon). */
export function useStoredPromo(): PromoStore {
  const [value, setValue] = useState<StoredPromo | null>(null);
  useEffect(() => {
    try {
      setValue(parseStored(localStorage.getItem(STORED_COUPON_KEY)));
    } catch {
      setValue(null);
    }
  }, []);
  const save = useCallback((promo: StoredPromo) => {
    setValue(promo);
    try {
      localStorage.setItem(STORED_COUPON_KEY, JSON.stringify(promo));
    } catch {
      // Without storage the coupon lasts for this page.
    }
  }, []);
  const clear = useCallback(() => {
    setValue(null);
    try {
      localStorage.removeItem(STORED_COUPON_KEY);
    } catch {
      // nothing stored
    }
  }, []);
  return useMemo(() => ({ value, save, clear }), [value, save, clear]);
}

/** 'Use promo code' dialog and the floating saved-promo card (desktop only) with its promo prompt. */
export function PromoControls({ promo }: { promo: PromoStore }) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const idempotencyKey = useMemo(() => (typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : String(Math.random()).slice(2)), []);

  async function apply() {
    const entered = code.trim();
    if (!entered) return;
    setBusy(true);
    try {
      // A code is only used after the server has validated it.
      const result = await requestJson<PromoValidation>("/validate-promocode", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ promocode: entered }),
      });
      if (!result.valid) {
        promo.clear();
        toast.show(PROMO_TEXTS.invalid(entered), "error");
        return;
      }
      const stored = { code: entered, amount_off: result.amount_off, percent_off: result.percent_off, duration_in_months: result.duration_in_months };
      promo.save(stored);
      toast.show(promoAppliedMessage(stored), "success");
      setOpen(false);
      setCode("");
    } catch (error) {
      promo.clear();
      toast.show(PROMO_TEXTS.validationFailed, "error");
      if (!(error instanceof RequestFailure)) console.error(error);
    } finally {
      setBusy(false);
    }
  }

  const saved = promo.value;
  const promptTier = saved ? tierForPromoAmount(saved.amount_off) : null;
  return (
    <>
      <div className="flex justify-center">
        <Button variant="ghost" onClick={() => setOpen(true)}>
          <TicketPercent aria-hidden="true" />
          Use promo code
        </Button>
      </div>
      {open ? (
        <Dialog title="Use promo code" onClose={() => setOpen(false)} testId="promo-dialog">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void apply();
            }}
            className="space-y-4"
          >
            <div className="space-y-1.5">
              <Label htmlFor="promocode" className="block">
                Promo code
              </Label>
              <Input id="promocode" name="promocode" value={code} onChange={(event) => setCode(event.target.value)} autoComplete="off" autoCapitalize="characters" spellCheck={false} />
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="ghost" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy || code.trim() === ""}>
                Apply
              </Button>
            </div>
          </form>
        </Dialog>
      ) : null}
      {saved ? (
        <aside
          data-testid="saved-promo"
          aria-label="Saved promo code"
          className="fixed bottom-24 right-6 z-30 hidden w-72 space-y-2 rounded-2xl border border-success-foreground/40 bg-card p-4 text-sm shadow-lg md:block"
        >
          <p className="font-medium">
            Promo code <code>{saved.code}</code>
          </p>
          {promoShowsDiscount(saved) ? (
            <p className="text-muted-foreground">
              {saved.percent_off ? `${saved.percent_off}% off` : `$${((saved.amount_off ?? 0) / 100).toFixed(0)} off`} for {saved.duration_in_months}{" "}
              {saved.duration_in_months === 1 ? "month" : "months"}, applied at checkout.
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {promptTier ? (
              <Form method="post" action="/app/subscription">
                <input type="hidden" name="intent" value="plan" />
                <input type="hidden" name="tier" value={promptTier} />
                <input type="hidden" name="period" value="monthly_period" />
                <input type="hidden" name="currency" value="usd" />
                <input type="hidden" name="promocode" value={saved.code} />
                <input type="hidden" name="idempotency_key" value={idempotencyKey} />
                <Button type="submit" size="sm">
                  Subscribe to {TIER_DISPLAY_NAMES[promptTier]}
                </Button>
              </Form>
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                promo.clear();
                toast.show(PROMO_TEXTS.removed(saved.code), "info");
              }}
            >
              Remove
            </Button>
          </div>
        </aside>
      ) : null}
    </>
  );
}
