import { Hono } from "hono";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { apiDocs } from "~/api/route-docs";
import { z } from "zod";
import { valid } from "~/api/validation";
import { notificationPreferencesOf, notificationsOf, openLiveSocket, readAllNotifications, setNotificationPreferences } from "~/workspace/notifications.server";
import { NOTIFICATION_EVENTS, type NotificationEvent } from "~/workspace/rules/notifications";

/** /v1/workspace/notifications: the notification centre's list, marking read, and the live WebSocket (decision 0042). */
export const notificationsApi = new Hono<AuthedEnv>();
notificationsApi.use("*", requireCaller);
const doc = apiDocs("Workspace notifications");

notificationsApi.get("/", doc("Your newest notifications in the workspace", { success: { description: "JSON: notifications (severity, title, description, needs_attention, has_been_read, created_at_unix), unread_count" } }), async (c) => {
  const { items, unread } = await notificationsOf(c.env, c.get("caller"));
  return c.json({ notifications: items, unread_count: unread });
});

notificationsApi.post("/read", doc("Mark all your notifications read", { success: { description: "JSON: status" } }), async (c) => {
  await readAllNotifications(c.env, c.get("caller"));
  return c.json({ status: "ok" });
});

notificationsApi.get("/live", doc("Live notifications (WebSocket): each new one as a JSON message {type: \"notification\", notification}", { success: { status: 101, description: "WebSocket" }, responses: { 426: "upgrade_required" } }), async (c) => {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") return apiError(c, 426, "upgrade_required", "Open this path as a WebSocket.");
  return openLiveSocket(c.env, c.get("caller"), c.req.raw);
});

const PREFERENCES_DOC = `JSON: one boolean per event type (${NOTIFICATION_EVENTS.map((e) => e.type).join(", ")}): whether it notifies you`;
const preferencesBody = z
  .object(Object.fromEntries(NOTIFICATION_EVENTS.map((e) => [e.type, z.boolean().optional()])) as Record<NotificationEvent, z.ZodOptional<z.ZodBoolean>>)
  .strict();

notificationsApi.get("/preferences", doc("Your notification preferences in the workspace", { success: { description: PREFERENCES_DOC } }), async (c) =>
  c.json(await notificationPreferencesOf(c.env, c.get("caller"))),
);

notificationsApi.post("/preferences", doc("Change your notification preferences", { description: "Event types left out keep their setting.", success: { description: PREFERENCES_DOC } }), valid("json", preferencesBody), async (c) => {
  await setNotificationPreferences(c.env, c.get("caller"), c.req.valid("json"));
  return c.json(await notificationPreferencesOf(c.env, c.get("caller")));
});
