// Audio Native: embeddable players for articles. Each player is a Studio project (studio_projects) with its
// player settings here; the workspace's defaults and allowed sites; listening statistics per player and day.
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { studioProjects } from "./studio";
import { workspaces } from "./workspace";

/** A Studio project's Audio Native player (Project.audio_native): its look and what it plays. */
export const audioNativePlayers = sqliteTable(
  "audio_native_players",
  {
  projectId: text("project_id").primaryKey().references(() => studioProjects.id, { onDelete: "cascade" }),
  workspaceId: text("workspace_id").notNull(),
  enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
  title: text("title").notNull(),
  author: text("author").notNull(),
  image: text("image").notNull().default(""),
  small: integer("small", { mode: "boolean" }).notNull().default(false),
  textColor: text("text_color").notNull(),
  backgroundColor: text("background_color").notNull(),
  sessionization: integer("sessionization").notNull(),
  /** The project snapshot the player plays; null: the project's latest (auto publish). */
  publishedSnapshotId: text("published_snapshot_id"),
  },
  (t) => [index("audio_native_players_workspace").on(t.workspaceId)],
);

/** The workspace's player defaults (settings/player) and the sites allowed to embed its players (settings). */
export const audioNativeSettings = sqliteTable("audio_native_settings", {
  workspaceId: text("workspace_id").primaryKey().references(() => workspaces.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  author: text("author").notNull(),
  image: text("image").notNull().default(""),
  small: integer("small", { mode: "boolean" }).notNull().default(false),
  textColor: text("text_color").notNull(),
  backgroundColor: text("background_color").notNull(),
  sessionization: integer("sessionization").notNull(),
  voiceId: text("voice_id"),
  modelId: text("model_id"),
  /** JSON list of origins (scheme://host[:port]) whose pages may embed the players. */
  allowedSites: text("allowed_sites").notNull().default("[]"),
});

/** Listening per player and UTC day: counts only, no visitor identifier of any kind. */
export const audioNativeDailyStats = sqliteTable(
  "audio_native_daily_stats",
  {
    projectId: text("project_id").notNull().references(() => studioProjects.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    loads: integer("loads").notNull().default(0),
    plays: integer("plays").notNull().default(0),
    listenMs: integer("listen_ms").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day] })],
);
