import { env, SELF } from "cloudflare:test";
import { expect } from "vitest";
import { ElevenLabsClient } from "@elevenlabs/elevenlabs-js";
import { stripeClient } from "../../../core/billing/stripe.server";
import { api, form, ORIGIN, signUp } from "./helpers";

export const testEnv = env as unknown as { DB: D1Database; STRIPE_LOCAL: Fetcher };
/** The official Stripe SDK against the local stand-in, as the app uses it. */
export const stripe = stripeClient({ STRIPE_LOCAL: testEnv.STRIPE_LOCAL })!;
export const ARIA = "pv01aria000000000000";

export type PaidWorkspace = { cookie: string; workspaceId: string; customerId: string; subscriptionId: string };

/** A workspace on Creator, bought through the stand-in's checkout page and mirrored as the success page does. */
export async function creatorWorkspace(email: string, promocode?: string): Promise<PaidWorkspace> {
  const cookie = await signUp(email);
  const checkout = { subscription_type: "creator", billing_period: "monthly_period", currency: "usd", ...(promocode ? { promocode } : {}) };
  const { url } = (await (await api("/create-checkout-session", { method: "POST", cookie, json: checkout })).json()) as { url: string };
  const body = new URLSearchParams({ email, card_number: "4242424242424242", card_expiry: "12 / 34", card_cvc: "123", cardholder_name: "Ada Lovelace" });
  const paid = await testEnv.STRIPE_LOCAL.fetch(`${ORIGIN}${new URL(url).pathname}`, { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" }, redirect: "manual" });
  expect(paid.status).toBe(303);
  const success = new URL(paid.headers.get("location")!);
  await SELF.fetch(`${ORIGIN}${success.pathname}${success.search}`, { headers: { cookie }, redirect: "manual" });
  const subscription = (await (await api("/v1/user/subscription", { cookie })).json()) as { tier: string; character_limit: number };
  expect(subscription).toMatchObject({ tier: "creator", character_limit: 100_000 });
  const row = await testEnv.DB.prepare(
    "SELECT w.id AS workspace_id, b.customer_id, b.subscription_id FROM workspaces w JOIN workspace_billing b ON b.workspace_id = w.id JOIN workspace_members m ON m.workspace_id = w.id JOIN users u ON u.id = m.user_id WHERE u.email = ?",
  )
    .bind(email)
    .first<{ workspace_id: string; customer_id: string; subscription_id: string }>();
  return { cookie, workspaceId: row!.workspace_id, customerId: row!.customer_id, subscriptionId: row!.subscription_id };
}

/** The subscription page's form: usage-based billing on (optionally with a cap field). */
export async function allowUsageBasedBilling(cookie: string, fields: Record<string, string> = {}) {
  const init = form({ intent: "limit-extension", allowed: "true", ...fields });
  const response = await SELF.fetch(`${ORIGIN}/app/subscription`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } });
  expect(response.status).toBe(200);
}

export async function speak(cookie: string, characters: number): Promise<Response> {
  const text = "Extra credits are billed per thousand characters. ".repeat(40).slice(0, characters);
  return api(`/v1/text-to-speech/${ARIA}?output_format=pcm_16000`, { method: "POST", cookie, json: { text, model_id: "eleven_multilingual_v2" } });
}

/** The commercial service's official SDK, unchanged, talking to the app worker: it validates every answer against its types. */
export function officialSdk(apiKey: string): ElevenLabsClient {
  return new ElevenLabsClient({ apiKey, baseUrl: ORIGIN, fetch: ((input: RequestInfo, init?: RequestInit) => SELF.fetch(input, init)) as typeof fetch });
}
