// The workspace audit log (decision 0088): every server module of the workspace area records its changes here,
// once they have succeeded, and admins read the log back page by page.
import type { Database } from "../../db/client";
import { auditEntriesPage, insertAuditEntry } from "../../db/repositories/audit-log";
import { can, newId, type Actor } from "~/accounts/accounts.server";
import { AUDIT_EVENTS, AUDIT_LOG_TEXTS, auditDetails, auditEntryJson, auditEventsMatching, decodeAuditCursor, encodeAuditCursor, type AuditEvent } from "~/workspace/rules/audit-log";
import type { WorkspaceRefusal } from "~/workspace/workspace.server";

/** Who acts, as the log needs it (an Actor, or a resource-sharing actor with its e-mail); no `via`: a session. */
export type AuditActor = { user: { id: string; email: string }; membership: { workspace: { id: string } }; via?: Actor["via"] };

/**
 * Records one change in the actor's workspace: who (user id and e-mail, how signed in), what (the event, whose
 * resource type the catalogue names), on what (the resource's id), when, and a few details (never a secret).
 * Called after the change is stored; a failure here surfaces as the request's error rather than passing unseen.
 */
export async function recordAudit(db: Database, actor: AuditActor, event: AuditEvent, resourceId: string | null, details: Record<string, unknown> = {}): Promise<void> {
  await insertAuditEntry(db, {
    id: newId("aud"),
    workspaceId: actor.membership.workspace.id,
    actorUserId: actor.user.id,
    actorEmail: actor.user.email,
    actorVia: actor.via ?? "session",
    event,
    resourceType: AUDIT_EVENTS[event].resourceType,
    resourceId,
    details: JSON.stringify(auditDetails(details)),
    occurredAtMs: Date.now(),
  });
}

export type AuditLogQuery = { limit: number; cursor?: string; fromMs?: number; toMs?: number; actorUserId?: string; className?: string; activityName?: string };

/** A page of the actor's own workspace's log, newest first; the workspace_settings permission (admins) reads it. */
export async function auditLogPage(db: Database, actor: Actor, query: AuditLogQuery) {
  if (!(await can(db, actor, "workspace_settings"))) return { ok: false, httpStatus: 403, status: "missing_permissions", message: AUDIT_LOG_TEXTS.forbidden } satisfies WorkspaceRefusal;
  const before = query.cursor === undefined ? undefined : decodeAuditCursor(query.cursor);
  if (before === null) return { ok: false, httpStatus: 400, status: "invalid_cursor", message: AUDIT_LOG_TEXTS.badCursor } satisfies WorkspaceRefusal;
  const filtered = query.className !== undefined || query.activityName !== undefined;
  const events = filtered ? auditEventsMatching(query) : undefined;
  if (events?.length === 0) return { ok: true as const, entries: [], hasMore: false, nextCursor: null };
  // One more than asked tells whether another page follows.
  const rows = await auditEntriesPage(db, actor.membership.workspace.id, { fromMs: query.fromMs, toMs: query.toMs, actorUserId: query.actorUserId, events, before, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const hasMore = rows.length > query.limit;
  return { ok: true as const, entries: page.map(auditEntryJson), hasMore, nextCursor: hasMore && last ? encodeAuditCursor({ ms: last.occurredAtMs, id: last.id }) : null };
}
