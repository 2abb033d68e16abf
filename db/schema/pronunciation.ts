// Pronunciation dictionaries: workspace-scoped, each change of rules a new version (migration 0035).
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspace";

export const pronunciationDictionaries = sqliteTable(
  "pronunciation_dictionaries",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    createdByUserId: text("created_by_user_id").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    creationTimeUnix: integer("creation_time_unix").notNull(),
    archivedTimeUnix: integer("archived_time_unix"),
    latestVersionId: text("latest_version_id").notNull(),
  },
  (t) => [index("pronunciation_dictionaries_workspace_idx").on(t.workspaceId, t.creationTimeUnix)],
);

export const pronunciationDictionaryVersions = sqliteTable(
  "pronunciation_dictionary_versions",
  {
    id: text("id").primaryKey(),
    dictionaryId: text("dictionary_id").notNull().references(() => pronunciationDictionaries.id, { onDelete: "cascade" }),
    /** 1 for the first version, one more for each change (its version_name is "v<number>"). */
    versionNumber: integer("version_number").notNull(),
    /** JSON list of rules (core/pronunciation/rules.ts PronunciationRule). */
    rules: text("rules").notNull(),
    rulesNum: integer("rules_num").notNull(),
    creationTimeUnix: integer("creation_time_unix").notNull(),
  },
  (t) => [index("pronunciation_dictionary_versions_dictionary_idx").on(t.dictionaryId)],
);
