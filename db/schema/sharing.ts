// Sharing: public share links and share-video renders.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { historyItems } from "./history";
import { now } from "./columns";

/** Public share links: an unguessable token per shared history item; revoking answers 404 at once. */
export const shareLinks = sqliteTable(
  "share_links",
  {
    token: text("token").primaryKey(),
    historyItemId: text("history_item_id").notNull().references(() => historyItems.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    userId: text("user_id").notNull(),
    createdAt: integer("created_at").notNull().default(now),
    revokedAt: integer("revoked_at"),
  },
  (t) => [index("share_links_item").on(t.historyItemId)],
);

/**
 * Share-video renders (spec accounts §4.8): one per history item and theme. The app enqueues the job id on
 * the video-jobs queue; queues/video renders the MP4 into R2 and reports progress here.
 */
export const videoJobs = sqliteTable(
  "video_jobs",
  {
    id: text("id").primaryKey(),
    historyItemId: text("history_item_id").notNull().references(() => historyItems.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    theme: text("theme").notNull(),
    /** queued → rendering → done | failed */
    status: text("status").notNull().default("queued"),
    /** 0-100 */
    progress: integer("progress").notNull().default(0),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    videoKey: text("video_key"),
    videoBytes: integer("video_bytes"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("video_jobs_item_theme").on(t.historyItemId, t.theme)],
);
