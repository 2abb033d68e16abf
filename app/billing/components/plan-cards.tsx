import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import type { PlanCard } from "~/billing/rules/plan-cards";
import type { BillingPeriod, Currency } from "../../../core/billing/plans";
import { actionOpensFlowDialog } from "~/billing/rules/plan-actions";
import { flowDialogText } from "~/billing/rules/billing-texts";
import { SIGN_UP_PATH } from "~/common/rules/navigation";
import { Dialog } from "~/common/ui/dialog";
import { Check } from "lucide-react";
import { Badge } from "~/common/ui/badge";
import { Button, LinkButton } from "~/common/ui/button";
import { Card } from "~/common/ui/card";
import { cn } from "~/common/ui/cn";

const PERIOD_PARAM: Record<BillingPeriod, string> = { monthly_period: "monthly", annual_period: "annual" };

/** Monthly/annual switch and currency choice, as links so they work before hydration. */
export function PlanSwitches({ period, currency, onPeriod }: { period: BillingPeriod; currency: Currency; onPeriod?: (period: BillingPeriod) => void }) {
  const link = (p: BillingPeriod, c: Currency) => `?period=${PERIOD_PARAM[p]}&currency=${c}`;
  // Styled like the design system's tabs (app/common/ui/tabs.tsx), but links: they work before hydration.
  const pill = (active: boolean) =>
    cn("inline-flex h-8 items-center rounded-full px-4 text-sm font-medium transition-colors", active ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground");
  return (
    <div className="flex flex-wrap items-center justify-center gap-4">
      <div role="group" aria-label="Billing period" className="inline-flex items-center gap-1 rounded-full bg-muted p-1">
        {(["monthly_period", "annual_period"] as const).map((p) => (
          <Link key={p} to={link(p, currency)} aria-current={period === p ? "true" : undefined} className={pill(period === p)} onClick={() => onPeriod?.(p)} preventScrollReset>
            {p === "monthly_period" ? "Monthly" : "Annual"}
          </Link>
        ))}
      </div>
      <div role="group" aria-label="Currency" className="inline-flex items-center gap-1 rounded-full bg-muted p-1">
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
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Plans">
        {cards.map((card) => (
          <li key={card.tier} data-testid={`plan-${card.tier}`} className="flex">
            <Card className={cn("flex w-full flex-col gap-3 p-5", card.mostPopular && "border-accent ring-1 ring-accent")}>
              <div className="flex items-center justify-between gap-2">
                <h2 className="text-lg font-semibold">{card.name}</h2>
                {card.mostPopular ? <Badge tone="accent">Most popular</Badge> : null}
              </div>
              <p className="flex items-baseline gap-2">
                <span className="text-3xl font-bold">{card.price ?? "Not available"}</span>
                {card.strikePrice ? <s className="text-muted-foreground">{card.strikePrice}</s> : null}
                {card.price ? <span className="text-sm text-muted-foreground">/month</span> : null}
              </p>
              {card.badge ? (
                <p>
                  <Badge tone="success">{card.badge}</Badge>
                </p>
              ) : null}
              <p className="text-sm font-medium">{card.credits}</p>
              <ul className="flex-1 space-y-1.5 text-sm text-muted-foreground">
                {[...card.features, `${card.seats} ${card.seats === 1 ? "seat" : "seats"}`].map((f) => (
                  <li key={f} className="flex gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
                    {f}
                  </li>
                ))}
              </ul>
              {card.label ? (
                <p role="status" className="rounded-lg bg-muted px-3 py-1.5 text-sm font-medium">
                  {card.label}
                </p>
              ) : null}
              {card.action === null ? (
                <LinkButton to={`${SIGN_UP_PATH}?redirect=${encodeURIComponent("/app/subscription")}`} variant={card.mostPopular ? "primary" : "secondary"}>
                  {card.buttonText}
                </LinkButton>
              ) : (
                <Form method="post" action={`/app/subscription?period=${PERIOD_PARAM[period]}&currency=${currency}`} id={`plan-form-${card.tier}`}>
                  <input type="hidden" name="intent" value="plan" />
                  <input type="hidden" name="tier" value={card.tier} />
                  <input type="hidden" name="period" value={period} />
                  <input type="hidden" name="currency" value={currency} />
                  {promocode ? <input type="hidden" name="promocode" value={promocode} /> : null}
                  <Button
                    type="submit"
                    disabled={card.disabled}
                    variant={card.current ? "secondary" : "primary"}
                    className="w-full"
                    onClick={(event) => {
                      if (actionOpensFlowDialog(card.action!)) {
                        event.preventDefault();
                        setConfirming(card);
                      }
                    }}
                  >
                    {card.buttonText}
                  </Button>
                </Form>
              )}
            </Card>
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
        <Button type="submit" form={`plan-form-${card.tier}`} onClick={() => setTimeout(onClose, 0)}>
          {text.confirm}
        </Button>
      </div>
    </Dialog>
  );
}
