// Studio: long-form projects, their chapters, blocks (paragraphs and titles with a voice per node) and snapshots.
import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspace";

/** A Studio project (spec request layer §3 Project: every field with its default). JSON lists are kept as text. */
export const studioProjects = sqliteTable(
  "studio_projects",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    createdByUserId: text("created_by_user_id").notNull(),
    name: text("name").notNull(),
    createDateUnix: integer("create_date_unix").notNull(),
    defaultTitleVoiceId: text("default_title_voice_id").notNull(),
    defaultParagraphVoiceId: text("default_paragraph_voice_id").notNull(),
    defaultModelId: text("default_model_id").notNull(),
    lastConversionDateUnix: integer("last_conversion_date_unix"),
    canBeDownloaded: integer("can_be_downloaded", { mode: "boolean" }).notNull().default(false),
    /** JSON list of chapter ids in reading order. */
    chaptersOrder: text("chapters_order").notNull().default("[]"),
    lastChaptersOrderChangeUnixMs: integer("last_chapters_order_change_unix_ms"),
    state: text("state").notNull().default("default"),
    /** JSON list of the chapter ids whose conversion is queued or running. */
    conversionChapterIds: text("project_conversion_chapter_ids_converting").notNull().default("[]"),
    latestSnapshotId: text("latest_snapshot_id"),
    /** project_settings.continue_playing */
    continuePlaying: integer("continue_playing", { mode: "boolean" }).notNull().default(false),
    title: text("title"),
    author: text("author"),
    isbnNumber: text("isbn_number"),
    description: text("description").notNull().default(""),
    genres: text("genres").notNull().default("[]"),
    /** The cover image's R2 key; cover_image_url is derived from it. */
    coverImageKey: text("cover_image_key"),
    coverImageType: text("cover_image_type"),
    targetAudience: text("target_audience").notNull().default("all ages"),
    language: text("language"),
    contentType: text("content_type"),
    originalPublicationDate: text("original_publication_date"),
    matureContent: integer("mature_content", { mode: "boolean" }).notNull().default(false),
    acxVolumeNormalization: integer("acx_volume_normalization", { mode: "boolean" }).notNull().default(false),
    volumeNormalization: integer("volume_normalization", { mode: "boolean" }).notNull().default(false),
    /** JSON list of {pronunciation_dictionary_id, version_id}. */
    pronunciationDictionaries: text("pronunciation_dictionaries").notNull().default("[]"),
    /** The rules of those versions, in order (versions never change: a copy read without a query). */
    pronunciationRules: text("pronunciation_rules").notNull().default("[]"),
    qualityPreset: text("quality_preset").notNull().default("standard"),
    addedToQueueAtUnix: integer("added_to_queue_at_unix").notNull().default(0),
    queuePosition: integer("queue_position"),
    sourceType: text("source_type").notNull().default("blank"),
    fiction: text("fiction"),
    /** Project.audio_native: an Audio Native player's project (migration 0030; its player is audio_native_players). */
    audioNative: integer("audio_native", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [index("studio_projects_workspace").on(t.workspaceId, t.createDateUnix)],
);

/** A chapter (spec §3 Chapter); its blocks' order is block_ids_order. */
export const studioChapters = sqliteTable(
  "studio_chapters",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id").notNull().references(() => studioProjects.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    name: text("name").notNull(),
    lastConversionDateUnix: integer("last_conversion_date_unix"),
    conversionProgress: real("conversion_progress"),
    canBeDownloaded: integer("can_be_downloaded", { mode: "boolean" }).notNull().default(false),
    blockIdsOrder: text("block_ids_order").notNull().default("[]"),
    lastBlockIdsOrderChangeUnixMs: integer("last_block_ids_order_change_unix_ms"),
    state: text("state").notNull().default("default"),
    lastConversionError: text("last_conversion_error"),
    latestSnapshotId: text("latest_snapshot_id"),
  },
  (t) => [index("studio_chapters_project").on(t.projectId)],
);

/** A block: a paragraph or title whose nodes each have a voice; its audio once converted. */
export const studioBlocks = sqliteTable(
  "studio_blocks",
  {
    id: text("id").primaryKey(),
    chapterId: text("chapter_id").notNull().references(() => studioChapters.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    subType: text("sub_type").notNull().default("p"),
    /** JSON list of {type: 'tts_node', voice_id, text}. */
    nodes: text("nodes").notNull(),
    /** What was converted (the nodes, model and quality as one key): an unchanged block is not converted again. */
    convertedKey: text("converted_key"),
    audioKey: text("audio_key"),
    audioBytes: integer("audio_bytes"),
    durationMs: integer("duration_ms"),
    /** JSON character alignment of the block's audio. */
    alignment: text("alignment"),
    convertedAtUnix: integer("converted_at_unix"),
    lastError: text("last_error"),
  },
  (t) => [index("studio_blocks_chapter").on(t.chapterId)],
);

/** A conversion's result: a chapter snapshot (chapter_id set) or a project snapshot (chapter_id null). */
export const studioSnapshots = sqliteTable(
  "studio_snapshots",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id").notNull().references(() => studioProjects.id, { onDelete: "cascade" }),
    chapterId: text("chapter_id"),
    workspaceId: text("workspace_id").notNull(),
    name: text("name").notNull(),
    createdAtUnix: integer("created_at_unix").notNull(),
    audioKey: text("audio_key").notNull(),
    audioBytes: integer("audio_bytes").notNull(),
    durationMs: integer("duration_ms").notNull(),
    /** JSON list of character alignments (one per block), times from the snapshot's start. */
    alignments: text("alignments").notNull().default("[]"),
    /** Made with ACX loudness normalisation (decision 0049). */
    acxNormalized: integer("acx_normalized", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [index("studio_snapshots_project").on(t.projectId, t.chapterId, t.createdAtUnix)],
);
