import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ArrowLeft, ExternalLink } from "lucide-react";
import { buttonClass, LinkButton } from "~/common/ui/button";
import { Page } from "~/common/ui/page";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "~/common/ui/table";
import { z } from "zod";
import { InvoiceStatus, invoiceAmount, invoiceDate } from "~/billing/components/invoices";
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
  const totals: { label: string; cents: number; strong?: boolean; minus?: boolean }[] = [
    { label: "Subtotal", cents: invoice.subtotalCents },
    ...(invoice.discountCents ? [{ label: "Discount", cents: invoice.discountCents, minus: true }] : []),
    { label: "Total", cents: invoice.totalCents, strong: true },
    { label: "Paid", cents: invoice.amountPaidCents },
    ...(invoice.amountDueCents > invoice.amountPaidCents ? [{ label: "Due", cents: invoice.amountDueCents - invoice.amountPaidCents, strong: true }] : []),
  ];
  return (
    <Page
      title={`Invoice ${invoice.number ?? ""}`}
      testId="invoice-page"
      description={
        <span data-testid="invoice-summary" className="inline-flex flex-wrap items-center gap-2">
          {invoiceDate(invoice.created)} · {money(invoice.totalCents)} <InvoiceStatus status={invoice.status} />
        </span>
      }
      actions={
        <>
          <LinkButton to="/app/subscription" variant="ghost">
            <ArrowLeft aria-hidden="true" /> Subscription
          </LinkButton>
          {hostedUrl ? (
            // Stripe's own page: not a route of this app.
            <a href={hostedUrl} className={buttonClass("secondary")} rel="noreferrer">
              <ExternalLink aria-hidden="true" /> Open on Stripe (PDF and payment)
            </a>
          ) : null}
        </>
      }
    >
      <Table>
        <TableHead>
          <tr>
            <TableHeaderCell>Description</TableHeaderCell>
            <TableHeaderCell>Period</TableHeaderCell>
            <TableHeaderCell className="text-right">Amount</TableHeaderCell>
          </tr>
        </TableHead>
        <tbody>
          {invoice.lines.map((line, i) => (
            <TableRow key={i}>
              <TableCell>{line.description}</TableCell>
              <TableCell className="text-muted-foreground">
                {invoiceDate(line.periodStart)} – {invoiceDate(line.periodEnd)}
              </TableCell>
              <TableCell className="text-right tabular-nums">{money(line.amountCents)}</TableCell>
            </TableRow>
          ))}
        </tbody>
        <tfoot className="border-t border-border bg-muted/40">
          {totals.map((row) => (
            <tr key={row.label} className={row.strong ? "font-semibold" : undefined}>
              <TableCell colSpan={2} className="py-1.5 text-right">
                {row.label}
              </TableCell>
              <TableCell className="py-1.5 text-right tabular-nums">
                {row.minus ? "−" : ""}
                {money(row.cents)}
              </TableCell>
            </tr>
          ))}
        </tfoot>
      </Table>
    </Page>
  );
}
