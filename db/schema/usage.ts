// The usage ledger.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspace";

/**
 * What each generation used, for usage statistics: written in the same batch as the history row and the
 * charge, and kept when the history item is deleted (deleting an item refunds nothing).
 */
export const usageEvents = sqliteTable(
  "usage_events",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    occurredAt: integer("occurred_at").notNull(),
    characters: integer("characters").notNull(),
    voiceId: text("voice_id").notNull(),
    voiceName: text("voice_name").notNull(),
    modelId: text("model_id").notNull(),
    source: text("source").notNull(),
    apiKeyId: text("api_key_id"),
  },
  (t) => [index("usage_workspace_time").on(t.workspaceId, t.occurredAt), index("usage_events_voice").on(t.voiceId, t.occurredAt)],
);
