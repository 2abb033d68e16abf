import { redirectDocument, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, redirect, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { z } from "zod";
import { InvoiceList } from "~/billing/components/invoices";
import { PlanCards, PlanSwitches } from "~/billing/components/plan-cards";
import { PromoControls, useStoredPromo } from "~/billing/components/promo";
import { useToast } from "~/common/components/toasts";
import { BarChart3, CreditCard } from "lucide-react";
import { Field } from "~/common/components/form";
import { Badge } from "~/common/ui/badge";
import { Button, LinkButton } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { Meter } from "~/common/ui/feedback";
import { Page, Section } from "~/common/ui/page";
import { nextMonthlyReset } from "../../core/billing/billing-sync";
import { CHECKOUT_FAILED, STATUS_NOTICES, UNEXPECTED_ERROR, changeFailed, changeSucceeded } from "~/billing/rules/billing-texts";
import { PRODUCT_NAME } from "../../core/brand";
import { nowSeconds } from "../../core/clock";
import { canChangePaymentMethod, planAction, remainingQuota, type PaymentProvider } from "~/billing/rules/plan-actions";
import { planCards } from "~/billing/rules/plan-cards";
import { BILLING_PERIODS, CURRENCIES, LIMIT_EXTENSION, TIER_DISPLAY_NAMES, TIER_ORDER, isTier } from "../../core/billing/plans";
import { PROMO_TEXTS } from "~/billing/rules/promo";
import { can, db, requireViewer } from "~/accounts/accounts.server";
import {
  BillingError,
  cancelDowngrade,
  cancelSubscription,
  changeSubscription,
  confirmCheckout,
  createCheckoutSession,
  createPortalSession,
  createUpdatePaymentMethodsSession,
  currentSubscription,
  paidPlansAvailable,
  renewSubscription,
  setLimitExtension,
  workspaceBilling,
  type BillingContext,
} from "~/billing/billing.server";
import { parseForm } from "~/common/form.server";
import { recentInvoices } from "~/billing/billing.server";
import { planQuery } from "~/billing/rules/plan-page";
import { useRememberedPeriod } from "~/billing/browser/remembered-period";

export const meta: MetaFunction = () => [{ title: `Subscription · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const { user, membership } = viewer;
  const env = context.cloudflare.env;
  const url = new URL(request.url);
  const paidPlans = paidPlansAvailable(env);
  const sessionId = url.searchParams.get("session_id");
  if (url.searchParams.get("checkout") === "success" && sessionId && paidPlans) {
    await confirmCheckout(env, db(context), viewer, sessionId);
    throw redirect("/app/subscription?checkout=done");
  }
  const billing = await workspaceBilling(db(context), viewer);
  const { period, currency, explicitPeriod } = planQuery(url);
  const current = currentSubscription(membership, billing);
  const previous = billing ? (JSON.parse(billing.previouslySubscribedTiers) as string[]).filter(isTier) : [];
  const workspace = membership.workspace;
  const now = nowSeconds();
  const tier = workspace.tier;
  const extension = LIMIT_EXTENSION[tier];
  return {
    cards: planCards({ current, hasWorkspace: true, previouslySubscribedTiers: previous, period, currency, isolatedEnvironment: !paidPlans }),
    period,
    currency,
    explicitPeriod,
    email: user.email,
    // Admins, and members whose group has the billing permission (decision 0034).
    canManageBilling: await can(db(context), viewer, "billing"),
    tierName: TIER_DISPLAY_NAMES[tier],
    status: workspace.status,
    billingPeriod: workspace.billingPeriod,
    usage: {
      count: workspace.characterCount,
      limit: workspace.characterLimit,
      remaining: remainingQuota({
        tier,
        status: current.status,
        characterLimit: workspace.characterLimit,
        characterCount: workspace.characterCount,
        canExtendCharacterLimit: extension !== 0,
        allowedToExtendCharacterLimit: billing?.allowedToExtendCharacterLimit ?? false,
      }),
      resetsAt: workspace.characterCountResetAt ?? nextMonthlyReset(workspace.createdAt, now),
      extraBilled: workspace.extraCharactersBilled,
    },
    canExtend: extension !== 0 && Boolean(billing?.subscriptionId),
    extensionMaximum: extension,
    extensionCap: billing?.maxCharacterLimitExtension ?? null,
    allowedToExtend: billing?.allowedToExtendCharacterLimit ?? false,
    periodEnd: billing?.currentPeriodEnd ?? null,
    hasSubscription: Boolean(billing?.subscriptionId),
    invoices: await recentInvoices({ env, db: db(context), membership }),
    canChangePaymentMethod: canChangePaymentMethod((billing?.paymentProvider ?? null) as PaymentProvider | null, tier, billing?.trustOnInvoiceCreation ?? false),
  };
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("plan"),
    tier: z.enum(TIER_ORDER),
    period: z.enum(BILLING_PERIODS),
    currency: z.enum(CURRENCIES),
    promocode: z.string().trim().max(64).optional(),
    idempotency_key: z.string().min(8).max(255).optional(),
  }),
  z.object({ intent: z.literal("portal") }),
  z.object({ intent: z.literal("payment-method") }),
  // cap: thousands of credits beyond the plan; empty for the plan's maximum; absent keeps the current cap.
  z.object({ intent: z.literal("limit-extension"), allowed: z.enum(["true", "false"]), cap: z.string().trim().regex(/^\d{0,9}$/, "Enter a whole number of thousands").optional() }),
]);

/** field: the form field an error belongs under (shown there instead of a toast). */
type ActionData = { error: string; errorType?: string; field?: string } | { message: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const { user, membership } = viewer;
  const parsed = await parseForm(request, intentSchema);
  if (!parsed.ok) {
    // The cap is the only field a person types here: its error goes under it.
    if (parsed.errors.cap) return Response.json({ error: parsed.errors.cap, field: "cap" } satisfies ActionData, { status: 400 });
    return Response.json({ error: Object.values(parsed.errors)[0] ?? "Invalid request" } satisfies ActionData, { status: 400 });
  }
  const input = parsed.data;
  const origin = new URL(request.url).origin;
  const ctx: BillingContext = { env: context.cloudflare.env, db: db(context), membership, email: user.email, origin, actor: viewer };
  if (input.intent === "portal" || input.intent === "payment-method") {
    try {
      const { url } = input.intent === "portal" ? await createPortalSession(ctx, `${origin}/app/subscription`) : await createUpdatePaymentMethodsSession(ctx);
      // The provider's pages are not routes of this app: leave it with a full document navigation.
      return redirectDocument(url);
    } catch (error) {
      if (error instanceof BillingError) return Response.json({ error: error.message } satisfies ActionData, { status: error.httpStatus });
      throw error;
    }
  }
  if (input.intent === "limit-extension") {
    try {
      const cap = input.cap === undefined ? undefined : input.cap === "" ? null : Number(input.cap);
      await setLimitExtension(ctx, input.allowed === "true", cap);
      const message = cap !== undefined ? "The cap on extra credits is saved." : input.allowed === "true" ? "Usage-based billing is on." : "Usage-based billing is off.";
      return { message } satisfies ActionData;
    } catch (error) {
      if (error instanceof BillingError) return Response.json({ error: error.message, ...(input.cap !== undefined ? { field: "cap" } : {}) } satisfies ActionData, { status: error.httpStatus });
      throw error;
    }
  }
  const current = currentSubscription(membership, await workspaceBilling(ctx.db, viewer));
  const target = { tier: input.tier, billingPeriod: input.period };
  const planned = planAction(current, target);
  try {
    switch (planned) {
      case "create": {
        if (input.tier === "free") break;
        const { url } = await createCheckoutSession(ctx, {
          tier: input.tier,
          billingPeriod: input.period,
          currency: input.currency,
          promocode: input.promocode || null,
          idempotencyKey: input.idempotency_key,
        });
        return redirectDocument(url);
      }
      case "upgrade":
      case "downgrade":
        await changeSubscription(ctx, { ...target, currency: input.currency });
        break;
      case "cancelDowngrade":
        await cancelDowngrade(ctx);
        break;
      case "cancelSubscription":
        await cancelSubscription(ctx);
        break;
      case "renewSubscription":
        await renewSubscription(ctx);
        break;
      case "none":
        return Response.json({ error: "You are already on this plan." } satisfies ActionData, { status: 409 });
    }
    return { message: changeSucceeded(planned, input.tier) } satisfies ActionData;
  } catch (error) {
    if (!(error instanceof BillingError)) {
      console.error(JSON.stringify({ level: "error", msg: "billing action failed", error: String(error) }));
      return Response.json({ error: UNEXPECTED_ERROR } satisfies ActionData, { status: 500 });
    }
    if (planned === "create") {
      const text = error.status === "coupon_expired" ? PROMO_TEXTS.couponExpired : error.status === "invalid_promocode" ? error.message : CHECKOUT_FAILED;
      return Response.json({ error: text, errorType: error.status } satisfies ActionData, { status: error.httpStatus });
    }
    // Cancellation shows the server's own message (spec §8); other changes the generic text.
    const text = planned === "cancelSubscription" ? error.message : changeFailed(planned);
    return Response.json({ error: text, errorType: error.status } satisfies ActionData, { status: error.httpStatus });
  }
}

function formatDate(unix: number): string {
  return new Date(unix * 1000).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

export default function SubscriptionPage() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionData | undefined;
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const promo = useStoredPromo();
  const remember = useRememberedPeriod(data.explicitPeriod, data.period);

  useEffect(() => {
    if (!result) return;
    if ("message" in result) toast.show(result.message, "success");
    else {
      // An expired coupon is dropped from this browser, as the message says.
      if (result.errorType === "coupon_expired" || result.errorType === "invalid_promocode") promo.clear();
      // A field's error is shown under the field.
      if (!result.field) toast.show(result.error, "error");
    }
    // Each action result is shown once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);

  useEffect(() => {
    const checkout = params.get("checkout");
    if (!checkout) return;
    if (checkout === "done") toast.show(`Thank you! Your workspace is on the ${data.tierName} plan.`, "success");
    if (checkout === "canceled") toast.show("Checkout was canceled; nothing was charged.", "info");
    const next = new URLSearchParams(params);
    next.delete("checkout");
    setParams(next, { replace: true, preventScrollReset: true });
  }, [params, setParams, toast, data.tierName]);

  const notice = STATUS_NOTICES[data.status];
  const capError = result && "field" in result && result.field === "cap" ? result.error : undefined;
  return (
    <Page
      title="Subscription"
      testId="subscription-page"
      description={
        <span data-testid="current-plan">
          Current plan: <strong>{data.tierName}</strong>
          {data.hasSubscription ? ` (${data.billingPeriod === "annual_period" ? "annual" : "monthly"})` : null}
          {data.periodEnd ? ` · current period ends ${formatDate(data.periodEnd)}` : null}
        </span>
      }
      actions={
        data.canManageBilling && data.hasSubscription ? (
          <>
            <Form method="post">
              <input type="hidden" name="intent" value="portal" />
              <Button type="submit" variant="secondary">
                <CreditCard aria-hidden="true" /> Manage billing
              </Button>
            </Form>
            {data.canChangePaymentMethod ? (
              <Form method="post">
                <input type="hidden" name="intent" value="payment-method" />
                <Button type="submit" variant="secondary">
                  Update payment method
                </Button>
              </Form>
            ) : null}
          </>
        ) : null
      }
    >
      {notice ? (
        <p role="alert" className="rounded-xl border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive-foreground">
          {notice}
        </p>
      ) : null}
      <Card aria-labelledby="usage-title">
        <CardHeader title={<span id="usage-title">Usage this period</span>} />
        <CardContent className="flex flex-col gap-3">
          <p className="text-sm" data-testid="usage">
            {data.usage.count.toLocaleString("en-US")} / {data.usage.limit.toLocaleString("en-US")} credits used
            {data.usage.remaining === -1 ? " · usage-based billing on" : ` · ${data.usage.remaining.toLocaleString("en-US")} left`}
          </p>
          <Meter label="Credits used" value={data.usage.count} max={data.usage.limit} valueText={`${data.usage.count.toLocaleString("en-US")} of ${data.usage.limit.toLocaleString("en-US")} credits`} />
          {data.usage.extraBilled > 0 ? (
            <p className="text-sm" data-testid="extra-credits">
              {`${data.usage.extraBilled.toLocaleString("en-US")} extra credits beyond the plan this period, added to your next invoice.`}
            </p>
          ) : null}
          {/* Under the numbers, not beside the title: on a phone the title keeps its line. */}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-xs text-muted-foreground">Credits reset on {formatDate(data.usage.resetsAt)}.</p>
            <LinkButton to="/app/usage" variant="ghost" size="sm">
              <BarChart3 aria-hidden="true" /> Usage by day, voice and model
            </LinkButton>
          </div>
          {data.canManageBilling && data.canExtend ? (
            <div className="flex flex-col gap-3 border-t border-border pt-3">
              <Form method="post" className="flex flex-wrap items-center gap-3 text-sm">
                <input type="hidden" name="intent" value="limit-extension" />
                <input type="hidden" name="allowed" value={String(!data.allowedToExtend)} />
                <Badge tone={data.allowedToExtend ? "success" : "outline"}>{data.allowedToExtend ? "Usage-based billing on" : "Usage-based billing off"}</Badge>
                <Button type="submit" variant="secondary" size="sm">
                  {data.allowedToExtend ? "Turn off usage-based billing" : "Allow usage beyond the plan (billed per 1,000 credits)"}
                </Button>
              </Form>
              {data.allowedToExtend ? (
                // noValidate: a wrong cap is explained under the field by the server, not by a browser bubble.
                <Form method="post" noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
                  <input type="hidden" name="intent" value="limit-extension" />
                  <input type="hidden" name="allowed" value="true" />
                  <div className="sm:w-96">
                    <Field
                      label={
                        data.extensionMaximum === -1
                          ? "Cap on extra credits per period, in thousands (empty: no cap)"
                          : `Cap on extra credits per period, in thousands (empty: the plan's ${data.extensionMaximum.toLocaleString("en-US")})`
                      }
                      name="cap"
                      inputMode="numeric"
                      defaultValue={data.extensionCap ?? ""}
                      error={capError}
                    />
                  </div>
                  <Button type="submit" variant="secondary" className="sm:mt-6">
                    Save cap
                  </Button>
                </Form>
              ) : null}
            </div>
          ) : null}
        </CardContent>
      </Card>
      <Section title="Plans" description={data.canManageBilling ? undefined : "Only workspace admins and members with the Billing permission can change the plan."} actions={data.canManageBilling ? <PromoControls promo={promo} /> : null}>
        <PlanSwitches period={data.period} currency={data.currency} onPeriod={remember} />
        <PlanCards cards={data.cards} period={data.period} currency={data.currency} promocode={promo.value?.code ?? null} />
      </Section>
      {data.canManageBilling && (data.hasSubscription || data.invoices.length > 0) ? <InvoiceList invoices={data.invoices} /> : null}
    </Page>
  );
}
