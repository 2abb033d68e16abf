// Agent procedures (issue 22, decision 0090): named bodies of step-by-step instructions on an agent's branch. A
// procedure's published versions never change; each branch keeps one pending draft per procedure; which versions an
// agent version carries is recorded only when a commit changed them (an agent version without a record carries
// what the version before it on its branch carried, or what the version its branch started from carried).
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { agents } from "./agents";

/** A published version of a procedure (`type`: free_form, deterministic or folder). */
export const agentProcedureVersions = sqliteTable(
  "agent_procedure_versions",
  {
    id: text("id").primaryKey(),
    procedureId: text("procedure_id").notNull(),
    agentId: text("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    name: text("name").notNull(),
    content: text("content").notNull(),
    type: text("type").notNull(),
    trigger: text("trigger").notNull(),
    folderParentId: text("folder_parent_id"),
    createdBy: text("created_by").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("agent_procedure_versions_procedure").on(t.agentId, t.procedureId)],
);

/** A branch's pending change to one procedure: new values, or its removal (`removed`). */
export const agentProcedureDrafts = sqliteTable(
  "agent_procedure_drafts",
  {
    agentId: text("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    branchId: text("branch_id").notNull(),
    procedureId: text("procedure_id").notNull(),
    workspaceId: text("workspace_id").notNull(),
    name: text("name").notNull(),
    content: text("content").notNull(),
    type: text("type").notNull(),
    trigger: text("trigger").notNull(),
    folderParentId: text("folder_parent_id"),
    removed: integer("removed", { mode: "boolean" }).notNull().default(false),
    createdBy: text("created_by").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.branchId, t.procedureId] })],
);

/** The procedures an agent version carries, written by a commit that changed them. JSON: procedure id → version id. */
export const agentVersionProcedures = sqliteTable(
  "agent_version_procedures",
  {
    agentVersionId: text("agent_version_id").primaryKey(),
    agentId: text("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    branchId: text("branch_id").notNull(),
    procedures: text("procedures").notNull(),
  },
  (t) => [index("agent_version_procedures_branch").on(t.agentId, t.branchId)],
);
