import type { Database } from "../../db/client";
import { findUserByEmail } from "../../db/repositories/users";
import {
  acceptInvite,
  deleteInvite,
  findMembership,
  findInvite,
  findInviteByTokenHash,
  upsertInvite,
  invitesForEmail,
  listInvites,
  listMembers,
  membersWithoutSecondFactor,
  removeMember,
  setMemberRole,
  seatUsage,
  transferOwnership,
  updateWorkspace,
  type Membership,
} from "../../db/repositories/workspaces";
import { hasFreeSeat, isAdmin, ONLY_ADMINS_CHANGE_TRAINING_OPT_OUT, type WorkspaceRole } from "../../core/workspace/roles";
import { can, hasSecondFactor, mailTemplates, newId, randomHex, sendMail, sha256Hex, type Actor } from "~/accounts/accounts.server";
import { INVITE_CODE_BYTES, INVITE_TEXTS, inviteLink, isInviteCodeShape } from "~/workspace/rules/invites";
import { seatsFullMessage } from "~/workspace/rules/seats";
import { BULK_INVITE_TEXTS, parseBulkInvites, type BulkInviteError } from "~/workspace/rules/bulk-invites";
import { OWNERSHIP_TEXTS } from "~/workspace/rules/ownership";
import { listGroups } from "../../db/repositories/groups";
import { log } from "~/common/log.server";
import { nowSeconds } from "../../core/clock";
import { LIBRARY_SETTING_TEXTS, type LibrarySettings } from "../../core/workspace/library-settings";
import { TWO_FACTOR_POLICY_TEXTS } from "../../core/workspace/two-factor";
import { recordAudit } from "~/workspace/audit-log.server";

export type { Membership };

export type WorkspaceRefusal = { ok: false; httpStatus: 400 | 403 | 404 | 409; status: string; message: string };
type Result = { ok: true } | WorkspaceRefusal;

const refuse = (httpStatus: WorkspaceRefusal["httpStatus"], status: string, message: string): WorkspaceRefusal => ({ ok: false, httpStatus, status, message });

/** The members of the actor's workspace (oldest first) and the invites not yet answered. */
export async function membersAndInvites(db: Database, actor: Actor) {
  const workspaceId = actor.membership.workspace.id;
  const [members, invites] = await Promise.all([listMembers(db, workspaceId), listInvites(db, workspaceId)]);
  return { members, invites };
}

const isVerified = (actor: Actor) => actor.user.emailVerifiedAt !== null;

/**
 * Invites to other workspaces waiting for the actor's e-mail address, with those workspaces' names; none
 * until the address is verified (an unverified account has not shown that the address is its own).
 */
export async function pendingInvites(db: Database, actor: Actor) {
  return isVerified(actor) ? invitesForEmail(db, actor.user.email) : [];
}

/** What an invite link shows its visitor: the invite its token names, and whether it is for their address. */
export type LinkedInvite =
  | { found: true; forViewer: boolean; workspaceId: string; workspaceName: string; role: WorkspaceRole }
  | { found: false };

export async function inviteByCode(db: Database, actor: Actor, code: string | null): Promise<LinkedInvite> {
  if (!isInviteCodeShape(code)) return { found: false };
  const row = await findInviteByTokenHash(db, await sha256Hex(code));
  if (!row) return { found: false };
  return { found: true, forViewer: row.invite.email === actor.user.email, workspaceId: row.invite.workspaceId, workspaceName: row.workspaceName, role: row.invite.role };
}

/** Where the invite e-mail is sent from: the deployment's mail setup and this site's origin for the link. */
export type InviteMail = { env: Env; origin: string };

/**
 * Workspace membership rules, shared by the /v1/workspace API and the members pages. Inviting an address
 * mails it a link with the invite's own token (only its hash is kept); inviting a pending address again
 * replaces the token (the earlier link stops working), takes the new role and mails the new link.
 */
const CANNOT_INVITE = "Only workspace admins and members with the Workspace settings permission can invite members.";

export async function inviteMember(db: Database, actor: Actor, email: string, role: WorkspaceRole, mail: InviteMail, groupIds: string[] = []): Promise<Result> {
  const { membership } = actor;
  if (!(await can(db, actor, "workspace_settings"))) return refuse(403, "forbidden", CANNOT_INVITE);
  // Granting admin is for admins only: the permission does not make its holder an admin maker.
  if (role === "admin" && !isAdmin(membership.role)) return refuse(403, "forbidden", "Only workspace admins can invite admins.");
  // Groups hand out permissions: only admins put people in them (decision 0034), on joining too.
  if (groupIds.length && !isAdmin(membership.role)) return refuse(403, "forbidden", "Only workspace admins can invite people into groups.");
  if (groupIds.length) {
    const known = new Set((await listGroups(db, membership.workspace.id)).map((g) => g.group.id));
    const unknown = groupIds.find((id) => !known.has(id));
    if (unknown) return refuse(404, "group_not_found", `Group ${unknown} not found`);
  }
  const members = await listMembers(db, membership.workspace.id);
  if (members.some((m) => m.email === email)) return refuse(409, "already_member", "This person is already a member.");
  // A pending invite already holds its seat.
  if (!(await findInvite(db, membership.workspace.id, email))) {
    const usage = await seatUsage(db, membership.workspace.id);
    if (!hasFreeSeat(usage.members, usage.invites, membership.workspace.maxSeats)) {
      return refuse(403, "seat_limit_reached", seatsFullMessage(membership.workspace.maxSeats));
    }
  }
  const code = randomHex(INVITE_CODE_BYTES);
  await upsertInvite(db, { id: newId("inv"), workspaceId: membership.workspace.id, email, role, invitedBy: actor.user.id, tokenHash: await sha256Hex(code), groupIds: groupIds.length ? JSON.stringify([...new Set(groupIds)]) : null });
  try {
    await sendMail(mail.env, mailTemplates.workspaceInvite(email, membership.workspace.name, role, inviteLink(mail.origin, code)));
  } catch (error) {
    // The invite stands; inviting the address again sends a new link.
    log("error", "invite e-mail failed", { workspace_id: membership.workspace.id, to_domain: email.split("@")[1], error: String(error) });
  }
  await recordAudit(db, actor, "member_invited", email, { email, role, group_ids: groupIds });
  return { ok: true };
}

export async function cancelInvite(db: Database, actor: Actor, email: string): Promise<Result> {
  if (!(await can(db, actor, "workspace_settings"))) return refuse(403, "forbidden", "Only workspace admins and members with the Workspace settings permission can cancel invites.");
  if (!(await deleteInvite(db, actor.membership.workspace.id, email))) return refuse(404, "not_found", "Invite not found");
  await recordAudit(db, actor, "invite_cancelled", email, { email });
  return { ok: true };
}

/**
 * Accepting an invite needs a verified address and the invite's own token (from the invite e-mail's link),
 * on every path: the invites page and POST /v1/workspace/invites/accept. A token of another address's invite,
 * of a replaced or cancelled invite, or of another workspace than `workspaceId` (when given) is not found.
 */
export async function acceptInviteWithCode(db: Database, actor: Actor, code: string, workspaceId?: string): Promise<Result> {
  if (!isVerified(actor)) return refuse(403, "email_not_verified", INVITE_TEXTS.needsVerifiedEmail);
  const row = isInviteCodeShape(code) ? await findInviteByTokenHash(db, await sha256Hex(code)) : undefined;
  if (!row || row.invite.email !== actor.user.email || (workspaceId !== undefined && row.invite.workspaceId !== workspaceId)) {
    return refuse(404, "not_found", INVITE_TEXTS.notFound);
  }
  return (await acceptInvite(db, row.invite, actor.user.id)) ? { ok: true } : refuse(404, "not_found", INVITE_TEXTS.notFound);
}

/** Declining an invite to the actor's address needs that address verified (no token: declining grants nothing). */
export async function declineInvite(db: Database, actor: Actor, workspaceId: string): Promise<Result> {
  if (!isVerified(actor)) return refuse(403, "email_not_verified", INVITE_TEXTS.needsVerifiedEmail);
  return (await deleteInvite(db, workspaceId, actor.user.email)) ? { ok: true } : refuse(404, "not_found", INVITE_TEXTS.notFound);
}

export async function removeMemberByEmail(db: Database, actor: Actor, email: string): Promise<Result> {
  const { membership } = actor;
  if (!(await can(db, actor, "workspace_settings"))) return refuse(403, "forbidden", "Only workspace admins and members with the Workspace settings permission can remove members.");
  const target = await findUserByEmail(db, email);
  if (target?.id === membership.workspace.ownerId) return refuse(403, "forbidden", "The workspace owner cannot be removed.");
  if (!isAdmin(membership.role) && target && (await findMembership(db, target.id, membership.workspace.id))?.role === "admin") {
    return refuse(403, "forbidden", "Only workspace admins can remove admins.");
  }
  const ok = target ? await removeMember(db, membership.workspace.id, target.id) : false;
  if (!ok || !target) return refuse(404, "not_found", "Member not found");
  await recordAudit(db, actor, "member_removed", target.id, { email });
  return { ok: true };
}

export const MEMBER_UPDATE_TEXTS = {
  adminsOnly: "Only workspace admins can change a member's role.",
  owner: "The workspace owner is always an admin: transfer the ownership first.",
  notMember: "Member not found",
  locking: "Members cannot be locked here: remove the member instead (they can be invited again).",
} as const;

/**
 * An admin changes a member's role; the owner stays an admin.
 * Locking a member is refused with the reason: a locked seat that keeps its data is not modelled here.
 */
export async function updateMember(db: Database, actor: Actor, input: { email: string; role?: WorkspaceRole; isLocked?: boolean }): Promise<Result> {
  const { membership } = actor;
  if (!isAdmin(membership.role)) return refuse(403, "forbidden", MEMBER_UPDATE_TEXTS.adminsOnly);
  if (input.isLocked) return refuse(400, "member_locking_unsupported", MEMBER_UPDATE_TEXTS.locking);
  const target = await findUserByEmail(db, input.email);
  const current = target ? await findMembership(db, target.id, membership.workspace.id) : undefined;
  if (!target || !current) return refuse(404, "not_found", MEMBER_UPDATE_TEXTS.notMember);
  const role = input.role;
  if (role === undefined) return { ok: true };
  if (target.id === membership.workspace.ownerId && role !== "admin") return refuse(403, "forbidden", MEMBER_UPDATE_TEXTS.owner);
  if (current.role !== role) {
    await setMemberRole(db, membership.workspace.id, target.id, role);
    await recordAudit(db, actor, "member_role_changed", target.id, { email: target.email, from: current.role, to: role });
  }
  return { ok: true };
}

export async function leaveWorkspace(db: Database, actor: Actor): Promise<Result> {
  if (actor.user.id === actor.membership.workspace.ownerId) return refuse(403, "forbidden", "The owner cannot leave their own workspace.");
  await removeMember(db, actor.membership.workspace.id, actor.user.id);
  return { ok: true };
}

export type WorkspaceSettings = { trainingOptOut?: boolean; sessionInactivityTimeout?: number | null };

/** Admins change the workspace's training opt-out (stamped with the time) and session inactivity timeout. */
export async function updateWorkspaceSettings(db: Database, actor: Actor, settings: WorkspaceSettings): Promise<Result> {
  if (!(await can(db, actor, "workspace_settings"))) return refuse(403, "forbidden", ONLY_ADMINS_CHANGE_TRAINING_OPT_OUT);
  await updateWorkspace(db, actor.membership.workspace.id, {
    ...(settings.trainingOptOut === undefined ? {} : { trainingOptOut: settings.trainingOptOut, trainingOptOutAt: nowSeconds() }),
    ...(settings.sessionInactivityTimeout === undefined ? {} : { sessionInactivityTimeout: settings.sessionInactivityTimeout }),
  });
  await recordAudit(db, actor, "workspace_settings_changed", actor.membership.workspace.id, { training_opt_out: settings.trainingOptOut, session_inactivity_timeout: settings.sessionInactivityTimeout });
  return { ok: true };
}

/** The security page's two-factor requirement: whether it is on (since when) and who has no second factor yet. */
export async function twoFactorRequirement(db: Database, actor: Actor) {
  const { workspace } = actor.membership;
  return { required: workspace.twoFactorRequiredAt !== null, requiredAt: workspace.twoFactorRequiredAt, membersWithout: await membersWithoutSecondFactor(db, workspace.id) };
}

/**
 * Admins require (or stop requiring) a second factor of every member (decision 0061). Whoever turns it on must have
 * one: otherwise the first person sent away to set one up would be the admin who asked for it.
 */
export async function setTwoFactorRequired(db: Database, actor: Actor, required: boolean): Promise<{ ok: true; requiredAt: number | null } | WorkspaceRefusal> {
  if (!isAdmin(actor.membership.role)) return refuse(403, "forbidden", TWO_FACTOR_POLICY_TEXTS.adminsOnly);
  const { workspace } = actor.membership;
  if (required && workspace.twoFactorRequiredAt !== null) return { ok: true, requiredAt: workspace.twoFactorRequiredAt };
  if (required && !hasSecondFactor(actor.user)) return refuse(409, "two_factor_not_enabled", TWO_FACTOR_POLICY_TEXTS.ownFactorFirst);
  const requiredAt = required ? nowSeconds() : null;
  await updateWorkspace(db, workspace.id, { twoFactorRequiredAt: requiredAt });
  await recordAudit(db, actor, "security_settings_changed", workspace.id, { two_factor_required: required });
  return { ok: true, requiredAt };
}

/** What the workspace's voice-library settings say (decision 0061), for its page and the API. */
export function voiceLibrarySettings(actor: Actor): LibrarySettings {
  const { workspace } = actor.membership;
  return { membersAddLibraryVoices: workspace.membersAddLibraryVoices, membersPublishLibraryVoices: workspace.membersPublishLibraryVoices };
}

/**
 * Admins and members with the Workspace settings permission change the voice-library settings (each left out stays);
 * the settings as they now are.
 */
export async function updateVoiceLibrarySettings(db: Database, actor: Actor, change: Partial<LibrarySettings>): Promise<{ ok: true; settings: LibrarySettings } | WorkspaceRefusal> {
  if (!(await can(db, actor, "workspace_settings"))) return refuse(403, "forbidden", LIBRARY_SETTING_TEXTS.forbidden);
  await updateWorkspace(db, actor.membership.workspace.id, change);
  await recordAudit(db, actor, "voice_library_settings_changed", actor.membership.workspace.id, { members_can_add_library_voices: change.membersAddLibraryVoices, members_can_publish_library_voices: change.membersPublishLibraryVoices });
  const before = voiceLibrarySettings(actor);
  return { ok: true, settings: { membersAddLibraryVoices: change.membersAddLibraryVoices ?? before.membersAddLibraryVoices, membersPublishLibraryVoices: change.membersPublishLibraryVoices ?? before.membersPublishLibraryVoices } };
}

/** One person to invite in a batch: the line of the CSV (or the place in the API's list) reports its outcome. */
export type BatchInvite = { line: number; email: string; role: WorkspaceRole; groupIds: string[] };
/** A line not invited; a refusal by the server's rules also carries its API status. */
export type BatchError = BulkInviteError & { refusal?: WorkspaceRefusal };
export type BatchOutcome = { ok: true; invited: string[]; errors: BatchError[] } | WorkspaceRefusal;

/**
 * Invites each person in turn with the rules of a single invite (seats counted as they fill): the ones that pass
 * are invited, each refusal is reported for its line, and nothing is half-done for a refused line.
 */
export async function inviteMany(db: Database, actor: Actor, batch: BatchInvite[], mail: InviteMail, earlier: BulkInviteError[] = []): Promise<BatchOutcome> {
  if (!(await can(db, actor, "workspace_settings"))) return refuse(403, "forbidden", CANNOT_INVITE);
  const invited: string[] = [];
  const errors: BatchError[] = [...earlier];
  for (const row of batch) {
    const result = await inviteMember(db, actor, row.email, row.role, mail, row.groupIds);
    if (result.ok) invited.push(row.email);
    else errors.push({ line: row.line, email: row.email, message: result.message, refusal: result });
  }
  return { ok: true, invited, errors: errors.sort((a, b) => a.line - b.line) };
}

/** Bulk invites from a CSV's text (the members page): group names are this workspace's groups, by name. */
export async function inviteFromCsv(db: Database, actor: Actor, text: string, mail: InviteMail): Promise<BatchOutcome> {
  const parsed = parseBulkInvites(text);
  if (!parsed.ok) return refuse(400, "invalid_csv", parsed.message);
  const groups = new Map((await listGroups(db, actor.membership.workspace.id)).map((g) => [g.group.name.toLowerCase(), g.group.id]));
  const errors = [...parsed.errors];
  const batch: BatchInvite[] = [];
  for (const row of parsed.rows) {
    const groupId = row.group === null ? undefined : groups.get(row.group.toLowerCase());
    if (row.group !== null && !groupId) errors.push({ line: row.line, email: row.email, message: BULK_INVITE_TEXTS.unknownGroup(row.group) });
    else batch.push({ line: row.line, email: row.email, role: row.role, groupIds: groupId ? [groupId] : [] });
  }
  return inviteMany(db, actor, batch, mail, errors);
}

/** The owner hands the workspace to another admin member (by e-mail); the old owner stays an admin. */
export async function transferWorkspaceOwnership(db: Database, actor: Actor, email: string): Promise<Result> {
  const { workspace } = actor.membership;
  if (actor.user.id !== workspace.ownerId) return refuse(403, "forbidden", OWNERSHIP_TEXTS.ownerOnly);
  if (email === actor.user.email) return refuse(409, "already_owner", OWNERSHIP_TEXTS.self);
  const target = await findUserByEmail(db, email);
  const membership = target ? await findMembership(db, target.id, workspace.id) : undefined;
  if (!target || !membership || target.serviceAccountWorkspaceId) return refuse(404, "not_found", OWNERSHIP_TEXTS.notMember);
  if (!isAdmin(membership.role)) return refuse(409, "not_admin", OWNERSHIP_TEXTS.adminsOnly);
  if (!(await transferOwnership(db, workspace.id, actor.user.id, target.id))) return refuse(409, "conflict", OWNERSHIP_TEXTS.changed);
  await recordAudit(db, actor, "ownership_transferred", workspace.id, { from_user_id: actor.user.id, to_user_id: target.id, to_email: email });
  return { ok: true };
}
