// Billing: the subscription mirror and the webhook events already applied.
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { now } from "./columns";
import { workspaces } from "./workspace";

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
