/**
 * The workspace's voice-library settings (spec §2 workspace/voice-library; issue 23, decision 0061): whether members
 * who are not admins may add voices from the library to the workspace, and publish the workspace's voices there.
 * Admins always may. Both are on by default (what members could do before); the voices area checks them where the
 * copy or the publication is made, so the page and the API refuse alike.
 */
import { isAdmin, type WorkspaceRole } from "./roles";

export type LibrarySettings = { membersAddLibraryVoices: boolean; membersPublishLibraryVoices: boolean };
export type LibraryAction = "add" | "publish";

export function mayUseLibrary(role: WorkspaceRole, settings: LibrarySettings, action: LibraryAction): boolean {
  if (isAdmin(role)) return true;
  return action === "add" ? settings.membersAddLibraryVoices : settings.membersPublishLibraryVoices;
}

export const LIBRARY_SETTING_TEXTS = {
  title: "Voice library",
  description: "What members who are not admins may do with the shared voice library. Admins always may.",
  addLabel: "Members may add voices from the library",
  addHint: "A copy of a library voice joins the workspace's voices and takes one of the plan's voice slots.",
  publishLabel: "Members may publish voices to the library",
  publishHint: "Publishing shares a voice with every workspace. Voices already published stay published; admins can unpublish them.",
  saved: "Voice library settings saved.",
  forbidden: "Only workspace admins and members with the Workspace settings permission can change the voice library settings.",
  addRefused: "Your workspace's admins have turned off adding voices from the library for members. Ask an admin to add it.",
  publishRefused: "Your workspace's admins have turned off publishing voices to the library for members. Ask an admin to publish it.",
} as const;

/** The refusal's status in the API's `detail`. */
export const LIBRARY_REFUSAL_STATUS: Record<LibraryAction, string> = { add: "library_add_not_allowed", publish: "library_publish_not_allowed" };
