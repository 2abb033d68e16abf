import { redirectDocument, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, redirect, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { z } from "zod";
import { InvoiceList } from "~/billing/components/invoices";
import { PlanCards, PlanSwitches } from "~/billing/components/plan-cards";
import { PromoControls, useStoredPromo } from "~/billing/components/promo";
import { useToast } from "~/common/components/toasts";
import { buttonClass } from "~/common/ui/button";
import { nextMonthlyReset } from "../../core/billing/billing-sync";
import { CHECKOUT_FAILED, STATUS_NOTICES, UNEXPECTED_ERROR, changeFailed, changeSucceeded } from "~/billing/rules/billing-texts";
import { PRODUCT_NAME } from "../../core/brand";
import { nowSeconds } from "../../core/clock";
import { canChangePaymentMethod, planAction, remainingQuota, type PaymentProvider } from "~/billing/rules/plan-actions";
import { planCards } from "~/billing/rules/plan-cards";
import { BILLING_PERIODS, CURRENCIES, LIMIT_EXTENSION, TIER_DISPLAY_NAMES, TIER_ORDER, isTier } from "../../core/billing/plans";
import { PROMO_TEXTS } from "~/billing/rules/promo";
import { db, requireViewer } from "~/accounts/accounts.server";
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
    isAdmin: membership.role === "admin",
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

type ActionData = { error: string; errorType?: string } | { message: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const { user, membership } = viewer;
  const parsed = await parseForm(request, intentSchema);
  if (!parsed.ok) return Response.json({ error: Object.values(parsed.errors)[0] ?? "Invalid request" } satisfies ActionData, { status: 400 });
  const input = parsed.data;
  const origin = new URL(request.url).origin;
  const ctx: BillingContext = { env: context.cloudflare.env, db: db(context), membership, email: user.email, origin };
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
      if (error instanceof BillingError) return Response.json({ error: error.message } satisfies ActionData, { status: error.httpStatus });
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
      toast.show(result.error, "error");
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

  const usedPercent = data.usage.limit > 0 ? Math.min(100, Math.round((data.usage.count / data.usage.limit) * 100)) : 0;
  const notice = STATUS_NOTICES[data.status];
  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Subscription</h1>
          <p className="text-sm text-muted-foreground" data-testid="current-plan">
            Current plan: <strong>{data.tierName}</strong>
            {data.hasSubscription ? ` (${data.billingPeriod === "annual_period" ? "annual" : "monthly"})` : null}
            {data.periodEnd ? ` · current period ends ${formatDate(data.periodEnd)}` : null}
          </p>
        </div>
        {data.isAdmin && data.hasSubscription ? (
          <div className="flex flex-wrap gap-2">
            <Form method="post">
              <input type="hidden" name="intent" value="portal" />
              <button type="submit" className={buttonClass("secondary")}>
                Manage billing
              </button>
            </Form>
            {data.canChangePaymentMethod ? (
              <Form method="post">
                <input type="hidden" name="intent" value="payment-method" />
                <button type="submit" className={buttonClass("secondary")}>
                  Update payment method
                </button>
              </Form>
            ) : null}
          </div>
        ) : null}
      </div>
      {notice ? (
        <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
          {notice}
        </p>
      ) : null}
      <section aria-labelledby="usage-title" className="space-y-2 rounded-2xl border border-border p-5">
        <h2 id="usage-title" className="font-semibold">
          Usage this period
        </h2>
        <p className="text-sm" data-testid="usage">
          {data.usage.count.toLocaleString("en-US")} / {data.usage.limit.toLocaleString("en-US")} credits used
          {data.usage.remaining === -1 ? " · usage-based billing on" : ` · ${data.usage.remaining.toLocaleString("en-US")} left`}
        </p>
        <div className="h-2 rounded-full bg-muted" role="progressbar" aria-label="Credits used" aria-valuenow={usedPercent} aria-valuemin={0} aria-valuemax={100}>
          <div className="h-2 rounded-full bg-violet-500" style={{ width: `${usedPercent}%` }} />
        </div>
        {data.usage.extraBilled > 0 ? (
          <p className="text-sm" data-testid="extra-credits">
            {`${data.usage.extraBilled.toLocaleString("en-US")} extra credits beyond the plan this period, added to your next invoice.`}
          </p>
        ) : null}
        <p className="text-xs text-muted-foreground">
          Credits reset on {formatDate(data.usage.resetsAt)}.{" "}
          <Link to="/app/usage" className="underline">
            See usage by day, voice and model
          </Link>
        </p>
        {data.isAdmin && data.canExtend ? (
          <Form method="post" className="flex items-center gap-2 text-sm">
            <input type="hidden" name="intent" value="limit-extension" />
            <input type="hidden" name="allowed" value={String(!data.allowedToExtend)} />
            <button type="submit" className={buttonClass("ghost", "px-2")}>
              {data.allowedToExtend ? "Turn off usage-based billing" : "Allow usage beyond the plan (billed per 1,000 credits)"}
            </button>
          </Form>
        ) : null}
        {data.isAdmin && data.canExtend && data.allowedToExtend ? (
          <Form method="post" className="flex flex-wrap items-end gap-2 text-sm">
            <input type="hidden" name="intent" value="limit-extension" />
            <input type="hidden" name="allowed" value="true" />
            <label className="flex flex-col gap-1">
              <span className="text-xs text-muted-foreground">
                {data.extensionMaximum === -1
                  ? "Cap on extra credits per period, in thousands (empty: no cap)"
                  : `Cap on extra credits per period, in thousands (empty: the plan's ${data.extensionMaximum.toLocaleString("en-US")})`}
              </span>
              <input
                name="cap"
                inputMode="numeric"
                pattern="[0-9]*"
                defaultValue={data.extensionCap ?? ""}
                className="w-40 rounded-lg border border-input px-2 py-1.5 dark:bg-zinc-900"
              />
            </label>
            <button type="submit" className={buttonClass("secondary")}>
              Save cap
            </button>
          </Form>
        ) : null}
      </section>
      <PlanSwitches period={data.period} currency={data.currency} onPeriod={remember} />
      {data.isAdmin ? <PromoControls promo={promo} /> : null}
      <PlanCards cards={data.cards} period={data.period} currency={data.currency} promocode={promo.value?.code ?? null} />
      {!data.isAdmin ? <p className="text-sm text-muted-foreground">Only workspace admins can change the plan.</p> : null}
      {data.isAdmin && (data.hasSubscription || data.invoices.length > 0) ? <InvoiceList invoices={data.invoices} /> : null}
    </div>
  );
}
