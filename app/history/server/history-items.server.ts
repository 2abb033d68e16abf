import type { Database } from "../../../db/client";
import { deleteHistoryItem, findHistoryItem, listHistory, saveFeedback, type HistoryQuery, type HistoryRow } from "../../../db/repositories/history";
import type { Feedback } from "~/player/rules/player";
import type { Actor } from "~/accounts/accounts.server";
import { deleteHistoryMedia } from "./history-media.server";
import { historyFileName } from "~/history/history-json";
import { isAdmin } from "../../../core/workspace/roles";
import { SHARING_TEXTS } from "../../../core/workspace/resource-sharing";

export type { HistoryQuery, HistoryRow };

/** A page of the actor's workspace history, newest first, with the filters asked for; hasMore when more follow. */
export async function historyPage(db: Database, actor: Actor, query: HistoryQuery): Promise<{ items: HistoryRow[]; hasMore: boolean }> {
  return listHistory(db, actor.membership.workspace.id, query);
}

/** How many of one's latest generations the home page lists. */
export const RECENT_GENERATIONS = 5;

/** A generation as the home page lists it: enough to play it in the global player and say what it was. */
export type RecentGeneration = { id: string; text: string; voiceId: string; voiceName: string; dateUnix: number; fileName: string };

/** The actor's own latest generations in the workspace (not the other members'), newest first. */
export async function recentGenerations(db: Database, actor: Actor, limit = RECENT_GENERATIONS): Promise<RecentGeneration[]> {
  const { items } = await listHistory(db, actor.membership.workspace.id, { pageSize: limit, userId: actor.user.id });
  return items.map((row) => ({ id: row.id, text: row.text, voiceId: row.voiceId, voiceName: row.voiceName, dateUnix: row.dateUnix, fileName: historyFileName(row) }));
}

/** One item of the actor's workspace; undefined when the workspace has no such item. */
export async function historyItem(db: Database, actor: Actor, id: string): Promise<HistoryRow | undefined> {
  return findHistoryItem(db, actor.membership.workspace.id, id);
}

/**
 * Any member's item of the admin's workspace, for the admin-only audio path (spec §6); non-admins are refused
 * (403), another workspace's items are never found (404).
 */
export async function memberHistoryItem(db: Database, actor: Actor, id: string): Promise<{ ok: true; item: HistoryRow } | { ok: false; httpStatus: 403 | 404; status: string; message: string }> {
  if (!isAdmin(actor.membership.role)) return { ok: false, httpStatus: 403, status: "forbidden", message: SHARING_TEXTS.notAdminAudio };
  const item = await findHistoryItem(db, actor.membership.workspace.id, id);
  return item ? { ok: true, item } : { ok: false, httpStatus: 404, status: "not_found", message: SHARING_TEXTS.historyNotFound(id) };
}

/**
 * Deletes one item of the actor's workspace, then its audio and share videos in R2 (the /v1 API and the
 * pages both delete through here); false when the workspace has no such item.
 */
export async function deleteHistoryEntry(db: Database, media: R2Bucket, actor: Actor, id: string): Promise<boolean> {
  const row = await deleteHistoryItem(db, actor.membership.workspace.id, id);
  if (row) await deleteHistoryMedia(media, row);
  return Boolean(row);
}

export type FeedbackResult = { ok: true; feedback: Feedback } | { ok: false; reason: "not_found" | "already_reviewed" };

/** Feedback on an item (spec §3 payload), stored as not yet reviewed; once reviewed it can no longer change. */
export async function giveFeedback(db: Database, actor: Actor, id: string, input: Omit<Feedback, "review_status">): Promise<FeedbackResult> {
  const row = await historyItem(db, actor, id);
  if (!row) return { ok: false, reason: "not_found" };
  const previous = row.feedback ? (JSON.parse(row.feedback) as Feedback) : null;
  if (previous?.review_status === "reviewed") return { ok: false, reason: "already_reviewed" };
  const feedback: Feedback = { ...input, feedback: input.feedback.trim(), review_status: "not_reviewed" };
  await saveFeedback(db, actor.membership.workspace.id, row.id, JSON.stringify(feedback));
  return { ok: true, feedback };
}
