// Speech-to-text transcripts (GET/DELETE /v1/speech-to-text/transcripts/{id}).
import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspace";

/** One delivered transcript, written in the batch that charges it; `result` is the API's JSON response. */
export const transcripts = sqliteTable(
  "transcripts",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    requestId: text("request_id").notNull(),
    createdAt: integer("created_at").notNull(),
    durationSeconds: real("duration_seconds").notNull(),
    credits: integer("credits").notNull(),
    modelId: text("model_id").notNull(),
    languageCode: text("language_code").notNull(),
    result: text("result").notNull(),
  },
  (t) => [index("transcripts_workspace_created").on(t.workspaceId, t.createdAt)],
);
