import { and, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../client";
import { agents, agentSecrets, conversations, conversationSignatures, conversationTagLinks, knowledgeChunks, knowledgeDocuments, usageEvents, workspaces } from "../schema";

export type AgentRow = typeof agents.$inferSelect;
export type KnowledgeDocumentRow = typeof knowledgeDocuments.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;

export const likePattern = (search: string) => `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

export async function findAgent(db: Database, workspaceId: string, id: string): Promise<AgentRow | undefined> {
  return db.select().from(agents).where(and(eq(agents.workspaceId, workspaceId), eq(agents.id, id))).get();
}

/** An agent by id alone: a public agent's conversation is opened without a workspace. */
export async function findAgentAnywhere(db: Database, id: string): Promise<AgentRow | undefined> {
  return db.select().from(agents).where(eq(agents.id, id)).get();
}

/** A workspace's agents, newest first; the cursor is the created_at of the last one seen. */
export async function listAgents(db: Database, workspaceId: string, query: { pageSize: number; search?: string; before?: number }): Promise<AgentRow[]> {
  const conditions = [eq(agents.workspaceId, workspaceId)];
  if (query.search) conditions.push(sql`${agents.name} LIKE ${likePattern(query.search)} ESCAPE '\\'`);
  if (query.before !== undefined) conditions.push(lt(agents.createdAt, query.before));
  return db.select().from(agents).where(and(...conditions)).orderBy(desc(agents.createdAt), desc(agents.id)).limit(query.pageSize);
}

export async function updateAgent(db: Database, workspaceId: string, id: string, set: Partial<Pick<AgentRow, "name" | "conversationConfig" | "platformSettings" | "tags" | "updatedAt">>): Promise<void> {
  await db.update(agents).set(set).where(and(eq(agents.workspaceId, workspaceId), eq(agents.id, id)));
}

export async function deleteAgent(db: Database, workspaceId: string, id: string): Promise<boolean> {
  const deleted = await db.delete(agents).where(and(eq(agents.workspaceId, workspaceId), eq(agents.id, id))).returning({ id: agents.id });
  return deleted.length > 0;
}

/** A document and its passages in one batch. */
export async function insertDocument(db: Database, row: KnowledgeDocumentRow, chunks: string[]): Promise<void> {
  await db.batch([db.insert(knowledgeDocuments).values(row), ...chunks.map((text, position) => db.insert(knowledgeChunks).values({ documentId: row.id, position, text }))]);
}

export async function findDocument(db: Database, workspaceId: string, id: string): Promise<KnowledgeDocumentRow | undefined> {
  return db.select().from(knowledgeDocuments).where(and(eq(knowledgeDocuments.workspaceId, workspaceId), eq(knowledgeDocuments.id, id))).get();
}

export async function findDocuments(db: Database, workspaceId: string, ids: string[]): Promise<KnowledgeDocumentRow[]> {
  if (!ids.length) return [];
  return db.select().from(knowledgeDocuments).where(and(eq(knowledgeDocuments.workspaceId, workspaceId), inArray(knowledgeDocuments.id, ids)));
}

/** The passages of a workspace's documents (documents of another workspace give none). */
export async function chunksOf(db: Database, workspaceId: string, documentIds: string[]): Promise<{ documentId: string; name: string; position: number; text: string }[]> {
  if (!documentIds.length) return [];
  return db
    .select({ documentId: knowledgeChunks.documentId, name: knowledgeDocuments.name, position: knowledgeChunks.position, text: knowledgeChunks.text })
    .from(knowledgeChunks)
    .innerJoin(knowledgeDocuments, eq(knowledgeDocuments.id, knowledgeChunks.documentId))
    .where(and(eq(knowledgeDocuments.workspaceId, workspaceId), inArray(knowledgeChunks.documentId, documentIds)));
}

export async function insertConversation(db: Database, row: Pick<ConversationRow, "id" | "workspaceId" | "agentId" | "agentName" | "userId" | "status" | "startedAt"> & { phoneCall?: string | null; branchId?: string | null; versionId?: string | null; environment?: string | null }): Promise<void> {
  await db.insert(conversations).values(row);
}

export async function updateConversation(db: Database, id: string, set: Partial<Omit<ConversationRow, "id" | "workspaceId">>): Promise<void> {
  await db.update(conversations).set(set).where(eq(conversations.id, id));
}

/**
 * Saves an ended conversation and charges it in one batch: the workspace's count and a usage event whose id is the
 * conversation's, so a second charge of the same conversation fails whole (charged once). A conversation is charged
 * even beyond the quota: it has already been held.
 */
export async function finishConversation(
  db: Database,
  id: string,
  set: Partial<Omit<ConversationRow, "id" | "workspaceId" | "credits">>,
  charge: { workspaceId: string; userId: string; credits: number; occurredAt: number; modelId: string; source: string; label: string },
): Promise<void> {
  await db.batch([
    db.update(conversations).set({ ...set, credits: charge.credits }).where(eq(conversations.id, id)),
    db.update(workspaces).set({ characterCount: sql`${workspaces.characterCount} + ${charge.credits}` }).where(eq(workspaces.id, charge.workspaceId)),
    db.insert(usageEvents).values({ id, workspaceId: charge.workspaceId, userId: charge.userId, occurredAt: charge.occurredAt, characters: charge.credits, voiceId: "", voiceName: charge.label, modelId: charge.modelId, source: charge.source, apiKeyId: null }),
  ]);
}

/** The workspace a conversation is charged to (its quota is checked before the conversation starts). */
export async function findChargedWorkspace(db: Database, workspaceId: string) {
  return db.select().from(workspaces).where(eq(workspaces.id, workspaceId)).get();
}

export async function findConversation(db: Database, workspaceId: string, id: string): Promise<ConversationRow | undefined> {
  return db.select().from(conversations).where(and(eq(conversations.workspaceId, workspaceId), eq(conversations.id, id))).get();
}

/** A workspace's conversations by id (those of another workspace, or gone, are left out). */
export async function findConversations(db: Database, workspaceId: string, ids: string[]): Promise<ConversationRow[]> {
  const rows: ConversationRow[] = [];
  // D1 binds at most 100 parameters a statement.
  for (let at = 0; at < ids.length; at += 90) rows.push(...(await db.select().from(conversations).where(and(eq(conversations.workspaceId, workspaceId), inArray(conversations.id, ids.slice(at, at + 90)))).all()));
  return rows;
}

/** An agent's conversations that started in a window (ms), newest first, with what topics read of them. */
export async function conversationsOfAgentBetween(db: Database, workspaceId: string, agentId: string, window: { start: number; end: number; limit: number }) {
  return db
    .select({ id: conversations.id, transcript: conversations.transcript, analysis: conversations.analysis })
    .from(conversations)
    .where(and(eq(conversations.workspaceId, workspaceId), eq(conversations.agentId, agentId), sql`${conversations.startedAt} >= ${window.start}`, sql`${conversations.startedAt} <= ${window.end}`))
    .orderBy(desc(conversations.startedAt))
    .limit(window.limit)
    .all();
}

export async function listConversations(db: Database, workspaceId: string, query: { pageSize: number; agentId?: string; before?: number; tagIds?: string[]; branchId?: string; versionId?: string }): Promise<ConversationRow[]> {
  const conditions = [eq(conversations.workspaceId, workspaceId)];
  if (query.agentId) conditions.push(eq(conversations.agentId, query.agentId));
  if (query.branchId) conditions.push(eq(conversations.branchId, query.branchId));
  if (query.versionId) conditions.push(eq(conversations.versionId, query.versionId));
  // With tags: the conversations that carry any of them (decision 0065).
  if (query.tagIds?.length) conditions.push(inArray(conversations.id, db.select({ id: conversationTagLinks.conversationId }).from(conversationTagLinks).where(inArray(conversationTagLinks.tagId, query.tagIds))));
  if (query.before !== undefined) conditions.push(lt(conversations.startedAt, query.before));
  return db.select().from(conversations).where(and(...conditions)).orderBy(desc(conversations.startedAt), desc(conversations.id)).limit(query.pageSize);
}

export async function deleteConversation(db: Database, workspaceId: string, id: string): Promise<ConversationRow | undefined> {
  const [deleted] = await db.delete(conversations).where(and(eq(conversations.workspaceId, workspaceId), eq(conversations.id, id))).returning();
  return deleted;
}

export async function insertSignature(db: Database, row: typeof conversationSignatures.$inferInsert): Promise<void> {
  await db.batch([db.delete(conversationSignatures).where(lt(conversationSignatures.expiresAt, Date.now())), db.insert(conversationSignatures).values(row)]);
}

/** A signature still valid, or undefined. */
export async function findSignature(db: Database, tokenHash: string, now: number) {
  return db.select().from(conversationSignatures).where(and(eq(conversationSignatures.tokenHash, tokenHash), gt(conversationSignatures.expiresAt, now))).get();
}

export type AgentSecretRow = typeof agentSecrets.$inferSelect;

export async function insertSecret(db: Database, row: AgentSecretRow): Promise<void> {
  await db.insert(agentSecrets).values(row);
}

export async function findSecret(db: Database, workspaceId: string, id: string): Promise<AgentSecretRow | undefined> {
  return db.select().from(agentSecrets).where(and(eq(agentSecrets.workspaceId, workspaceId), eq(agentSecrets.id, id))).get();
}

/** A workspace's secrets among these ids (values included: for a tool call only). */
export async function findSecrets(db: Database, workspaceId: string, ids: string[]): Promise<AgentSecretRow[]> {
  if (!ids.length) return [];
  return db.select().from(agentSecrets).where(and(eq(agentSecrets.workspaceId, workspaceId), inArray(agentSecrets.id, ids)));
}

/** A workspace's secrets, newest first; the cursor is the created_at of the last one seen. */
export async function listSecrets(db: Database, workspaceId: string, query: { pageSize: number; search?: string; before?: number }): Promise<AgentSecretRow[]> {
  const conditions = [eq(agentSecrets.workspaceId, workspaceId)];
  if (query.search) conditions.push(sql`${agentSecrets.name} LIKE ${likePattern(query.search)} ESCAPE '\\'`);
  if (query.before !== undefined) conditions.push(lt(agentSecrets.createdAt, query.before));
  return db.select().from(agentSecrets).where(and(...conditions)).orderBy(desc(agentSecrets.createdAt), desc(agentSecrets.id)).limit(query.pageSize);
}

export async function updateSecret(db: Database, workspaceId: string, id: string, set: Pick<AgentSecretRow, "name" | "value" | "updatedAt">): Promise<boolean> {
  const updated = await db.update(agentSecrets).set(set).where(and(eq(agentSecrets.workspaceId, workspaceId), eq(agentSecrets.id, id))).returning({ id: agentSecrets.id });
  return updated.length > 0;
}

export async function deleteSecret(db: Database, workspaceId: string, id: string): Promise<boolean> {
  const deleted = await db.delete(agentSecrets).where(and(eq(agentSecrets.workspaceId, workspaceId), eq(agentSecrets.id, id))).returning({ id: agentSecrets.id });
  return deleted.length > 0;
}

/** The workspace's agents whose configuration mentions this text (a secret id); the caller confirms by reading the tools. */
export async function agentsMentioning(db: Database, workspaceId: string, text: string): Promise<AgentRow[]> {
  return db.select().from(agents).where(and(eq(agents.workspaceId, workspaceId), sql`instr(${agents.conversationConfig}, ${text}) > 0`));
}
