// Voiceover projects (/app/voiceover-studio, /v1/voiceover; decision 0062): an uploaded video, its timeline of
// clips, and its renders (queued on video-jobs, made by the video worker).
import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspace";

/**
 * One project: the video in R2 (its facts read at upload), the timeline (`clips`, JSON: dialogue and sound-effect
 * clips) and the original sound's treatment. `spoken_keys` (JSON) lists the hashes of the clips whose audio is paid
 * for and kept in R2: a render speaks and charges only the clips not among them.
 */
export const voiceoverProjects = sqliteTable(
  "voiceover_projects",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    name: text("name").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    videoKey: text("video_key").notNull(),
    videoContentType: text("video_content_type").notNull(),
    videoBytes: integer("video_bytes").notNull(),
    container: text("container").notNull(),
    durationSeconds: real("duration_seconds").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    videoCodec: text("video_codec").notNull(),
    audioCodec: text("audio_codec"),
    audioReadable: integer("audio_readable", { mode: "boolean" }).notNull().default(false),
    originalAudio: text("original_audio").notNull().default("duck"),
    clips: text("clips").notNull().default("[]"),
    spokenKeys: text("spoken_keys").notNull().default("[]"),
  },
  (t) => [index("voiceover_projects_workspace_created").on(t.workspaceId, t.createdAt)],
);

/**
 * One render of a project: accepted with its charge (`credits`, the clips not yet spoken) and its plan (JSON,
 * core/voiceover/render.ts), then made by the video worker, which reports progress and writes the MP4 (or WebM)
 * to R2. A render that fails for good gives its charge back (`refunded`). At most one render of a project is
 * queued or running (a partial unique index: two accepted at once cannot both be charged).
 */
export const voiceoverRenders = sqliteTable(
  "voiceover_renders",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => voiceoverProjects.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    userId: text("user_id").notNull(),
    status: text("status").notNull(),
    progress: integer("progress").notNull().default(0),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    credits: integer("credits").notNull(),
    refunded: integer("refunded", { mode: "boolean" }).notNull().default(false),
    plan: text("plan").notNull(),
    outputKey: text("output_key"),
    outputBytes: integer("output_bytes"),
    outputContentType: text("output_content_type").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("voiceover_renders_project_created").on(t.projectId, t.createdAt),
    uniqueIndex("voiceover_renders_one_active").on(t.projectId).where(sql`${t.status} IN ('queued', 'rendering')`),
  ],
);
