/**
 * One change to the account: the store, the time it happens at, and the events it records. Operations run
 * synchronously on a Tx (so they commit as one), and the caller delivers `tx.events` afterwards, in order.
 */
import Stripe from "stripe";
import { resourceMissing } from "./errors";
import { newId, PREFIX } from "./ids";
import { nowSeconds } from "../../core/clock";
import { publicView, type StripeEvent } from "./objects";
import type { StripeObject, Store } from "./store";

/** The API version the objects are shaped for (the installed SDK's); events carry it like Stripe's do. */
export const API_VERSION: string = Stripe.API_VERSION;

export class Tx {
  readonly events: StripeEvent[] = [];
  readonly now: number = nowSeconds();

  constructor(
    readonly store: Store,
    readonly request: { id: string | null; idempotency_key: string | null } = { id: null, idempotency_key: null },
  ) {}

  /** Records an event with a snapshot of `object` as it is now. */
  emit(type: string, object: object, previousAttributes?: Record<string, unknown>): StripeEvent {
    const event: StripeEvent = {
      id: newId(PREFIX.event),
      object: "event",
      api_version: API_VERSION,
      created: this.now,
      data: { object: structuredClone(publicView(object)), ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: this.request,
      type,
    };
    this.store.put(event);
    this.events.push(event);
    return event;
  }

  /** The object with that id and type, or Stripe's resource_missing error (400 with `param`, else 404). */
  require<T extends StripeObject>(id: string, type: string, param?: string): T {
    const found = this.store.get<T>(id, type);
    if (!found) throw resourceMissing(KIND_NAMES[type] ?? type, id, param);
    return found;
  }

  customer(id: string, param?: string): Stripe.Customer {
    return this.require<Stripe.Customer>(id, "customer", param);
  }

  price(id: string, param?: string): Stripe.Price {
    return this.require<Stripe.Price>(id, "price", param);
  }

  subscription(id: string, param?: string): Stripe.Subscription {
    return this.require<Stripe.Subscription>(id, "subscription", param);
  }

  /** Next invoice number for a customer: PREFIX-0001, like Stripe's per-customer sequence. */
  invoiceNumber(customerId: string): string {
    const customer = this.customer(customerId);
    const sequence = customer.next_invoice_sequence ?? 1;
    this.store.put({ ...customer, next_invoice_sequence: sequence + 1 });
    const prefix = customer.invoice_prefix ?? customer.id.slice(4, 12).toUpperCase();
    return `${prefix}-${String(sequence).padStart(4, "0")}`;
  }
}

/** How Stripe names each kind in "No such ...: 'id'" messages. */
const KIND_NAMES: Record<string, string> = {
  customer: "customer",
  price: "price",
  product: "product",
  coupon: "coupon",
  promotion_code: "promotion code",
  "checkout.session": "checkout.session",
  subscription: "subscription",
  subscription_schedule: "subscription schedule",
  invoice: "invoice",
  event: "event",
  payment_method: "PaymentMethod",
  setup_intent: "setupintent",
  payment_intent: "payment_intent",
  invoice_payment: "invoice payment",
  "billing_portal.session": "billing portal session",
  account: "account",
  transfer: "transfer",
};
