// The workspace's invite link (decision 0061): made, rotated and turned off by those who may invite; opened by a
// signed-in person with a verified address, who joins as an editor while it lasts and a seat is free.
import type { Database } from "../../db/client";
import { deleteInviteLink, findInvite, findInviteLink, findInviteLinkByCodeHash, findMembership, joinByInviteLink, seatUsage, upsertInviteLink } from "../../db/repositories/workspaces";
import { hasFreeSeat } from "../../core/workspace/roles";
import { nowSeconds } from "../../core/clock";
import { can, isServiceAccount, randomHex, sha256Hex, type Actor } from "~/accounts/accounts.server";
import { INVITE_TEXTS } from "~/workspace/rules/invites";
import { seatsFullMessage } from "~/workspace/rules/seats";
import { INVITE_LINK_CODE_BYTES, INVITE_LINK_TEXTS, inviteLinkExpiry, inviteLinkUrl, isInviteLinkCodeShape, isInviteLinkLive } from "~/workspace/rules/invite-links";
import type { WorkspaceRefusal } from "./workspace.server";
import { recordAudit } from "./audit-log.server";

const refuse = (httpStatus: WorkspaceRefusal["httpStatus"], status: string, message: string): WorkspaceRefusal => ({ ok: false, httpStatus, status, message });
const mayManage = async (db: Database, actor: Actor) => (await can(db, actor, "workspace_settings")) ? null : refuse(403, "forbidden", INVITE_LINK_TEXTS.forbidden);

/** What the members page and GET /v1/workspace/invite-link show of the link: never its code (shown once). */
export type InviteLinkState = { createdAt: number; expiresAt: number; live: boolean } | null;

export async function inviteLinkState(db: Database, actor: Actor): Promise<{ ok: true; link: InviteLinkState } | WorkspaceRefusal> {
  const denied = await mayManage(db, actor);
  if (denied) return denied;
  const link = await findInviteLink(db, actor.membership.workspace.id);
  return { ok: true, link: link ? { createdAt: link.createdAt, expiresAt: link.expiresAt, live: isInviteLinkLive(link, nowSeconds()) } : null };
}

/** Makes the workspace's link for `days`, replacing any earlier one (whose code stops working); the code is shown once. */
export async function createInviteLink(db: Database, actor: Actor, days: number, origin: string): Promise<{ ok: true; code: string; url: string; expiresAt: number } | WorkspaceRefusal> {
  const denied = await mayManage(db, actor);
  if (denied) return denied;
  const code = randomHex(INVITE_LINK_CODE_BYTES);
  const now = nowSeconds();
  const expiresAt = inviteLinkExpiry(now, days);
  await upsertInviteLink(db, { workspaceId: actor.membership.workspace.id, codeHash: await sha256Hex(code), createdBy: actor.user.id, createdAt: now, expiresAt });
  await recordAudit(db, actor, "invite_link_created", actor.membership.workspace.id, { expires_at_unix: expiresAt });
  return { ok: true, code, url: inviteLinkUrl(origin, code), expiresAt };
}

export async function revokeInviteLink(db: Database, actor: Actor): Promise<{ ok: true } | WorkspaceRefusal> {
  const denied = await mayManage(db, actor);
  if (denied) return denied;
  if (!(await deleteInviteLink(db, actor.membership.workspace.id))) return refuse(404, "not_found", INVITE_LINK_TEXTS.noLink);
  await recordAudit(db, actor, "invite_link_revoked", actor.membership.workspace.id);
  return { ok: true };
}

type LinkedWorkspace = { workspaceId: string; workspaceName: string };

/**
 * Why the actor may not join through `code`, or the workspace it would join (the join page shows it; nothing is
 * changed). The same checks as an e-mailed invite's (decision 0020): a verified address, then a live link, then not
 * yet a member, then a free seat.
 */
export async function previewInviteLink(db: Database, actor: Actor, code: string | null | undefined): Promise<({ ok: true } & LinkedWorkspace) | WorkspaceRefusal> {
  if (isServiceAccount(actor)) return refuse(403, "forbidden", INVITE_LINK_TEXTS.serviceAccount);
  if (actor.user.emailVerifiedAt === null) return refuse(403, "email_not_verified", INVITE_TEXTS.needsVerifiedEmail);
  const found = isInviteLinkCodeShape(code) ? await findInviteLinkByCodeHash(db, await sha256Hex(code)) : undefined;
  if (!found || !isInviteLinkLive(found.link, nowSeconds())) return refuse(404, "not_found", INVITE_LINK_TEXTS.notFound);
  const { workspaceId } = found.link;
  if (await findMembership(db, actor.user.id, workspaceId)) return refuse(409, "already_member", INVITE_LINK_TEXTS.alreadyMember);
  // An e-mailed invite carries its own role and groups: it is accepted with its own token, not turned into an editor's seat.
  if (await findInvite(db, workspaceId, actor.user.email)) return refuse(409, "invite_pending", INVITE_LINK_TEXTS.invitePending);
  const usage = await seatUsage(db, workspaceId);
  if (!hasFreeSeat(usage.members, usage.invites, found.maxSeats)) return refuse(403, "seat_limit_reached", seatsFullMessage(found.maxSeats));
  return { ok: true, workspaceId, workspaceName: found.workspaceName };
}

/** Joins the actor to the link's workspace as an editor; it becomes their active workspace. */
export async function joinWithInviteLink(db: Database, actor: Actor, code: string | null | undefined): Promise<({ ok: true } & LinkedWorkspace) | WorkspaceRefusal> {
  const check = await previewInviteLink(db, actor, code);
  if (!check.ok) return check;
  if (await joinByInviteLink(db, await sha256Hex(code!), actor.user.id, nowSeconds())) return check;
  // The guarded insert added nobody: the last seat went, or the link changed, a moment ago. Say which.
  const again = await previewInviteLink(db, actor, code);
  return again.ok ? refuse(409, "conflict", INVITE_LINK_TEXTS.notFound) : again;
}
