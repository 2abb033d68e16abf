import { useSearchParams } from "@remix-run/react";
import { useCallback, useEffect } from "react";
import type { BillingPeriod } from "../../../core/billing/plans";
import { BILLING_PERIOD_STORAGE_KEY } from "~/billing/rules/plan-page";

/**
 * Keeps the monthly/annual choice in local storage: a visit without ?period= shows the remembered one.
 * Returns the function the switch calls to remember a new choice.
 */
export function useRememberedPeriod(explicitPeriod: boolean, period: BillingPeriod): (period: BillingPeriod) => void {
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    if (explicitPeriod) return;
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(BILLING_PERIOD_STORAGE_KEY);
    } catch {
      return;
    }
    if (stored === "annual_period" && period !== "annual_period") {
      const next = new URLSearchParams(params);
      next.set("period", "annual");
      setParams(next, { replace: true, preventScrollReset: true });
    }
  }, [explicitPeriod, period, params, setParams]);
  return useCallback((choice: BillingPeriod) => {
    try {
      localStorage.setItem(BILLING_PERIOD_STORAGE_KEY, choice);
    } catch {
      // Storage may be off (private mode): the choice then lasts for this page only.
    }
  }, []);
}
