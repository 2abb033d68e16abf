import { env, SELF } from "cloudflare:test";
import Stripe from "stripe";

export const SECRET_KEY = "sk_test_parlance_local";
export const WEBHOOK_SECRET = "whsec_parlance_local";
export const APP_ORIGIN = "https://parlance.test";

/** The official SDK, unchanged, with its requests sent to the stand-in instead of api.stripe.com. */
export function sdk(key = SECRET_KEY): Stripe {
  const fetchThroughWorker = ((url: string, init?: RequestInit) => SELF.fetch(url, init)) as typeof fetch;
  return new Stripe(key, { httpClient: Stripe.createFetchHttpClient(fetchThroughWorker), maxNetworkRetries: 0 });
}

export const stripe = sdk();

/** The recorder standing in for the billing worker (see webhook-recorder.ts). */
const recorder = (env as unknown as { WEBHOOK: Fetcher }).WEBHOOK;

export interface Delivery {
  payload: string;
  signature: string | null;
  status: number;
}

/** The deliveries about the customer as the endpoint received them: raw body and stripe-signature. */
export async function deliveriesFor(customer: string): Promise<Delivery[]> {
  const response = await recorder.fetch(`https://billing.local/__deliveries?customer=${customer}`);
  return (await response.json()) as Delivery[];
}

/** Every webhook about the customer, verified the way the billing worker verifies them. */
export async function webhooksFor(customer: string): Promise<Stripe.Event[]> {
  const deliveries = await deliveriesFor(customer);
  return Promise.all(
    deliveries.map((delivery) =>
      stripe.webhooks.constructEventAsync(delivery.payload, delivery.signature ?? "", WEBHOOK_SECRET, undefined, Stripe.createSubtleCryptoProvider()),
    ),
  );
}

export async function webhookTypesFor(customer: string): Promise<string[]> {
  return (await webhooksFor(customer)).map((event) => event.type);
}

export async function failWebhooksFor(customer: string): Promise<void> {
  await recorder.fetch(`https://billing.local/__fail?customer=${customer}`, { method: "POST" });
}

export async function priceFor(lookupKey: string): Promise<Stripe.Price> {
  const prices = await stripe.prices.list({ lookup_keys: [lookupKey] });
  if (prices.data.length !== 1) throw new Error(`no price ${lookupKey}`);
  return prices.data[0];
}

export const TEST_CARD = "4242 4242 4242 4242";
export const DECLINED_CARD = "4000 0000 0000 0002";

/** Fills in and submits the hosted checkout page the way a browser would. */
export function payOnPage(url: string, card = TEST_CARD, extra: Record<string, string> = {}): Promise<Response> {
  return SELF.fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: "", card_number: card, card_expiry: "12 / 34", card_cvc: "123", cardholder_name: "Ada Lovelace", ...extra }),
  });
}

/** A customer with an active subscription bought through checkout (optionally with a discount). */
export async function subscribedCustomer(
  lookupKey = "creator_monthly_period_usd",
  discounts?: Stripe.Checkout.SessionCreateParams.Discount[],
): Promise<{ customer: Stripe.Customer; session: Stripe.Checkout.Session; subscription: Stripe.Subscription }> {
  const customer = await stripe.customers.create({ email: `${crypto.randomUUID()}@example.com`, metadata: { workspace_id: "w1" } });
  const price = await priceFor(lookupKey);
  const session = await stripe.checkout.sessions.create({
    mode: "subscription",
    customer: customer.id,
    line_items: [{ price: price.id, quantity: 1 }],
    success_url: `${APP_ORIGIN}/app/billing/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${APP_ORIGIN}/app/billing`,
    subscription_data: { metadata: { workspace_id: "w1" } },
    discounts,
  });
  const paid = await payOnPage(session.url!);
  if (paid.status !== 303) throw new Error(`checkout failed: ${paid.status} ${await paid.text()}`);
  const completed = await stripe.checkout.sessions.retrieve(session.id);
  const subscription = await stripe.subscriptions.retrieve(completed.subscription as string);
  return { customer, session: completed, subscription };
}

/** The test-clock substitute: end the current period now. */
export async function advance(subscription: string, fail = false): Promise<Response> {
  return SELF.fetch(`https://stripe.local/__stripe/subscriptions/${subscription}/advance${fail ? "?fail=1" : ""}`, {
    method: "POST",
    headers: { accept: "application/json" },
  });
}
