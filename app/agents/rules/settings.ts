// The workspace's conversational AI settings (decision 0065): their defaults and the post-call webhook they name. Pure.
type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** What a workspace that saved nothing has: no post-call webhook, no MCP servers (not built), no retention rules. */
export const SETTINGS_DEFAULTS: Json = { webhooks: { events: ["transcript"], send_audio: false }, can_use_mcp_servers: false };

export const SETTINGS_TEXTS = {
  webhookNotFound: (id: string) => `Webhook ${id} is not one of this workspace's webhooks.`,
  webhookNotSubscribed: (name: string) => `The webhook ${name} does not subscribe to post_call_transcription: add the event to it first.`,
} as const;

/** The workspace webhook that receives ended conversations, when the settings name one. */
export function postCallWebhookId(settings: Json): string | null {
  const id = isObject(settings.webhooks) ? settings.webhooks.post_call_webhook_id : undefined;
  return typeof id === "string" && id ? id : null;
}
