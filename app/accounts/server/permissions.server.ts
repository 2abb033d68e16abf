import type { Database } from "../../../db/client";
import { groupPermissionsOf } from "../../../db/repositories/groups";
import { DEFAULT_ALL_MEMBERS_PERMISSIONS, GROUP_PERMISSIONS, hasPermission, missingPermissionMessage, parsePermissions, type GroupPermission } from "../../../core/workspace/permissions";
import type { Actor } from "./actor.server";

/** The permissions every member of the actor's workspace has (all_members_permissions). */
export function allMembersPermissions(actor: Actor): GroupPermission[] {
  return parsePermissions(actor.membership.workspace.allMembersPermissions, DEFAULT_ALL_MEMBERS_PERMISSIONS);
}

/** Every permission the actor has in their workspace. */
export async function permissionsOf(db: Database, actor: Actor): Promise<GroupPermission[]> {
  const groups = actor.membership.role === "admin" ? [] : (await groupPermissionsOf(db, actor.membership.workspace.id, actor.user.id)).map((json) => parsePermissions(json));
  const subject = { role: actor.membership.role, allMembers: allMembersPermissions(actor), groups };
  return GROUP_PERMISSIONS.filter((p) => hasPermission(subject, p));
}

/**
 * THE permission check (decision 0034): every area's server module asks it before acting in a product area.
 * Admins may do everything; a member what every member may plus what their groups may.
 */
export async function can(db: Database, actor: Actor, permission: GroupPermission): Promise<boolean> {
  if (actor.membership.role === "admin" || allMembersPermissions(actor).includes(permission)) return true;
  return (await permissionsOf(db, actor)).includes(permission);
}

export type PermissionRefusal = { ok: false; httpStatus: 403; status: "missing_permissions"; message: string };

/** `can` as the refusal a server module returns: null when allowed. */
export async function permissionRefusal(db: Database, actor: Actor, permission: GroupPermission): Promise<PermissionRefusal | null> {
  return (await can(db, actor, permission)) ? null : { ok: false, httpStatus: 403, status: "missing_permissions", message: missingPermissionMessage(permission) };
}
