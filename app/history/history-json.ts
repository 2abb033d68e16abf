import type { HistoryRow } from "~/history/history.server";
import { audioFileName } from "~/history/rules/file-names";
import { formatSpec, isOutputFormat } from "../../core/audio/output-formats";

/** The wire shape of a history item (GET /v1/history and friends). */
export function historyItemJson(row: HistoryRow) {
  return {
    history_item_id: row.id,
    request_id: row.requestId,
    voice_id: row.voiceId,
    voice_name: row.voiceName,
    voice_category: row.voiceCategory,
    model_id: row.modelId,
    text: row.text,
    dialogue: row.dialogue
      ? // Each line keeps the name its voice had when it was spoken (migration 0013 added it to older items).
        (JSON.parse(row.dialogue) as { text: string; voice_id: string; voice_name?: string }[]).map((line) => ({ ...line, voice_name: line.voice_name ?? line.voice_id }))
      : null,
    date_unix: row.dateUnix,
    character_count_change_from: row.characterCountChangeFrom,
    character_count_change_to: row.characterCountChangeTo,
    content_type: row.contentType,
    state: "created",
    settings: JSON.parse(row.settings),
    feedback: row.feedback ? JSON.parse(row.feedback) : null,
    share_link_id: null,
    source: row.source,
    output_format: row.outputFormat,
    duration_ms: row.durationMs,
  };
}

/** The download name of an item's audio, built from the spec's file name parts. */
export function historyFileName(row: HistoryRow): string {
  const settings = JSON.parse(row.settings) as Record<string, number | boolean>;
  return audioFileName(
    { name: row.voiceName, date: new Date(row.dateUnix * 1000), category: row.voiceCategory, model: row.modelId, settings, outputFormat: row.outputFormat },
    isOutputFormat(row.outputFormat) ? formatSpec(row.outputFormat).extension : "mp3",
  );
}
