/** The plan cards of /pricing and /app/subscription, built from the plan constants and the plan-action rules. */
import {
  currentPlanLabel,
  PLAN_CARD_TIERS,
  planAction,
  planButtonDisabled,
  planButtonText,
  showsCreatorFirstMonthBadge,
  START_TODAY,
  type CurrentSubscription,
  type PlanAction,
} from "./plan-actions";
import {
  annualPricePerMonthCents,
  FIRST_MONTH_PERCENT_OFF,
  MONTHLY_CREDITS,
  MOST_POPULAR_TIER,
  PLAN_FEATURES,
  PLAN_PRICES_CENTS,
  SEATS,
  TIER_DISPLAY_NAMES,
  type BillingPeriod,
  type Currency,
  type StandardTier,
  type Tier,
} from "../../../core/billing/plans";
import { advertisedCapabilities } from "../../../core/capabilities";

export interface PlanCard {
  tier: StandardTier;
  name: string;
  /** The price per month as shown, e.g. "$22", "€18.33"; null when not sold in this currency. */
  price: string | null;
  /** The undiscounted price, struck through, when a first-month discount shows. */
  strikePrice: string | null;
  badge: string | null;
  credits: string;
  seats: number;
  features: readonly string[];
  mostPopular: boolean;
  /** null: the card links to sign-up (signed out) instead of submitting an action. */
  action: PlanAction | null;
  buttonText: string;
  disabled: boolean;
  label: string | null;
  current: boolean;
}

export function formatPrice(cents: number, currency: Currency): string {
  const symbol = currency === "eur" ? "€" : "$";
  const whole = cents % 100 === 0;
  const amount = (cents / 100).toLocaleString("en-US", { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 });
  return `${symbol}${amount}`;
}

function monthlyCents(tier: StandardTier, period: BillingPeriod, currency: Currency): number | null {
  if (tier === "free") return 0;
  return period === "annual_period" ? annualPricePerMonthCents(tier, currency) : PLAN_PRICES_CENTS[tier].monthly_period[currency];
}

export interface PlanCardsInput {
  /** null when signed out (or without a workspace). */
  current: CurrentSubscription | null;
  hasWorkspace: boolean;
  previouslySubscribedTiers: readonly Tier[];
  period: BillingPeriod;
  currency: Currency;
  isolatedEnvironment: boolean;
}

export function planCards(input: PlanCardsInput): PlanCard[] {
  const { current, period, currency } = input;
  return PLAN_CARD_TIERS.map((tier) => {
    const cents = monthlyCents(tier, period, currency);
    const firstMonthOff = FIRST_MONTH_PERCENT_OFF[tier as keyof typeof FIRST_MONTH_PERCENT_OFF];
    const creatorBadge =
      tier === "creator" && cents !== null && showsCreatorFirstMonthBadge(period, current?.tier ?? "free", input.previouslySubscribedTiers);
    const starterBadge = tier === "starter" && period === "monthly_period" && input.previouslySubscribedTiers.length === 0 && (current?.tier ?? "free") === "free";
    const discounted = (creatorBadge || starterBadge) && firstMonthOff && cents !== null ? Math.round(cents * (1 - firstMonthOff / 100)) : null;
    const target = { tier, billingPeriod: period };
    let action: PlanAction | null = null;
    let buttonText = START_TODAY;
    let disabled = false;
    if (current && input.hasWorkspace) {
      action = planAction(current, target);
      buttonText = planButtonText(action);
      disabled = planButtonDisabled(action, current, target, { loggedIn: true, isolatedEnvironment: input.isolatedEnvironment }) || cents === null;
    } else if (input.hasWorkspace) {
      buttonText = tier === "free" ? "Sign up" : "Subscribe";
    }
    const isCurrent = current !== null && current.tier === tier && (tier === "free" || current.billingPeriod === period);
    return {
      tier,
      name: TIER_DISPLAY_NAMES[tier],
      price: cents === null ? null : formatPrice(discounted ?? cents, currency),
      strikePrice: discounted !== null && cents !== null ? formatPrice(cents, currency) : null,
      badge: discounted !== null && firstMonthOff ? `First month ${firstMonthOff}% off` : null,
      credits: `${MONTHLY_CREDITS[tier].toLocaleString("en-US")} credits/month`,
      seats: SEATS[tier],
      // Only what this build has: a capability that does not exist yet is left off the card.
      features: advertisedCapabilities(PLAN_FEATURES[tier]),
      mostPopular: tier === MOST_POPULAR_TIER,
      action,
      buttonText,
      disabled,
      label: isCurrent && current ? currentPlanLabel(current) : null,
      current: isCurrent,
    };
  });
}
