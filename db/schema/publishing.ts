// Direct publishing and public profiles (decision 0046): reads in the reader catalogue, their collections and
// listening counts, and the old profile handles that still redirect.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { now, oneOf } from "./columns";
import { users } from "./accounts";
import { studioProjects } from "./studio";
import { workspaces } from "./workspace";

export const READ_STATE_VALUES = ["draft", "in_review", "published", "unpublished"] as const;

/** A handle someone left: it redirects to their current profile (and nobody else may take it) until redirect_until. */
export const profileHandleRedirects = sqliteTable(
  "profile_handle_redirects",
  {
    handle: text("handle").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    redirectUntil: integer("redirect_until").notNull(),
  },
  (t) => [index("profile_handle_redirects_user").on(t.userId)],
);

/** A finished Studio project as a read: its metadata and audio taken from the project when it was submitted. */
export const publishingReads = sqliteTable(
  "publishing_reads",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: text("project_id").notNull().references(() => studioProjects.id, { onDelete: "cascade" }),
    /** Who submitted it last: the publisher shown on the read and on their profile. */
    submittedByUserId: text("submitted_by_user_id").notNull(),
    state: text("state", { enum: READ_STATE_VALUES }).notNull().default("draft"),
    title: text("title").notNull(),
    author: text("author").notNull(),
    description: text("description").notNull(),
    /** JSON list of genre names. */
    genres: text("genres").notNull().default("[]"),
    language: text("language"),
    matureContent: integer("mature_content", { mode: "boolean" }).notNull().default(false),
    isbn: text("isbn"),
    coverImageKey: text("cover_image_key"),
    coverImageType: text("cover_image_type"),
    /** The project snapshot the read plays and its audio (kept here so a later conversion does not change it). */
    snapshotId: text("snapshot_id"),
    audioKey: text("audio_key"),
    audioBytes: integer("audio_bytes"),
    durationMs: integer("duration_ms"),
    /** The reviewer's note when a read was returned to draft. */
    reviewNote: text("review_note"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
    publishedAt: integer("published_at"),
  },
  (t) => [
    uniqueIndex("publishing_reads_project").on(t.projectId),
    index("publishing_reads_workspace").on(t.workspaceId, t.createdAt),
    index("publishing_reads_catalogue").on(t.state, t.publishedAt),
    index("publishing_reads_submitter").on(t.submittedByUserId, t.state),
    index("publishing_reads_language").on(t.state, t.language, t.publishedAt),
    check("publishing_reads_state_valid", oneOf(t.state, READ_STATE_VALUES)),
    check("publishing_reads_genres_valid", sql`json_valid(${t.genres})`),
  ],
);

/**
 * The catalogue's search index (decision 0056): each word of a read's title and author and each genre, written when
 * the read is submitted; a search is one primary-key range per query word (a prefix), so it never scans the reads.
 */
export const publishingReadTerms = sqliteTable(
  "publishing_read_terms",
  {
    readId: text("read_id").notNull().references(() => publishingReads.id, { onDelete: "cascade" }),
    field: text("field").notNull(),
    term: text("term").notNull(),
  },
  (t) => [primaryKey({ columns: [t.field, t.term, t.readId] }), index("publishing_read_terms_read").on(t.readId)],
);

/** A workspace's named, ordered list of its reads; the catalogue shows only its published ones. */
export const publishingCollections = sqliteTable(
  "publishing_collections",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("publishing_collections_workspace").on(t.workspaceId)],
);

export const publishingCollectionReads = sqliteTable(
  "publishing_collection_reads",
  {
    collectionId: text("collection_id").notNull().references(() => publishingCollections.id, { onDelete: "cascade" }),
    readId: text("read_id").notNull().references(() => publishingReads.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.readId] })],
);

/** Listening per read and UTC day: counts only, no visitor identifier of any kind. */
export const publishingReadDailyStats = sqliteTable(
  "publishing_read_daily_stats",
  {
    readId: text("read_id").notNull().references(() => publishingReads.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    listens: integer("listens").notNull().default(0),
    listenMs: integer("listen_ms").notNull().default(0),
    completions: integer("completions").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.readId, t.day] })],
);
