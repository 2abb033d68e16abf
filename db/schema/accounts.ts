// Accounts: people, their sessions, e-mailed codes, sign-in throttling, onboarding and the development mailbox.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { now } from "./columns";

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
    /** The SMS second factor's number (E.164); enrolled once smsEnabledAt is set (decision 0044). */
    smsPhoneNumber: text("sms_phone_number"),
    smsEnabledAt: integer("sms_enabled_at"),
    /** The one live texted code: its SHA-256, when it expires and when it was sent (one a minute). */
    smsCodeHash: text("sms_code_hash"),
    smsCodeExpiresAt: integer("sms_code_expires_at"),
    smsCodeSentAt: integer("sms_code_sent_at"),
    /** Wrong codes tried against the live one; at SMS_CODE_MAX_ATTEMPTS it is withdrawn. */
    smsCodeAttempts: integer("sms_code_attempts").notNull().default(0),
    /** Until when support staff may access the account, granted by the owner through an e-mailed code. */
    supportAccessUntil: integer("support_access_until"),
    /**
     * Set only by an operator (wrangler d1 execute, README "Support staff"): "support" makes a verified account
     * support staff. No CHECK here (adding one would rebuild this table, decision 0016): code reads any other
     * value as no role.
     */
    staffRole: text("staff_role"),
    /** The referral code the visitor arrived with (kept 90 days in their browser), if any. */
    referredBy: text("referred_by"),
    /** JSON object of the prompts the user has closed (spec User.prompts_shown; decision 0055). */
    promptsShown: text("prompts_shown").notNull().default("{}"),
    /** Set for a service account (a user that belongs to this one workspace and never signs in, decision 0034). */
    serviceAccountWorkspaceId: text("service_account_workspace_id"),
    /** User.profile_page_handle: the public profile's address (/profiles/{handle}), lowercase (decision 0046). */
    profilePageHandle: text("profile_page_handle"),
    /** terms_agreed_to.publishing payouts: when the person agreed (needed before submitting a read). */
    publishingTermsAgreedAt: integer("publishing_terms_agreed_at"),
    /** Works in the productions marketplace (spec §3 is_producer); set when they save a producer profile. */
    isProducer: integer("is_producer", { mode: "boolean" }).notNull().default(false),
    /**
     * Until when the account is in probation (spec User.is_in_probation; decision 0075): set only by an operator
     * (README "Moderating voices"); the voices it owns are flagged wherever they are offered.
     */
    probationUntil: integer("probation_until"),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_public_user_id_unique").on(t.publicUserId),
    uniqueIndex("users_profile_page_handle_unique").on(t.profilePageHandle),
  ],
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

/**
 * Throttle counters (docs/decisions/0017): per key (a client address, an account, one two-factor sign-in, a mail
 * recipient) how many failures or mails, and when the last one was; forgotten an hour after the last.
 */
export const authThrottle = sqliteTable(
  "auth_throttle",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    lastAt: integer("last_at").notNull(),
  },
  (t) => [index("auth_throttle_last_at").on(t.lastAt)],
);

/**
 * A sign-up waiting for its e-mailed link (docs/decisions/0018): the account is created only when the link is
 * opened, so signing up tells nobody whether the address already has an account.
 */
export const pendingSignUps = sqliteTable(
  "pending_sign_ups",
  {
    codeHash: text("code_hash").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** JSON: the sign-up's choices and what the front door decided for it (SignUpDetails). */
    details: text("details").notNull(),
    createdAt: integer("created_at").notNull().default(now),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
  },
  (t) => [index("pending_sign_ups_expires_at").on(t.expiresAt)],
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

/** Development mailbox: every message sent while ENVIRONMENT is development lands here (/dev/mailbox). */
export const devMailbox = sqliteTable("dev_mailbox", {
  id: text("id").primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html").notNull(),
  createdAt: integer("created_at").notNull().default(now),
});

/** Development only: text messages the local Twilio stand-in accepted (/dev/mailbox shows them). */
export const devTextMessages = sqliteTable("dev_text_messages", {
  sid: text("sid").primaryKey(),
  to: text("to").notNull(),
  from: text("from").notNull(),
  body: text("body").notNull(),
  createdAt: integer("created_at").notNull().default(now),
});
