import type { EdgeContext } from "../core/edge/edge-context";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException"> };
    requestId: string;
    /** Nonce the edge put into this response's Content-Security-Policy; every inline script carries it. */
    nonce: string;
    edge: EdgeContext;
  }
}

export {};
