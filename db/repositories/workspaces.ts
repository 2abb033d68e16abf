import { and, count, eq, exists, gt, inArray, isNull, sql } from "drizzle-orm";
import type { WorkspaceRole } from "../../core/workspace/roles";
import type { Database } from "../client";
import { users, workspaceGroupMembers, workspaceGroups, workspaceInviteLinks, workspaceInvites, workspaceMembers, workspaces } from "../schema";

export type { WorkspaceRole };
export type Membership = { workspace: typeof workspaces.$inferSelect; role: WorkspaceRole };

/** The caller's membership of one workspace; undefined when they are not a member (never someone else's data). */
export async function findMembership(db: Database, userId: string, workspaceId: string): Promise<Membership | undefined> {
  const rows = await db
    .select({ workspace: workspaces, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.workspaceId, workspaceId)))
    .limit(1);
  return rows[0];
}

export async function listMemberships(db: Database, userId: string): Promise<Membership[]> {
  return db
    .select({ workspace: workspaces, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId));
}

export async function updateWorkspace(
  db: Database,
  workspaceId: string,
  values: Partial<Omit<typeof workspaces.$inferSelect, "id" | "ownerId">>,
): Promise<void> {
  // Nothing to change is not an error (an API call may send no field at all).
  if (Object.values(values).every((v) => v === undefined)) return;
  await db.update(workspaces).set(values).where(eq(workspaces.id, workspaceId));
}

/** The ids of the workspaces a user owns. */
export async function ownedWorkspaceIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.ownerId, userId));
  return rows.map((row) => row.id);
}

/** For a batch: deleting the workspaces a user owns; what belongs to them follows by cascade. */
export function deleteOwnedWorkspacesStatement(db: Database, userId: string) {
  return db.delete(workspaces).where(eq(workspaces.ownerId, userId));
}

export async function listMembers(db: Database, workspaceId: string) {
  return db
    .select({ userId: users.id, email: users.email, firstName: users.firstName, role: workspaceMembers.role, joinedAt: workspaceMembers.joinedAt, mutedNotifications: workspaceMembers.mutedNotifications })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    // Service accounts are members too, but not people: they take no seat and are listed on their own page.
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), isNull(users.serviceAccountWorkspaceId)))
    .orderBy(workspaceMembers.joinedAt, users.email);
}

/** Which of these user ids are members of the workspace. */
export async function memberIdsAmong(db: Database, workspaceId: string, userIds: string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.userId, userIds)));
  return new Set(rows.map((r) => r.userId));
}

/** The members (people, not service accounts) with no second factor: neither an authenticator app nor texted codes. */
export async function membersWithoutSecondFactor(db: Database, workspaceId: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), isNull(users.serviceAccountWorkspaceId), isNull(users.totpEnabledAt), isNull(users.smsEnabledAt)))
    // Members who joined in the same second come in address order, so the list is stable.
    .orderBy(workspaceMembers.joinedAt, users.email);
  return rows.map((row) => row.email);
}

export async function seatUsage(db: Database, workspaceId: string): Promise<{ members: number; invites: number }> {
  const [[members], [invites]] = await Promise.all([
    db
      .select({ n: count() })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), isNull(users.serviceAccountWorkspaceId))),
    db.select({ n: count() }).from(workspaceInvites).where(eq(workspaceInvites.workspaceId, workspaceId)),
  ]);
  return { members: members?.n ?? 0, invites: invites?.n ?? 0 };
}

export async function listInvites(db: Database, workspaceId: string) {
  return db.select().from(workspaceInvites).where(eq(workspaceInvites.workspaceId, workspaceId));
}

export type InviteRow = typeof workspaceInvites.$inferSelect;

/** The workspace's pending invite for an address, if any. */
export async function findInvite(db: Database, workspaceId: string, email: string): Promise<InviteRow | undefined> {
  return db.query.workspaceInvites.findFirst({ where: and(eq(workspaceInvites.workspaceId, workspaceId), eq(workspaceInvites.email, email)) });
}

/**
 * Invites an address, or invites it again: a pending invite of the same workspace and address takes the new
 * role, inviter and token (so the earlier e-mail's link stops working), and keeps its id.
 */
export async function upsertInvite(db: Database, invite: Omit<typeof workspaceInvites.$inferInsert, "createdAt"> & { tokenHash: string }): Promise<void> {
  await db
    .insert(workspaceInvites)
    .values(invite)
    .onConflictDoUpdate({
      target: [workspaceInvites.workspaceId, workspaceInvites.email],
      set: { role: invite.role, invitedBy: invite.invitedBy, tokenHash: invite.tokenHash, groupIds: invite.groupIds ?? null },
    });
}

/** The invite a token was issued for, with its workspace's name; undefined for an unknown or replaced token. */
export async function findInviteByTokenHash(db: Database, tokenHash: string): Promise<{ invite: InviteRow; workspaceName: string } | undefined> {
  const rows = await db
    .select({ invite: workspaceInvites, workspaceName: workspaces.name })
    .from(workspaceInvites)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvites.workspaceId))
    .where(eq(workspaceInvites.tokenHash, tokenHash))
    .limit(1);
  return rows[0];
}

/** Invites waiting for an e-mail address, with the inviting workspace's name. */
export async function invitesForEmail(db: Database, email: string) {
  return db
    .select({ invite: workspaceInvites, workspaceName: workspaces.name })
    .from(workspaceInvites)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvites.workspaceId))
    .where(eq(workspaceInvites.email, email));
}

/** The group ids an invite carries ("" when none: matches no group, keeping the statement in the batch). */
function inviteGroupIds(invite: InviteRow): string[] {
  const ids: unknown = invite.groupIds ? JSON.parse(invite.groupIds) : [];
  const valid = Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
  return valid.length ? valid : [""];
}

/**
 * Accepting turns the invite into a membership and makes it the user's active workspace, in one batch. Every
 * statement reads the invite row itself, so an invite cancelled (or accepted) a moment earlier adds nobody;
 * false then.
 */
export async function acceptInvite(db: Database, invite: InviteRow, userId: string): Promise<boolean> {
  const stillPending = db.select({ id: workspaceInvites.id }).from(workspaceInvites).where(eq(workspaceInvites.id, invite.id));
  const [, , , deleted] = await db.batch([
    db
      .insert(workspaceMembers)
      .select(
        db
          .select({
            workspaceId: workspaceInvites.workspaceId,
            userId: sql<string>`${userId}`.as("user_id"),
            role: workspaceInvites.role,
            joinedAt: sql<number>`unixepoch()`.as("joined_at"),
            // A new member shares nothing by default until they choose (decision 0039).
            defaultSharing: sql<string | null>`NULL`.as("default_sharing"),
            mutedNotifications: sql<string | null>`NULL`.as("muted_notifications"),
          })
          .from(workspaceInvites)
          .where(eq(workspaceInvites.id, invite.id)),
      )
      .onConflictDoNothing(),
    db.update(users).set({ activeWorkspaceId: invite.workspaceId }).where(and(eq(users.id, userId), exists(stillPending))),
    // The invite's groups, those still of its workspace (a group deleted since is skipped). Its token names this
    // invite row, so these are the groups the e-mailed invite was sent with.
    db
      .insert(workspaceGroupMembers)
      .select(
        db
          .select({ groupId: workspaceGroups.id, userId: sql<string>`${userId}`.as("user_id"), addedAt: sql<number>`unixepoch()`.as("added_at") })
          .from(workspaceGroups)
          .where(and(inArray(workspaceGroups.id, inviteGroupIds(invite)), eq(workspaceGroups.workspaceId, invite.workspaceId), exists(stillPending))),
      )
      .onConflictDoNothing(),
    db.delete(workspaceInvites).where(eq(workspaceInvites.id, invite.id)).returning({ id: workspaceInvites.id }),
  ]);
  return deleted.length > 0;
}

export async function deleteInvite(db: Database, workspaceId: string, email: string): Promise<boolean> {
  const deleted = await db
    .delete(workspaceInvites)
    .where(and(eq(workspaceInvites.workspaceId, workspaceId), eq(workspaceInvites.email, email)))
    .returning({ id: workspaceInvites.id });
  return deleted.length > 0;
}

export async function removeMember(db: Database, workspaceId: string, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .returning({ userId: workspaceMembers.userId });
  return deleted.length > 0;
}

/** A member's role in the workspace; false when they are not a member. */
export async function setMemberRole(db: Database, workspaceId: string, userId: string, role: WorkspaceRole): Promise<boolean> {
  const updated = await db
    .update(workspaceMembers)
    .set({ role })
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .returning({ userId: workspaceMembers.userId });
  return updated.length > 0;
}

/**
 * Hands the workspace to another member, who becomes its owner and an admin, in one batch; the old owner stays an
 * admin member. Only when `fromUserId` still owns it and the new owner is still an admin member of it: false else.
 */
export async function transferOwnership(db: Database, workspaceId: string, fromUserId: string, toUserId: string): Promise<boolean> {
  const [updated] = await db.batch([
    db
      .update(workspaces)
      .set({ ownerId: toUserId })
      .where(
        and(
          eq(workspaces.id, workspaceId),
          eq(workspaces.ownerId, fromUserId),
          exists(db.select({ one: sql`1` }).from(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, toUserId), eq(workspaceMembers.role, "admin")))),
        ),
      )
      .returning({ id: workspaces.id }),
    db.update(workspaceMembers).set({ role: "admin" }).where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, fromUserId))),
  ]);
  return updated.length > 0;
}

/** The event types a member has turned notifications off for (JSON text; null: none). */
export async function mutedNotificationsOf(db: Database, workspaceId: string, userId: string): Promise<string | null> {
  const rows = await db.select({ muted: workspaceMembers.mutedNotifications }).from(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId))).limit(1);
  return rows[0]?.muted ?? null;
}

export async function setMutedNotifications(db: Database, workspaceId: string, userId: string, muted: string | null): Promise<void> {
  await db.update(workspaceMembers).set({ mutedNotifications: muted }).where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
}

// The workspace's invite link (decision 0061): one row per workspace, found by its code's hash.

export type InviteLinkRow = typeof workspaceInviteLinks.$inferSelect;

/** Makes the workspace's link, or replaces it (rotating: the earlier code stops working). */
export async function upsertInviteLink(db: Database, link: InviteLinkRow): Promise<void> {
  await db
    .insert(workspaceInviteLinks)
    .values(link)
    .onConflictDoUpdate({ target: workspaceInviteLinks.workspaceId, set: { codeHash: link.codeHash, createdBy: link.createdBy, createdAt: link.createdAt, expiresAt: link.expiresAt } });
}

export async function findInviteLink(db: Database, workspaceId: string): Promise<InviteLinkRow | undefined> {
  return db.query.workspaceInviteLinks.findFirst({ where: eq(workspaceInviteLinks.workspaceId, workspaceId) });
}

/** The link a code's hash names, with its workspace's name and seats; undefined for an unknown or replaced code. */
export async function findInviteLinkByCodeHash(db: Database, codeHash: string): Promise<{ link: InviteLinkRow; workspaceName: string; maxSeats: number } | undefined> {
  const rows = await db
    .select({ link: workspaceInviteLinks, workspaceName: workspaces.name, maxSeats: workspaces.maxSeats })
    .from(workspaceInviteLinks)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInviteLinks.workspaceId))
    .where(eq(workspaceInviteLinks.codeHash, codeHash))
    .limit(1);
  return rows[0];
}

export async function deleteInviteLink(db: Database, workspaceId: string): Promise<boolean> {
  const deleted = await db.delete(workspaceInviteLinks).where(eq(workspaceInviteLinks.workspaceId, workspaceId)).returning({ id: workspaceInviteLinks.workspaceId });
  return deleted.length > 0;
}

/**
 * Joins a user to the workspace of a live link as an editor and makes it their active workspace, in one batch. The
 * insert itself reads the link (still this code, not expired) and the seats (people and pending invites below
 * max_seats), so a link rotated or a seat taken a moment earlier adds nobody: false then.
 */
export async function joinByInviteLink(db: Database, codeHash: string, userId: string, now: number): Promise<boolean> {
  const seatsTaken = sql`(SELECT count(*) FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = ${workspaces.id} AND u.service_account_workspace_id IS NULL)
    + (SELECT count(*) FROM workspace_invites i WHERE i.workspace_id = ${workspaces.id})`;
  const [inserted] = await db.batch([
    db
      .insert(workspaceMembers)
      .select(
        db
          .select({
            workspaceId: workspaceInviteLinks.workspaceId,
            userId: sql<string>`${userId}`.as("user_id"),
            role: sql<"editor">`'editor'`.as("role"),
            joinedAt: sql<number>`unixepoch()`.as("joined_at"),
            defaultSharing: sql<string | null>`NULL`.as("default_sharing"),
            mutedNotifications: sql<string | null>`NULL`.as("muted_notifications"),
          })
          .from(workspaceInviteLinks)
          .innerJoin(workspaces, eq(workspaces.id, workspaceInviteLinks.workspaceId))
          .where(and(eq(workspaceInviteLinks.codeHash, codeHash), gt(workspaceInviteLinks.expiresAt, now), sql`${seatsTaken} < ${workspaces.maxSeats}`)),
      )
      .onConflictDoNothing()
      .returning({ workspaceId: workspaceMembers.workspaceId }),
    db
      .update(users)
      .set({ activeWorkspaceId: sql`(SELECT workspace_id FROM workspace_invite_links WHERE code_hash = ${codeHash})` })
      .where(and(eq(users.id, userId), exists(db.select({ one: sql`1` }).from(workspaceInviteLinks).innerJoin(workspaceMembers, and(eq(workspaceMembers.workspaceId, workspaceInviteLinks.workspaceId), eq(workspaceMembers.userId, userId))).where(eq(workspaceInviteLinks.codeHash, codeHash))))),
  ]);
  return inserted.length > 0;
}
