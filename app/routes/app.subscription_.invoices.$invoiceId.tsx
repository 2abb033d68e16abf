import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { invoiceAmount, invoiceDate, invoiceStatusLabel } from "~/billing/components/invoices";
import { PRODUCT_NAME } from "../../core/brand";
import { db, requireViewer } from "~/accounts/accounts.server";
import { workspaceInvoice } from "~/billing/billing.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Invoice ${data?.invoice.number ?? ""} · ${PRODUCT_NAME}` }];

const invoiceId = z.string().regex(/^in_[A-Za-z0-9]{1,64}$/);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { membership } = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const id = invoiceId.safeParse(params.invoiceId);
  // Unknown, malformed, another workspace's, or not an admin: the same 404, so nothing leaks.
  const invoice = id.success ? await workspaceInvoice({ env, db: db(context), membership }, id.data) : null;
  if (!invoice) throw new Response("Invoice not found", { status: 404 });
  // Stripe's own invoice page exists only with the real service; the local stand-in has none.
  return { invoice, hostedUrl: env.STRIPE_SECRET_KEY ? invoice.hostedUrl : null };
}

export default function InvoicePage() {
  const { invoice, hostedUrl } = useLoaderData<typeof loader>();
  const money = (cents: number) => invoiceAmount(cents, invoice.currency);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <p className="text-sm">
        <Link to="/app/subscription" className="underline">
          ← Subscription
        </Link>
      </p>
      <div>
        <h1 className="text-2xl font-bold">Invoice {invoice.number ?? ""}</h1>
        <p className="text-sm text-muted-foreground" data-testid="invoice-summary">
          {invoiceDate(invoice.created)} · {invoiceStatusLabel(invoice.status)} · {money(invoice.totalCents)}
        </p>
      </div>
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-border">
            <th className="py-1 pr-4 font-medium">Description</th>
            <th className="py-1 pr-4 font-medium">Period</th>
            <th className="py-1 text-right font-medium">Amount</th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line, i) => (
            <tr key={i} className="border-b border-border">
              <td className="py-1 pr-4">{line.description}</td>
              <td className="py-1 pr-4">
                {invoiceDate(line.periodStart)} – {invoiceDate(line.periodEnd)}
              </td>
              <td className="py-1 text-right tabular-nums">{money(line.amountCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={2} className="pt-2 pr-4 text-right">
              Subtotal
            </td>
            <td className="pt-2 text-right tabular-nums">{money(invoice.subtotalCents)}</td>
          </tr>
          {invoice.discountCents ? (
            <tr>
              <td colSpan={2} className="pr-4 text-right">
                Discount
              </td>
              <td className="text-right tabular-nums">−{money(invoice.discountCents)}</td>
            </tr>
          ) : null}
          <tr className="font-semibold">
            <td colSpan={2} className="pr-4 text-right">
              Total
            </td>
            <td className="text-right tabular-nums">{money(invoice.totalCents)}</td>
          </tr>
          <tr>
            <td colSpan={2} className="pr-4 text-right">
              Paid
            </td>
            <td className="text-right tabular-nums">{money(invoice.amountPaidCents)}</td>
          </tr>
          {invoice.amountDueCents > invoice.amountPaidCents ? (
            <tr>
              <td colSpan={2} className="pr-4 text-right">
                Due
              </td>
              <td className="text-right tabular-nums">{money(invoice.amountDueCents - invoice.amountPaidCents)}</td>
            </tr>
          ) : null}
        </tfoot>
      </table>
      {hostedUrl ? (
        <a href={hostedUrl} className="text-sm underline" rel="noreferrer">
          Open the invoice on Stripe (PDF and payment)
        </a>
      ) : null}
    </div>
  );
}
