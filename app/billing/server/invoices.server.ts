import type Stripe from "stripe";
import type { Database } from "../../../db/client";
import { findBilling, type BillingRow } from "../../../db/repositories/billing";
import { log } from "~/common/log.server";
import type { Membership } from "../../../db/repositories/workspaces";
import { isAdmin } from "../../../core/workspace/roles";
import { stripeClient, type StripeEnv } from "../../../core/billing/stripe.server";

export type InvoiceLine = { description: string; amountCents: number; periodStart: number; periodEnd: number };
export type InvoiceSummary = {
  id: string;
  number: string | null;
  created: number;
  status: string;
  currency: string;
  totalCents: number;
  amountDueCents: number;
  amountPaidCents: number;
};
export type InvoiceDetail = InvoiceSummary & { periodStart: number; periodEnd: number; subtotalCents: number; discountCents: number; lines: InvoiceLine[]; hostedUrl: string | null };

type InvoiceContext = { env: StripeEnv; db: Database; membership: Membership };

/** How many invoices the subscription page lists (the provider's portal has all of them). */
export const RECENT_INVOICES = 12;

function summary(invoice: Stripe.Invoice): InvoiceSummary {
  return {
    id: invoice.id!,
    number: invoice.number,
    created: invoice.created,
    status: invoice.status ?? "draft",
    currency: invoice.currency,
    totalCents: invoice.total,
    amountDueCents: invoice.amount_due,
    amountPaidCents: invoice.amount_paid,
  };
}

/**
 * The workspace's billing customer, for its admins only: invoices and what is owed are the business of the
 * people who pay (decision 0019). `billing` saves a read when the caller has the row already.
 */
async function customerOf(ctx: InvoiceContext, known?: BillingRow | null): Promise<{ stripe: Stripe; customerId: string; billing: BillingRow } | null> {
  if (!isAdmin(ctx.membership.role)) return null;
  const stripe = stripeClient(ctx.env);
  const billing = known === undefined ? await findBilling(ctx.db, ctx.membership.workspace.id) : known;
  if (!stripe || !billing?.customerId) return null;
  return { stripe, customerId: billing.customerId, billing };
}

/** The newest invoices of the workspace's customer; none for a workspace that never paid, or for non-admins. */
export async function recentInvoices(ctx: InvoiceContext): Promise<InvoiceSummary[]> {
  const customer = await customerOf(ctx);
  if (!customer) return [];
  const list = await customer.stripe.invoices.list({ customer: customer.customerId, limit: RECENT_INVOICES });
  return list.data.map(summary);
}

/** One invoice of the workspace's own customer; null for anything else (another workspace's invoice included). */
export async function workspaceInvoice(ctx: InvoiceContext, invoiceId: string): Promise<InvoiceDetail | null> {
  const customer = await customerOf(ctx);
  if (!customer) return null;
  const invoice = await customer.stripe.invoices.retrieve(invoiceId).catch(() => null);
  const owner = invoice && (typeof invoice.customer === "string" ? invoice.customer : invoice.customer?.id);
  if (!invoice || owner !== customer.customerId) return null;
  return {
    ...summary(invoice),
    periodStart: invoice.period_start,
    periodEnd: invoice.period_end,
    subtotalCents: invoice.subtotal,
    discountCents: (invoice.total_discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0),
    lines: invoice.lines.data.map((line) => ({ description: line.description ?? "", amountCents: line.amount, periodStart: line.period.start, periodEnd: line.period.end })),
    hostedUrl: invoice.hosted_invoice_url ?? null,
  };
}

/**
 * An invoice in the commercial API's InvoiceResponse shape (its SDK's `next_invoice` and `open_invoices` of
 * GET /v1/user/subscription; the spec's billing-info next_invoice fields are a subset).
 */
export type InvoiceJson = {
  amount_due_cents: number;
  subtotal_cents: number;
  tax_cents: number;
  /** The first discount's, for clients that read the deprecated single fields. */
  discount_percent_off: number | null;
  discount_amount_off: number | null;
  discounts: { discount_percent_off: number | null; discount_amount_off: number | null }[];
  /** -1 when there is no next payment attempt. */
  next_payment_attempt_unix: number;
  payment_intent_status: Stripe.PaymentIntent.Status | null;
  payment_intent_statusses: Stripe.PaymentIntent.Status[];
};

/** What the provider says now about the money side of the subscription; for admins only. */
export type ProviderInvoices = { next_invoice: InvoiceJson | null; open_invoices: InvoiceJson[]; has_open_invoices: boolean };

/** How many open invoices are read (a workspace normally has none or one). */
export const OPEN_INVOICES_READ = 20;

/** Discounts expanded down to their coupons, so their percent and amount off can be reported. */
const DISCOUNT_COUPONS = "discounts.source.coupon";

function discountsOf(invoice: Stripe.Invoice): InvoiceJson["discounts"] {
  return invoice.discounts.flatMap((discount) => {
    const coupon = typeof discount === "object" && "source" in discount ? discount.source?.coupon : null;
    return coupon && typeof coupon === "object" ? [{ discount_percent_off: coupon.percent_off ?? null, discount_amount_off: coupon.amount_off ?? null }] : [];
  });
}

function invoiceJson(invoice: Stripe.Invoice, nextPaymentAttempt: number | null, intents: Stripe.PaymentIntent.Status[]): InvoiceJson {
  const discounts = discountsOf(invoice);
  return {
    amount_due_cents: invoice.amount_due,
    subtotal_cents: invoice.subtotal,
    tax_cents: (invoice.total_taxes ?? []).reduce((sum, tax) => sum + tax.amount, 0),
    discount_percent_off: discounts[0]?.discount_percent_off ?? null,
    discount_amount_off: discounts[0]?.discount_amount_off ?? null,
    discounts,
    next_payment_attempt_unix: nextPaymentAttempt ?? -1,
    payment_intent_status: intents[0] ?? null,
    payment_intent_statusses: intents,
  };
}

/** The statuses of an invoice's payment intents, its default payment's first (Stripe's invoice payments). */
async function paymentIntentStatuses(stripe: Stripe, invoiceId: string): Promise<Stripe.PaymentIntent.Status[]> {
  const payments = await stripe.invoicePayments.list({ invoice: invoiceId, limit: 10, expand: ["data.payment.payment_intent"] });
  return [...payments.data]
    .sort((a, b) => Number(b.is_default) - Number(a.is_default))
    .flatMap((payment) => {
      const intent = payment.payment.payment_intent;
      return intent && typeof intent === "object" ? [intent.status] : [];
    });
}

/**
 * The next invoice (the provider's preview of the renewal, extra credits included) and the open invoices, read
 * from the provider now. Null when the actor is not an admin, the workspace has no customer, no provider is
 * configured, or the provider fails (logged): the callers then report no invoices and the mirrored flag.
 */
export async function providerInvoices(ctx: InvoiceContext, billing?: BillingRow | null): Promise<ProviderInvoices | null> {
  const customer = await customerOf(ctx, billing);
  if (!customer) return null;
  const { stripe, customerId } = customer;
  const subscriptionId = customer.billing.subscriptionId;
  try {
    const [preview, open] = await Promise.all([
      subscriptionId && !customer.billing.cancelAtPeriodEnd
        ? stripe.invoices.createPreview({ customer: customerId, subscription: subscriptionId, expand: [DISCOUNT_COUPONS] }).catch((error: unknown) => {
            // No upcoming invoice (the subscription ends or ended): nothing next, which is an answer.
            if ((error as { code?: string }).code === "invoice_upcoming_none") return null;
            throw error;
          })
        : null,
      stripe.invoices.list({ customer: customerId, status: "open", limit: OPEN_INVOICES_READ, expand: [`data.${DISCOUNT_COUPONS}`] }),
    ]);
    const openInvoices = await Promise.all(open.data.map(async (invoice) => invoiceJson(invoice, invoice.next_payment_attempt, await paymentIntentStatuses(stripe, invoice.id!))));
    return {
      next_invoice: preview ? invoiceJson(preview, preview.next_payment_attempt ?? customer.billing.currentPeriodEnd, []) : null,
      open_invoices: openInvoices,
      has_open_invoices: openInvoices.length > 0,
    };
  } catch (error) {
    log("error", "invoices not read from the provider", { workspace_id: ctx.membership.workspace.id, error: String(error) });
    return null;
  }
}
