// Direct publishing's and public profiles' SQL: reads, collections, daily listening counts, profile handles.
import { and, asc, desc, eq, gt, gte, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../client";
import { profileHandleRedirects, publishingCollectionReads, publishingCollections, publishingReadDailyStats, publishingReadTerms, publishingReads, users, voices } from "../schema";

export type ReadRow = typeof publishingReads.$inferSelect;
export type ReadInsert = typeof publishingReads.$inferInsert;
export type CollectionRow = typeof publishingCollections.$inferSelect;
export type ReadStatsRow = typeof publishingReadDailyStats.$inferSelect;

export async function insertRead(db: Database, read: ReadInsert): Promise<void> {
  await db.insert(publishingReads).values(read);
}

export async function findRead(db: Database, workspaceId: string, readId: string): Promise<ReadRow | undefined> {
  return db.select().from(publishingReads).where(and(eq(publishingReads.workspaceId, workspaceId), eq(publishingReads.id, readId))).get();
}

export async function findReadOfProject(db: Database, projectId: string): Promise<ReadRow | undefined> {
  return db.select().from(publishingReads).where(eq(publishingReads.projectId, projectId)).get();
}

export async function listReads(db: Database, workspaceId: string): Promise<ReadRow[]> {
  return db.select().from(publishingReads).where(eq(publishingReads.workspaceId, workspaceId)).orderBy(desc(publishingReads.createdAt), desc(publishingReads.id));
}

/** Moves a read from `from` to a new state (with the patch) only if it is still in `from`: false when it was not. */
export async function moveRead(db: Database, workspaceId: string, readId: string, from: ReadRow["state"], patch: Partial<ReadInsert>): Promise<boolean> {
  const result = await db
    .update(publishingReads)
    .set({ ...patch, updatedAt: sql`(unixepoch())` })
    .where(and(eq(publishingReads.workspaceId, workspaceId), eq(publishingReads.id, readId), eq(publishingReads.state, from)))
    .returning({ id: publishingReads.id });
  return result.length === 1;
}

export async function countReadsIn(db: Database, workspaceId: string, states: readonly ReadRow["state"][]): Promise<number> {
  const row = await db.select({ n: sql<number>`count(*)` }).from(publishingReads).where(and(eq(publishingReads.workspaceId, workspaceId), inArray(publishingReads.state, [...states]))).get();
  return row?.n ?? 0;
}

// The public side: published reads only.

export async function findPublishedRead(db: Database, readId: string): Promise<ReadRow | undefined> {
  return db.select().from(publishingReads).where(and(eq(publishingReads.id, readId), eq(publishingReads.state, "published"))).get();
}

export async function listPublishedReads(db: Database, limit: number, submittedBy?: string): Promise<ReadRow[]> {
  const published = eq(publishingReads.state, "published");
  return db
    .select()
    .from(publishingReads)
    .where(submittedBy ? and(published, eq(publishingReads.submittedByUserId, submittedBy)) : published)
    .orderBy(desc(publishingReads.publishedAt), desc(publishingReads.id))
    .limit(limit);
}

// The catalogue's search index (decision 0056).

/** Replaces a read's index rows in one batch (in chunks: D1 binds at most 100 values a statement). */
export async function replaceReadTerms(db: Database, readId: string, terms: { field: string; term: string }[]): Promise<void> {
  const rows = terms.map((t) => ({ readId, ...t }));
  const chunks = Array.from({ length: Math.ceil(rows.length / 30) }, (_, i) => rows.slice(i * 30, i * 30 + 30));
  await db.batch([db.delete(publishingReadTerms).where(eq(publishingReadTerms.readId, readId)), ...chunks.map((chunk) => db.insert(publishingReadTerms).values(chunk).onConflictDoNothing())]);
}

/** Published reads not in the index yet (submitted before it existed). */
export async function unindexedPublishedReads(db: Database, limit: number): Promise<ReadRow[]> {
  return db
    .select()
    .from(publishingReads)
    .where(and(eq(publishingReads.state, "published"), sql`NOT EXISTS (SELECT 1 FROM ${publishingReadTerms} WHERE ${publishingReadTerms.readId} = ${publishingReads.id})`))
    .limit(limit);
}

export type TermRange = { fields: string[]; from: string; to: string };

/**
 * Published reads matching every range (a word prefix in the given fields), the genre and the language, newest first.
 * Each range is a primary-key range scan of the index; the language filter uses publishing_reads_language.
 */
export async function searchPublishedReads(db: Database, search: { ranges: TermRange[]; genre: string | null; language: string | null }, limit: number): Promise<ReadRow[]> {
  const conditions = [eq(publishingReads.state, "published")];
  for (const range of search.ranges) {
    conditions.push(
      inArray(
        publishingReads.id,
        db
          .select({ id: publishingReadTerms.readId })
          .from(publishingReadTerms)
          .where(and(inArray(publishingReadTerms.field, range.fields), gte(publishingReadTerms.term, range.from), lt(publishingReadTerms.term, range.to))),
      ),
    );
  }
  if (search.genre) conditions.push(inArray(publishingReads.id, db.select({ id: publishingReadTerms.readId }).from(publishingReadTerms).where(and(eq(publishingReadTerms.field, "genre"), eq(publishingReadTerms.term, search.genre)))));
  if (search.language) conditions.push(eq(publishingReads.language, search.language));
  return db.select().from(publishingReads).where(and(...conditions)).orderBy(desc(publishingReads.publishedAt), desc(publishingReads.id)).limit(limit);
}

/** The genres (as written) and languages the published reads have, for the catalogue's filters. */
export async function catalogueFacets(db: Database): Promise<{ genres: string[]; languages: string[] }> {
  const [genres, languages] = await db.batch([
    db.selectDistinct({ genre: sql<string>`g.value` }).from(sql`${publishingReads}, json_each(${publishingReads.genres}) AS g`).where(eq(publishingReads.state, "published")).orderBy(sql`1`).limit(100),
    db.selectDistinct({ language: publishingReads.language }).from(publishingReads).where(and(eq(publishingReads.state, "published"), sql`${publishingReads.language} IS NOT NULL`)).orderBy(publishingReads.language).limit(100),
  ]);
  return { genres: genres.map((g) => g.genre), languages: languages.flatMap((l) => (l.language ? [l.language] : [])) };
}

// Collections.

export async function insertCollection(db: Database, collection: CollectionRow, readIds: string[]): Promise<void> {
  const rows = readIds.map((readId, position) => ({ collectionId: collection.id, readId, position }));
  await db.batch([db.insert(publishingCollections).values(collection), ...(rows.length ? [db.insert(publishingCollectionReads).values(rows)] : [])]);
}

export async function listCollections(db: Database, workspaceId: string): Promise<CollectionRow[]> {
  return db.select().from(publishingCollections).where(eq(publishingCollections.workspaceId, workspaceId)).orderBy(asc(publishingCollections.createdAt), asc(publishingCollections.id));
}

export async function findCollection(db: Database, collectionId: string): Promise<CollectionRow | undefined> {
  return db.select().from(publishingCollections).where(eq(publishingCollections.id, collectionId)).get();
}

export async function deleteCollection(db: Database, workspaceId: string, collectionId: string): Promise<boolean> {
  const result = await db.delete(publishingCollections).where(and(eq(publishingCollections.workspaceId, workspaceId), eq(publishingCollections.id, collectionId))).returning({ id: publishingCollections.id });
  return result.length === 1;
}

/** A collection's reads in order; only the published ones when `publishedOnly`. */
export async function collectionReads(db: Database, collectionId: string, publishedOnly: boolean): Promise<ReadRow[]> {
  const rows = await db
    .select({ read: publishingReads })
    .from(publishingCollectionReads)
    .innerJoin(publishingReads, eq(publishingReads.id, publishingCollectionReads.readId))
    .where(publishedOnly ? and(eq(publishingCollectionReads.collectionId, collectionId), eq(publishingReads.state, "published")) : eq(publishingCollectionReads.collectionId, collectionId))
    .orderBy(asc(publishingCollectionReads.position));
  return rows.map((r) => r.read);
}

/** Collections (of any workspace) holding at least one published read, newest first, for the catalogue. */
export async function listPublicCollections(db: Database, limit: number): Promise<CollectionRow[]> {
  return db
    .selectDistinct({ id: publishingCollections.id, workspaceId: publishingCollections.workspaceId, name: publishingCollections.name, createdAt: publishingCollections.createdAt })
    .from(publishingCollections)
    .innerJoin(publishingCollectionReads, eq(publishingCollectionReads.collectionId, publishingCollections.id))
    .innerJoin(publishingReads, eq(publishingReads.id, publishingCollectionReads.readId))
    .where(eq(publishingReads.state, "published"))
    .orderBy(desc(publishingCollections.createdAt), desc(publishingCollections.id))
    .limit(limit);
}

// Metrics.

export async function addStats(db: Database, readId: string, day: string, add: { listens: number; listenMs: number; completions: number }): Promise<void> {
  await db
    .insert(publishingReadDailyStats)
    .values({ readId, day, ...add })
    .onConflictDoUpdate({
      target: [publishingReadDailyStats.readId, publishingReadDailyStats.day],
      set: {
        listens: sql`${publishingReadDailyStats.listens} + ${add.listens}`,
        listenMs: sql`${publishingReadDailyStats.listenMs} + ${add.listenMs}`,
        completions: sql`${publishingReadDailyStats.completions} + ${add.completions}`,
      },
    });
}

export async function statsSince(db: Database, readId: string, fromDay: string): Promise<ReadStatsRow[]> {
  return db.select().from(publishingReadDailyStats).where(and(eq(publishingReadDailyStats.readId, readId), gte(publishingReadDailyStats.day, fromDay))).orderBy(asc(publishingReadDailyStats.day));
}

/** Finished days with completed listens of the reads a person submitted: what their publishing earnings count. */
export async function completedListensBefore(db: Database, userId: string, beforeDay: string): Promise<{ readId: string; title: string; day: string; completions: number }[]> {
  return db
    .select({ readId: publishingReadDailyStats.readId, title: publishingReads.title, day: publishingReadDailyStats.day, completions: publishingReadDailyStats.completions })
    .from(publishingReadDailyStats)
    .innerJoin(publishingReads, eq(publishingReads.id, publishingReadDailyStats.readId))
    .where(and(eq(publishingReads.submittedByUserId, userId), lt(publishingReadDailyStats.day, beforeDay), gt(publishingReadDailyStats.completions, 0)))
    .orderBy(asc(publishingReadDailyStats.day));
}

// Terms and profiles.

export async function agreeToTerms(db: Database, userId: string, at: number): Promise<void> {
  await db.update(users).set({ publishingTermsAgreedAt: at }).where(eq(users.id, userId));
}

export async function findUserByHandle(db: Database, handle: string) {
  return db.select({ id: users.id, handle: users.profilePageHandle, firstName: users.firstName, publicUserName: users.publicUserName, createdAt: users.createdAt }).from(users).where(eq(users.profilePageHandle, handle)).get();
}

export async function findHandleRedirect(db: Database, handle: string, now: number) {
  return db
    .select({ handle: users.profilePageHandle })
    .from(profileHandleRedirects)
    .innerJoin(users, eq(users.id, profileHandleRedirects.userId))
    .where(and(eq(profileHandleRedirects.handle, handle), gte(profileHandleRedirects.redirectUntil, now)))
    .get();
}

/** Who holds a handle now or keeps it as a recent old one (the holder's id), if anyone. */
export async function handleHolder(db: Database, handle: string, now: number): Promise<string | null> {
  const current = await db.select({ id: users.id }).from(users).where(eq(users.profilePageHandle, handle)).get();
  if (current) return current.id;
  const old = await db.select({ id: profileHandleRedirects.userId }).from(profileHandleRedirects).where(and(eq(profileHandleRedirects.handle, handle), gte(profileHandleRedirects.redirectUntil, now))).get();
  return old?.id ?? null;
}

/**
 * Sets a person's handle. The old one redirects until `redirectUntil`; taking back one's own old handle removes
 * its redirect, and an expired redirect of the new handle is dropped so the row can be reused. Returns false when
 * the unique index refused the handle (someone took it at the same moment).
 */
export async function setHandle(db: Database, userId: string, oldHandle: string | null, handle: string, redirectUntil: number): Promise<boolean> {
  try {
    await db.batch([
      db.delete(profileHandleRedirects).where(eq(profileHandleRedirects.handle, handle)),
      db.update(users).set({ profilePageHandle: handle }).where(eq(users.id, userId)),
      ...(oldHandle && oldHandle !== handle
        ? [db.insert(profileHandleRedirects).values({ handle: oldHandle, userId, redirectUntil }).onConflictDoUpdate({ target: profileHandleRedirects.handle, set: { userId, redirectUntil } })]
        : []),
    ]);
    return true;
  } catch (error) {
    if (String(error).includes("UNIQUE")) return false;
    throw error;
  }
}

/** The person's voices shared in the library (they made them and they are listed). */
export async function sharedVoicesBy(db: Database, userId: string, statuses: readonly string[]) {
  return db
    .select({ voiceId: voices.voiceId, name: voices.name, description: voices.description, publicOwnerId: voices.publicOwnerId, previewKey: voices.previewKey })
    .from(voices)
    .where(and(eq(voices.createdByUserId, userId), inArray(voices.sharingStatus, statuses as never)))
    .orderBy(desc(voices.sharedAt));
}
