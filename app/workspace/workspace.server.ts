import type { Database } from "../../db/client";
import { findUserByEmail, type UserRow } from "../../db/repositories/users";
import { acceptInvite, deleteInvite, insertInvite, listMembers, removeMember, seatUsage, type Membership } from "../../db/repositories/workspaces";
import { hasFreeSeat, isAdmin, type WorkspaceRole } from "../../core/workspace/roles";
import { newId } from "~/accounts/accounts.server";

export type WorkspaceRefusal = { ok: false; httpStatus: 403 | 404 | 409; status: string; message: string };
type Result = { ok: true } | WorkspaceRefusal;

const refuse = (httpStatus: WorkspaceRefusal["httpStatus"], status: string, message: string): WorkspaceRefusal => ({ ok: false, httpStatus, status, message });

/** Workspace membership rules, shared by the /v1/workspace API and the members pages. */
export async function inviteMember(db: Database, membership: Membership, inviter: UserRow, email: string, role: WorkspaceRole): Promise<Result> {
  if (!isAdmin(membership.role)) return refuse(403, "forbidden", "Only workspace admins can invite members.");
  const members = await listMembers(db, membership.workspace.id);
  if (members.some((m) => m.email === email)) return refuse(409, "already_member", "This person is already a member.");
  const usage = await seatUsage(db, membership.workspace.id);
  if (!hasFreeSeat(usage.members, usage.invites, membership.workspace.maxSeats)) {
    return refuse(403, "seat_limit_reached", `Your plan allows ${membership.workspace.maxSeats} seat(s); all are taken.`);
  }
  await insertInvite(db, { id: newId("inv"), workspaceId: membership.workspace.id, email, role, invitedBy: inviter.id });
  return { ok: true };
}

export async function cancelInvite(db: Database, membership: Membership, email: string): Promise<Result> {
  if (!isAdmin(membership.role)) return refuse(403, "forbidden", "Only workspace admins can cancel invites.");
  return (await deleteInvite(db, membership.workspace.id, email)) ? { ok: true } : refuse(404, "not_found", "Invite not found");
}

export async function answerInvite(db: Database, user: UserRow, workspaceId: string, accept: boolean): Promise<Result> {
  const ok = accept ? await acceptInvite(db, workspaceId, user.id, user.email) : await deleteInvite(db, workspaceId, user.email);
  return ok ? { ok: true } : refuse(404, "not_found", "Invite not found");
}

export async function removeMemberByEmail(db: Database, membership: Membership, email: string): Promise<Result> {
  if (!isAdmin(membership.role)) return refuse(403, "forbidden", "Only workspace admins can remove members.");
  const target = await findUserByEmail(db, email);
  if (target?.id === membership.workspace.ownerId) return refuse(403, "forbidden", "The workspace owner cannot be removed.");
  const ok = target ? await removeMember(db, membership.workspace.id, target.id) : false;
  return ok ? { ok: true } : refuse(404, "not_found", "Member not found");
}

export async function leaveWorkspace(db: Database, membership: Membership, user: UserRow): Promise<Result> {
  if (user.id === membership.workspace.ownerId) return refuse(403, "forbidden", "The owner cannot leave their own workspace.");
  await removeMember(db, membership.workspace.id, user.id);
  return { ok: true };
}
