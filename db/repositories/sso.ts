import { and, desc, eq, isNotNull, lt, sql } from "drizzle-orm";
import type { Database } from "../client";
import { devDnsRecords, devOidcCodes, devOidcKeys, ssoSignInStates, users, workspaceDomains, workspaceIdentityProviders, workspaceMembers, workspaces } from "../schema";

export type IdentityProviderRow = typeof workspaceIdentityProviders.$inferSelect;
export type DomainRow = typeof workspaceDomains.$inferSelect;
export type SsoStateRow = typeof ssoSignInStates.$inferSelect;

export async function findIdentityProvider(db: Database, workspaceId: string): Promise<IdentityProviderRow | undefined> {
  return db.query.workspaceIdentityProviders.findFirst({ where: eq(workspaceIdentityProviders.workspaceId, workspaceId) });
}

export async function upsertIdentityProvider(db: Database, row: Omit<typeof workspaceIdentityProviders.$inferInsert, "createdAt">): Promise<void> {
  const { workspaceId: _id, ...changes } = row;
  await db
    .insert(workspaceIdentityProviders)
    .values(row)
    .onConflictDoUpdate({ target: workspaceIdentityProviders.workspaceId, set: { ...changes, updatedAt: sql`unixepoch()` } });
}

export async function updateIdentityProvider(db: Database, workspaceId: string, changes: Partial<Omit<IdentityProviderRow, "workspaceId">>): Promise<void> {
  await db
    .update(workspaceIdentityProviders)
    .set({ ...changes, updatedAt: sql`unixepoch()` })
    .where(eq(workspaceIdentityProviders.workspaceId, workspaceId));
}

export async function deleteIdentityProvider(db: Database, workspaceId: string): Promise<boolean> {
  const deleted = await db.delete(workspaceIdentityProviders).where(eq(workspaceIdentityProviders.workspaceId, workspaceId)).returning({ id: workspaceIdentityProviders.workspaceId });
  return deleted.length > 0;
}

export async function listDomains(db: Database, workspaceId: string): Promise<DomainRow[]> {
  return db.select().from(workspaceDomains).where(eq(workspaceDomains.workspaceId, workspaceId)).orderBy(workspaceDomains.domain);
}

export async function findDomain(db: Database, workspaceId: string, domain: string): Promise<DomainRow | undefined> {
  return db.query.workspaceDomains.findFirst({ where: and(eq(workspaceDomains.workspaceId, workspaceId), eq(workspaceDomains.domain, domain)) });
}

/** Adds a domain with its token; an existing row keeps its token (the published record stays right). */
export async function addDomain(db: Database, row: { workspaceId: string; domain: string; verificationToken: string }): Promise<DomainRow> {
  await db.insert(workspaceDomains).values(row).onConflictDoNothing();
  return (await findDomain(db, row.workspaceId, row.domain))!;
}

/** Marks a domain verified; false when another workspace verified it first (the unique index says so). */
export async function markDomainVerified(db: Database, workspaceId: string, domain: string, at: number): Promise<boolean> {
  try {
    await db.update(workspaceDomains).set({ verifiedAt: at }).where(and(eq(workspaceDomains.workspaceId, workspaceId), eq(workspaceDomains.domain, domain)));
    return true;
  } catch {
    return false;
  }
}

export async function deleteDomain(db: Database, workspaceId: string, domain: string): Promise<boolean> {
  const deleted = await db.delete(workspaceDomains).where(and(eq(workspaceDomains.workspaceId, workspaceId), eq(workspaceDomains.domain, domain))).returning({ d: workspaceDomains.domain });
  return deleted.length > 0;
}

/** The workspace that verified a domain, with its identity provider if it has one. */
export async function findVerifiedDomain(db: Database, domain: string) {
  const [row] = await db
    .select({ domain: workspaceDomains, workspaceName: workspaces.name, ownerId: workspaces.ownerId, maxSeats: workspaces.maxSeats, provider: workspaceIdentityProviders })
    .from(workspaceDomains)
    .innerJoin(workspaces, eq(workspaces.id, workspaceDomains.workspaceId))
    .leftJoin(workspaceIdentityProviders, eq(workspaceIdentityProviders.workspaceId, workspaceDomains.workspaceId))
    .where(and(eq(workspaceDomains.domain, domain), isNotNull(workspaceDomains.verifiedAt)))
    .limit(1);
  return row;
}

export async function storeSsoState(db: Database, row: Omit<SsoStateRow, "createdAt">): Promise<void> {
  await db.batch([db.delete(ssoSignInStates).where(lt(ssoSignInStates.expiresAt, sql`unixepoch()`)), db.insert(ssoSignInStates).values(row)]);
}

/** Takes a state out (single use): a second callback with the same state finds nothing. */
export async function consumeSsoState(db: Database, stateHash: string, now: number): Promise<SsoStateRow | undefined> {
  const [row] = await db.delete(ssoSignInStates).where(eq(ssoSignInStates.stateHash, stateHash)).returning();
  return row && row.expiresAt > now ? row : undefined;
}

/** Creates an account that signs in only through its workspace's identity provider, as a member of it. */
export async function createProvisionedUser(
  db: Database,
  input: { userId: string; publicUserId: string; email: string; firstName: string | null; workspaceId: string; emailVerifiedAt: number },
): Promise<void> {
  await db.batch([
    db.insert(users).values({
      id: input.userId,
      email: input.email,
      // No password: "!" is no hash any password matches (as for service accounts).
      passwordHash: "!",
      firstName: input.firstName,
      publicUserId: input.publicUserId,
      activeWorkspaceId: input.workspaceId,
      emailVerifiedAt: input.emailVerifiedAt,
    }),
    db.insert(workspaceMembers).values({ workspaceId: input.workspaceId, userId: input.userId, role: "editor" }),
  ]);
}

export async function addProvisionedMember(db: Database, workspaceId: string, userId: string): Promise<void> {
  await db.batch([
    db.insert(workspaceMembers).values({ workspaceId, userId, role: "editor" }).onConflictDoNothing(),
    db.update(users).set({ activeWorkspaceId: workspaceId }).where(eq(users.id, userId)),
  ]);
}

// ---- development stand-ins ----

export async function devOidcKey(db: Database) {
  return db.query.devOidcKeys.findFirst({ orderBy: desc(devOidcKeys.createdAt) });
}

export async function storeDevOidcKey(db: Database, row: Omit<typeof devOidcKeys.$inferSelect, "createdAt">): Promise<void> {
  await db.insert(devOidcKeys).values(row).onConflictDoNothing();
}

export async function storeDevOidcCode(db: Database, row: typeof devOidcCodes.$inferSelect): Promise<void> {
  await db.insert(devOidcCodes).values(row);
}

export async function consumeDevOidcCode(db: Database, codeHash: string) {
  const [row] = await db.delete(devOidcCodes).where(eq(devOidcCodes.codeHash, codeHash)).returning();
  return row;
}

export async function devDnsAnswers(db: Database, name: string, type: string) {
  return db.select().from(devDnsRecords).where(and(eq(devDnsRecords.name, name), eq(devDnsRecords.type, type)));
}

export async function listDevDnsRecords(db: Database) {
  return db.select().from(devDnsRecords).orderBy(desc(devDnsRecords.createdAt)).limit(50);
}

export async function putDevDnsRecord(db: Database, row: { name: string; type: string; value: string }): Promise<void> {
  await db.insert(devDnsRecords).values(row).onConflictDoNothing();
}

export async function deleteDevDnsRecord(db: Database, row: { name: string; type: string; value: string }): Promise<void> {
  await db.delete(devDnsRecords).where(and(eq(devDnsRecords.name, row.name), eq(devDnsRecords.type, row.type), eq(devDnsRecords.value, row.value)));
}
