import type { Database } from "../../db/client";
import { findUserByEmail } from "../../db/repositories/users";
import {
  acceptInvite,
  deleteInvite,
  insertInvite,
  invitesForEmail,
  listInvites,
  listMembers,
  removeMember,
  seatUsage,
  updateWorkspace,
  type Membership,
} from "../../db/repositories/workspaces";
import { hasFreeSeat, isAdmin, ONLY_ADMINS_CHANGE_TRAINING_OPT_OUT, type WorkspaceRole } from "../../core/workspace/roles";
import { newId, type Actor } from "~/accounts/accounts.server";
import { nowSeconds } from "../../core/clock";

export type { Membership };

export type WorkspaceRefusal = { ok: false; httpStatus: 403 | 404 | 409; status: string; message: string };
type Result = { ok: true } | WorkspaceRefusal;

const refuse = (httpStatus: WorkspaceRefusal["httpStatus"], status: string, message: string): WorkspaceRefusal => ({ ok: false, httpStatus, status, message });

/** The members of the actor's workspace (oldest first) and the invites not yet answered. */
export async function membersAndInvites(db: Database, actor: Actor) {
  const workspaceId = actor.membership.workspace.id;
  const [members, invites] = await Promise.all([listMembers(db, workspaceId), listInvites(db, workspaceId)]);
  return { members, invites };
}

/** Invites to other workspaces waiting for the actor's e-mail address, with those workspaces' names. */
export async function pendingInvites(db: Database, actor: Actor) {
  return invitesForEmail(db, actor.user.email);
}

/** Workspace membership rules, shared by the /v1/workspace API and the members pages. */
export async function inviteMember(db: Database, actor: Actor, email: string, role: WorkspaceRole): Promise<Result> {
  const { membership } = actor;
  if (!isAdmin(membership.role)) return refuse(403, "forbidden", "Only workspace admins can invite members.");
  const members = await listMembers(db, membership.workspace.id);
  if (members.some((m) => m.email === email)) return refuse(409, "already_member", "This person is already a member.");
  const usage = await seatUsage(db, membership.workspace.id);
  if (!hasFreeSeat(usage.members, usage.invites, membership.workspace.maxSeats)) {
    return refuse(403, "seat_limit_reached", `Your plan allows ${membership.workspace.maxSeats} seat(s); all are taken.`);
  }
  await insertInvite(db, { id: newId("inv"), workspaceId: membership.workspace.id, email, role, invitedBy: actor.user.id });
  return { ok: true };
}

export async function cancelInvite(db: Database, actor: Actor, email: string): Promise<Result> {
  if (!isAdmin(actor.membership.role)) return refuse(403, "forbidden", "Only workspace admins can cancel invites.");
  return (await deleteInvite(db, actor.membership.workspace.id, email)) ? { ok: true } : refuse(404, "not_found", "Invite not found");
}

/** Accepts or declines an invite to another workspace sent to the actor's address. */
export async function answerInvite(db: Database, actor: Actor, workspaceId: string, accept: boolean): Promise<Result> {
  const { user } = actor;
  const ok = accept ? await acceptInvite(db, workspaceId, user.id, user.email) : await deleteInvite(db, workspaceId, user.email);
  return ok ? { ok: true } : refuse(404, "not_found", "Invite not found");
}

export async function removeMemberByEmail(db: Database, actor: Actor, email: string): Promise<Result> {
  const { membership } = actor;
  if (!isAdmin(membership.role)) return refuse(403, "forbidden", "Only workspace admins can remove members.");
  const target = await findUserByEmail(db, email);
  if (target?.id === membership.workspace.ownerId) return refuse(403, "forbidden", "The workspace owner cannot be removed.");
  const ok = target ? await removeMember(db, membership.workspace.id, target.id) : false;
  return ok ? { ok: true } : refuse(404, "not_found", "Member not found");
}

export async function leaveWorkspace(db: Database, actor: Actor): Promise<Result> {
  if (actor.user.id === actor.membership.workspace.ownerId) return refuse(403, "forbidden", "The owner cannot leave their own workspace.");
  await removeMember(db, actor.membership.workspace.id, actor.user.id);
  return { ok: true };
}

export type WorkspaceSettings = { trainingOptOut?: boolean; sessionInactivityTimeout?: number | null };

/** Admins change the workspace's training opt-out (stamped with the time) and session inactivity timeout. */
export async function updateWorkspaceSettings(db: Database, actor: Actor, settings: WorkspaceSettings): Promise<Result> {
  if (!isAdmin(actor.membership.role)) return refuse(403, "forbidden", ONLY_ADMINS_CHANGE_TRAINING_OPT_OUT);
  await updateWorkspace(db, actor.membership.workspace.id, {
    ...(settings.trainingOptOut === undefined ? {} : { trainingOptOut: settings.trainingOptOut, trainingOptOutAt: nowSeconds() }),
    ...(settings.sessionInactivityTimeout === undefined ? {} : { sessionInactivityTimeout: settings.sessionInactivityTimeout }),
  });
  return { ok: true };
}
