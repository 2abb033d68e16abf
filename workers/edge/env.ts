/** Bindings of the front door (workers/edge/wrangler.toml). */
export interface EdgeEnv {
  /** The app worker: Remix pages and the /v1 API. */
  APP: Fetcher;
  /** Public share pages and their audio (/share/*). */
  SHARE: Fetcher;
  /** Stripe webhooks (/billing/*). */
  BILLING: Fetcher;
  /** Development only: the local Stripe stand-in's checkout, portal and dashboard pages (/__stripe/*). */
  STRIPE_LOCAL?: Fetcher;
  ENVIRONMENT: string;
}
