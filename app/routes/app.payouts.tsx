import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { settleReadEarnings } from "~/publishing/publishing.server";
import { redirectDocument } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError } from "~/common/components/form";
import { Badge } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { EmptyState, Hint } from "~/common/ui/feedback";
import { Page, Section } from "~/common/ui/page";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "~/common/ui/table";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { readForm } from "~/common/form.server";
import { newPayoutRequestKey, onboardingLink, payoutSummary, refreshAccount, requestPayout, settleVoiceRoyalties } from "~/payouts/payouts.server";
import { refusalResponse } from "~/productions/views.server";
import { formatDate } from "~/productions/components/productions-ui";
import { formatAmount } from "~/productions/rules/productions";
import { MINIMUM_PAYOUT, PAYOUT_STATUS_LABELS, SOURCE_LABELS, type EarningSource, type PayoutStatus } from "~/payouts/rules/payouts";

export const meta: MetaFunction = () => [{ title: `Payouts · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  // Back from the onboarding page: read the account's new state from Stripe at once.
  if (new URL(request.url).searchParams.has("onboarded")) await refreshAccount(env, viewer);
  // Finished days of the person's published reads and library voices become earnings before the balance is read.
  await settleReadEarnings(env, viewer.user.id);
  await settleVoiceRoyalties(env, viewer.user.id);
  const summary = await payoutSummary(env, viewer);
  return {
    ...summary,
    requestKey: newPayoutRequestKey(),
    earnings: summary.earnings.map((e) => ({ id: e.id, source: e.source, description: e.description, amount: e.amount, currency: e.currency, createdAt: e.createdAt, paid: e.payoutId !== null })),
    payouts: summary.payouts.map((p) => ({ id: p.id, amount: p.amount, currency: p.currency, status: p.status, createdAt: p.createdAt, failure: p.failure, requestKey: p.requestKey })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "connect") {
    const origin = new URL(request.url).origin;
    const link = await onboardingLink(env, viewer, `${origin}/app/payouts?onboarded=1`, `${origin}/app/payouts?refresh=1`);
    if (!link.ok) return refusalResponse(link);
    // A whole-page visit: the onboarding page is Stripe's (the stand-in's in development), not a route of this app.
    return redirectDocument(link.url);
  }
  if (intent === "payout") {
    const key = String(form.get("request_key") ?? "");
    if (!/^[0-9a-f]{32}$/.test(key)) return Response.json({ error: "Reload the page and try again." }, { status: 400 });
    const result = await requestPayout(env, viewer, key);
    if (!result.ok) return refusalResponse(result);
    const { payout } = result;
    return payout.status === "paid"
      ? { ok: `Paid out ${formatAmount(payout.amount, payout.currency)} to your connected account.` }
      : { ok: `Sending ${formatAmount(payout.amount, payout.currency)}: the payment provider did not answer yet. Retry from the history; it will not be paid twice.` };
  }
  return Response.json({ error: "Unknown action." }, { status: 400 });
}

const ONBOARDING = {
  none: { tone: "outline", label: "Not connected", text: "Connect a payout account to receive your earnings. Nothing can be paid out without one." },
  incomplete: { tone: "warning", label: "Setup not finished", text: "Your payout account exists but cannot receive money yet: finish its setup." },
  complete: { tone: "success", label: "Ready", text: "Your payout account can receive transfers." },
} as const;

export default function PayoutsPage() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<{ ok?: string; error?: string }>();
  const busy = useNavigation().state !== "idle";
  const onboarding = ONBOARDING[data.onboarding];
  return (
    <Page title="Payouts" description="Your earnings from production tasks, published reads and voice royalties, paid to your bank through Stripe.">
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader title="Balance" description={`Unpaid earnings. Payouts start at ${formatAmount(MINIMUM_PAYOUT)}.`} />
          <CardContent className="space-y-3">
            <p className="text-3xl font-semibold" data-testid="payout-balance">
              {formatAmount(data.balance, data.currency)}
            </p>
            {data.onboarding !== "complete" ? (
              <p className="text-sm text-muted-foreground">Connect a payout account to pay out.</p>
            ) : data.balance < MINIMUM_PAYOUT ? (
              <p className="text-sm text-muted-foreground">Nothing to pay out yet.</p>
            ) : (
              <Form method="post">
                <input type="hidden" name="intent" value="payout" />
                <input type="hidden" name="request_key" value={data.requestKey} />
                <Button type="submit" disabled={busy}>
                  Pay out {formatAmount(data.balance, data.currency)}
                </Button>
              </Form>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader title="Payout account" actions={<Badge tone={onboarding.tone}>{onboarding.label}</Badge>} description={onboarding.text} />
          <CardContent>
            {!data.available ? (
              <p className="text-sm text-muted-foreground">Payouts are not available on this deployment: no payment provider is configured.</p>
            ) : data.onboarding !== "complete" ? (
              <Form method="post">
                <input type="hidden" name="intent" value="connect" />
                <Button type="submit" disabled={busy}>
                  {data.onboarding === "none" ? "Connect a payout account" : "Finish setup"}
                </Button>
              </Form>
            ) : null}
          </CardContent>
        </Card>
      </div>
      <FormError>{result?.error}</FormError>
      {result?.ok ? <Hint>{result.ok}</Hint> : null}
      <Section title="Payout history">
        {data.payouts.length === 0 ? (
          <EmptyState title="No payouts yet">Each payout sends your whole balance at once.</EmptyState>
        ) : (
          <div className="overflow-x-auto">
            <Table>
              <TableHead>
                <TableRow>
                  <TableHeaderCell>Date</TableHeaderCell>
                  <TableHeaderCell>Amount</TableHeaderCell>
                  <TableHeaderCell>Status</TableHeaderCell>
                </TableRow>
              </TableHead>
              <tbody>
                {data.payouts.map((payout) => (
                  <TableRow key={payout.id}>
                    <TableCell>{formatDate(payout.createdAt)}</TableCell>
                    <TableCell>{formatAmount(payout.amount, payout.currency)}</TableCell>
                    <TableCell>
                      {PAYOUT_STATUS_LABELS[payout.status as PayoutStatus] ?? payout.status}
                      {payout.failure ? <span className="block text-muted-foreground">{payout.failure}</span> : null}
                      {payout.status === "pending" ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="payout" />
                          <input type="hidden" name="request_key" value={payout.requestKey} />
                          <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                            Retry
                          </Button>
                        </Form>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </tbody>
            </Table>
          </div>
        )}
      </Section>
      <Section title="Earnings">
        {data.earnings.length === 0 ? (
          <EmptyState title="No earnings yet">Accepted production tasks, completed listens of your published reads and royalties from your library voices add up here.</EmptyState>
        ) : (
          <div className="overflow-x-auto">
            <Table>
              <TableHead>
                <TableRow>
                  <TableHeaderCell>Date</TableHeaderCell>
                  <TableHeaderCell>Source</TableHeaderCell>
                  <TableHeaderCell>Amount</TableHeaderCell>
                  <TableHeaderCell>Paid out</TableHeaderCell>
                </TableRow>
              </TableHead>
              <tbody>
                {data.earnings.map((earning) => (
                  <TableRow key={earning.id}>
                    <TableCell>{formatDate(earning.createdAt)}</TableCell>
                    <TableCell>
                      {earning.description} <span className="text-muted-foreground">· {SOURCE_LABELS[earning.source as EarningSource] ?? earning.source}</span>
                    </TableCell>
                    <TableCell>{formatAmount(earning.amount, earning.currency)}</TableCell>
                    <TableCell>{earning.paid ? "Yes" : "Not yet"}</TableCell>
                  </TableRow>
                ))}
              </tbody>
            </Table>
          </div>
        )}
      </Section>
    </Page>
  );
}
