/** Bindings of the Stripe stand-in (workers/stripe-local/wrangler.toml). */
export interface StripeLocalEnv {
  /** The one Durable Object holding the whole fake account (idFromName("account")). */
  ACCOUNT: DurableObjectNamespace;
  /** The only API key accepted in `Authorization: Bearer ...`. */
  STRIPE_SECRET_KEY: string;
  /** Signs webhook deliveries the way Stripe does (the `stripe-signature` header). */
  STRIPE_WEBHOOK_SECRET: string;
  /** The billing worker; receives POST /billing/stripe-webhook. */
  WEBHOOK: Fetcher;
}
