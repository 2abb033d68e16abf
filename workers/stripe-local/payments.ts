/**
 * Charging an invoice, as Stripe records it since the 2025 API versions: a PaymentIntent for the amount due and
 * an InvoicePayment tying it to the invoice (`GET /v1/invoice_payments?invoice=…`, `GET /v1/payment_intents/:id`).
 * A successful charge leaves the intent `succeeded` and the invoice payment `paid`; a declined one leaves them
 * `requires_payment_method` and `open`, until the invoice is paid later (the same intent then succeeds).
 * Invoices with nothing due have no payment, as with Stripe.
 */
import type Stripe from "stripe";
import { newId, PREFIX } from "./ids";
import type { Tx } from "./tx";

export type ChargeOutcome = "succeeded" | "declined";

const DECLINE: Stripe.PaymentIntent.LastPaymentError = {
  type: "card_error",
  code: "card_declined",
  decline_code: "generic_decline",
  message: "Your card was declined.",
};

function paymentIntent(invoice: Stripe.Invoice, at: number): Stripe.PaymentIntent {
  const id = newId(PREFIX.paymentIntent);
  return {
    id,
    object: "payment_intent",
    allowed_payment_method_types: null,
    amount: invoice.amount_due,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: "automatic",
    client_secret: `${id}_secret_${newId("x").slice(2)}`,
    confirmation_method: "automatic",
    created: at,
    currency: invoice.currency,
    customer: typeof invoice.customer === "string" ? invoice.customer : (invoice.customer?.id ?? null),
    customer_account: null,
    description: invoice.billing_reason === "subscription_create" ? "Subscription creation" : invoice.billing_reason === "subscription_cycle" ? "Subscription update" : null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: {},
    next_action: null,
    on_behalf_of: null,
    payment_method: typeof invoice.default_payment_method === "string" ? invoice.default_payment_method : (invoice.default_payment_method?.id ?? null),
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ["card"],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: "requires_payment_method",
    transfer_group: null,
  };
}

function invoicePayment(invoice: Stripe.Invoice, intent: Stripe.PaymentIntent, at: number): Stripe.InvoicePayment {
  return {
    id: newId(PREFIX.invoicePayment),
    object: "invoice_payment",
    amount_paid: null,
    amount_requested: invoice.amount_due,
    created: at,
    currency: invoice.currency,
    invoice: invoice.id!,
    is_default: true,
    livemode: false,
    payment: { type: "payment_intent", payment_intent: intent.id },
    status: "open",
    status_transitions: { canceled_at: null, paid_at: null },
  };
}

/** The invoice's default payment and its intent, if it has been charged before. */
export function invoicePaymentOf(tx: Tx, invoiceId: string): { payment: Stripe.InvoicePayment; intent: Stripe.PaymentIntent } | null {
  const payment = tx.store.list<Stripe.InvoicePayment>("invoice_payment").find((entry) => entry.invoice === invoiceId && entry.is_default);
  const intentId = payment?.payment.payment_intent;
  const intent = typeof intentId === "string" ? tx.store.get<Stripe.PaymentIntent>(intentId, "payment_intent") : null;
  return payment && intent ? { payment, intent } : null;
}

/** Records an attempt to charge a finalized invoice: its (first or existing) intent succeeds or is declined. */
export function recordInvoiceCharge(tx: Tx, invoice: Stripe.Invoice, outcome: ChargeOutcome, at: number = tx.now): void {
  if (invoice.amount_due <= 0) return;
  const existing = invoicePaymentOf(tx, invoice.id!);
  const intent = existing?.intent ?? paymentIntent(invoice, at);
  const payment = existing?.payment ?? invoicePayment(invoice, intent, at);
  if (outcome === "succeeded") {
    tx.store.put({ ...intent, status: "succeeded" as const, amount_received: intent.amount, last_payment_error: null });
    tx.store.put({ ...payment, status: "paid", amount_paid: payment.amount_requested, status_transitions: { ...payment.status_transitions, paid_at: at } });
  } else {
    tx.store.put({ ...intent, status: "requires_payment_method" as const, last_payment_error: { ...DECLINE, payment_method_type: "card" } });
    tx.store.put(payment);
  }
}
