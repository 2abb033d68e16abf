import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import type { PlanCard } from "~/billing/rules/plan-cards";
import type { BillingPeriod, Currency } from "../../../core/billing/plans";
import { actionOpensFlowDialog } from "~/billing/rules/plan-actions";
import { flowDialogText } from "~/billing/rules/billing-texts";
import { SIGN_UP_PATH } from "~/common/rules/navigation";
import { Dialog } from "~/common/ui/dialog";
import { Button, buttonClass } from "~/common/ui/button";

const PERIOD_PARAM: Record<BillingPeriod, string> = { monthly_period: "monthly", annual_period: "annual" };

/** Monthly/annual switch and currency choice, as links so they work before hydration. */
export function PlanSwitches({ period, currency, onPeriod }: { period: BillingPeriod; currency: Currency; onPeriod?: (period: BillingPeriod) => void }) {
  const link = (p: BillingPeriod, c: Currency) => `?period=${PERIOD_PARAM[p]}&currency=${c}`;
  const pill = (active: boolean) =>
    `rounded-full px-4 py-1.5 text-sm font-medium ${active ? "bg-zinc-900 text-white dark:bg-white dark:text-zinc-900" : "text-foreground hover:bg-zinc-100 dark:hover:bg-zinc-800"}`;
  return (
    <div className="flex flex-wrap items-center justify-center gap-4">
      <div role="group" aria-label="Billing period" className="flex rounded-full border border-border p-1">
        {(["monthly_period", "annual_period"] as const).map((p) => (
          <Link key={p} to={link(p, currency)} aria-current={period === p ? "true" : undefined} className={pill(period === p)} onClick={() => onPeriod?.(p)} preventScrollReset>
            {p === "monthly_period" ? "Monthly" : "Annual"}
          </Link>
        ))}
      </div>
      <div role="group" aria-label="Currency" className="flex rounded-full border border-border p-1">
        {(["usd", "eur"] as const).map((c) => (
          <Link key={c} to={link(period, c)} aria-current={currency === c ? "true" : undefined} className={pill(currency === c)} preventScrollReset>
            {c.toUpperCase()}
          </Link>
        ))}
      </div>
    </div>
  );
}

/** The plan cards. Signed out they link to sign-up; signed in each button posts its plan action. */
export function PlanCards({ cards, period, currency, promocode }: { cards: PlanCard[]; period: BillingPeriod; currency: Currency; promocode?: string | null }) {
  const [confirming, setConfirming] = useState<PlanCard | null>(null);
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Plans">
        {cards.map((card) => (
          <li
            key={card.tier}
            data-testid={`plan-${card.tier}`}
            className={`flex flex-col gap-3 rounded-2xl border p-5 ${card.mostPopular ? "border-violet-500 ring-1 ring-violet-500" : "border-border"}`}
          >
            <div className="flex items-center justify-between gap-2">
              <h2 className="text-lg font-semibold">{card.name}</h2>
              {card.mostPopular ? <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-medium text-violet-800 dark:bg-violet-950 dark:text-violet-200">Most popular</span> : null}
            </div>
            <p className="flex items-baseline gap-2">
              <span className="text-3xl font-bold">{card.price ?? "Not available"}</span>
              {card.strikePrice ? <s className="text-muted-foreground">{card.strikePrice}</s> : null}
              {card.price ? <span className="text-sm text-muted-foreground">/month</span> : null}
            </p>
            {card.badge ? <p className="text-xs font-medium text-emerald-700 dark:text-emerald-400">{card.badge}</p> : null}
            <p className="text-sm">{card.credits}</p>
            <ul className="flex-1 space-y-1 text-sm text-muted-foreground">
              {card.features.map((f) => (
                <li key={f}>✓ {f}</li>
              ))}
              <li>
                ✓ {card.seats} {card.seats === 1 ? "seat" : "seats"}
              </li>
            </ul>
            {card.label ? (
              <p role="status" className="rounded-lg bg-amber-50 px-3 py-1.5 text-sm font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">
                {card.label}
              </p>
            ) : null}
            {card.action === null ? (
              <Link to={`${SIGN_UP_PATH}?redirect=${encodeURIComponent("/app/subscription")}`} className={buttonClass(card.mostPopular ? "primary" : "secondary")}>
                {card.buttonText}
              </Link>
            ) : (
              <Form method="post" action={`/app/subscription?period=${PERIOD_PARAM[period]}&currency=${currency}`} id={`plan-form-${card.tier}`}>
                <input type="hidden" name="intent" value="plan" />
                <input type="hidden" name="tier" value={card.tier} />
                <input type="hidden" name="period" value={period} />
                <input type="hidden" name="currency" value={currency} />
                {promocode ? <input type="hidden" name="promocode" value={promocode} /> : null}
                <button
                  type="submit"
                  disabled={card.disabled}
                  className={`${buttonClass(card.current ? "secondary" : "primary")} w-full`}
                  onClick={(event) => {
                    if (actionOpensFlowDialog(card.action!)) {
                      event.preventDefault();
                      setConfirming(card);
                    }
                  }}
                >
                  {card.buttonText}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {confirming && confirming.action ? (
        <FlowDialog card={confirming} onClose={() => setConfirming(null)} />
      ) : null}
    </>
  );
}

function FlowDialog({ card, onClose }: { card: PlanCard; onClose: () => void }) {
  const text = flowDialogText(card.action!, card.tier);
  return (
    <Dialog title={text.title} onClose={onClose} testId="plan-flow-dialog">
      <p className="text-sm text-muted-foreground">{text.body}</p>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onClose}>
          Keep current plan
        </Button>
        <button type="submit" form={`plan-form-${card.tier}`} className={buttonClass("primary")} onClick={() => setTimeout(onClose, 0)}>
          {text.confirm}
        </button>
      </div>
    </Dialog>
  );
}
