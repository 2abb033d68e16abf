// Secrets are not in wrangler.toml, so `wrangler types` cannot see them: they are declared here.
interface Env {
  /** Bearer key of the HTTP mail provider (MAIL_TRANSPORT = "http"). */
  MAIL_HTTP_KEY?: string;
  /** Auth token of the Twilio account that sends texted sign-in codes (SMS_TRANSPORT = "twilio"). */
  TWILIO_AUTH_TOKEN?: string;
  /** Stripe secret key; without it (and without the local stand-in bound) paid plans are unavailable. */
  STRIPE_SECRET_KEY?: string;
  /** Signing secret of the Stripe webhook endpoint (used by workers/billing). */
  STRIPE_WEBHOOK_SECRET?: string;
}
