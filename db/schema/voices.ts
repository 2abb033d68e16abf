// Voices: the voices themselves (premade and each workspace's own), per-workspace voice settings and the voice CAPTCHA.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { SAFETY_CONTROLS } from "../../core/voices/voice-safety";
import {
  FINE_TUNING_STATES,
  SHARING_STATUSES,
  VOICE_CATEGORIES,
  type VoiceEngine,
  type VoiceEngineParameters,
  type VoiceLabels,
  type VoiceLanguage,
  type VoiceSampleFile,
  type VoiceSpeakerFeatures,
  type ManualVerification,
  type ManualVerificationReview,
  type VerificationChallenge,
} from "../../core/voices/voices";
import { now, oneOf } from "./columns";
import { workspaces } from "./workspace";

/**
 * Every voice: the premade ones (no owner, seeded by migration 0013) and those a workspace adds. A workspace
 * sees and uses the premade voices and its own, never another workspace's (db/repositories/voices.ts).
 */
export const voices = sqliteTable(
  "voices",
  {
    voiceId: text("voice_id").primaryKey(),
    /** The owning workspace; null for a premade voice. */
    workspaceId: text("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    category: text("category", { enum: VOICE_CATEGORIES }).notNull(),
    name: text("name").notNull(),
    description: text("description"),
    /** JSON object of strings: accent, age, gender, use_case, descriptive, ... as the API shows them. */
    labels: text("labels", { mode: "json" }).$type<VoiceLabels>().notNull().default(sql`'{}'`),
    /** ISO 639-1 code of the voice's own language. */
    language: text("language").notNull(),
    /** Unchecked in SQL (more engines will come); typed here. */
    engine: text("engine").$type<VoiceEngine>().notNull(),
    /** JSON (VoiceEngineParameters): espeak-ng voice, variant and base pitch; the external engines' voices. */
    engineParameters: text("engine_parameters", { mode: "json" }).$type<VoiceEngineParameters>().notNull(),
    /** R2 key of the preview in the voice's own language. */
    previewKey: text("preview_key"),
    /** JSON list of the recordings a cloned voice was made from (R2 keys); null for premade and designed voices. */
    samples: text("samples", { mode: "json" }).$type<VoiceSampleFile[]>(),
    /** JSON list of {language, modelId, accent, locale, previewKey}. */
    verifiedLanguages: text("verified_languages", { mode: "json" }).$type<VoiceLanguage[]>().notNull().default(sql`'[]'`),
    highQualityBaseModelIds: text("high_quality_base_model_ids", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    /** Null: never shared to the library. */
    sharingStatus: text("sharing_status", { enum: SHARING_STATUSES }),
    liveModerationEnabled: integer("live_moderation_enabled", { mode: "boolean" }).notNull().default(false),
    requiresVerification: integer("requires_verification", { mode: "boolean" }).notNull().default(false),
    isVerified: integer("is_verified", { mode: "boolean" }).notNull().default(false),
    verificationAttempts: integer("verification_attempts").notNull().default(0),
    verificationFailures: text("verification_failures", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    /** A professional voice's verification under way: the text to read and until when (decision 0035). */
    verificationChallenge: text("verification_challenge", { mode: "json" }).$type<VerificationChallenge>(),
    /** A professional voice's request for manual verification: its documents in R2 and the note (decision 0087). */
    manualVerification: text("manual_verification", { mode: "json" }).$type<ManualVerification>(),
    /** Support staff's approval or rejection of the last request, with who and when (decision 0091). */
    manualVerificationReview: text("manual_verification_review", { mode: "json" }).$type<ManualVerificationReview>(),
    /** Professional voices only. */
    fineTuningState: text("fine_tuning_state", { enum: FINE_TUNING_STATES }),
    /** Moderation, deployment-wide (decision 0009): BAN blocks the voice everywhere, CAPTCHA asks for a check. */
    safetyControl: text("safety_control", { enum: SAFETY_CONTROLS }),
    safetyReason: text("safety_reason"),
    /** JSON (VoiceSpeakerFeatures): what the samples measured and the speaker vector; null for voices made otherwise. */
    speakerFeatures: text("speaker_features", { mode: "json" }).$type<VoiceSpeakerFeatures>(),
    createdAt: integer("created_at").notNull().default(now),
    /** The library (decision 0025): the publisher's opaque public_user_id, set when the voice is published. */
    publicOwnerId: text("public_owner_id"),
    /** When the voice was (last) published to the library. */
    sharedAt: integer("shared_at"),
    /** A copy from the library: the voice it was copied from (kept if the original goes away). */
    originalVoiceId: text("original_voice_id"),
    /** Who made the voice: its admin for sharing (decision 0039); null for premade voices and those made before. */
    createdByUserId: text("created_by_user_id"),
    /** The library owner's royalty: cents per 1,000 credits another workspace's copy uses; 0: none (decision 0056). */
    royaltyRate: integer("royalty_rate").notNull().default(0),
  },
  (t) => [
    index("voices_workspace").on(t.workspaceId, t.createdAt),
    index("voices_library").on(t.sharingStatus, t.sharedAt),
    index("voices_original").on(t.originalVoiceId),
    check("voices_category_valid", oneOf(t.category, VOICE_CATEGORIES)),
    check("voices_premade_unowned", sql`(${t.category} = 'premade') = (${t.workspaceId} IS NULL)`),
    check("voices_sharing_status_valid", sql`${t.sharingStatus} IS NULL OR ${oneOf(t.sharingStatus, SHARING_STATUSES)}`),
    check("voices_fine_tuning_state_valid", sql`${t.fineTuningState} IS NULL OR ${oneOf(t.fineTuningState, FINE_TUNING_STATES)}`),
    check("voices_safety_control_valid", sql`${t.safetyControl} IS NULL OR ${oneOf(t.safetyControl, SAFETY_CONTROLS)}`),
    check(
      "voices_json_valid",
      sql`json_valid(${t.labels}) AND json_valid(${t.engineParameters}) AND json_valid(${t.verifiedLanguages}) AND json_valid(${t.highQualityBaseModelIds}) AND json_valid(${t.verificationFailures}) AND (${t.samples} IS NULL OR json_valid(${t.samples}))`,
    ),
  ],
);

/**
 * One generation another workspace made with a copy of a library voice whose owner set a royalty (decision 0056):
 * written in the generation's own batch with the rate of that moment, settled into earnings per voice and finished
 * day when the earner opens their payouts. `event_id` is the usage event's id.
 */
export const voiceRoyaltyAccruals = sqliteTable(
  "voice_royalty_accruals",
  {
    eventId: text("event_id").primaryKey(),
    /** The library voice (the original, not the copy). */
    voiceId: text("voice_id").notNull(),
    earnerUserId: text("earner_user_id").notNull(),
    /** The workspace that generated. */
    workspaceId: text("workspace_id").notNull(),
    occurredAt: integer("occurred_at").notNull(),
    characters: integer("characters").notNull(),
    rate: integer("rate").notNull(),
  },
  (t) => [index("voice_royalty_accruals_earner").on(t.earnerUserId, t.voiceId, t.occurredAt)],
);

/** Per-workspace voice settings overrides (POST /v1/voices/{id}/settings/edit). */
export const voiceSettings = sqliteTable(
  "voice_settings",
  {
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    voiceId: text("voice_id").notNull(),
    settings: text("settings").notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.voiceId] })],
);

/**
 * A voice CAPTCHA challenge (decision 0023): the characters a person of the workspace is asked to read from an
 * image (or hear), for one voice under a CAPTCHA control. Short-lived, a few attempts, consumed when solved.
 */
export const voiceCaptchaChallenges = sqliteTable(
  "voice_captcha_challenges",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    voiceId: text("voice_id").notNull(),
    /** The user it was issued to: one live challenge per user and voice. */
    userId: text("user_id").notNull(),
    answer: text("answer").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("voice_captcha_challenges_owner").on(t.workspaceId, t.voiceId, t.userId)],
);

/** A solved voice CAPTCHA: the workspace may generate with the voice until `valid_until` (decision 0023). */
export const voiceCaptchaPasses = sqliteTable(
  "voice_captcha_passes",
  {
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    voiceId: text("voice_id").notNull(),
    /** Who solved it last. */
    solvedBy: text("solved_by").notNull(),
    validUntil: integer("valid_until").notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.voiceId] })],
);

/** A workspace's named group of voices (GET /v1/voices/collections; /v2/voices filters on one). */
export const voiceCollections = sqliteTable(
  "voice_collections",
  {
    collectionId: text("collection_id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    icon: text("icon").notNull().default(""),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("voice_collections_workspace").on(t.workspaceId, t.title)],
);

/** The voices of a collection: any voice its workspace may use (a premade one too). */
export const voiceCollectionVoices = sqliteTable(
  "voice_collection_voices",
  {
    collectionId: text("collection_id").notNull().references(() => voiceCollections.collectionId, { onDelete: "cascade" }),
    voiceId: text("voice_id").notNull(),
    addedAt: integer("added_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.voiceId] })],
);

/**
 * Voice design previews (POST /v1/text-to-voice/create-previews, design, remix): each is a voice that can be
 * saved (POST /v1/text-to-voice) by its workspace until it expires, 24 hours after it was made.
 */
export const generatedVoices = sqliteTable(
  "generated_voices",
  {
    generatedVoiceId: text("generated_voice_id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    description: text("description").notNull(),
    /** The voice a remix started from; null for a design from a description alone. */
    sourceVoiceId: text("source_voice_id"),
    language: text("language").notNull(),
    labels: text("labels", { mode: "json" }).$type<VoiceLabels>().notNull().default(sql`'{}'`),
    engineParameters: text("engine_parameters", { mode: "json" }).$type<VoiceEngineParameters>().notNull(),
    /** R2 key of the preview audio. */
    audioKey: text("audio_key").notNull(),
    mediaType: text("media_type").notNull(),
    durationSecs: real("duration_secs").notNull(),
    createdAt: integer("created_at").notNull().default(now),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [
    index("generated_voices_workspace").on(t.workspaceId, t.expiresAt),
    check("generated_voices_json_valid", sql`json_valid(${t.labels}) AND json_valid(${t.engineParameters})`),
  ],
);

/** Voice additions and edits a workspace made in a billing period (at most round(1.5 x voice limit + 50)). */
export const voiceAddEdits = sqliteTable(
  "voice_add_edits",
  {
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    /** The billing period: the unix time its character count resets, or the calendar month without one. */
    period: text("period").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.period] })],
);
