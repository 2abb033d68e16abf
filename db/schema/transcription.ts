// Speech-to-text transcripts (GET/DELETE /v1/speech-to-text/transcripts/{id}).
import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspace";

/**
 * One delivered transcript, written in the batch that charges it; `result` is the API's JSON response. The upload's
 * file name, the speakers told apart and the kept recording (R2, deleted with the row) serve the page's list
 * (decision 0069); a realtime session keeps no recording.
 */
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
    fileName: text("file_name"),
    /** How many speakers diarize told apart; null when it was not asked (or nothing was heard). */
    speakerCount: integer("speaker_count"),
    audioKey: text("audio_key"),
    audioContentType: text("audio_content_type"),
    audioBytes: integer("audio_bytes"),
    /** Counts the edits of the words (corrections, retypes, undos): each edit is made only from the revision it read. */
    revision: integer("revision").notNull().default(0),
  },
  (t) => [index("transcripts_workspace_created").on(t.workspaceId, t.createdAt)],
);

/**
 * The answer a transcript had at an earlier revision, kept when an edit replaced it so the edit can be undone
 * (decision 0093). Whoever saves revision N saves the same answer, so a second writer's row is simply not added.
 */
export const transcriptRevisions = sqliteTable(
  "transcript_revisions",
  {
    transcriptId: text("transcript_id").notNull().references(() => transcripts.id, { onDelete: "cascade" }),
    revision: integer("revision").notNull(),
    result: text("result").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.transcriptId, t.revision] })],
);

/**
 * A single-use token (POST /v1/single-use-token/{type}): only its hash is kept, with the hash of the API key that
 * asked for it, whose rights it carries; redeeming deletes the row.
 */
export const singleUseTokens = sqliteTable(
  "single_use_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    tokenType: text("token_type").notNull(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    keyHash: text("key_hash").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("single_use_tokens_expires").on(t.expiresAt)],
);
