import { z } from "zod";
import { isAdmin, type WorkspaceRole } from "./roles";

/**
 * Group permissions, one per product area (decision 0034). The names are the official SDK's
 * WorkspaceGroupPermission values where one exists; billing and workspace settings have none there.
 */
export const GROUP_PERMISSIONS = ["text_to_speech", "voice_lab", "projects", "dubbing", "conversational_ai", "create_user_api_key", "billing", "workspace_settings"] as const;
export type GroupPermission = (typeof GROUP_PERMISSIONS)[number];
export const groupPermission = z.enum(GROUP_PERMISSIONS);

export const PERMISSION_LABELS: Record<GroupPermission, string> = {
  text_to_speech: "Text to speech",
  voice_lab: "Voices",
  projects: "Studio",
  dubbing: "Dubbing",
  conversational_ai: "Agents",
  create_user_api_key: "API keys",
  billing: "Billing",
  workspace_settings: "Workspace settings",
};

/**
 * What every member may do until an admin changes all_members_permissions: the product areas. Billing and the
 * workspace settings stay with admins (and the groups an admin grants them to), as before groups existed.
 */
export const DEFAULT_ALL_MEMBERS_PERMISSIONS: readonly GroupPermission[] = ["text_to_speech", "voice_lab", "projects", "dubbing", "conversational_ai", "create_user_api_key"];

/** A stored JSON list of permissions, unknown names dropped; `fallback` when nothing (or nothing readable) is stored. */
export function parsePermissions(json: string | null, fallback: readonly GroupPermission[] = []): GroupPermission[] {
  if (json === null) return [...fallback];
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [...fallback];
    return GROUP_PERMISSIONS.filter((p) => value.includes(p));
  } catch {
    return [...fallback];
  }
}

/** The permissions in their canonical order, each once: what is stored. */
export function normalisePermissions(list: readonly GroupPermission[]): GroupPermission[] {
  return GROUP_PERMISSIONS.filter((p) => list.includes(p));
}

export type PermissionSubject = { role: WorkspaceRole; allMembers: readonly GroupPermission[]; groups: readonly (readonly GroupPermission[])[] };

/** An admin may do everything; a member what every member may, plus what any of their groups may. */
export function hasPermission(subject: PermissionSubject, permission: GroupPermission): boolean {
  if (isAdmin(subject.role)) return true;
  return subject.allMembers.includes(permission) || subject.groups.some((g) => g.includes(permission));
}

/** The 403 detail a member without the permission gets. */
export function missingPermissionMessage(permission: GroupPermission): string {
  return `You do not have the ${PERMISSION_LABELS[permission]} permission (${permission}) in this workspace. Ask a workspace admin to add it to one of your groups.`;
}
