import type { NotificationSeverity } from "../../../core/workspace/notifications";

/** Message and Event (spec §3): what the notification centre shows, one severity each. */

export type NotificationText = { severity: NotificationSeverity; title: string; description: string; needsAttention: boolean };

/** How many notifications the bell lists (the newest). */
export const NOTIFICATIONS_SHOWN = 20;

const str = (value: unknown, fallback: string) => (typeof value === "string" && value ? value : fallback);

/**
 * The notification for a workspace event the areas emit (the webhook event names, decision 0034); null for events
 * that tell no one (the webhooks' own test).
 */
export function notificationFor(type: string, data: Record<string, unknown>): NotificationText | null {
  switch (type) {
    case "studio_conversion": {
      const failed = Array.isArray(data.failed_chapter_ids) && data.failed_chapter_ids.length > 0;
      const name = str(data.name, "A Studio project");
      return failed
        ? { severity: "error", title: "Studio conversion failed", description: `${name}: some chapters could not be converted.`, needsAttention: true }
        : { severity: "success", title: "Studio conversion finished", description: `${name} is converted and ready to play.`, needsAttention: false };
    }
    case "dubbing": {
      const name = str(data.name, "A dub");
      return data.status === "failed"
        ? { severity: "error", title: "Dub failed", description: `${name}: ${str(data.error, "the dub could not be made")}. The credits were given back.`, needsAttention: true }
        : { severity: "success", title: "Dub finished", description: `${name} is dubbed and ready to watch in Dubbing.`, needsAttention: false };
    }
    case "speech_to_text":
      return { severity: "success", title: "Transcription finished", description: "A transcript requested with a webhook is ready in Speech to Text.", needsAttention: false };
    case "voice_library_removal_notice": {
      const how = data.reason === "deleted" ? "deleted it" : "took it out of the Voice Library";
      return { severity: "warning", title: "A library voice was removed", description: `${str(data.name, "A voice you added")}: its owner ${how}. Your copy stays in your voices.`, needsAttention: false };
    }
    case "webhook_disabled":
      return { severity: "warning", title: "Webhook disabled", description: `${str(data.webhook_name, "A webhook")} failed too often in a row and was turned off.`, needsAttention: true };
    default:
      return null;
  }
}

/**
 * The events a member may turn off for themselves (notification preferences): each event the areas emit that
 * notificationFor has a notification for, with what the settings page calls it. All are on until turned off.
 */
export const NOTIFICATION_EVENTS = [
  { type: "studio_conversion", label: "Studio conversions finished or failed" },
  { type: "dubbing", label: "Dubs finished or failed" },
  { type: "speech_to_text", label: "Transcriptions requested with a webhook" },
  { type: "voice_library_removal_notice", label: "Library voices you added being removed" },
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number]["type"];
const EVENT_TYPES: readonly string[] = NOTIFICATION_EVENTS.map((e) => e.type);

export const isNotificationEvent = (type: string): type is NotificationEvent => EVENT_TYPES.includes(type);

/** The muted event types stored for a member (JSON text; unknown or malformed entries are dropped). */
export function parseMutedNotifications(stored: string | null | undefined): NotificationEvent[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? EVENT_TYPES.filter((t): t is NotificationEvent => value.includes(t)) : [];
  } catch {
    return [];
  }
}

/** What is stored for a set of muted events: null when nothing is muted (the default). */
export const storedMutedNotifications = (muted: readonly string[]): string | null => {
  const known = EVENT_TYPES.filter((t) => muted.includes(t));
  return known.length ? JSON.stringify(known) : null;
};

/** Whether a member with these stored preferences gets a notification for an event type. */
export const wantsNotification = (stored: string | null | undefined, type: string): boolean => !(parseMutedNotifications(stored) as string[]).includes(type);

export const NOTIFICATION_PREFERENCE_TEXTS = {
  title: "Notifications",
  description: "Which events put a notification in your bell for this workspace. Turning one off stops new ones; the ones you have stay.",
  saved: "Notification preferences saved.",
} as const;

export const NOTIFICATION_TEXTS = { empty: "Nothing new. Finished conversions and transcriptions appear here as they happen.", markRead: "Mark all as read" } as const;

/** A notification as the API and the bell show it (Message and Event, spec §3). */
export type NotificationJson = {
  notification_id: string;
  severity: NotificationSeverity;
  title: string;
  description: string;
  needs_attention: boolean;
  has_been_read: boolean;
  created_at_unix: number;
};
