import Stripe from "stripe";

/**
 * The local Stripe stand-in's keys (workers/stripe-local). They are public on purpose: they only open the
 * stand-in, which is never deployed. Production sets STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET as secrets.
 */
export const LOCAL_STRIPE_SECRET_KEY = "sk_test_parlance_local";
export const LOCAL_STRIPE_WEBHOOK_SECRET = "whsec_parlance_local";

export interface StripeEnv {
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** Development only: the stand-in, reached over a service binding instead of api.stripe.com. */
  STRIPE_LOCAL?: Fetcher;
}

/**
 * The official SDK with its fetch client. With the stand-in bound, the SDK's requests go to it (same paths,
 * same form encoding); otherwise to Stripe itself. Null when no payment provider is configured: the
 * deployment is then "isolated" and sells no paid plans.
 */
export function stripeClient(env: StripeEnv): Stripe | null {
  const local = env.STRIPE_LOCAL;
  const key = env.STRIPE_SECRET_KEY || (local ? LOCAL_STRIPE_SECRET_KEY : undefined);
  if (!key) return null;
  const httpClient = local
    ? Stripe.createFetchHttpClient(((input: RequestInfo | URL, init?: RequestInit) => local.fetch(input, init)) as typeof fetch)
    : Stripe.createFetchHttpClient();
  return new Stripe(key, { httpClient, maxNetworkRetries: 2 });
}

export function webhookSecret(env: StripeEnv): string | null {
  return env.STRIPE_WEBHOOK_SECRET || (env.STRIPE_LOCAL ? LOCAL_STRIPE_WEBHOOK_SECRET : null);
}
