// The workspace's conversational AI settings (decision 0065): their defaults and the post-call webhook they name. Pure.
type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** What a workspace that saved nothing has: no post-call webhook, agents may use MCP servers (decision 0084), no retention rules. */
export const SETTINGS_DEFAULTS: Json = { webhooks: { events: ["transcript"], send_audio: false }, can_use_mcp_servers: true };

export const SETTINGS_TEXTS = {
  webhookNotFound: (id: string) => `Webhook ${id} is not one of this workspace's webhooks.`,
  webhookNotSubscribed: (name: string) => `The webhook ${name} does not subscribe to post_call_transcription: add the event to it first.`,
} as const;

export const SETTINGS_PAGE_TEXTS = {
  intro: "Where the workspace's ended conversations are sent, and the secrets its agents' webhook tools use.",
  postCallExplained: "When a conversation ends, it is sent (post_call_transcription) to every workspace webhook subscribed to that event, or to the one named here alone.",
  every: "Every webhook subscribed to post_call_transcription",
  sentTo: (name: string) => `Ended conversations are sent to the webhook ${name} alone.`,
  sentToEvery: "Ended conversations are sent to every webhook subscribed to post_call_transcription.",
  noSubscribed: "No webhook of this workspace subscribes to post_call_transcription yet, so ended conversations are sent nowhere. Add the event to one in",
  subscribeMore: "Only webhooks subscribed to post_call_transcription are listed; add the event to others in",
  currentGone: "The webhook named here no longer hears ended conversations (deleted, or no longer subscribed): choose another.",
  disabled: "disabled: sends nothing until enabled again",
  webhookMissing: "Choose where ended conversations are sent.",
  saved: "Saved where ended conversations are sent.",
  notShown: "The API also keeps the conversation-initiation webhook and retention periods; nothing here acts on them yet, so they are not shown.",
  mcpExplained: "Whether conversations may reach the workspace's MCP servers and call their tools (each agent chooses its servers on its Tools tab).",
  mcpAllow: "Agents may use MCP servers",
  mcpSaved: "Saved whether agents may use MCP servers.",
} as const;

/** The workspace webhook that receives ended conversations, when the settings name one. */
export function postCallWebhookId(settings: Json): string | null {
  const id = isObject(settings.webhooks) ? settings.webhooks.post_call_webhook_id : undefined;
  return typeof id === "string" && id ? id : null;
}
