// Workspace auth connections: credentials agents' webhook tools authenticate with (decision 0066).
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspace";

export const authConnections = sqliteTable(
  "auth_connections",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    authType: text("auth_type").notNull(),
    name: text("name").notNull(),
    provider: text("provider").notNull(),
    /** JSON: the fields the API shows (client_id, token_url, scopes, username, header_name...). */
    settings: text("settings").notNull(),
    /** JSON: the fields it never shows (client_secret, password, token). */
    secrets: text("secrets").notNull(),
    status: text("status").notNull().default("active"),
    statusDetail: text("status_detail"),
    /** Seconds since the epoch. */
    statusUpdatedAt: integer("status_updated_at"),
    /** Milliseconds since the epoch (the list order). */
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("auth_connections_workspace_created").on(t.workspaceId, t.createdAt)],
);
