import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const now = sql`(unixepoch())`;

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name"),
    emailVerifiedAt: integer("email_verified_at"),
    createdAt: integer("created_at").notNull().default(now),
    locale: text("locale").notNull().default("en"),
    agreesToProductUpdates: integer("agrees_to_product_updates", { mode: "boolean" }).notNull().default(false),
    ccpaOptOut: integer("ccpa_opt_out", { mode: "boolean" }).notNull().default(false),
    acceptedBipaTerms: integer("accepted_bipa_terms", { mode: "boolean" }).notNull().default(false),
    geoCountry: text("geo_country"),
    geoRegion: text("geo_region"),
    geoCity: text("geo_city"),
    publicUserId: text("public_user_id").notNull(),
    publicUserName: text("public_user_name"),
    activeWorkspaceId: text("active_workspace_id"),
    onboardingChecklistHidden: integer("onboarding_checklist_hidden", { mode: "boolean" }).notNull().default(false),
    onboardingChecklistCompleted: integer("onboarding_checklist_completed", { mode: "boolean" }).notNull().default(false),
    onboardingChecklistStartedAt: integer("onboarding_checklist_started_at"),
    analyticsConsent: text("analytics_consent").notNull().default("undecided"),
    totpSecret: text("totp_secret"),
    totpEnabledAt: integer("totp_enabled_at"),
    /** JSON list of SHA-256 hashes of the unused two-factor backup codes. */
    backupCodeHashes: text("backup_code_hashes"),
    /** Until when support staff may access the account, granted by the owner through an e-mailed code. */
    supportAccessUntil: integer("support_access_until"),
    /** The referral code the visitor arrived with (kept 90 days in their browser), if any. */
    referredBy: text("referred_by"),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email), uniqueIndex("users_public_user_id_unique").on(t.publicUserId)],
);

export const workspaces = sqliteTable("workspaces", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  ownerId: text("owner_id").notNull(),
  createdAt: integer("created_at").notNull().default(now),
  tier: text("tier").notNull().default("free"),
  status: text("status").notNull().default("free"),
  currency: text("currency").notNull().default("usd"),
  billingPeriod: text("billing_period").notNull().default("monthly_period"),
  characterCount: integer("character_count").notNull().default(0),
  characterLimit: integer("character_limit").notNull().default(10000),
  maxSeats: integer("max_seats").notNull().default(1),
  sessionInactivityTimeout: integer("session_inactivity_timeout"),
  trainingOptOut: integer("training_opt_out", { mode: "boolean" }).notNull().default(false),
  trainingOptOutAt: integer("training_opt_out_at"),
  /** When character_count next starts again from 0 (unix seconds): each paid period, or monthly on free. */
  characterCountResetAt: integer("character_count_reset_at"),
  /** Characters beyond character_limit already invoiced as extra credits this period (whole blocks). */
  extraCharactersBilled: integer("extra_characters_billed").notNull().default(0),
});

export const workspaceMembers = sqliteTable(
  "workspace_members",
  {
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["admin", "editor"] }).notNull(),
    joinedAt: integer("joined_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index("workspace_members_user").on(t.userId)],
);

/** Browser sessions: only the SHA-256 of the cookie token is stored, so a database leak yields no usable cookie. */
export const sessions = sqliteTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull().default(now),
    expiresAt: integer("expires_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull().default(now),
    revokedAt: integer("revoked_at"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user").on(t.userId)],
);

/** API keys: `sk_` + 48 hex characters, shown once; only the SHA-256 and a preview are kept. */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    keyHash: text("key_hash").notNull(),
    preview: text("preview").notNull(),
    createdAt: integer("created_at").notNull().default(now),
    lastUsedAt: integer("last_used_at"),
  },
  (t) => [uniqueIndex("api_keys_hash_unique").on(t.keyHash), index("api_keys_workspace").on(t.workspaceId)],
);

/** Single-use codes sent by e-mail (verify e-mail, reset password, ...); stored hashed, with an expiry. */
export const actionCodes = sqliteTable(
  "action_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    mode: text("mode").notNull(),
    payload: text("payload"),
    createdAt: integer("created_at").notNull().default(now),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
  },
  (t) => [index("action_codes_user").on(t.userId)],
);

/** Development mailbox: every message sent while ENVIRONMENT is development lands here (/dev/mailbox). */
export const devMailbox = sqliteTable("dev_mailbox", {
  id: text("id").primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html").notNull(),
  createdAt: integer("created_at").notNull().default(now),
});

/** Failed sign-in and code checks per key (an address or an account) in fixed windows, for slowing guessing down. */
export const authFailures = sqliteTable(
  "auth_failures",
  {
    key: text("key").notNull(),
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

export const workspaceInvites = sqliteTable(
  "workspace_invites",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: ["admin", "editor"] }).notNull(),
    invitedBy: text("invited_by").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("workspace_invites_unique").on(t.workspaceId, t.email)],
);

export const onboardingItems = sqliteTable(
  "onboarding_items",
  {
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    itemId: text("item_id").notNull(),
    completedAt: integer("completed_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] })],
);

/** Generated speech, one row per delivered generation; written only after its audio is in R2. */
export const historyItems = sqliteTable(
  "history_items",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    requestId: text("request_id").notNull(),
    voiceId: text("voice_id").notNull(),
    voiceName: text("voice_name").notNull(),
    voiceCategory: text("voice_category").notNull(),
    modelId: text("model_id").notNull(),
    text: text("text").notNull(),
    dialogue: text("dialogue"),
    dateUnix: integer("date_unix").notNull(),
    characterCountChangeFrom: integer("character_count_change_from").notNull(),
    characterCountChangeTo: integer("character_count_change_to").notNull(),
    contentType: text("content_type").notNull(),
    outputFormat: text("output_format").notNull(),
    settings: text("settings").notNull(),
    feedback: text("feedback"),
    source: text("source").notNull(),
    audioKey: text("audio_key").notNull(),
    audioBytes: integer("audio_bytes").notNull(),
    durationMs: integer("duration_ms").notNull(),
    alignment: text("alignment"),
  },
  (t) => [index("history_workspace_date").on(t.workspaceId, t.dateUnix), index("history_workspace_voice").on(t.workspaceId, t.voiceId)],
);

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
  (t) => [index("usage_workspace_time").on(t.workspaceId, t.occurredAt)],
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

/** Generations in flight, to hold each workspace to its plan's concurrency. */
export const generationSlots = sqliteTable(
  "generation_slots",
  {
    requestId: text("request_id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    startedAt: integer("started_at").notNull(),
  },
  (t) => [index("generation_slots_workspace").on(t.workspaceId)],
);

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
 * A workspace's account at the payment provider and the subscription state mirrored from it. The provider
 * is the source of truth; webhooks re-read the subscription and overwrite these columns.
 */
export const workspaceBilling = sqliteTable(
  "workspace_billing",
  {
    workspaceId: text("workspace_id").primaryKey().references(() => workspaces.id, { onDelete: "cascade" }),
    customerId: text("customer_id").notNull(),
    subscriptionId: text("subscription_id"),
    /** The provider's own status (active, past_due, incomplete, canceled, ...). */
    providerStatus: text("provider_status"),
    priceLookupKey: text("price_lookup_key"),
    currentPeriodStart: integer("current_period_start"),
    currentPeriodEnd: integer("current_period_end"),
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    scheduleId: text("schedule_id"),
    pendingDowngradeTo: text("pending_downgrade_to"),
    /** JSON list of every paid tier this workspace has had. */
    previouslySubscribedTiers: text("previously_subscribed_tiers").notNull().default("[]"),
    paymentProvider: text("payment_provider").notNull().default("card"),
    trustOnInvoiceCreation: integer("trust_on_invoice_creation", { mode: "boolean" }).notNull().default(true),
    allowedToExtendCharacterLimit: integer("allowed_to_extend_character_limit", { mode: "boolean" }).notNull().default(false),
    /** The workspace's own cap on the extension, in thousands of characters; null: the plan's maximum. */
    maxCharacterLimitExtension: integer("max_character_limit_extension"),
    hasOpenInvoices: integer("has_open_invoices", { mode: "boolean" }).notNull().default(false),
    /** Start of the period whose quota was last reset, so a replayed or late invoice.paid resets nothing. */
    quotaPeriodStart: integer("quota_period_start"),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("workspace_billing_customer").on(t.customerId)],
);

/** Webhook events already applied, by the provider's event id: each is applied exactly once. */
export const billingEvents = sqliteTable("billing_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  workspaceId: text("workspace_id"),
  receivedAt: integer("received_at").notNull().default(now),
});

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

/** Fixed-window counters for public, unauthenticated features (the visitors' try-it box). */
export const rateCounters = sqliteTable(
  "rate_counters",
  {
    key: text("key").notNull(),
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Paid-ad visits reported after sign-up (POST /v1/google-ads-visit), for the owner's conversion reports. */
export const adVisits = sqliteTable("ad_visits", {
  id: text("id").primaryKey(),
  userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  eventType: text("event_type").notNull(),
  gclid: text("gclid"),
  utmSource: text("utm_source"),
  utmMedium: text("utm_medium"),
  utmCampaign: text("utm_campaign"),
  utmTerm: text("utm_term"),
  utmContent: text("utm_content"),
  createdAt: integer("created_at").notNull().default(now),
});

/**
 * Voices under a safety control, deployment-wide (spec: Voice.safety_control): set by the operator's
 * moderation, BAN blocks a voice everywhere, CAPTCHA asks people for a check before they use it.
 */
export const voiceSafetyControls = sqliteTable("voice_safety_controls", {
  voiceId: text("voice_id").primaryKey(),
  safetyControl: text("safety_control", { enum: ["BAN", "CAPTCHA"] }).notNull(),
  reason: text("reason"),
  updatedAt: integer("updated_at").notNull().default(now),
});
