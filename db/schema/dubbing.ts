// Dubs (/v1/dubbing, /app/dubbing): the request, the pipeline's progress and what it produced.
import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspace";

/**
 * One dub. `segments`, `speakers` and `outputs` are JSON written by the pipeline (queues/dubbing/pipeline.ts):
 * the speech segments with their source text and translations, the speakers found, and per target language the
 * R2 keys of the audio, video and line audio. `credits` is charged when the dub is accepted and given back
 * (`refunded`) when it fails.
 */
export const dubs = sqliteTable(
  "dubs",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    name: text("name").notNull(),
    status: text("status").notNull(),
    error: text("error"),
    refunded: integer("refunded", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    sourceLang: text("source_lang").notNull(),
    detectedSourceLang: text("detected_source_lang"),
    targetLang: text("target_lang").notNull(),
    numSpeakers: integer("num_speakers").notNull().default(0),
    startTime: real("start_time"),
    endTime: real("end_time"),
    dropBackground: integer("drop_background", { mode: "boolean" }).notNull().default(false),
    sourceKey: text("source_key").notNull(),
    contentType: text("content_type").notNull(),
    hadVideo: integer("had_video", { mode: "boolean" }).notNull().default(false),
    durationSeconds: real("duration_seconds").notNull(),
    expectedDuration: real("expected_duration").notNull(),
    credits: integer("credits").notNull(),
    progress: real("progress").notNull().default(0),
    progressMessage: text("progress_message").notNull().default(""),
    attempts: integer("attempts").notNull().default(0),
    segments: text("segments").notNull().default("[]"),
    speakers: text("speakers").notNull().default("[]"),
    outputs: text("outputs").notNull().default("{}"),
    /** The studio's edit version (migration 0040): every studio change adds one. */
    version: integer("version").notNull().default(0),
    /** JSON per language: the studio's last render (id, version, type, status). */
    renders: text("renders").notNull().default("{}"),
  },
  (t) => [index("dubs_workspace_created").on(t.workspaceId, t.createdAt)],
);
