import { z } from "zod";
import { groupPermission } from "../../../core/workspace/permissions";

export const MAX_GROUP_NAME = 100;
export const MAX_GROUPS = 100;

export const groupName = z.string().trim().min(1, "Enter a name for the group.").max(MAX_GROUP_NAME, `At most ${MAX_GROUP_NAME} characters.`);
export const groupPermissions = z.array(groupPermission).max(20);

/** What the groups page and API say (one place, so the page and its tests agree). */
export const GROUP_TEXTS = {
  intro: "Groups give their members permissions on top of what every member may do. Admins may do everything.",
  adminsOnly: "Only workspace admins can change groups and permissions.",
  notFound: "Group not found.",
  nameTaken: (name: string) => `This workspace already has a group named “${name}”.`,
  memberNotFound: (email: string) => `${email} is not a member of this workspace.`,
  notInGroup: (email: string) => `${email} is not in this group.`,
  empty: "No groups yet",
  emptyHint: "Create a group, add members and choose what they may do.",
  allMembers: "Every member",
  allMembersHint: "What every member of the workspace may do, in any group or none.",
} as const;
