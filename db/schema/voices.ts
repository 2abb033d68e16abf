// Voices: the voices themselves (premade and each workspace's own), per-workspace voice settings and the voice CAPTCHA.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
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
    /** Professional voices only. */
    fineTuningState: text("fine_tuning_state", { enum: FINE_TUNING_STATES }),
    /** Moderation, deployment-wide (decision 0009): BAN blocks the voice everywhere, CAPTCHA asks for a check. */
    safetyControl: text("safety_control", { enum: SAFETY_CONTROLS }),
    safetyReason: text("safety_reason"),
    /** JSON (VoiceSpeakerFeatures): what the samples measured and the speaker vector; null for voices made otherwise. */
    speakerFeatures: text("speaker_features", { mode: "json" }).$type<VoiceSpeakerFeatures>(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    index("voices_workspace").on(t.workspaceId, t.createdAt),
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
