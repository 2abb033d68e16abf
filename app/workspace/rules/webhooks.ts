import { z } from "zod";
import { webhookEvent } from "../../../core/webhooks/webhooks";

export const webhookName = z.string().trim().min(1, "Enter a name for the webhook.").max(100, "At most 100 characters.");
export const webhookUrl = z.string().trim().min(1, "Enter the webhook's URL.").max(2000, "At most 2000 characters.");
export const webhookEvents = z.array(webhookEvent).max(10);

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
  eventsSent: "Transcriptions in webhook mode and finished Studio conversions are sent now; dub, voice library and agent events once those product areas exist.",
} as const;
