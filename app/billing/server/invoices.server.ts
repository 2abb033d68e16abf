import type Stripe from "stripe";
import type { Database } from "../../../db/client";
import { findBilling } from "../../../db/repositories/billing";
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

/** The workspace's billing customer, for its admins only: invoices are the workspace owner's business. */
async function customerOf(ctx: InvoiceContext): Promise<{ stripe: Stripe; customerId: string } | null> {
  if (!isAdmin(ctx.membership.role)) return null;
  const stripe = stripeClient(ctx.env);
  const billing = await findBilling(ctx.db, ctx.membership.workspace.id);
  if (!stripe || !billing?.customerId) return null;
  return { stripe, customerId: billing.customerId };
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
