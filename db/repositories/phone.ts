// Phone numbers, phone calls, batches of calls and (development only) the Twilio stand-in's calls (decision 0060).
import { and, asc, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../client";
import { batchCallRecipients, batchCalls, conversations, devPhoneCalls, phoneCalls, phoneNumbers } from "../schema";

export type PhoneNumberRow = typeof phoneNumbers.$inferSelect;
export type PhoneCallRow = typeof phoneCalls.$inferSelect;
export type BatchCallRow = typeof batchCalls.$inferSelect;
export type BatchRecipientRow = typeof batchCallRecipients.$inferSelect;
export type DevPhoneCallRow = typeof devPhoneCalls.$inferSelect;

export async function insertPhoneNumber(db: Database, row: PhoneNumberRow): Promise<void> {
  await db.insert(phoneNumbers).values(row);
}

export async function findPhoneNumber(db: Database, workspaceId: string, id: string): Promise<PhoneNumberRow | undefined> {
  return db.select().from(phoneNumbers).where(and(eq(phoneNumbers.workspaceId, workspaceId), eq(phoneNumbers.id, id))).get();
}

export async function findPhoneNumberByNumber(db: Database, workspaceId: string, number: string): Promise<PhoneNumberRow | undefined> {
  return db.select().from(phoneNumbers).where(and(eq(phoneNumbers.workspaceId, workspaceId), eq(phoneNumbers.phoneNumber, number))).get();
}

export async function listPhoneNumbers(db: Database, workspaceId: string, agentId?: string): Promise<PhoneNumberRow[]> {
  const conditions = [eq(phoneNumbers.workspaceId, workspaceId)];
  if (agentId) conditions.push(eq(phoneNumbers.agentId, agentId));
  return db.select().from(phoneNumbers).where(and(...conditions)).orderBy(desc(phoneNumbers.createdAt), desc(phoneNumbers.id));
}

export async function updatePhoneNumber(db: Database, workspaceId: string, id: string, set: Partial<Pick<PhoneNumberRow, "agentId" | "label">>): Promise<void> {
  await db.update(phoneNumbers).set(set).where(and(eq(phoneNumbers.workspaceId, workspaceId), eq(phoneNumbers.id, id)));
}

export async function deletePhoneNumber(db: Database, workspaceId: string, id: string): Promise<boolean> {
  const deleted = await db.delete(phoneNumbers).where(and(eq(phoneNumbers.workspaceId, workspaceId), eq(phoneNumbers.id, id))).returning({ id: phoneNumbers.id });
  return deleted.length > 0;
}

export async function insertPhoneCall(db: Database, row: PhoneCallRow): Promise<void> {
  await db.insert(phoneCalls).values(row);
}

/** A call by its id alone: Twilio's callbacks and media stream name it (they prove themselves by signature or token). */
export async function findPhoneCall(db: Database, id: string): Promise<PhoneCallRow | undefined> {
  return db.select().from(phoneCalls).where(eq(phoneCalls.id, id)).get();
}

export async function updatePhoneCall(db: Database, id: string, set: Partial<Omit<PhoneCallRow, "id" | "workspaceId">>): Promise<void> {
  await db.update(phoneCalls).set(set).where(eq(phoneCalls.id, id));
}

/** Admits the media stream once: the token is cleared as it is used (false when it was already used or never matched). */
export async function takeStreamToken(db: Database, id: string, tokenHash: string, streamSid: string): Promise<boolean> {
  const taken = await db
    .update(phoneCalls)
    .set({ streamTokenHash: null, streamSid, updatedAt: Date.now() })
    .where(and(eq(phoneCalls.id, id), eq(phoneCalls.streamTokenHash, tokenHash)))
    .returning({ id: phoneCalls.id });
  return taken.length > 0;
}

export async function insertBatch(db: Database, row: BatchCallRow, recipients: BatchRecipientRow[]): Promise<void> {
  await db.batch([db.insert(batchCalls).values(row), ...recipients.map((r) => db.insert(batchCallRecipients).values(r))]);
}

export async function findBatch(db: Database, workspaceId: string, id: string): Promise<BatchCallRow | undefined> {
  return db.select().from(batchCalls).where(and(eq(batchCalls.workspaceId, workspaceId), eq(batchCalls.id, id))).get();
}

/** A batch by id alone (the queue's message names it). */
export async function findBatchAnywhere(db: Database, id: string): Promise<BatchCallRow | undefined> {
  return db.select().from(batchCalls).where(eq(batchCalls.id, id)).get();
}

export async function listBatches(db: Database, workspaceId: string, query: { limit: number; agentId?: string; before?: number }): Promise<BatchCallRow[]> {
  const conditions = [eq(batchCalls.workspaceId, workspaceId)];
  if (query.agentId) conditions.push(eq(batchCalls.agentId, query.agentId));
  if (query.before !== undefined) conditions.push(lt(batchCalls.createdAt, query.before));
  return db.select().from(batchCalls).where(and(...conditions)).orderBy(desc(batchCalls.createdAt), desc(batchCalls.id)).limit(query.limit);
}

export async function updateBatch(db: Database, id: string, set: Partial<Pick<BatchCallRow, "status" | "retryCount" | "updatedAt">>): Promise<void> {
  await db.update(batchCalls).set(set).where(eq(batchCalls.id, id));
}

export async function deleteBatch(db: Database, workspaceId: string, id: string): Promise<boolean> {
  const deleted = await db.delete(batchCalls).where(and(eq(batchCalls.workspaceId, workspaceId), eq(batchCalls.id, id))).returning({ id: batchCalls.id });
  return deleted.length > 0;
}

export async function recipientsOf(db: Database, batchIds: string[]): Promise<BatchRecipientRow[]> {
  if (!batchIds.length) return [];
  return db.select().from(batchCallRecipients).where(inArray(batchCallRecipients.batchId, batchIds)).orderBy(asc(batchCallRecipients.position));
}

export async function updateRecipient(db: Database, id: string, set: Partial<Pick<BatchRecipientRow, "status" | "conversationId" | "error" | "updatedAt">>): Promise<void> {
  await db.update(batchCallRecipients).set(set).where(eq(batchCallRecipients.id, id));
}

/** Moves a batch's recipients in one of `from` to `to` (cancel: pending → cancelled; retry: failed → pending). */
export async function moveRecipients(db: Database, batchId: string, from: string[], to: string, now: number): Promise<number> {
  const moved = await db
    .update(batchCallRecipients)
    .set({ status: to, updatedAt: now, ...(to === "pending" ? { error: null, conversationId: null } : {}) })
    .where(and(eq(batchCallRecipients.batchId, batchId), inArray(batchCallRecipients.status, from)))
    .returning({ id: batchCallRecipients.id });
  return moved.length;
}

/**
 * Claims the next pending recipient for dialling (pending → initiated in one statement, so two consumers never
 * dial the same person), or undefined when none is left.
 */
export async function claimNextRecipient(db: Database, batchId: string, now: number): Promise<BatchRecipientRow | undefined> {
  const [claimed] = await db
    .update(batchCallRecipients)
    .set({ status: "initiated", updatedAt: now })
    .where(
      eq(
        batchCallRecipients.id,
        sql`(SELECT id FROM batch_call_recipients WHERE batch_id = ${batchId} AND status = 'pending' ORDER BY position LIMIT 1)`,
      ),
    )
    .returning();
  return claimed;
}

/** The conversation a phone call became: its phone details for the API. */
export async function setConversationPhoneCall(db: Database, conversationId: string, phoneCall: string): Promise<void> {
  await db.update(conversations).set({ phoneCall }).where(eq(conversations.id, conversationId));
}

export async function insertDevPhoneCall(db: Database, row: DevPhoneCallRow): Promise<void> {
  await db.insert(devPhoneCalls).values(row);
}

export async function findDevPhoneCall(db: Database, sid: string): Promise<DevPhoneCallRow | undefined> {
  return db.select().from(devPhoneCalls).where(eq(devPhoneCalls.sid, sid)).get();
}

export async function updateDevPhoneCall(db: Database, sid: string, set: Partial<Omit<DevPhoneCallRow, "sid">>): Promise<void> {
  await db.update(devPhoneCalls).set(set).where(eq(devPhoneCalls.sid, sid));
}

export async function listDevPhoneCalls(db: Database, limit = 50): Promise<DevPhoneCallRow[]> {
  return db.select().from(devPhoneCalls).orderBy(desc(devPhoneCalls.createdAt)).limit(limit);
}
