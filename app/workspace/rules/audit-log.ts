// The workspace audit log (decision 0088): which changes are recorded, how an entry reads in the SDK's OCSF shape,
// and its pages. The commercial API answers OCSF 1.6 events; the classes and activity ids below are OCSF's own.

/** The OCSF classes of the Identity & Access Management category that our events fall in. */
const OCSF_CLASSES = {
  "Account Change": 3001,
  Authentication: 3002,
  "Entity Management": 3004,
  "User Access Management": 3005,
  "Group Management": 3006,
} as const;
type OcsfClass = keyof typeof OCSF_CLASSES;
const IAM_CATEGORY = { name: "Identity & Access Management", uid: 3 } as const;

/** `failed`: the event records an attempt that was refused (OCSF status Failure), not a change made. */
type AuditEventSpec = { className: OcsfClass; activityId: number; activityName: string; resourceType: string; failed?: true };
const spec = (className: OcsfClass, activityId: number, activityName: string, resourceType: string, failed?: true): AuditEventSpec => ({ className, activityId, activityName, resourceType, ...(failed ? { failed } : {}) });

/** Every change the workspace area records, by event type. */
export const AUDIT_EVENTS = {
  member_invited: spec("Account Change", 1, "Member Invited", "member"),
  invite_cancelled: spec("Account Change", 6, "Invite Cancelled", "member"),
  member_removed: spec("Account Change", 6, "Member Removed", "member"),
  member_role_changed: spec("User Access Management", 1, "Member Role Changed", "member"),
  ownership_transferred: spec("User Access Management", 1, "Ownership Transferred", "workspace"),
  workspace_settings_changed: spec("Entity Management", 3, "Workspace Settings Changed", "workspace"),
  voice_library_settings_changed: spec("Entity Management", 3, "Voice Library Settings Changed", "workspace"),
  security_settings_changed: spec("Entity Management", 3, "Security Settings Changed", "workspace"),
  invite_link_created: spec("Entity Management", 1, "Invite Link Created", "invite_link"),
  invite_link_revoked: spec("Entity Management", 4, "Invite Link Revoked", "invite_link"),
  all_members_permissions_changed: spec("Group Management", 1, "All Members Permissions Changed", "group"),
  group_created: spec("Group Management", 6, "Group Created", "group"),
  group_changed: spec("Group Management", 99, "Group Changed", "group"),
  group_deleted: spec("Group Management", 5, "Group Deleted", "group"),
  group_member_added: spec("Group Management", 3, "Group Member Added", "group"),
  group_member_removed: spec("Group Management", 4, "Group Member Removed", "group"),
  service_account_created: spec("Account Change", 1, "Service Account Created", "service_account"),
  service_account_deleted: spec("Account Change", 6, "Service Account Deleted", "service_account"),
  api_key_created: spec("Entity Management", 1, "API Key Created", "api_key"),
  api_key_changed: spec("Entity Management", 3, "API Key Changed", "api_key"),
  api_key_deleted: spec("Entity Management", 4, "API Key Deleted", "api_key"),
  api_key_disabled: spec("Entity Management", 9, "API Key Disabled", "api_key"),
  api_key_enabled: spec("Entity Management", 8, "API Key Enabled", "api_key"),
  api_key_disabling_policy_changed: spec("Entity Management", 3, "API Key Disabling Policy Changed", "workspace"),
  webhook_created: spec("Entity Management", 1, "Webhook Created", "webhook"),
  webhook_changed: spec("Entity Management", 3, "Webhook Changed", "webhook"),
  webhook_deleted: spec("Entity Management", 4, "Webhook Deleted", "webhook"),
  auth_connection_created: spec("Entity Management", 1, "Auth Connection Created", "auth_connection"),
  auth_connection_changed: spec("Entity Management", 3, "Auth Connection Changed", "auth_connection"),
  auth_connection_deleted: spec("Entity Management", 4, "Auth Connection Deleted", "auth_connection"),
  identity_provider_saved: spec("Entity Management", 3, "Identity Provider Saved", "identity_provider"),
  identity_provider_removed: spec("Entity Management", 4, "Identity Provider Removed", "identity_provider"),
  sso_options_changed: spec("Entity Management", 3, "SSO Options Changed", "identity_provider"),
  domain_added: spec("Entity Management", 1, "Domain Added", "domain"),
  domain_verified: spec("Entity Management", 3, "Domain Verified", "domain"),
  domain_removed: spec("Entity Management", 4, "Domain Removed", "domain"),
  resource_shared: spec("User Access Management", 1, "Resource Shared", "resource"),
  resource_unshared: spec("User Access Management", 2, "Resource Unshared", "resource"),
  // A member's own preferences in the workspace: recorded when a save changes them.
  default_sharing_preferences_changed: spec("Entity Management", 3, "Default Sharing Preferences Changed", "member"),
  notification_preferences_changed: spec("Entity Management", 3, "Notification Preferences Changed", "member"),
  // OCSF Authentication, activity 1 (Logon): once per session started, in the workspace it opens in, with how.
  member_signed_in: spec("Authentication", 1, "Member Signed In", "member"),
  // Logon refused: a wrong password or second-factor code for a member's account, in each of their workspaces.
  member_sign_in_failed: spec("Authentication", 1, "Member Sign-In Failed", "member", true),
  // OCSF Authentication, activity 2 (Logoff): a session ended by its own sign-out, in the workspace it was in.
  member_signed_out: spec("Authentication", 2, "Member Signed Out", "member"),
  // Support staff's review of a professional voice's manual verification (decision 0091), in the owner's workspace.
  voice_verification_approved: spec("Entity Management", 3, "Voice Verification Approved", "voice"),
  voice_verification_rejected: spec("Entity Management", 3, "Voice Verification Rejected", "voice"),
} satisfies Record<string, AuditEventSpec>;
export type AuditEvent = keyof typeof AUDIT_EVENTS;

/**
 * How a sign-in that started a session was made, as member_signed_in records it: a password, an e-mailed sign-in
 * link, a second factor (after either of those), or the workspace's single sign-on.
 */
export type SignInMethod = "password" | "email_link" | "two_factor" | "sso";

/** The step a refused sign-in failed at, as member_sign_in_failed records it: a wrong password or a wrong code. */
export type FailedSignInStep = Extract<SignInMethod, "password" | "two_factor">;

export const AUDIT_LOG_TEXTS = {
  forbidden: "Reading the audit log needs the workspace_settings permission: ask a workspace admin.",
  badCursor: "The cursor is not one this endpoint gave out: start again without it.",
};

/** The workspace's audit log page (/app/workspace/audit-log). */
export const AUDIT_PAGE_TEXTS = {
  description: "Who changed what in the workspace, newest first: members, groups, keys, webhooks, sign-in and sharing.",
  empty: "Nothing recorded yet",
  noMatch: "No entry of that event",
  emptyHint: "Sign-ins (and refused ones), sign-outs, and changes to members, groups, API keys, webhooks, single sign-on, sharing and preferences appear here once made.",
};

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 100;

/** Details are a small JSON object of plain values: anything named like a credential is left out. */
const SECRET_NAME = /secret|token|password|passphrase|private|certificate|credential|api_?key$|^key$|code$/i;
const MAX_DETAIL_KEYS = 20;
const MAX_DETAIL_TEXT = 200;
type DetailValue = string | number | boolean | null | (string | number | boolean)[];

export function auditDetails(input: Record<string, unknown>): Record<string, DetailValue> {
  const out: Record<string, DetailValue> = {};
  for (const [name, value] of Object.entries(input)) {
    if (Object.keys(out).length >= MAX_DETAIL_KEYS) break;
    if (SECRET_NAME.test(name) || value === undefined) continue;
    const plain = detailValue(value);
    if (plain !== undefined) out[name] = plain;
  }
  return out;
}

function detailValue(value: unknown): DetailValue | undefined {
  if (value === null || typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value === "string") return value.slice(0, MAX_DETAIL_TEXT);
  if (Array.isArray(value)) return value.filter((v): v is string | number | boolean => ["string", "number", "boolean"].includes(typeof v)).slice(0, MAX_DETAIL_KEYS).map((v) => (typeof v === "string" ? v.slice(0, MAX_DETAIL_TEXT) : v));
  return undefined;
}

/** A page's position: the last entry's time and id (entries run newest first), as an opaque string. */
export type AuditCursor = { ms: number; id: string };
export const encodeAuditCursor = (cursor: AuditCursor): string => btoa(`${cursor.ms}:${cursor.id}`).replace(/=+$/, "");
export function decodeAuditCursor(text: string): AuditCursor | null {
  try {
    const [ms, id] = atob(text).split(/:(.*)/s);
    return /^\d+$/.test(ms ?? "") && id ? { ms: Number(ms), id } : null;
  } catch {
    return null;
  }
}

/** The events a class_name and activity_name filter select; activity_name matches the name or the event type. */
export function auditEventsMatching(filter: { className?: string; activityName?: string }): AuditEvent[] {
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  return (Object.keys(AUDIT_EVENTS) as AuditEvent[]).filter((event) => {
    const s = AUDIT_EVENTS[event];
    if (filter.className !== undefined && !same(s.className, filter.className)) return false;
    return filter.activityName === undefined || same(s.activityName, filter.activityName) || same(event, filter.activityName);
  });
}

export type StoredAuditEntry = {
  id: string;
  actorUserId: string;
  actorEmail: string;
  actorVia: string;
  event: string;
  resourceType: string;
  resourceId: string | null;
  details: string;
  occurredAtMs: number;
};

/** An entry as the SDK's WorkspaceAuditLogEntryResponse (snake_case on the wire). */
export function auditEntryJson(row: StoredAuditEntry) {
  const s: AuditEventSpec = AUDIT_EVENTS[row.event as AuditEvent] ?? spec("Entity Management", 99, row.event, row.resourceType);
  const classUid = OCSF_CLASSES[s.className];
  const details = parseDetails(row.details);
  return {
    id: row.id,
    time: row.occurredAtMs,
    time_dt: new Date(row.occurredAtMs).toISOString(),
    activity_id: s.activityId,
    activity_name: s.activityName,
    category_name: IAM_CATEGORY.name,
    category_uid: IAM_CATEGORY.uid,
    class_name: s.className,
    class_uid: classUid,
    type_uid: classUid * 100 + s.activityId,
    type_name: `${s.className}: ${s.activityName}`,
    severity_id: 1,
    // OCSF status: 1 Success, 2 Failure (a refused sign-in).
    status_id: s.failed ? 2 : 1,
    actor: { user: { uid: row.actorUserId, email_addr: row.actorEmail, name: row.actorEmail }, app_name: row.actorVia === "api_key" ? "API" : "Web" },
    message: `${row.actorEmail}: ${s.activityName}${row.resourceId ? ` (${row.resourceType} ${row.resourceId})` : ""}`,
    metadata: { product: { name: "Parlance" }, version: "1.6.0", event_code: row.event },
    unmapped: { event_type: row.event, resource_type: row.resourceType, resource_id: row.resourceId, via: row.actorVia, details },
  };
}

function parseDetails(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
