// The productions marketplace (producers, requests, tasks) and payouts (earnings, connected accounts, transfers).
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { workspaces } from "./workspace";

/** A producer's public face: saved once they become a producer. */
export const producerProfiles = sqliteTable("producer_profiles", {
  userId: text("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  displayName: text("display_name").notNull(),
  bio: text("bio").notNull(),
  /** Comma-separated language codes they work in. */
  languages: text("languages").notNull(),
  createdAt: integer("created_at").notNull(),
});

/** A kind of task a producer may claim, earned by passing its test task (decision 0047). */
export const producerQualifications = sqliteTable(
  "producer_qualifications",
  {
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    passedAt: integer("passed_at").notNull(),
    /** The test's score in percent (words right). */
    score: integer("score").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** A customer's order with its quote; amounts in the currency's smallest unit. */
export const productionRequests = sqliteTable(
  "production_requests",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    instructions: text("instructions").notNull(),
    language: text("language").notNull(),
    minutes: integer("minutes").notNull(),
    quoteAmount: integer("quote_amount").notNull(),
    /** The producer's share of the quote, earned when the customer accepts. */
    producerAmount: integer("producer_amount").notNull(),
    currency: text("currency").notNull(),
    createdAt: integer("created_at").notNull(),
    /** Set when the request was made by submitting an API order: its order and the item it carries out (decision 0064). */
    orderId: text("order_id"),
    orderItemId: text("order_item_id"),
  },
  (t) => [
    index("production_requests_workspace").on(t.workspaceId, t.createdAt),
    // One request per order item: a second submit of the same order cannot make its tasks again.
    uniqueIndex("production_requests_order_item").on(t.orderItemId),
    index("production_requests_order").on(t.orderId),
  ],
);

/** The work of a request, claimed by one producer at a time (states in app/productions/rules/tasks.ts). */
export const productionTasks = sqliteTable(
  "production_tasks",
  {
    id: text("id").primaryKey(),
    requestId: text("request_id").notNull().references(() => productionRequests.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    kind: text("kind").notNull(),
    state: text("state").notNull(),
    producerId: text("producer_id"),
    claimedAt: integer("claimed_at"),
    deadlineAt: integer("deadline_at"),
    submittedAt: integer("submitted_at"),
    deliverableKey: text("deliverable_key"),
    deliverableName: text("deliverable_name"),
    deliverableType: text("deliverable_type"),
    deliverableBytes: integer("deliverable_bytes"),
    feedback: text("feedback"),
    feedbackAcknowledgedAt: integer("feedback_acknowledged_at"),
    acceptedAt: integer("accepted_at"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("production_tasks_state").on(t.state, t.kind), index("production_tasks_producer").on(t.producerId, t.state)],
);

/** What happened to a task, in order: the customer's timeline and the producer's history (revoked claims too). */
export const productionTaskEvents = sqliteTable(
  "production_task_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    taskId: text("task_id").notNull().references(() => productionTasks.id, { onDelete: "cascade" }),
    actorId: text("actor_id").notNull(),
    /** The producer the event concerns (the claimant at the time). */
    producerId: text("producer_id"),
    event: text("event").notNull(),
    detail: text("detail"),
    at: integer("at").notNull(),
  },
  (t) => [index("production_task_events_task").on(t.taskId, t.id), index("production_task_events_producer").on(t.producerId, t.id)],
);

/** Money owed to a person, once per source (an accepted task, a day of listens, a royalty); paid by one payout. */
export const earnings = sqliteTable(
  "earnings",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    source: text("source").notNull(),
    sourceId: text("source_id").notNull(),
    description: text("description").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    createdAt: integer("created_at").notNull(),
    payoutId: text("payout_id"),
  },
  (t) => [uniqueIndex("earnings_source").on(t.source, t.sourceId), index("earnings_user_payout").on(t.userId, t.payoutId)],
);

/** The person's Stripe Connect account and its onboarding state, as last read from Stripe. */
export const payoutAccounts = sqliteTable("payout_accounts", {
  userId: text("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  stripeAccountId: text("stripe_account_id").notNull(),
  detailsSubmitted: integer("details_submitted", { mode: "boolean" }).notNull().default(false),
  payoutsEnabled: integer("payouts_enabled", { mode: "boolean" }).notNull().default(false),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

/** One transfer of the unpaid earnings to the connected account; its id is the Stripe idempotency key. */
export const payouts = sqliteTable(
  "payouts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** The form's one-time key: a double submit finds the same payout. */
    requestKey: text("request_key").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    /** pending (sent or to be retried), paid, failed (the earnings are released again). */
    status: text("status").notNull(),
    stripeTransferId: text("stripe_transfer_id"),
    failure: text("failure"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("payouts_request_key").on(t.userId, t.requestKey)],
);

/**
 * An order of the SDK's productions.orders API (decision 0064): open while its items and media are gathered,
 * submitted once (one request per item); `revision` counts the changes, so a submit acts on what it read.
 */
export const productionOrders = sqliteTable(
  "production_orders",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    name: text("name").notNull(),
    state: text("state").notNull().default("open"),
    sandbox: integer("sandbox", { mode: "boolean" }).notNull().default(false),
    revision: integer("revision").notNull().default(0),
    /** The key the order's time-limited download URLs are signed with. */
    downloadSecret: text("download_secret").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    submittedAt: integer("submitted_at"),
  },
  (t) => [index("production_orders_workspace").on(t.workspaceId, t.createdAt)],
);

/** A media file registered with an order (in R2), measured when it arrived: its duration makes the quote. */
export const productionOrderMedia = sqliteTable(
  "production_order_media",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id").notNull().references(() => productionOrders.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    language: text("language").notNull(),
    bytes: integer("bytes").notNull(),
    durationSeconds: real("duration_seconds").notNull(),
    r2Key: text("r2_key").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("production_order_media_order").on(t.orderId)],
);

/** An order's item: its kind and the SDK's item body as JSON. */
export const productionOrderItems = sqliteTable(
  "production_order_items",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id").notNull().references(() => productionOrders.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    item: text("item").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("production_order_items_order").on(t.orderId, t.createdAt)],
);
