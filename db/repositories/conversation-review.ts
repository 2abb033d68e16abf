// Reviewing conversations and the workspace's conversational AI settings (decision 0065): tags, feedback, analysis
// run again, search over transcripts, the people who talked, and the settings rows.
import { and, count, desc, eq, gt, inArray, isNotNull, lt, max, min, or, sql } from "drizzle-orm";
import type { Database } from "../client";
import { conversations, conversationTagLinks, conversationTags, convaiSettings } from "../schema";
import { likePattern, type ConversationRow } from "./agents";

export type ConversationTagRow = typeof conversationTags.$inferSelect;
export type ConvaiSettingsRow = typeof convaiSettings.$inferSelect;

export async function findSettings(db: Database, workspaceId: string): Promise<ConvaiSettingsRow | undefined> {
  return db.select().from(convaiSettings).where(eq(convaiSettings.workspaceId, workspaceId)).get();
}

export async function saveSettings(db: Database, row: ConvaiSettingsRow): Promise<void> {
  await db
    .insert(convaiSettings)
    .values(row)
    .onConflictDoUpdate({ target: convaiSettings.workspaceId, set: { settings: row.settings, dashboard: row.dashboard, updatedAt: row.updatedAt } });
}

export async function insertTag(db: Database, row: ConversationTagRow): Promise<void> {
  await db.insert(conversationTags).values(row);
}

export async function findTag(db: Database, workspaceId: string, id: string): Promise<ConversationTagRow | undefined> {
  return db.select().from(conversationTags).where(and(eq(conversationTags.workspaceId, workspaceId), eq(conversationTags.id, id))).get();
}

export async function findTags(db: Database, workspaceId: string, ids: string[]): Promise<ConversationTagRow[]> {
  if (!ids.length) return [];
  return db.select().from(conversationTags).where(and(eq(conversationTags.workspaceId, workspaceId), inArray(conversationTags.id, ids)));
}

export async function listTags(db: Database, workspaceId: string, query: { pageSize: number; before?: number }): Promise<ConversationTagRow[]> {
  const conditions = [eq(conversationTags.workspaceId, workspaceId)];
  if (query.before !== undefined) conditions.push(lt(conversationTags.createdAt, query.before));
  return db.select().from(conversationTags).where(and(...conditions)).orderBy(desc(conversationTags.createdAt), desc(conversationTags.id)).limit(query.pageSize);
}

export async function updateTag(db: Database, workspaceId: string, id: string, set: Partial<Pick<ConversationTagRow, "title" | "description">>): Promise<void> {
  await db.update(conversationTags).set(set).where(and(eq(conversationTags.workspaceId, workspaceId), eq(conversationTags.id, id)));
}

/** Deletes a tag; it comes off every conversation with it. */
export async function deleteTag(db: Database, workspaceId: string, id: string): Promise<boolean> {
  const deleted = await db.delete(conversationTags).where(and(eq(conversationTags.workspaceId, workspaceId), eq(conversationTags.id, id))).returning({ id: conversationTags.id });
  return deleted.length > 0;
}

export async function tagConversation(db: Database, conversationId: string, tagIds: string[]): Promise<void> {
  if (!tagIds.length) return;
  await db
    .insert(conversationTagLinks)
    .values(tagIds.map((tagId) => ({ conversationId, tagId })))
    .onConflictDoNothing();
}

export async function untagConversation(db: Database, conversationId: string, tagId: string): Promise<void> {
  await db.delete(conversationTagLinks).where(and(eq(conversationTagLinks.conversationId, conversationId), eq(conversationTagLinks.tagId, tagId)));
}

/** The tag ids of each of these conversations. */
export async function tagsOf(db: Database, conversationIds: string[]): Promise<Map<string, string[]>> {
  if (!conversationIds.length) return new Map();
  const rows = await db.select().from(conversationTagLinks).where(inArray(conversationTagLinks.conversationId, conversationIds));
  const tags = new Map<string, string[]>();
  for (const row of rows) tags.set(row.conversationId, [...(tags.get(row.conversationId) ?? []), row.tagId]);
  return tags;
}

export async function setFeedback(db: Database, workspaceId: string, id: string, feedback: string | null): Promise<void> {
  await db.update(conversations).set({ feedback }).where(and(eq(conversations.workspaceId, workspaceId), eq(conversations.id, id)));
}

export async function setAnalysis(db: Database, workspaceId: string, id: string, analysis: string): Promise<void> {
  await db.update(conversations).set({ analysis }).where(and(eq(conversations.workspaceId, workspaceId), eq(conversations.id, id)));
}

/**
 * A workspace's conversations whose transcript contains any of these fragments (case-insensitive for ASCII, as
 * SQLite's LIKE), newest first; the caller finds the messages in them.
 */
export async function conversationsContaining(db: Database, workspaceId: string, fragments: string[], query: { limit: number; agentId?: string }): Promise<ConversationRow[]> {
  if (!fragments.length) return [];
  const matches = fragments.map((f) => sql`${conversations.transcript} LIKE ${likePattern(f)} ESCAPE '\\'`);
  const conditions = [eq(conversations.workspaceId, workspaceId), or(...matches)!];
  if (query.agentId) conditions.push(eq(conversations.agentId, query.agentId));
  return db.select().from(conversations).where(and(...conditions)).orderBy(desc(conversations.startedAt), desc(conversations.id)).limit(query.limit);
}

/** The people who talked with the workspace's agents (conversations with a user id), most recent contact first. */
export async function conversationUsers(db: Database, workspaceId: string, query: { pageSize: number; offset: number; agentId?: string; from?: number; to?: number; search?: string }) {
  const conditions = [eq(conversations.workspaceId, workspaceId), isNotNull(conversations.userId)];
  if (query.agentId) conditions.push(eq(conversations.agentId, query.agentId));
  if (query.from !== undefined) conditions.push(gt(conversations.startedAt, query.from));
  if (query.to !== undefined) conditions.push(lt(conversations.startedAt, query.to));
  if (query.search) conditions.push(sql`${conversations.userId} LIKE ${likePattern(query.search)} ESCAPE '\\'`);
  return db
    .select({ userId: conversations.userId, conversations: count(), first: min(conversations.startedAt), last: max(conversations.startedAt) })
    .from(conversations)
    .where(and(...conditions))
    .groupBy(conversations.userId)
    .orderBy(desc(max(conversations.startedAt)))
    .limit(query.pageSize)
    .offset(query.offset);
}

/** A user's most recent conversation. */
export async function lastConversationOf(db: Database, workspaceId: string, userId: string): Promise<ConversationRow | undefined> {
  return db
    .select()
    .from(conversations)
    .where(and(eq(conversations.workspaceId, workspaceId), eq(conversations.userId, userId)))
    .orderBy(desc(conversations.startedAt))
    .limit(1)
    .get();
}

/** Conversations still in progress that started after `since` (older ones were cut off without being saved). */
export async function liveConversations(db: Database, workspaceId: string, since: number, agentIds?: string[]): Promise<number> {
  const conditions = [eq(conversations.workspaceId, workspaceId), eq(conversations.status, "in-progress"), gt(conversations.startedAt, since)];
  if (agentIds?.length) conditions.push(inArray(conversations.agentId, agentIds));
  const row = await db.select({ n: count() }).from(conversations).where(and(...conditions)).get();
  return row?.n ?? 0;
}
