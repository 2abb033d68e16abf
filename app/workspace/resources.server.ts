// Resource sharing (decision 0039): THE access function the areas ask (viewer reads, editor changes, admin shares
// and deletes), and share, unshare, the access list and default sharing preferences. Every lookup is scoped to the
// actor's workspace: another workspace's resources are never found.
import type { Database } from "../../db/client";
import * as grants from "../../db/repositories/resource-grants";
import { findOwnVoice } from "../../db/repositories/voices";
import { findProject } from "../../db/repositories/studio";
import { findGroup, listGroups } from "../../db/repositories/groups";
import { findMembership, listMembers } from "../../db/repositories/workspaces";
import { findUserByEmail, findUserById } from "../../db/repositories/users";
import { recordAudit, type AuditActor } from "~/workspace/audit-log.server";
import { listServiceAccounts } from "../../db/repositories/service-accounts";
import { isAdmin, type WorkspaceRole } from "../../core/workspace/roles";
import {
  effectiveAccess,
  parseDefaultSharing,
  RESOURCE_ROLES,
  roleAtLeast,
  SHARING_TEXTS,
  WORKSPACE_GROUP_ID,
  type AccessSource,
  type DefaultSharingPreference,
  type Grant,
  type PrincipalType,
  type ResourceRole,
  type ResourceType,
} from "../../core/workspace/resource-sharing";

/** Who asks: a member of one workspace (a person or a service account). */
export type ResourceActor = { user: { id: string }; membership: { role: WorkspaceRole; workspace: { id: string } } };
export type SharingRefusal = { ok: false; httpStatus: 400 | 403 | 404; status: string; message: string };
type Result<T = object> = ({ ok: true } & T) | SharingRefusal;

const refuse = (httpStatus: SharingRefusal["httpStatus"], status: string, message: string): SharingRefusal => ({ ok: false, httpStatus, status, message });
const workspaceOf = (actor: ResourceActor) => actor.membership.workspace.id;

/**
 * Whose access narrows the workspace's resources in a list: null (all of them) for a workspace admin, else the
 * member's own id. What voices and Studio read their lists with.
 */
export function readerOf(actor: ResourceActor): string | null {
  return isAdmin(actor.membership.role) ? null : actor.user.id;
}

/** A shared resource as sharing sees it; the areas that own the type find it in the actor's workspace. */
export type SharedResource = { type: ResourceType; id: string; name: string; creatorUserId: string | null };

type Lookup = (db: Database, workspaceId: string, id: string) => Promise<SharedResource | undefined>;
// Dubs, agents and pronunciation dictionaries add their lookup here when those areas land (none exist yet).
const LOOKUPS: Partial<Record<ResourceType, Lookup>> = {
  voice: async (db, workspaceId, id) => {
    const voice = await findOwnVoice(db, workspaceId, id);
    return voice && { type: "voice", id: voice.voiceId, name: voice.name, creatorUserId: voice.createdByUserId };
  },
  project: async (db, workspaceId, id) => {
    const project = await findProject(db, workspaceId, id);
    return project && { type: "project", id: project.id, name: project.name, creatorUserId: project.createdByUserId };
  },
};

async function findResource(db: Database, actor: ResourceActor, type: ResourceType, id: string): Promise<SharedResource | undefined> {
  return LOOKUPS[type]?.(db, workspaceOf(actor), id);
}

const asGrant = (row: grants.GrantRow): Grant => ({ principalType: row.principalType, principalId: row.principalId, role: row.role });

/**
 * THE access check: the actor's role on one resource of their workspace (with why they have it), or null when
 * they may not even see it. The creator and workspace admins are its admins; others what grants give them.
 */
export async function resourceAccess(db: Database, actor: ResourceActor, resource: Pick<SharedResource, "type" | "id" | "creatorUserId">): Promise<{ role: ResourceRole; source: AccessSource } | null> {
  const admin = isAdmin(actor.membership.role);
  const [rows, groupIds] = await Promise.all([grants.grantsOf(db, workspaceOf(actor), resource.type, resource.id), admin ? [] : grants.groupIdsOf(db, workspaceOf(actor), actor.user.id)]);
  return effectiveAccess({ userId: actor.user.id, isWorkspaceAdmin: admin, groupIds }, resource.creatorUserId, rows.map(asGrant));
}

/**
 * `resourceAccess` as the refusal an area returns: null when the actor has at least `need`; 404 when they may
 * not see the resource at all (as if it did not exist), 403 with the role needed when they see it.
 */
export async function resourceRefusal(db: Database, actor: ResourceActor, resource: Pick<SharedResource, "type" | "id" | "creatorUserId">, need: ResourceRole): Promise<SharingRefusal | null> {
  const access = await resourceAccess(db, actor, resource);
  if (roleAtLeast(access?.role ?? null, need)) return null;
  if (access === null) return refuse(404, "resource_not_found", SHARING_TEXTS.notFound(resource.type, resource.id));
  return refuse(403, "missing_permissions", SHARING_TEXTS.needsRole(resource.type, need));
}

/** A resource the actor may see, with their role; a 404 refusal otherwise. */
async function visibleResource(db: Database, actor: ResourceActor, type: ResourceType, id: string): Promise<Result<{ resource: SharedResource; role: ResourceRole; source: AccessSource }>> {
  const resource = await findResource(db, actor, type, id);
  const access = resource && (await resourceAccess(db, actor, resource));
  if (!resource || !access) return refuse(404, "resource_not_found", SHARING_TEXTS.notFound(type, id));
  return { ok: true, resource, ...access };
}

/** Whom a share or unshare names: exactly one of a member's address, a group id ("default": everyone) or a service-account key id. */
export type ShareTarget = { userEmail?: string; groupId?: string; workspaceApiKeyId?: string };

/** The Share dialog's choice ("workspace", "group:<id>" or "user:<id>") as a target. */
export async function dialogTarget(db: Database, value: string): Promise<ShareTarget> {
  if (value === "workspace") return { groupId: WORKSPACE_GROUP_ID };
  const colon = value.indexOf(":");
  const [kind, id] = [value.slice(0, colon), value.slice(colon + 1)];
  if (kind === "group") return { groupId: id };
  // An unknown id names nobody: the empty address is refused as not a member.
  return { userEmail: (await findUserById(db, id))?.email ?? "" };
}

async function principalOf(db: Database, actor: ResourceActor, target: ShareTarget): Promise<Result<{ principalType: PrincipalType; principalId: string }>> {
  const named = [target.userEmail, target.groupId, target.workspaceApiKeyId].filter((v) => v !== undefined);
  if (named.length !== 1) return refuse(400, "invalid_target", SHARING_TEXTS.oneTarget);
  const workspaceId = workspaceOf(actor);
  if (target.userEmail !== undefined) {
    const user = await findUserByEmail(db, target.userEmail);
    if (!user || !(await findMembership(db, user.id, workspaceId))) return refuse(404, "member_not_found", SHARING_TEXTS.memberNotFound(target.userEmail));
    return { ok: true, principalType: "user", principalId: user.id };
  }
  if (target.groupId !== undefined) {
    if (target.groupId === WORKSPACE_GROUP_ID) return { ok: true, principalType: "workspace", principalId: WORKSPACE_GROUP_ID };
    if (!(await findGroup(db, workspaceId, target.groupId))) return refuse(404, "group_not_found", SHARING_TEXTS.groupNotFound(target.groupId));
    return { ok: true, principalType: "group", principalId: target.groupId };
  }
  const keyId = target.workspaceApiKeyId!;
  const account = (await listServiceAccounts(db, workspaceId)).find(({ keys }) => keys.some((k) => k.id === keyId));
  if (!account) return refuse(404, "api_key_not_found", SHARING_TEXTS.keyNotFound(keyId));
  return { ok: true, principalType: "user", principalId: account.account.userId };
}

/** Grants `role` on the resource to the target (replacing their earlier role). Needs the admin role on it. */
export async function shareResource(db: Database, actor: ResourceActor & AuditActor, type: ResourceType, id: string, target: ShareTarget, role: ResourceRole): Promise<Result> {
  const found = await visibleResource(db, actor, type, id);
  if (!found.ok) return found;
  if (found.role !== "admin") return refuse(403, "missing_permissions", SHARING_TEXTS.needsAdmin(type));
  const principal = await principalOf(db, actor, target);
  if (!principal.ok) return principal;
  if (principal.principalType === "user" && principal.principalId === found.resource.creatorUserId) return refuse(400, "creator_role_fixed", SHARING_TEXTS.creatorKept);
  await grants.putGrant(db, { workspaceId: workspaceOf(actor), resourceType: type, resourceId: id, principalType: principal.principalType, principalId: principal.principalId, role });
  await recordAudit(db, actor, "resource_shared", `${type}:${id}`, { resource_type: type, resource_id: id, principal_type: principal.principalType, principal_id: principal.principalId, role });
  return { ok: true };
}

/** Removes the target's role on the resource (what they had through it: their groups' roles stay). Needs admin. */
export async function unshareResource(db: Database, actor: ResourceActor & AuditActor, type: ResourceType, id: string, target: ShareTarget): Promise<Result> {
  const found = await visibleResource(db, actor, type, id);
  if (!found.ok) return found;
  if (found.role !== "admin") return refuse(403, "missing_permissions", SHARING_TEXTS.needsAdmin(type));
  const principal = await principalOf(db, actor, target);
  if (!principal.ok) return principal;
  if (principal.principalType === "user" && principal.principalId === found.resource.creatorUserId) return refuse(400, "creator_role_fixed", SHARING_TEXTS.creatorKept);
  await grants.deleteGrant(db, workspaceOf(actor), type, id, principal.principalType, principal.principalId);
  await recordAudit(db, actor, "resource_unshared", `${type}:${id}`, { resource_type: type, resource_id: id, principal_type: principal.principalType, principal_id: principal.principalId });
  return { ok: true };
}

/** One entry of a resource's access list, named for people. */
export type AccessEntry = { principalType: PrincipalType | "creator"; principalId: string; name: string; role: ResourceRole };
export type ShareOption = { type: "user" | "group"; id: string; name: string };
export type ResourceSharing = {
  resource: SharedResource;
  /** The asker's own role and why they have it. */
  role: ResourceRole;
  source: AccessSource;
  access: AccessEntry[];
  /** Members and groups not yet named on the resource (what the Share dialog offers). */
  shareOptions: ShareOption[];
};

/** Who has access to a resource the actor may see: its creator and each grant, by name; and whom it may still be shared with. */
export async function resourceSharing(db: Database, actor: ResourceActor, type: ResourceType, id: string): Promise<Result<{ sharing: ResourceSharing }>> {
  const found = await visibleResource(db, actor, type, id);
  if (!found.ok) return found;
  const workspaceId = workspaceOf(actor);
  const [rows, members, groups, accounts] = await Promise.all([grants.grantsOf(db, workspaceId, type, id), listMembers(db, workspaceId), listGroups(db, workspaceId), listServiceAccounts(db, workspaceId)]);
  const userNames = new Map<string, string>([...members.map((m) => [m.userId, m.email] as const), ...accounts.map((a) => [a.account.userId, a.account.name] as const)]);
  const groupNames = new Map(groups.map(({ group }) => [group.id, group.name]));
  const nameOf = (row: grants.GrantRow) =>
    row.principalType === "workspace" ? "Everyone in the workspace" : ((row.principalType === "user" ? userNames : groupNames).get(row.principalId) ?? row.principalId);
  const creator = found.resource.creatorUserId;
  const access: AccessEntry[] = [
    ...(creator ? [{ principalType: "creator" as const, principalId: creator, name: userNames.get(creator) ?? creator, role: "admin" as const }] : []),
    ...rows.map((row) => ({ principalType: row.principalType, principalId: row.principalId, name: nameOf(row), role: row.role })),
  ];
  const named = new Set(access.map((a) => a.principalId));
  const shareOptions: ShareOption[] = [
    ...groups.filter(({ group }) => !named.has(group.id)).map(({ group }) => ({ type: "group" as const, id: group.id, name: group.name })),
    ...members.filter((m) => !named.has(m.userId)).map((m) => ({ type: "user" as const, id: m.userId, name: m.email })),
  ];
  return { ok: true, sharing: { resource: found.resource, role: found.role, source: found.source, access, shareOptions } };
}

/** The SDK's ResourceMetadataResponseModel's role_to_group_ids: each role's principals (a user by their id, everyone as "default"). */
export function roleToGroupIds(access: readonly AccessEntry[]): Record<ResourceRole, string[]> {
  const out = Object.fromEntries(RESOURCE_ROLES.map((r) => [r, [] as string[]])) as Record<ResourceRole, string[]>;
  for (const entry of access) out[entry.role].push(entry.principalId);
  return out;
}

/** The actor's default sharing preferences in their workspace. */
export async function defaultSharingOf(db: Database, actor: ResourceActor): Promise<DefaultSharingPreference[]> {
  return parseDefaultSharing(await grants.storedDefaultSharing(db, workspaceOf(actor), actor.user.id));
}

/** Sets them; every group named must be one of the workspace's (or "default"). A change is audited. */
export async function setDefaultSharing(db: Database, actor: ResourceActor & AuditActor, preferences: DefaultSharingPreference[]): Promise<Result> {
  for (const p of preferences) {
    if (p.group_id !== WORKSPACE_GROUP_ID && !(await findGroup(db, workspaceOf(actor), p.group_id))) return refuse(404, "group_not_found", SHARING_TEXTS.groupNotFound(p.group_id));
  }
  const unique = [...new Map(preferences.map((p) => [p.group_id, p])).values()];
  const before = JSON.stringify(await defaultSharingOf(db, actor));
  await grants.storeDefaultSharing(db, workspaceOf(actor), actor.user.id, JSON.stringify(unique));
  const after = await defaultSharingOf(db, actor);
  if (JSON.stringify(after) !== before) await recordAudit(db, actor, "default_sharing_preferences_changed", actor.user.id, { shared_with: after.map((p) => `${p.group_id}:${p.role}`) });
  return { ok: true };
}

/** A resource the actor just created: shared at once as their default sharing preferences say (else it stays theirs). */
export async function shareNewResource(db: Database, actor: ResourceActor, type: ResourceType, id: string): Promise<void> {
  await grants.putGrants(db, await defaultGrantsFor(db, actor, type, id));
}

/** The grants a new resource gets from the actor's default sharing preferences, for an area that writes them in its own batch. */
export async function defaultGrantsFor(db: Database, actor: ResourceActor, type: ResourceType, id: string) {
  const preferences = await defaultSharingOf(db, actor);
  return preferences.map((p) => ({
    workspaceId: workspaceOf(actor),
    resourceType: type,
    resourceId: id,
    principalType: p.group_id === WORKSPACE_GROUP_ID ? ("workspace" as const) : ("group" as const),
    principalId: p.group_id,
    role: p.role,
  }));
}

/** A deleted resource's grants go with it (the area deleting it calls this). */
export async function forgetResource(db: Database, actor: ResourceActor, type: ResourceType, id: string): Promise<void> {
  await grants.deleteGrantsOfResource(db, workspaceOf(actor), type, id);
}
