import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { LinkButton } from "~/common/ui/button";
import { Page } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { producerCounts, producerState } from "~/productions/productions.server";
import { payoutSummary } from "~/payouts/payouts.server";
import { ProducerNav } from "~/productions/components/productions-ui";
import { formatAmount, KIND_LABELS } from "~/productions/rules/productions";

export const meta: MetaFunction = () => [{ title: `Producer dashboard · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const [state, counts, payouts] = await Promise.all([producerState(env, viewer), producerCounts(env, viewer), payoutSummary(env, viewer)]);
  return { isProducer: state.isProducer, qualified: state.qualified.map((q) => KIND_LABELS[q.kind]), counts, balance: payouts.balance, currency: payouts.currency };
}

export default function ProducerDashboard() {
  const { isProducer, qualified, counts, balance, currency } = useLoaderData<typeof loader>();
  const stats = [
    { label: "Open tasks in the marketplace", value: counts.open, to: "/app/productions/unclaimed" },
    { label: "Your active tasks", value: counts.active, to: "/app/productions/active" },
    { label: "Waiting for the customer", value: counts.waiting, to: "/app/productions/active" },
    { label: "Accepted", value: counts.accepted, to: "/app/productions/history" },
  ];
  return (
    <Page title="Producer dashboard" description="Claim production tasks you are qualified for, deliver them, and get paid when the customer accepts.">
      <ProducerNav />
      {!isProducer ? (
        <Card>
          <CardHeader title="Become a producer" description="Save a producer profile, then pass a qualification test for each kind of task you want to claim." />
          <CardContent>
            <LinkButton to="/app/productions/settings">Create your producer profile</LinkButton>
          </CardContent>
        </Card>
      ) : (
        <p className="text-sm text-muted-foreground">
          Qualified for: {qualified.length ? qualified.join(", ") : "nothing yet"} ·{" "}
          <Link to="/app/productions/settings/qualifications" className="underline">
            Qualifications
          </Link>
        </p>
      )}
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {stats.map((stat) => (
          <li key={stat.label}>
            <Link to={stat.to} className="block rounded-xl border border-border bg-card p-4 hover:bg-muted">
              <span className="block text-2xl font-semibold">{stat.value}</span>
              <span className="text-sm text-muted-foreground">{stat.label}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Card>
        <CardHeader title="Earnings not yet paid out" description="Each accepted task adds your share of its quote." />
        <CardContent className="flex flex-wrap items-center gap-4">
          <span className="text-2xl font-semibold" data-testid="producer-balance">
            {formatAmount(balance, currency)}
          </span>
          <LinkButton to="/app/payouts" variant="secondary">
            Payouts
          </LinkButton>
        </CardContent>
      </Card>
    </Page>
  );
}
