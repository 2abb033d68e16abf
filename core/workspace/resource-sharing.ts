import { z } from "zod";

/**
 * Resource sharing (decision 0039). The type names are the official SDK's WorkspaceResourceType values. Voices
 * and Studio projects exist; dubs, agents and pronunciation dictionaries are accepted names so those areas plug
 * in when they land (sharing one of them answers 404 until then: no such resource exists yet).
 */
export const RESOURCE_TYPES = ["voice", "project", "dubbing", "convai_agents", "pronunciation_dictionary"] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];
export const resourceType = z.enum(RESOURCE_TYPES);

export const RESOURCE_TYPE_LABELS: Record<ResourceType, string> = {
  voice: "voice",
  project: "Studio project",
  dubbing: "dub",
  convai_agents: "agent",
  pronunciation_dictionary: "pronunciation dictionary",
};

/** The SDK's roles, weakest first. A commenter may read, as a viewer: none of our resources takes comments. */
export const RESOURCE_ROLES = ["viewer", "commenter", "editor", "admin"] as const;
export type ResourceRole = (typeof RESOURCE_ROLES)[number];
export const resourceRole = z.enum(RESOURCE_ROLES);

/** The roles the Share dialog offers (commenter adds nothing over viewer here). */
export const SHARE_DIALOG_ROLES: readonly ResourceRole[] = ["viewer", "editor", "admin"];
export const ROLE_LABELS: Record<ResourceRole, string> = { viewer: "Viewer", commenter: "Commenter", editor: "Editor", admin: "Admin" };

/** Who a grant names: one member (a person or a service account), one group, or every member of the workspace. */
export const PRINCIPAL_TYPES = ["user", "group", "workspace"] as const;
export type PrincipalType = (typeof PRINCIPAL_TYPES)[number];

/** The SDK's group_id for "every member of the workspace" (its baseline role). */
export const WORKSPACE_GROUP_ID = "default";

/** Viewer reads and uses; editor changes; admin shares, unshares and deletes. */
export function roleAtLeast(role: ResourceRole | null, need: ResourceRole): boolean {
  if (role === null) return false;
  return RESOURCE_ROLES.indexOf(role) >= RESOURCE_ROLES.indexOf(need);
}

/** The strongest of the roles (null when none). */
export function strongestRole(roles: readonly ResourceRole[]): ResourceRole | null {
  let best: ResourceRole | null = null;
  for (const role of roles) if (!roleAtLeast(best, role)) best = role;
  return best;
}

export type AccessSource = "creator" | "explicit" | "workspace_default" | "workspace_admin";
export type Grant = { principalType: PrincipalType; principalId: string; role: ResourceRole };
export type AccessSubject = { userId: string; isWorkspaceAdmin: boolean; groupIds: readonly string[] };

/**
 * The role one member has on a resource: the creator and workspace admins are admins of it; anyone else the
 * strongest grant naming them, one of their groups or the whole workspace. Null: no access at all.
 */
export function effectiveAccess(subject: AccessSubject, creatorUserId: string | null, grants: readonly Grant[]): { role: ResourceRole; source: AccessSource } | null {
  if (creatorUserId !== null && creatorUserId === subject.userId) return { role: "admin", source: "creator" };
  const mine = grants.filter(
    (g) => (g.principalType === "user" && g.principalId === subject.userId) || (g.principalType === "group" && subject.groupIds.includes(g.principalId)),
  );
  const everyone = grants.filter((g) => g.principalType === "workspace");
  const explicit = strongestRole(mine.map((g) => g.role));
  const baseline = strongestRole(everyone.map((g) => g.role));
  if (subject.isWorkspaceAdmin) return { role: "admin", source: explicit === "admin" ? "explicit" : baseline === "admin" ? "workspace_default" : "workspace_admin" };
  const role = strongestRole([explicit, baseline].filter((r): r is ResourceRole => r !== null));
  if (role === null) return null;
  return { role, source: explicit !== null && roleAtLeast(explicit, role) ? "explicit" : "workspace_default" };
}

/** A member's default sharing preferences: whom the resources they create are shared with at once. */
export const defaultSharingPreference = z.object({ group_id: z.string().min(1).max(64), role: resourceRole });
export const defaultSharingPreferences = z.array(defaultSharingPreference).max(50);
export type DefaultSharingPreference = z.infer<typeof defaultSharingPreference>;

/** Stored JSON of the preferences; nothing (or nothing readable) is no preference: new resources stay private. */
export function parseDefaultSharing(json: string | null): DefaultSharingPreference[] {
  if (json === null) return [];
  try {
    const parsed = defaultSharingPreferences.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export const SHARING_TEXTS = {
  notFound: (type: ResourceType, id: string) => `No ${RESOURCE_TYPE_LABELS[type]} with the id ${id} was found in this workspace.`,
  needsAdmin: (type: ResourceType) => `You need the admin role on this ${RESOURCE_TYPE_LABELS[type]} to share or unshare it. Ask its creator or a workspace admin.`,
  needsRole: (type: ResourceType, role: ResourceRole) => `You need the ${role} role on this ${RESOURCE_TYPE_LABELS[type]} for that. Ask its creator or a workspace admin to share it with you.`,
  oneTarget: "Name exactly one target: user_email, group_id or workspace_api_key_id.",
  memberNotFound: (email: string) => `${email} is not a member of this workspace.`,
  groupNotFound: (id: string) => `No group with the id ${id} in this workspace (use "${WORKSPACE_GROUP_ID}" for every member).`,
  keyNotFound: (id: string) => `No service-account API key with the id ${id} in this workspace.`,
  creatorKept: "The creator of a resource always keeps the admin role: it cannot be removed.",
  notAdminAudio: "Only workspace admins may fetch another member's history audio.",
  historyNotFound: (id: string) => `No history item with the id ${id} in this workspace.`,
} as const;
