// The voice isolator's history.
import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspace";

/** One delivered isolation; written only after its audio is in R2, in the batch that charges it. */
export const audioIsolations = sqliteTable(
  "audio_isolations",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    requestId: text("request_id").notNull(),
    /** The uploaded file's name (without its extension), or a default. */
    title: text("title").notNull(),
    createdAt: integer("created_at").notNull(),
    durationSeconds: real("duration_seconds").notNull(),
    credits: integer("credits").notNull(),
    sourceHadVideo: integer("source_had_video", { mode: "boolean" }).notNull(),
    contentType: text("content_type").notNull(),
    audioKey: text("audio_key").notNull(),
    audioBytes: integer("audio_bytes").notNull(),
  },
  (t) => [index("audio_isolations_workspace_created").on(t.workspaceId, t.createdAt)],
);
