/**
 * parlance-stripe-local: a stand-in for the Stripe API, hosted checkout and customer portal, for development
 * and tests only (never deployed). The official SDK talks to it unchanged. Every request goes to the one
 * Durable Object that holds the account.
 */
import { DurableObject } from "cloudflare:workers";
import { Hono } from "hono";
import { apiRoutes } from "./api";
import { browserRoutes } from "./browser";
import { seedCatalog } from "./catalog";
import type { StripeLocalEnv } from "./env";
import { nowSeconds } from "../../core/clock";
import type { Account } from "./runtime";
import { Store } from "./store";

export class StripeAccount extends DurableObject<StripeLocalEnv> {
  private readonly app: Hono;

  constructor(ctx: DurableObjectState, env: StripeLocalEnv) {
    super(ctx, env);
    const store = new Store(ctx.storage.sql);
    ctx.storage.transactionSync(() => seedCatalog(store, nowSeconds()));
    const account: Account = { store, env, transaction: (fn) => ctx.storage.transactionSync(fn) };
    this.app = new Hono();
    this.app.route("/", apiRoutes(account));
    this.app.route("/", browserRoutes(account));
    this.app.onError((error) => {
      // Unexpected failures still answer in Stripe's error format, so the SDK raises StripeAPIError.
      console.error("stripe-local:", error);
      return Response.json({ error: { type: "api_error", message: `Local Stripe failed: ${error.message}` } }, { status: 500 });
    });
  }

  override fetch(request: Request): Promise<Response> {
    return Promise.resolve(this.app.fetch(request));
  }
}

export default {
  fetch(request, env) {
    // One account: every request, API or page, is served by the same object, one change at a time.
    const account = env.ACCOUNT.get(env.ACCOUNT.idFromName("account"));
    return account.fetch(request);
  },
} satisfies ExportedHandler<StripeLocalEnv>;
