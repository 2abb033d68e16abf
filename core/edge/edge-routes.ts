import { SHARE_PATH_PREFIX } from "../sharing/sharing";

/** Where the payment provider posts its events (workers/billing, behind the front door). */
export const BILLING_WEBHOOK_PATH = "/billing/stripe-webhook";
/** Development only: the local Stripe stand-in's browser pages. */
export const STRIPE_LOCAL_PATH_PREFIX = "/__stripe/";

export type Upstream = "app" | "share" | "billing" | "stripe-local";

/** Which worker behind the front door answers a path. */
export function upstreamFor(pathname: string, stripeLocalBound: boolean): Upstream {
  if (pathname.startsWith(SHARE_PATH_PREFIX)) return "share";
  if (pathname.startsWith("/billing/")) return "billing";
  if (stripeLocalBound && (pathname.startsWith(STRIPE_LOCAL_PATH_PREFIX) || pathname === "/__stripe")) return "stripe-local";
  return "app";
}
