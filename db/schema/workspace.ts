// Workspaces, their members, invitations and API keys (each key belongs to one workspace).
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { TIERS, type Tier } from "../../core/billing/plans";
import { PRINCIPAL_TYPES, RESOURCE_ROLES } from "../../core/workspace/resource-sharing";
import { NOTIFICATION_SEVERITIES } from "../../core/workspace/notifications";
import { SSO_PROTOCOLS } from "../../core/workspace/sso";
import { sql } from "drizzle-orm";
import { now, oneOf } from "./columns";
import { users } from "./accounts";

export const workspaces = sqliteTable(
  "workspaces",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    ownerId: text("owner_id").notNull(),
    createdAt: integer("created_at").notNull().default(now),
    /** One of TIERS, checked by the database: code reads it as a Tier without re-checking. */
    tier: text("tier").$type<Tier>().notNull().default("free"),
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
    /** JSON list of the group permissions every member has (decision 0034); null: the default set. */
    allMembersPermissions: text("all_members_permissions"),
    /** When an admin required a second factor of every member (migration 0050, decision 0061); null: not required. */
    twoFactorRequiredAt: integer("two_factor_required_at"),
    /** The voice-library settings: whether members who are not admins may add library voices, and publish voices there. */
    membersAddLibraryVoices: integer("members_add_library_voices", { mode: "boolean" }).notNull().default(true),
    membersPublishLibraryVoices: integer("members_publish_library_voices", { mode: "boolean" }).notNull().default(true),
    /**
     * Whether a key's holder may disable it with POST /v1/workspaces/api-keys/disable (migration 0066, decision 0088):
     * true or false for every key of the workspace; null: no override (allowed).
     */
    thirdPartyDisableAllowed: integer("third_party_disable_allowed", { mode: "boolean" }),
  },
  (t) => [check("workspaces_tier_valid", oneOf(t.tier, TIERS))],
);

export const workspaceMembers = sqliteTable(
  "workspace_members",
  {
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["admin", "editor"] }).notNull(),
    joinedAt: integer("joined_at").notNull().default(now),
    /** JSON list of {group_id, role}: whom the resources this member creates are shared with at once (decision 0039). */
    defaultSharing: text("default_sharing"),
    /** JSON list of the event types this member gets no notification for (migration 0045); null: every event. */
    mutedNotifications: text("muted_notifications"),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index("workspace_members_user").on(t.userId)],
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
    /**
     * SHA-256 of the invite's own token, which only the invite e-mail carries (its link); accepting needs it.
     * Null for invites made before tokens existed: re-inviting the address issues one and mails it.
     */
    tokenHash: text("token_hash"),
    /** JSON list of groups of this workspace the invitee joins on accepting (migration 0045); null: none. */
    groupIds: text("group_ids"),
  },
  (t) => [uniqueIndex("workspace_invites_unique").on(t.workspaceId, t.email), uniqueIndex("workspace_invites_token").on(t.tokenHash)],
);

/**
 * The workspace's one invite link (decision 0061): only its code's SHA-256 is kept (the code is shown once). A signed-in
 * person with a verified address who opens it joins as an editor until it expires; rotating replaces the row.
 */
export const workspaceInviteLinks = sqliteTable(
  "workspace_invite_links",
  {
    workspaceId: text("workspace_id").primaryKey().references(() => workspaces.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: integer("created_at").notNull().default(now),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [uniqueIndex("workspace_invite_links_code").on(t.codeHash)],
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
    /** JSON list of the scopes the key may use (service-account keys); null: everything its owner may do. */
    permissions: text("permissions"),
    /** Credits the key may spend per calendar month (UTC); null: no cap of its own. */
    characterLimit: integer("character_limit"),
    isDisabled: integer("is_disabled", { mode: "boolean" }).notNull().default(false),
    /** Whether its holder may disable it (a service account's key, decision 0088); null: the workspace's policy decides. */
    thirdPartyDisableAllowed: integer("third_party_disable_allowed", { mode: "boolean" }),
  },
  (t) => [uniqueIndex("api_keys_hash_unique").on(t.keyHash), index("api_keys_workspace").on(t.workspaceId)],
);

/**
 * The workspace's audit log (migration 0066, decision 0088): one row per change an admin or member made in the
 * workspace's administration, written by the workspace area where the change succeeded. details is a small JSON
 * object, never a secret.
 */
export const workspaceAuditLog = sqliteTable(
  "workspace_audit_log",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    actorUserId: text("actor_user_id").notNull(),
    actorEmail: text("actor_email").notNull(),
    /** "session" or "api_key": how the actor was signed in. */
    actorVia: text("actor_via").notNull(),
    event: text("event").notNull(),
    resourceType: text("resource_type").notNull(),
    resourceId: text("resource_id"),
    details: text("details").notNull().default("{}"),
    occurredAtMs: integer("occurred_at_ms").notNull(),
  },
  (t) => [index("workspace_audit_log_time").on(t.workspaceId, t.occurredAtMs)],
);

/** Groups of members with permissions per product area (decision 0034). */
export const workspaceGroups = sqliteTable(
  "workspace_groups",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** JSON list of group permissions (app/workspace/rules/permissions.ts). */
    permissions: text("permissions").notNull().default("[]"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("workspace_groups_name").on(t.workspaceId, t.name)],
);

/** A group's members; only current members of the group's workspace count (a removed member's rows are ignored). */
export const workspaceGroupMembers = sqliteTable(
  "workspace_group_members",
  {
    groupId: text("group_id").notNull().references(() => workspaceGroups.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    addedAt: integer("added_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index("workspace_group_members_user").on(t.userId)],
);

/** Workspace webhooks: HMAC-signed deliveries of workspace events to a URL (the secret signs, shown once). */
export const workspaceWebhooks = sqliteTable(
  "workspace_webhooks",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    url: text("url").notNull(),
    authType: text("auth_type").notNull().default("hmac"),
    /** HMAC: the signing secret; oauth2: the client secret of its token requests. Never shown after create. */
    secret: text("secret").notNull(),
    /** oauth2 only: JSON {token_url, client_id, scope?, audience?} (decision 0076). */
    authSettings: text("auth_settings"),
    /** JSON list of the workspace events it receives. */
    events: text("events").notNull().default("[]"),
    isDisabled: integer("is_disabled", { mode: "boolean" }).notNull().default(false),
    isAutoDisabled: integer("is_auto_disabled", { mode: "boolean" }).notNull().default(false),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    mostRecentFailureErrorCode: integer("most_recent_failure_error_code"),
    mostRecentFailureAt: integer("most_recent_failure_at"),
    mostRecentFailureReason: text("most_recent_failure_reason"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("workspace_webhooks_workspace").on(t.workspaceId)],
);

/** One event sent (or being sent) to one webhook: the delivery log. */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    webhookId: text("webhook_id").notNull().references(() => workspaceWebhooks.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    payload: text("payload").notNull(),
    /** pending, delivered or failed (after the last retry). */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    createdAt: integer("created_at").notNull().default(now),
    lastAttemptAt: integer("last_attempt_at"),
  },
  (t) => [index("webhook_deliveries_webhook_created").on(t.webhookId, t.createdAt)],
);

/**
 * Resource sharing (decision 0039): one role on one resource for one member (user), group or the whole workspace
 * (principal_id "default"). The creator and workspace admins hold the admin role without a row.
 */
export const resourceGrants = sqliteTable(
  "resource_grants",
  {
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    resourceType: text("resource_type").notNull(),
    resourceId: text("resource_id").notNull(),
    principalType: text("principal_type", { enum: PRINCIPAL_TYPES }).notNull(),
    principalId: text("principal_id").notNull(),
    role: text("role", { enum: RESOURCE_ROLES }).notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.resourceType, t.resourceId, t.principalType, t.principalId] }),
    index("resource_grants_principal").on(t.workspaceId, t.resourceType, t.principalType, t.principalId),
    check("resource_grants_principal_type_valid", oneOf(t.principalType, PRINCIPAL_TYPES)),
    check("resource_grants_role_valid", oneOf(t.role, RESOURCE_ROLES)),
  ],
);

/** Message and Event (spec §3, decision 0042): one notification for one member, read or not. */
export const notifications = sqliteTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    severity: text("severity", { enum: NOTIFICATION_SEVERITIES }).notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    needsAttention: integer("needs_attention", { mode: "boolean" }).notNull().default(false),
    hasBeenRead: integer("has_been_read", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("notifications_user_created").on(t.workspaceId, t.userId, t.createdAt), check("notifications_severity_valid", oneOf(t.severity, NOTIFICATION_SEVERITIES))],
);

/**
 * Single sign-on: the workspace's identity provider. OpenID Connect (decision 0045; the client secret is
 * write-only) or SAML 2.0 (decision 0070: `issuer` and `identity_provider_entity_id` hold the IdP's entity ID,
 * with its SSO URL and signing certificate; client_id and client_secret stay empty).
 */
export const workspaceIdentityProviders = sqliteTable(
  "workspace_identity_providers",
  {
    workspaceId: text("workspace_id").primaryKey().references(() => workspaces.id, { onDelete: "cascade" }),
    protocol: text("protocol", { enum: SSO_PROTOCOLS }).notNull().default("oidc"),
    issuer: text("issuer").notNull(),
    clientId: text("client_id").notNull(),
    clientSecret: text("client_secret").notNull(),
    identityProviderEntityId: text("identity_provider_entity_id"),
    samlSsoUrl: text("saml_sso_url"),
    samlCertificate: text("saml_certificate"),
    ssoEnforced: integer("sso_enforced", { mode: "boolean" }).notNull().default(false),
    autoProvisioningEnabled: integer("auto_provisioning_enabled", { mode: "boolean" }).notNull().default(false),
    autoProvisioningEnabledAt: integer("auto_provisioning_enabled_at"),
    autoProvisioningEnabledByUserEmail: text("auto_provisioning_enabled_by_user_email"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [check("workspace_identity_providers_protocol_valid", oneOf(t.protocol, SSO_PROTOCOLS))],
);

/** A workspace's e-mail domain; verified once its DNS TXT record carried the token (decision 0045). */
export const workspaceDomains = sqliteTable(
  "workspace_domains",
  {
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    verificationToken: text("verification_token").notNull(),
    verifiedAt: integer("verified_at"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.domain] }), uniqueIndex("workspace_domains_verified").on(t.domain).where(sql`verified_at IS NOT NULL`)],
);

/** An SSO sign-in on its way through the identity provider: single use, looked up by the state's hash. */
export const ssoSignInStates = sqliteTable("sso_sign_in_states", {
  stateHash: text("state_hash").primaryKey(),
  workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
  nonce: text("nonce").notNull(),
  codeVerifier: text("code_verifier").notNull(),
  redirect: text("redirect"),
  expiresAt: integer("expires_at").notNull(),
  createdAt: integer("created_at").notNull().default(now),
});

/** Development only: the local identity provider stand-in's signing key. */
export const devOidcKeys = sqliteTable("dev_oidc_keys", {
  kid: text("kid").primaryKey(),
  privateJwk: text("private_jwk").notNull(),
  publicJwk: text("public_jwk").notNull(),
  createdAt: integer("created_at").notNull().default(now),
});

/** Development only: authorization codes the identity provider stand-in issued (hashed, single use). */
export const devOidcCodes = sqliteTable("dev_oidc_codes", {
  codeHash: text("code_hash").primaryKey(),
  clientId: text("client_id").notNull(),
  redirectUri: text("redirect_uri").notNull(),
  email: text("email").notNull(),
  name: text("name"),
  nonce: text("nonce"),
  codeChallenge: text("code_challenge").notNull(),
  expiresAt: integer("expires_at").notNull(),
});

/** Development only: the records the DNS-over-HTTPS stand-in answers with. */
export const devDnsRecords = sqliteTable(
  "dev_dns_records",
  {
    name: text("name").notNull(),
    type: text("type").notNull().default("TXT"),
    value: text("value").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.name, t.type, t.value] })],
);
