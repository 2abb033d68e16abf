import { Link } from "@remix-run/react";
import { Receipt } from "lucide-react";
import { Badge, type BadgeTone } from "~/common/ui/badge";
import { EmptyState } from "~/common/ui/feedback";
import { Section } from "~/common/ui/page";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "~/common/ui/table";
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

const STATUS_TONES: Record<string, BadgeTone> = { paid: "success", open: "warning", draft: "neutral", void: "outline", uncollectible: "danger" };

/** An invoice's status as a badge (paid green, due amber…). */
export function InvoiceStatus({ status }: { status: string }) {
  return <Badge tone={STATUS_TONES[status] ?? "neutral"}>{invoiceStatusLabel(status)}</Badge>;
}

/** The workspace's recent invoices, newest first, each opening its own page. */
export function InvoiceList({ invoices }: { invoices: InvoiceSummary[] }) {
  return (
    <Section title="Invoices">
      {invoices.length === 0 ? (
        <EmptyState icon={<Receipt />} title="No invoices yet">
          Invoices appear here after the first payment.
        </EmptyState>
      ) : (
        <Table>
          <TableHead>
            <tr>
              <TableHeaderCell>Date</TableHeaderCell>
              <TableHeaderCell className="hidden sm:table-cell">Number</TableHeaderCell>
              <TableHeaderCell className="text-right">Amount</TableHeaderCell>
              <TableHeaderCell>Status</TableHeaderCell>
            </tr>
          </TableHead>
          <tbody>
            {invoices.map((invoice) => (
              <TableRow key={invoice.id} data-testid="invoice-row">
                <TableCell className="whitespace-nowrap">
                  <Link to={`/app/subscription/invoices/${invoice.id}`} className="font-medium underline underline-offset-2 hover:text-accent-foreground">
                    {invoiceDate(invoice.created)}
                  </Link>
                </TableCell>
                <TableCell className="hidden text-muted-foreground sm:table-cell">{invoice.number ?? "—"}</TableCell>
                <TableCell className="text-right tabular-nums">{invoiceAmount(invoice.totalCents, invoice.currency)}</TableCell>
                <TableCell>
                  <InvoiceStatus status={invoice.status} />
                </TableCell>
              </TableRow>
            ))}
          </tbody>
        </Table>
      )}
    </Section>
  );
}
