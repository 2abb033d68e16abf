import type { AppLoadContext } from "@remix-run/cloudflare";
import { database } from "../../../db/client";
import { historyFileName } from "~/history/history-json";
import { voiceJson } from "~/voices/voice-json";
import { languagePreviewUrls } from "~/speech/rules/language-previews";
import { qualifiesForVideo } from "../../../core/sharing/video";
import { PREMADE_VOICES, voicePreviewFileName } from "~/voices/rules/voices";
import type { Viewer } from "~/accounts/accounts.server";
import { historyPage } from "~/history/history.server";
import { safetyControlsByVoice } from "~/voices/voices.server";

export type HistoryEntry = { id: string; text: string; voiceId: string; voiceName: string; modelId: string; dateUnix: number; fileName: string; contentType: string; isSpeech: boolean };

/** The workspace's history for the pages, newest first, with search and a voice filter. */
export async function historyEntries(context: AppLoadContext, viewer: Viewer, query: { search?: string; voiceId?: string; pageSize: number }) {
  const { items, hasMore } = await historyPage(database(context.cloudflare.env.DB), viewer, {
    pageSize: query.pageSize,
    search: query.search || undefined,
    voiceId: query.voiceId || undefined,
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

/** The voices the pages offer, each with its safety control (the dialogs open on choosing or playing one). */
export async function voiceOptions(context: AppLoadContext) {
  const controls = await safetyControlsByVoice(database(context.cloudflare.env.DB));
  return PREMADE_VOICES.map((v) => ({
    // Relative URLs: the page plays them from its own origin.
    languagePreviews: languagePreviewUrls(voiceJson(v, "").verified_languages),
    voice_id: v.voice_id,
    name: v.name,
    description: v.description,
    language: v.language,
    gender: v.gender,
    accent: v.accent,
    use_case: v.use_case,
    preview: `/v1/voices/previews/${voicePreviewFileName(v.name)}`,
    safety_control: controls.get(v.voice_id) ?? null,
  }));
}
