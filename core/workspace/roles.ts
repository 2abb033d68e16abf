import { z } from "zod";
import type { Tier } from "../billing/plans";

export type WorkspaceRole = "admin" | "editor";

/** Roles ranked: an admin can do everything an editor can (spec: "editor includes admin"). */
const ROLE_RANK: Record<WorkspaceRole, number> = { editor: 1, admin: 2 };

export function hasRole(role: WorkspaceRole, atLeast: WorkspaceRole): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[atLeast];
}

export function isAdmin(role: WorkspaceRole): boolean {
  return role === "admin";
}

/** A new invite fits when members plus pending invites stay within max_seats. */
export function hasFreeSeat(members: number, pendingInvites: number, maxSeats: number): boolean {
  return members + pendingInvites < maxSeats;
}

export const ONLY_ADMINS_CHANGE_TRAINING_OPT_OUT = "Only workspace admins can change this setting.";
export const TRAINING_OPT_OUT_UPDATED = "Workspace training opt out setting successfully updated.";

/** The training opt-out is on by default for enterprise and trial workspaces. */
export function defaultTrainingOptOut(tier: Tier): boolean {
  return tier === "enterprise" || tier === "trial";
}

/** session_inactivity_timeout in seconds: off (null) or between 5 minutes and 30 days. */
export const sessionInactivityTimeout = z.union([z.null(), z.number().int().min(300).max(30 * 24 * 60 * 60)]);

export const workspaceRole = z.enum(["admin", "editor"]);
