// Sound effects (generated from a description).
import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspace";

/** One row per delivered sound generation (its sound_generation_history_item_id), written only after its audio is in R2. */
export const soundGenerations = sqliteTable(
  "sound_generations",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    text: text("text").notNull(),
    modelId: text("model_id").notNull(),
    /** The duration asked for; null: automatic (the engine chose). */
    requestedSeconds: real("requested_seconds"),
    promptInfluence: real("prompt_influence").notNull(),
    loop: integer("loop", { mode: "boolean" }).notNull(),
    seed: integer("seed").notNull(),
    /** JSON list of the recipes the embedded engine used (empty from a generative server). */
    recipes: text("recipes").notNull().default("[]"),
    outputFormat: text("output_format").notNull(),
    contentType: text("content_type").notNull(),
    audioKey: text("audio_key").notNull(),
    audioBytes: integer("audio_bytes").notNull(),
    durationMs: integer("duration_ms").notNull(),
    credits: integer("credits").notNull(),
    source: text("source").notNull(),
    dateUnix: integer("date_unix").notNull(),
  },
  (t) => [index("sound_generations_workspace_date").on(t.workspaceId, t.dateUnix)],
);
