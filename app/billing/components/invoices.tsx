import { Link } from "@remix-run/react";
import { formatPrice } from "~/billing/rules/plan-cards";
import { isCurrency } from "../../../core/billing/plans";
import type { InvoiceSummary } from "~/billing/server/invoices.server";

const STATUS_LABELS: Record<string, string> = { paid: "Paid", open: "Due", draft: "Draft", void: "Void", uncollectible: "Uncollectible" };

export function invoiceStatusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

export function invoiceAmount(cents: number, currency: string): string {
  return isCurrency(currency) ? formatPrice(cents, currency) : `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

export function invoiceDate(unix: number): string {
  return new Date(unix * 1000).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
}

/** The workspace's recent invoices, newest first, each opening its own page. */
export function InvoiceList({ invoices }: { invoices: InvoiceSummary[] }) {
  return (
    <section aria-labelledby="invoices-title" className="space-y-2 rounded-2xl border border-border p-5">
      <h2 id="invoices-title" className="font-semibold">
        Invoices
      </h2>
      {invoices.length === 0 ? (
        <p className="text-sm text-muted-foreground">No invoices yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-border">
                <th className="py-1 pr-4 font-medium">Date</th>
                <th className="py-1 pr-4 font-medium">Number</th>
                <th className="py-1 pr-4 font-medium">Amount</th>
                <th className="py-1 pr-4 font-medium">Status</th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.id} className="border-b border-border" data-testid="invoice-row">
                  <td className="py-1 pr-4">
                    <Link to={`/app/subscription/invoices/${invoice.id}`} className="underline">
                      {invoiceDate(invoice.created)}
                    </Link>
                  </td>
                  <td className="py-1 pr-4">{invoice.number ?? "—"}</td>
                  <td className="py-1 pr-4 tabular-nums">{invoiceAmount(invoice.totalCents, invoice.currency)}</td>
                  <td className="py-1 pr-4">{invoiceStatusLabel(invoice.status)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
