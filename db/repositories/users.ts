import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { users, workspaceMembers, workspaces } from "../schema";

export type UserRow = typeof users.$inferSelect;
export type WorkspaceRow = typeof workspaces.$inferSelect;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: eq(users.email, normalizeEmail(email)) });
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

/**
 * Creates a user together with the workspace they own as admin, in one batch: either all three rows
 * exist afterwards or none does.
 */
export async function createUserWithWorkspace(
  db: Database,
  input: {
    userId: string;
    workspaceId: string;
    publicUserId: string;
    email: string;
    passwordHash: string;
    firstName?: string | null;
    ccpaOptOut: boolean;
    agreesToProductUpdates: boolean;
    geo: { country: string | null; region: string | null; city: string | null };
    trainingOptOut: boolean;
    referredBy?: string | null;
    emailVerifiedAt?: number | null;
  },
): Promise<void> {
  const email = normalizeEmail(input.email);
  await db.batch([
    db.insert(users).values({
      id: input.userId,
      email,
      passwordHash: input.passwordHash,
      firstName: input.firstName ?? null,
      publicUserId: input.publicUserId,
      activeWorkspaceId: input.workspaceId,
      ccpaOptOut: input.ccpaOptOut,
      agreesToProductUpdates: input.agreesToProductUpdates,
      geoCountry: input.geo.country,
      geoRegion: input.geo.region,
      geoCity: input.geo.city,
      referredBy: input.referredBy ?? null,
      emailVerifiedAt: input.emailVerifiedAt ?? null,
    }),
    db.insert(workspaces).values({
      id: input.workspaceId,
      name: input.firstName ? `${input.firstName}'s workspace` : `${email.split("@")[0]}'s workspace`,
      ownerId: input.userId,
      trainingOptOut: input.trainingOptOut,
    }),
    db.insert(workspaceMembers).values({ workspaceId: input.workspaceId, userId: input.userId, role: "admin" }),
  ]);
}

export async function updateUser(db: Database, id: string, values: Partial<Omit<UserRow, "id">>): Promise<void> {
  // Nothing to change is not an error (an API call may send no field at all).
  if (Object.values(values).every((v) => v === undefined)) return;
  await db.update(users).set(values).where(eq(users.id, id));
}

/** For a batch: deleting the user removes sessions, keys, memberships and codes by cascade. */
export function deleteUserStatement(db: Database, id: string) {
  return db.delete(users).where(eq(users.id, id));
}
