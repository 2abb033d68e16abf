import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { MarketingLayout } from "~/marketing/components/site-chrome";
import { PlanCards, PlanSwitches } from "~/billing/components/plan-cards";
import { PRODUCT_NAME } from "../../core/brand";
import { publicHeaders, publicMeta } from "~/marketing/public-meta";
import { planCards } from "~/billing/rules/plan-cards";
import { planQuery } from "~/billing/rules/plan-page";
import { useRememberedPeriod } from "~/billing/browser/remembered-period";

export const meta = publicMeta({ title: `Pricing · ${PRODUCT_NAME}`, description: `Plans and prices of ${PRODUCT_NAME}: start free with 10,000 credits a month, upgrade when you need more.`, path: "/pricing" });

// The page is the same for everyone (no signed-in state in it), so the edge may cache it.
export const headers = publicHeaders;

export function loader({ request }: LoaderFunctionArgs) {
  const { period, currency, explicitPeriod } = planQuery(new URL(request.url));
  const cards = planCards({ current: null, hasWorkspace: false, previouslySubscribedTiers: [], period, currency, isolatedEnvironment: false });
  return { cards, period, currency, explicitPeriod };
}

export default function Pricing() {
  const { cards, period, currency, explicitPeriod } = useLoaderData<typeof loader>();
  const remember = useRememberedPeriod(explicitPeriod, period);
  return (
    <MarketingLayout>
      <section className="mx-auto max-w-6xl space-y-8 px-4 py-12">
        <div className="space-y-2 text-center">
          <h1 className="text-4xl font-bold tracking-tight">Pricing</h1>
          <p className="text-muted-foreground">Start free. Every plan includes every premade voice and the API.</p>
        </div>
        <PlanSwitches period={period} currency={currency} onPeriod={remember} />
        <PlanCards cards={cards} period={period} currency={currency} />
        <p className="text-center text-sm text-muted-foreground">Enterprise: custom credits, 25 seats and contract billing. Annual prices are shown per month, billed yearly.</p>
      </section>
    </MarketingLayout>
  );
}
