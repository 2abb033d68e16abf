import { z } from "zod";
import { webhookEvent, webhookUrlProblem } from "../../../core/webhooks/webhooks";
import type { Credentials } from "~/workspace/rules/auth-connections";

export const webhookName = z.string().trim().min(1, "Enter a name for the webhook.").max(100, "At most 100 characters.");
export const webhookUrl = z.string().trim().min(1, "Enter the webhook's URL.").max(2000, "At most 2000 characters.");
export const webhookEvents = z.array(webhookEvent).max(10);

/** How a webhook's deliveries are authenticated: a signature with its secret, or a bearer token (decision 0076). */
export const WEBHOOK_AUTH_TYPES = ["hmac", "oauth2"] as const;
export type WebhookAuthType = (typeof WEBHOOK_AUTH_TYPES)[number];

/** An OAuth2 webhook's client-credentials settings (RFC 6749 §4.4), as the API and the page take them. */
export const webhookOAuth2 = z.object({
  token_url: z.string().trim().min(1, "Enter the token URL.").max(2000, "At most 2000 characters."),
  client_id: z.string().trim().min(1, "Enter the client ID.").max(500, "At most 500 characters."),
  client_secret: z.string().min(1, "Enter the client secret.").max(4000, "At most 4000 characters."),
  scope: z.string().trim().max(1000, "At most 1000 characters.").optional(),
  audience: z.string().trim().max(1000, "At most 1000 characters.").optional(),
});
export type WebhookOAuth2 = z.infer<typeof webhookOAuth2>;
/** What is stored and shown of it: everything but the client secret. */
export type WebhookOAuth2Settings = Omit<WebhookOAuth2, "client_secret">;

/** The token URL is held to the webhook URL's rules: https on a public host in production. */
export function tokenUrlProblem(raw: string, production: boolean): string | null {
  return webhookUrlProblem(raw, production) ? WEBHOOK_TEXTS.tokenUrl : null;
}

/** The settings as the auth connections' token request takes them (one client-credentials implementation). */
export function webhookCredentials(settings: WebhookOAuth2Settings, clientSecret: string): Extract<Credentials, { authType: "oauth2_client_credentials" }> {
  return {
    authType: "oauth2_client_credentials",
    clientId: settings.client_id,
    clientSecret,
    tokenUrl: settings.token_url,
    scopes: settings.scope ? settings.scope.split(/\s+/).filter(Boolean) : [],
    extraParams: settings.audience ? { audience: settings.audience } : {},
    basicAuthInHeader: false,
    customHeaders: {},
  };
}

/** What the webhooks page and API say. */
export const WEBHOOK_TEXTS = {
  intro: "Your systems hear about workspace events as signed HTTPS requests. Check each with the signing secret (ElevenLabs-Signature header).",
  forbidden: "Only workspace admins and members with the Workspace settings permission can manage webhooks.",
  notFound: "Webhook not found.",
  deliveryNotFound: "Delivery not found.",
  replayQueued: "Delivery queued again. It appears at the top of the log.",
  secretOnce: "Copy the signing secret now. It will not be shown again.",
  disabled: "The webhook is disabled; the event was not sent.",
  testMessage: "A test event from Parlance: your webhook receives and verifies deliveries.",
  testQueued: "Test event queued. Its delivery appears in the log below.",
  empty: "No webhooks yet",
  emptyHint: "Add the URL of your system and choose the events it receives.",
  noDeliveries: "No deliveries yet. Send a test event to check the webhook.",
  autoDisabled: "Disabled automatically after repeated failed deliveries. Enable it again once the receiver works.",
  tokenUrl: "The token URL must be a full https URL of a public host.",
  tokenRefused: (why: string) => `The token request was refused: ${why}.`,
  tokenUnreachable: (why: string) => `The token server could not be reached: ${why}.`,
  oauth2Missing: "Enter the token URL, client ID and client secret.",
  oauth2Created: "Webhook added. Its deliveries carry a bearer token from your token server; the client secret is not shown again.",
  clientSecretHint: "Stored for the token requests and never shown again.",
  authHmac: "HMAC signature",
  authHmacHint: "Each delivery is signed with a secret shown once (ElevenLabs-Signature header).",
  authOAuth2: "OAuth2 bearer token",
  authOAuth2Hint: "Each delivery carries Authorization: Bearer, a token Parlance gets from your token server (client credentials grant).",
  eventsSent: "Transcriptions in webhook mode and finished Studio conversions are sent now; dub, voice library and agent events once those product areas exist.",
} as const;
