// The knowledge base beyond adding and reading documents (decision 0065): folders, moves, a document's passages
// (the lexical index) page by page, replacing a document's text, links to source files and crawls.
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../client";
import { knowledgeChunks, knowledgeCrawls, knowledgeDocuments, knowledgeSourceLinks } from "../schema";
import { likePattern, type KnowledgeDocumentRow } from "./agents";

export type KnowledgeCrawlRow = typeof knowledgeCrawls.$inferSelect;
export type FolderRow = { id: string; name: string; parentFolderId: string | null };

/** Every folder of a workspace (few): their paths and descendants are worked out from this. */
export async function listFolders(db: Database, workspaceId: string): Promise<FolderRow[]> {
  return db
    .select({ id: knowledgeDocuments.id, name: knowledgeDocuments.name, parentFolderId: knowledgeDocuments.parentFolderId })
    .from(knowledgeDocuments)
    .where(and(eq(knowledgeDocuments.workspaceId, workspaceId), eq(knowledgeDocuments.type, "folder")));
}

/** Per folder: its direct children (documents and folders) and, of those, the documents. */
export async function folderCounts(db: Database, workspaceId: string, folderIds: string[]): Promise<Map<string, { children: number; documents: number }>> {
  if (!folderIds.length) return new Map();
  const rows = await db
    .select({ folderId: knowledgeDocuments.parentFolderId, type: knowledgeDocuments.type, n: count() })
    .from(knowledgeDocuments)
    .where(and(eq(knowledgeDocuments.workspaceId, workspaceId), inArray(knowledgeDocuments.parentFolderId, folderIds)))
    .groupBy(knowledgeDocuments.parentFolderId, knowledgeDocuments.type);
  const counts = new Map<string, { children: number; documents: number }>();
  for (const row of rows) {
    const entry = counts.get(row.folderId!) ?? { children: 0, documents: 0 };
    entry.children += row.n;
    if (row.type !== "folder") entry.documents += row.n;
    counts.set(row.folderId!, entry);
  }
  return counts;
}

/** A workspace's documents with the list's filters, newest first (or oldest first); the cursor is a created_at. */
export async function listKnowledge(
  db: Database,
  workspaceId: string,
  query: { pageSize: number; search?: string; before?: number; after?: number; folderIds?: (string | null)[]; types?: string[]; createdBy?: string; ascending?: boolean },
): Promise<KnowledgeDocumentRow[]> {
  const conditions = [eq(knowledgeDocuments.workspaceId, workspaceId)];
  if (query.search) conditions.push(sql`${knowledgeDocuments.name} LIKE ${likePattern(query.search)} ESCAPE '\\'`);
  if (query.before !== undefined) conditions.push(lt(knowledgeDocuments.createdAt, query.before));
  if (query.after !== undefined) conditions.push(gt(knowledgeDocuments.createdAt, query.after));
  if (query.types?.length) conditions.push(inArray(knowledgeDocuments.type, query.types));
  if (query.createdBy) conditions.push(eq(knowledgeDocuments.createdBy, query.createdBy));
  if (query.folderIds) {
    const ids = query.folderIds.filter((id): id is string => id !== null);
    const places = [...(ids.length ? [inArray(knowledgeDocuments.parentFolderId, ids)] : []), ...(query.folderIds.includes(null) ? [isNull(knowledgeDocuments.parentFolderId)] : [])];
    conditions.push(places.length ? or(...places)! : sql`0`);
  }
  const order = query.ascending ? [asc(knowledgeDocuments.createdAt), asc(knowledgeDocuments.id)] : [desc(knowledgeDocuments.createdAt), desc(knowledgeDocuments.id)];
  return db.select().from(knowledgeDocuments).where(and(...conditions)).orderBy(...order).limit(query.pageSize);
}

export async function moveDocuments(db: Database, workspaceId: string, ids: string[], parentFolderId: string | null): Promise<void> {
  if (!ids.length) return;
  await db.update(knowledgeDocuments).set({ parentFolderId }).where(and(eq(knowledgeDocuments.workspaceId, workspaceId), inArray(knowledgeDocuments.id, ids)));
}

/** Renames a document, or replaces its text and passages (one batch: the index never lags the text). */
export async function updateDocument(
  db: Database,
  workspaceId: string,
  id: string,
  set: Partial<Pick<KnowledgeDocumentRow, "name" | "content" | "sizeBytes" | "filename" | "sourceKey" | "sourceContentType" | "updatedAt">>,
  chunks?: string[],
): Promise<void> {
  const update = db.update(knowledgeDocuments).set(set).where(and(eq(knowledgeDocuments.workspaceId, workspaceId), eq(knowledgeDocuments.id, id)));
  if (!chunks) {
    await update;
    return;
  }
  await db.batch([update, ...chunkStatements(db, id, chunks)]);
}

const chunkStatements = (db: Database, documentId: string, chunks: string[]) =>
  [db.delete(knowledgeChunks).where(eq(knowledgeChunks.documentId, documentId)), ...chunks.map((text, position) => db.insert(knowledgeChunks).values({ documentId, position, text }))] as const;

/** Makes a document's passages again (its text unchanged). */
export async function replaceChunks(db: Database, documentId: string, chunks: string[]): Promise<void> {
  await db.batch(chunkStatements(db, documentId, chunks));
}

/** Removes a document's passages: it stays, but retrieval no longer finds it until they are made again. */
export async function deleteChunks(db: Database, documentId: string): Promise<void> {
  await db.delete(knowledgeChunks).where(eq(knowledgeChunks.documentId, documentId));
}

/** A document's passages in order, from a position on. */
export async function listChunks(db: Database, documentId: string, query: { from: number; limit: number }): Promise<{ position: number; text: string }[]> {
  return db
    .select({ position: knowledgeChunks.position, text: knowledgeChunks.text })
    .from(knowledgeChunks)
    .where(and(eq(knowledgeChunks.documentId, documentId), sql`${knowledgeChunks.position} >= ${query.from}`))
    .orderBy(asc(knowledgeChunks.position))
    .limit(query.limit);
}

export async function findChunk(db: Database, documentId: string, position: number): Promise<{ position: number; text: string } | undefined> {
  return db
    .select({ position: knowledgeChunks.position, text: knowledgeChunks.text })
    .from(knowledgeChunks)
    .where(and(eq(knowledgeChunks.documentId, documentId), eq(knowledgeChunks.position, position)))
    .get();
}

/** Per document: how many passages it has and their bytes (the lexical index's size). */
export async function chunkUsage(db: Database, workspaceId: string, documentIds?: string[]): Promise<Map<string, { chunks: number; bytes: number }>> {
  const conditions = [eq(knowledgeDocuments.workspaceId, workspaceId)];
  if (documentIds) {
    if (!documentIds.length) return new Map();
    conditions.push(inArray(knowledgeChunks.documentId, documentIds));
  }
  const rows = await db
    .select({ documentId: knowledgeChunks.documentId, chunks: count(), bytes: sql<number>`coalesce(sum(length(cast(${knowledgeChunks.text} as blob))), 0)` })
    .from(knowledgeChunks)
    .innerJoin(knowledgeDocuments, eq(knowledgeDocuments.id, knowledgeChunks.documentId))
    .where(and(...conditions))
    .groupBy(knowledgeChunks.documentId);
  return new Map(rows.map((r) => [r.documentId, { chunks: r.chunks, bytes: Number(r.bytes) }]));
}

/**
 * The workspace's passages that contain any of these word beginnings (lower-case text compared case-insensitively
 * by SQLite, ASCII only): the candidates the lexical search ranks.
 */
export async function chunksContaining(db: Database, workspaceId: string, prefixes: string[], limit: number): Promise<{ documentId: string; position: number; text: string }[]> {
  if (!prefixes.length) return [];
  const matches = prefixes.map((p) => sql`${knowledgeChunks.text} LIKE ${likePattern(p)} ESCAPE '\\'`);
  return db
    .select({ documentId: knowledgeChunks.documentId, position: knowledgeChunks.position, text: knowledgeChunks.text })
    .from(knowledgeChunks)
    .innerJoin(knowledgeDocuments, eq(knowledgeDocuments.id, knowledgeChunks.documentId))
    .where(and(eq(knowledgeDocuments.workspaceId, workspaceId), or(...matches)))
    .limit(limit);
}

/** Deletes documents (their passages and source links go with them). */
export async function deleteDocuments(db: Database, workspaceId: string, ids: string[]): Promise<KnowledgeDocumentRow[]> {
  if (!ids.length) return [];
  return db.delete(knowledgeDocuments).where(and(eq(knowledgeDocuments.workspaceId, workspaceId), inArray(knowledgeDocuments.id, ids))).returning();
}

export async function insertSourceLink(db: Database, row: typeof knowledgeSourceLinks.$inferInsert): Promise<void> {
  await db.batch([db.delete(knowledgeSourceLinks).where(lt(knowledgeSourceLinks.expiresAt, Date.now())), db.insert(knowledgeSourceLinks).values(row)]);
}

/** The document a source link still valid opens, or undefined. */
export async function findSourceLink(db: Database, tokenHash: string, now: number) {
  return db.select().from(knowledgeSourceLinks).where(and(eq(knowledgeSourceLinks.tokenHash, tokenHash), gt(knowledgeSourceLinks.expiresAt, now))).get();
}

export async function insertCrawl(db: Database, row: KnowledgeCrawlRow): Promise<void> {
  await db.insert(knowledgeCrawls).values(row);
}

export async function findCrawl(db: Database, workspaceId: string, id: string): Promise<KnowledgeCrawlRow | undefined> {
  return db.select().from(knowledgeCrawls).where(and(eq(knowledgeCrawls.workspaceId, workspaceId), eq(knowledgeCrawls.id, id))).get();
}

export async function listCrawls(db: Database, workspaceId: string, query: { pageSize: number; before?: number; ids?: string[] }): Promise<KnowledgeCrawlRow[]> {
  const conditions = [eq(knowledgeCrawls.workspaceId, workspaceId)];
  if (query.before !== undefined) conditions.push(lt(knowledgeCrawls.createdAt, query.before));
  if (query.ids?.length) conditions.push(inArray(knowledgeCrawls.id, query.ids));
  return db.select().from(knowledgeCrawls).where(and(...conditions)).orderBy(desc(knowledgeCrawls.createdAt), desc(knowledgeCrawls.id)).limit(query.pageSize);
}

/** Updates a crawl unless it was cancelled meanwhile (a cancelled crawl keeps its status); true when updated. */
export async function updateCrawl(db: Database, id: string, set: Partial<Omit<KnowledgeCrawlRow, "id" | "workspaceId">>): Promise<boolean> {
  const updated = await db
    .update(knowledgeCrawls)
    .set(set)
    .where(and(eq(knowledgeCrawls.id, id), sql`${knowledgeCrawls.status} <> 'cancelled'`))
    .returning({ id: knowledgeCrawls.id });
  return updated.length > 0;
}
