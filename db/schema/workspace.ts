// Workspaces, their members, invitations and API keys (each key belongs to one workspace).
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { TIERS, type Tier } from "../../core/billing/plans";
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
  },
  (t) => [uniqueIndex("workspace_invites_unique").on(t.workspaceId, t.email), uniqueIndex("workspace_invites_token").on(t.tokenHash)],
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
