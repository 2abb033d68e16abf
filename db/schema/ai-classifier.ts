// The AI speech classifier: a fingerprint of every clip the platform generates (decision 0041).
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** A generated clip that was fingerprinted: its history item or Studio block id, never its audio or text. */
export const generatedClips = sqliteTable("generated_clips", {
  id: text("id").primaryKey(),
  workspaceId: text("workspace_id").notNull(),
  source: text("source").notNull(),
  createdAtUnix: integer("created_at_unix").notNull(),
  durationMs: integer("duration_ms").notNull(),
  landmarks: integer("landmarks").notNull(),
});

/** One landmark of a clip: its hash and time (in fingerprint frames); looked up by hash. */
export const clipLandmarks = sqliteTable(
  "clip_landmarks",
  {
    hash: integer("hash").notNull(),
    clipId: text("clip_id").notNull(),
    t: integer("t").notNull(),
  },
  (t) => [index("clip_landmarks_hash").on(t.hash)],
);
