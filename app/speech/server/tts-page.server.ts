import type { AppLoadContext } from "@remix-run/cloudflare";
import { database } from "../../../db/client";
import { historyFileName } from "~/history/history-json";
import { qualifiesForVideo } from "../../../core/sharing/video";
import type { Viewer } from "~/accounts/accounts.server";
import { historyPage } from "~/history/history.server";

export type HistoryEntry = { id: string; text: string; voiceId: string; voiceName: string; modelId: string; dateUnix: number; fileName: string; contentType: string; isSpeech: boolean };

/** The workspace's history for the pages, newest first, with search, a voice filter and a product's items only (`source`). */
export async function historyEntries(context: AppLoadContext, viewer: Viewer, query: { search?: string; voiceId?: string; source?: string; pageSize: number }) {
  const { items, hasMore } = await historyPage(database(context.cloudflare.env.DB), viewer, {
    pageSize: query.pageSize,
    search: query.search || undefined,
    voiceId: query.voiceId || undefined,
    source: query.source,
  });
  const entries: HistoryEntry[] = items.map((row) => ({
    id: row.id,
    text: row.text,
    voiceId: row.voiceId,
    voiceName: row.voiceName,
    modelId: row.modelId,
    dateUnix: row.dateUnix,
    fileName: historyFileName(row),
    contentType: row.contentType,
    isSpeech: qualifiesForVideo(row),
  }));
  return { entries, hasMore };
}
