import type { Database } from "../../db/client";
import * as groups from "../../db/repositories/groups";
import { findMembership, updateWorkspace } from "../../db/repositories/workspaces";
import { findUserByEmail } from "../../db/repositories/users";
import { isAdmin } from "../../core/workspace/roles";
import { normalisePermissions, parsePermissions, type GroupPermission } from "../../core/workspace/permissions";
import { allMembersPermissions, newId, type Actor } from "~/accounts/accounts.server";
import { GROUP_TEXTS } from "~/workspace/rules/groups";
import type { WorkspaceRefusal } from "~/workspace/workspace.server";
import { recordAudit } from "~/workspace/audit-log.server";

export type Group = { id: string; name: string; permissions: GroupPermission[]; members: { userId: string; email: string }[] };
type Result<T = object> = ({ ok: true } & T) | WorkspaceRefusal;

const refuse = (httpStatus: WorkspaceRefusal["httpStatus"], status: string, message: string): WorkspaceRefusal => ({ ok: false, httpStatus, status, message });
// Groups hand out permissions, so only admins change them (decision 0034), whatever permissions a member has.
const adminsOnly = (actor: Actor) => (isAdmin(actor.membership.role) ? null : refuse(403, "forbidden", GROUP_TEXTS.adminsOnly));
const notFound = () => refuse(404, "group_not_found", GROUP_TEXTS.notFound);

/** The workspace's groups, by name; `nameContains` narrows them (the SDK's groups.search). */
export async function workspaceGroups(db: Database, actor: Actor, nameContains?: string): Promise<Group[]> {
  const rows = await groups.listGroups(db, actor.membership.workspace.id, nameContains);
  return rows.map(({ group, members }) => ({ id: group.id, name: group.name, permissions: parsePermissions(group.permissions), members }));
}

export async function createGroup(db: Database, actor: Actor, name: string, permissions: GroupPermission[]): Promise<Result<{ id: string }>> {
  const denied = adminsOnly(actor);
  if (denied) return denied;
  const id = newId("grp");
  const created = await groups.insertGroup(db, { id, workspaceId: actor.membership.workspace.id, name, permissions: JSON.stringify(normalisePermissions(permissions)) });
  if (!created) return refuse(409, "group_name_taken", GROUP_TEXTS.nameTaken(name));
  await recordAudit(db, actor, "group_created", id, { name, permissions });
  return { ok: true, id };
}

export async function editGroup(db: Database, actor: Actor, groupId: string, patch: { name?: string; permissions?: GroupPermission[] }): Promise<Result> {
  const denied = adminsOnly(actor);
  if (denied) return denied;
  const outcome = await groups.updateGroup(db, actor.membership.workspace.id, groupId, {
    name: patch.name,
    permissions: patch.permissions === undefined ? undefined : JSON.stringify(normalisePermissions(patch.permissions)),
  });
  if (outcome === "name_taken") return refuse(409, "group_name_taken", GROUP_TEXTS.nameTaken(patch.name ?? ""));
  if (outcome !== "ok") return notFound();
  await recordAudit(db, actor, "group_changed", groupId, { name: patch.name, permissions: patch.permissions });
  return { ok: true };
}

export async function removeGroup(db: Database, actor: Actor, groupId: string): Promise<Result> {
  const denied = adminsOnly(actor);
  if (denied) return denied;
  if (!(await groups.deleteGroup(db, actor.membership.workspace.id, groupId))) return notFound();
  await recordAudit(db, actor, "group_deleted", groupId);
  return { ok: true };
}

/** The group of the actor's workspace and the workspace member with that address; a refusal when either is missing. */
async function groupAndMember(db: Database, actor: Actor, groupId: string, email: string): Promise<Result<{ userId: string }>> {
  const workspaceId = actor.membership.workspace.id;
  if (!(await groups.findGroup(db, workspaceId, groupId))) return notFound();
  const user = await findUserByEmail(db, email);
  if (!user || !(await findMembership(db, user.id, workspaceId))) return refuse(404, "member_not_found", GROUP_TEXTS.memberNotFound(email));
  return { ok: true, userId: user.id };
}

export async function addToGroup(db: Database, actor: Actor, groupId: string, email: string): Promise<Result> {
  const denied = adminsOnly(actor);
  if (denied) return denied;
  const found = await groupAndMember(db, actor, groupId, email);
  if (!found.ok) return found;
  await groups.addGroupMember(db, groupId, found.userId);
  await recordAudit(db, actor, "group_member_added", groupId, { email, user_id: found.userId });
  return { ok: true };
}

export async function removeFromGroup(db: Database, actor: Actor, groupId: string, email: string): Promise<Result> {
  const denied = adminsOnly(actor);
  if (denied) return denied;
  const found = await groupAndMember(db, actor, groupId, email);
  if (!found.ok) return found;
  if (!(await groups.removeGroupMember(db, groupId, found.userId))) return refuse(404, "member_not_found", GROUP_TEXTS.notInGroup(email));
  await recordAudit(db, actor, "group_member_removed", groupId, { email, user_id: found.userId });
  return { ok: true };
}

export { allMembersPermissions };

/** all_members_permissions: what every member may do, admins set it. */
export async function setAllMembersPermissions(db: Database, actor: Actor, permissions: GroupPermission[]): Promise<Result> {
  const denied = adminsOnly(actor);
  if (denied) return denied;
  await updateWorkspace(db, actor.membership.workspace.id, { allMembersPermissions: JSON.stringify(normalisePermissions(permissions)) });
  await recordAudit(db, actor, "all_members_permissions_changed", actor.membership.workspace.id, { permissions: normalisePermissions(permissions) });
  return { ok: true };
}
