// The speech history.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspace";

/** Generated speech, one row per delivered generation; written only after its audio is in R2. */
export const historyItems = sqliteTable(
  "history_items",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    requestId: text("request_id").notNull(),
    voiceId: text("voice_id").notNull(),
    voiceName: text("voice_name").notNull(),
    voiceCategory: text("voice_category").notNull(),
    modelId: text("model_id").notNull(),
    text: text("text").notNull(),
    dialogue: text("dialogue"),
    dateUnix: integer("date_unix").notNull(),
    characterCountChangeFrom: integer("character_count_change_from").notNull(),
    characterCountChangeTo: integer("character_count_change_to").notNull(),
    contentType: text("content_type").notNull(),
    outputFormat: text("output_format").notNull(),
    settings: text("settings").notNull(),
    feedback: text("feedback"),
    source: text("source").notNull(),
    audioKey: text("audio_key").notNull(),
    audioBytes: integer("audio_bytes").notNull(),
    durationMs: integer("duration_ms").notNull(),
    alignment: text("alignment"),
  },
  (t) => [index("history_workspace_date").on(t.workspaceId, t.dateUnix), index("history_workspace_voice").on(t.workspaceId, t.voiceId)],
);
