// Notifications with live updates (decision 0042): the areas' workspace events become a notification for each
// member who may see what it is about, stored (the bell's list) and pushed at once over the WebSocket of a Durable
// Object per workspace to every page its members have open.
import type { Database } from "../../db/client";
import { database } from "../../db/client";
import { insertNotifications, listNotifications, markAllRead, type NotificationRow } from "../../db/repositories/notifications";
import { listMembers, mutedNotificationsOf, setMutedNotifications } from "../../db/repositories/workspaces";
import { findProject } from "../../db/repositories/studio";
import { newId } from "~/accounts/accounts.server";
import {
  NOTIFICATION_EVENTS,
  notificationFor,
  NOTIFICATIONS_SHOWN,
  parseMutedNotifications,
  storedMutedNotifications,
  wantsNotification,
  type NotificationEvent,
  type NotificationJson,
} from "~/workspace/rules/notifications";
import { resourceAccess, type ResourceActor } from "~/workspace/resources.server";
import { recordAudit, type AuditActor } from "~/workspace/audit-log.server";

type NotifyEnv = { DB: D1Database; WORKSPACE_EVENTS: DurableObjectNamespace };

export function notificationJson(row: NotificationRow): NotificationJson {
  return {
    notification_id: row.id,
    severity: row.severity,
    title: row.title,
    description: row.description,
    needs_attention: row.needsAttention,
    has_been_read: row.hasBeenRead,
    created_at_unix: row.createdAt,
  };
}

/**
 * The members an event is for: those who may see its Studio project, else everyone in the workspace; in both cases
 * only those who have not turned this event off (their notification preferences).
 */
async function recipients(db: Database, workspaceId: string, type: string, data: Record<string, unknown>): Promise<string[]> {
  const members = (await listMembers(db, workspaceId)).filter((m) => wantsNotification(m.mutedNotifications, type));
  if (typeof data.project_id !== "string") return members.map((m) => m.userId);
  const projectId = data.project_id;
  const creator = (await findProject(db, workspaceId, projectId))?.createdByUserId ?? null;
  const allowed = await Promise.all(
    members.map(async (m) => {
      const actor: ResourceActor = { user: { id: m.userId }, membership: { role: m.role, workspace: { id: workspaceId } } };
      return (await resourceAccess(db, actor, { type: "project", id: projectId, creatorUserId: creator })) !== null;
    }),
  );
  return members.filter((_, i) => allowed[i]).map((m) => m.userId);
}

/** Tells the members about a workspace event (emitWorkspaceEvent calls this once per event). */
export async function notifyWorkspace(env: NotifyEnv, workspaceId: string, type: string, data: Record<string, unknown>): Promise<void> {
  const text = notificationFor(type, data);
  if (!text) return;
  const db = database(env.DB);
  const createdAt = Math.floor(Date.now() / 1000);
  const rows: NotificationRow[] = (await recipients(db, workspaceId, type, data)).map((userId) => ({
    id: newId("ntf"),
    workspaceId,
    userId,
    severity: text.severity,
    title: text.title,
    description: text.description,
    needsAttention: text.needsAttention,
    hasBeenRead: false,
    createdAt,
  }));
  await insertNotifications(db, rows);
  const live = env.WORKSPACE_EVENTS.get(env.WORKSPACE_EVENTS.idFromName(workspaceId));
  await live.fetch("https://workspace-events/publish", { method: "POST", body: JSON.stringify(rows.map((row) => ({ userId: row.userId, notification: notificationJson(row) }))) });
}

/** The actor's newest notifications and how many are unread. */
export async function notificationsOf(env: { DB: D1Database }, actor: ResourceActor): Promise<{ items: NotificationJson[]; unread: number }> {
  const { items, unread } = await listNotifications(database(env.DB), actor.membership.workspace.id, actor.user.id, NOTIFICATIONS_SHOWN);
  return { items: items.map(notificationJson), unread };
}

export async function readAllNotifications(env: { DB: D1Database }, actor: ResourceActor): Promise<void> {
  await markAllRead(database(env.DB), actor.membership.workspace.id, actor.user.id);
}

/** The actor's notification preferences in this workspace: each event type and whether it notifies them. */
export async function notificationPreferencesOf(env: { DB: D1Database }, actor: ResourceActor): Promise<Record<NotificationEvent, boolean>> {
  const muted = parseMutedNotifications(await mutedNotificationsOf(database(env.DB), actor.membership.workspace.id, actor.user.id));
  return Object.fromEntries(NOTIFICATION_EVENTS.map(({ type }) => [type, !muted.includes(type)])) as Record<NotificationEvent, boolean>;
}

/**
 * Changes the actor's own preferences: the events named true notify them, false do not; others stay as they were.
 * A save that changes something is audited with what was turned on and off.
 */
export async function setNotificationPreferences(env: { DB: D1Database }, actor: ResourceActor & AuditActor, changes: Partial<Record<NotificationEvent, boolean>>): Promise<void> {
  const current = await notificationPreferencesOf(env, actor);
  const next = { ...current, ...changes };
  const types = NOTIFICATION_EVENTS.map((e) => e.type);
  const muted = types.filter((type) => !next[type]);
  const db = database(env.DB);
  await setMutedNotifications(db, actor.membership.workspace.id, actor.user.id, storedMutedNotifications(muted));
  const turnedOn = types.filter((type) => next[type] && !current[type]);
  const turnedOff = types.filter((type) => !next[type] && current[type]);
  if (turnedOn.length || turnedOff.length) await recordAudit(db, actor, "notification_preferences_changed", actor.user.id, { turned_on: turnedOn, turned_off: turnedOff });
}

/** Hands a page's WebSocket upgrade to its workspace's Durable Object, which keeps it for this member. */
export async function openLiveSocket(env: NotifyEnv, actor: ResourceActor, request: Request): Promise<Response> {
  const live = env.WORKSPACE_EVENTS.get(env.WORKSPACE_EVENTS.idFromName(actor.membership.workspace.id));
  const upstream = await live.fetch("https://workspace-events/socket", { headers: { upgrade: "websocket", "x-member": actor.user.id }, signal: request.signal });
  // A fresh response around the socket: the one from the object has immutable headers (the app adds request-id).
  return upstream.webSocket ? new Response(null, { status: 101, webSocket: upstream.webSocket }) : upstream;
}
