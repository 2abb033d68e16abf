// Orders of the SDK's productions.orders API (decision 0064), the only way into their tables. An order is open while
// its media and items are gathered; submitting it makes one marketplace request (with its task) per item, in one
// D1 batch whose inserts only happen if its own conditional UPDATE moved the order: a second submit, or a change
// made while submitting, writes nothing.
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { database } from "../../db/client";
import { productionOrderItems, productionOrderMedia, productionOrders, productionRequests, productionTaskEvents, productionTasks } from "../../db/schema";
import { nowSeconds } from "../../core/clock";
import type { UploadMeasure } from "../../core/engines/noise-isolation";
import { randomHex, type Actor } from "~/accounts/accounts.server";
import type { ProductionRefusal, ProductionResult } from "./productions.server";
import {
  DEFAULT_ORDER_NAME,
  DOWNLOAD_URL_SECONDS,
  itemBrief,
  itemLanguage,
  itemMediaIds,
  itemQuote,
  MAX_ORDER_ITEMS,
  MAX_ORDER_MEDIA,
  MAX_ORDER_MEDIA_BYTES,
  ORDER_ITEM_LABELS,
  orderState,
  TASK_KIND_OF,
  type OrderItem,
  type OrderState,
} from "./rules/orders";

const db = (env: Env) => database(env.DB);
const newId = (prefix: string) => `${prefix}_${Date.now().toString(36)}${randomHex(8)}`;
const refuse = (httpStatus: ProductionRefusal["httpStatus"], status: string, message: string): ProductionRefusal => ({ ok: false, httpStatus, status, message });

export type OrderRow = typeof productionOrders.$inferSelect;
export type OrderMediaRow = typeof productionOrderMedia.$inferSelect;
export type OrderItemRow = typeof productionOrderItems.$inferSelect;

const NOT_OPEN = refuse(409, "order_not_open", "The order has been submitted: its items and name can no longer be changed.");

/** The order, only for its own workspace (another workspace's order is not found). */
export async function findOrder(env: Env, actor: Actor, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db(env)
    .select()
    .from(productionOrders)
    .where(and(eq(productionOrders.id, orderId), eq(productionOrders.workspaceId, actor.membership.workspace.id)));
  return row;
}

export async function createOrder(env: Env, actor: Actor, input: { sandbox: boolean; name?: string }): Promise<OrderRow> {
  const now = nowSeconds();
  const row: OrderRow = {
    id: newId("prodorder"),
    workspaceId: actor.membership.workspace.id,
    userId: actor.user.id,
    name: input.name ?? DEFAULT_ORDER_NAME,
    state: "open",
    sandbox: input.sandbox,
    revision: 0,
    downloadSecret: randomHex(32),
    createdAt: now,
    updatedAt: now,
    submittedAt: null,
  };
  await db(env).insert(productionOrders).values(row);
  return row;
}

/** The tasks of each submitted order, for its state: every task accepted makes it done. */
async function taskStatesByOrder(env: Env, orderIds: string[]): Promise<Map<string, { state: string; acceptedAt: number | null }[]>> {
  const byOrder = new Map<string, { state: string; acceptedAt: number | null }[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db(env)
    .select({ orderId: productionRequests.orderId, state: productionTasks.state, acceptedAt: productionTasks.acceptedAt })
    .from(productionRequests)
    .innerJoin(productionTasks, eq(productionTasks.requestId, productionRequests.id))
    .where(inArray(productionRequests.orderId, orderIds));
  for (const row of rows) byOrder.set(row.orderId!, [...(byOrder.get(row.orderId!) ?? []), { state: row.state, acceptedAt: row.acceptedAt }]);
  return byOrder;
}

export type OrderSummary = { order: OrderRow; state: OrderState; totalCents: number | null; completedAt: number | null };

/** The state computed in SQL, for the list's status filter (the same rule as `orderState`). */
const derivedState = sql<string>`CASE WHEN ${productionOrders.state} = 'open' THEN 'open'
  WHEN EXISTS (SELECT 1 FROM production_requests r JOIN production_tasks t ON t.request_id = r.id WHERE r.order_id = ${productionOrders.id})
   AND NOT EXISTS (SELECT 1 FROM production_requests r JOIN production_tasks t ON t.request_id = r.id WHERE r.order_id = ${productionOrders.id} AND t.state <> 'accepted') THEN 'done'
  ELSE 'submitted' END`;

/** The workspace's orders, newest first, filtered by state and creation time, a page at a time. */
export async function listOrders(env: Env, actor: Actor, query: { pageSize: number; offset: number; states?: OrderState[]; from?: number; to?: number }): Promise<OrderSummary[]> {
  const conditions: SQL[] = [eq(productionOrders.workspaceId, actor.membership.workspace.id)];
  if (query.states?.length) conditions.push(inArray(derivedState, query.states));
  if (query.from !== undefined) conditions.push(gte(productionOrders.createdAt, query.from));
  if (query.to !== undefined) conditions.push(lte(productionOrders.createdAt, query.to));
  const orders = await db(env)
    .select()
    .from(productionOrders)
    .where(and(...conditions))
    .orderBy(desc(productionOrders.createdAt), desc(productionOrders.id))
    .limit(query.pageSize)
    .offset(query.offset);
  const details = await Promise.all(orders.map((order) => orderDetail(env, order)));
  return details.map(({ order, state, totalCents, completedAt }) => ({ order, state, totalCents, completedAt }));
}

export type ItemView = { row: OrderItemRow; item: OrderItem; quoteCents: number | null };
export type OrderDetail = OrderSummary & { items: ItemView[]; media: OrderMediaRow[] };

/** Everything GET /orders/{id} says: the items with their quotes (from the media's durations), the state, the total. */
export async function orderDetail(env: Env, order: OrderRow): Promise<OrderDetail> {
  const [items, media, states] = await Promise.all([
    db(env).select().from(productionOrderItems).where(eq(productionOrderItems.orderId, order.id)).orderBy(asc(productionOrderItems.createdAt), asc(productionOrderItems.id)),
    db(env).select().from(productionOrderMedia).where(eq(productionOrderMedia.orderId, order.id)),
    taskStatesByOrder(env, [order.id]),
  ]);
  const seconds = new Map(media.map((m) => [m.id, m.durationSeconds]));
  const views: ItemView[] = items.map((row) => {
    const item = JSON.parse(row.item) as OrderItem;
    const durations = itemMediaIds(item).map((id) => seconds.get(id));
    const quoteCents = durations.every((d) => d !== undefined) ? itemQuote(item, durations as number[]).amount : null;
    return { row, item, quoteCents };
  });
  const tasks = states.get(order.id) ?? [];
  const state = orderState(order.state, tasks.map((t) => t.state));
  const totalCents = views.length && views.every((v) => v.quoteCents !== null) ? views.reduce((sum, v) => sum + v.quoteCents!, 0) : null;
  const completedAt = state === "done" ? Math.max(...tasks.map((t) => t.acceptedAt ?? 0)) : null;
  return { order, state, totalCents, completedAt, items: views, media };
}

/** Renames an open order. */
export async function renameOrder(env: Env, order: OrderRow, name: string): Promise<ProductionResult> {
  const result = await db(env)
    .update(productionOrders)
    .set({ name, updatedAt: nowSeconds() })
    .where(and(eq(productionOrders.id, order.id), eq(productionOrders.state, "open")));
  return result.meta.changes === 1 ? { ok: true, value: null } : NOT_OPEN;
}

type MeasureRpc = { measureUpload(upload: { audio: Uint8Array; pcm16k: boolean }): Promise<UploadMeasure> };

/**
 * Registers a media file: measured by the speech worker (its duration makes the quote; a file that is not audio or
 * video it can read is refused), stored in R2, then recorded only if the order is still open (else removed again).
 */
export async function registerMedia(env: Env, order: OrderRow, file: { bytes: Uint8Array; name: string; contentType: string; language: string }): Promise<ProductionResult<OrderMediaRow>> {
  if (order.state !== "open") return NOT_OPEN;
  if (file.bytes.byteLength === 0) return refuse(400, "empty_file", "The media file is empty.");
  if (file.bytes.byteLength > MAX_ORDER_MEDIA_BYTES) return refuse(400, "file_too_large", `A media file can be at most ${MAX_ORDER_MEDIA_BYTES / 1024 / 1024} MB.`);
  const [count] = await db(env).select({ n: sql<number>`count(*)` }).from(productionOrderMedia).where(eq(productionOrderMedia.orderId, order.id));
  if ((count?.n ?? 0) >= MAX_ORDER_MEDIA) return refuse(409, "too_many_media", `An order can hold at most ${MAX_ORDER_MEDIA} media files.`);
  const measured = await (env.SPEECH as unknown as MeasureRpc).measureUpload({ audio: file.bytes, pcm16k: false });
  if (!measured.ok) return refuse(400, "invalid_media", measured.message);
  const id = newId("prodmedia");
  const key = `productions/${order.workspaceId}/orders/${order.id}/media/${id}`;
  await env.MEDIA.put(key, file.bytes, { httpMetadata: { contentType: file.contentType } });
  const row: OrderMediaRow = { id, orderId: order.id, name: file.name, contentType: file.contentType, language: file.language, bytes: file.bytes.byteLength, durationSeconds: measured.durationSeconds, r2Key: key, createdAt: nowSeconds() };
  const [inserted] = await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO production_order_media (id, order_id, name, content_type, language, bytes, duration_seconds, r2_key, created_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM production_orders WHERE id = ? AND state = 'open')`,
    ).bind(row.id, row.orderId, row.name, row.contentType, row.language, row.bytes, row.durationSeconds, row.r2Key, row.createdAt, order.id),
    env.DB.prepare("UPDATE production_orders SET revision = revision + 1, updated_at = ? WHERE id = ? AND state = 'open'").bind(row.createdAt, order.id),
  ]);
  if (inserted!.meta.changes !== 1) {
    await env.MEDIA.delete(key);
    return NOT_OPEN;
  }
  return { ok: true, value: row };
}

export async function findMedia(env: Env, order: OrderRow, mediaId: string): Promise<OrderMediaRow | undefined> {
  const [row] = await db(env)
    .select()
    .from(productionOrderMedia)
    .where(and(eq(productionOrderMedia.id, mediaId), eq(productionOrderMedia.orderId, order.id)));
  return row;
}

/**
 * Adds an item, or replaces one (`itemId`), on an open order. Its media must be this order's, in the item's source
 * language as declared when registered or not; the item and the order's revision change in one batch, only while
 * the order is open.
 */
export async function upsertItem(env: Env, order: OrderRow, item: OrderItem, itemId?: string): Promise<ProductionResult<{ itemId: string; quoteCents: number }>> {
  if (order.state !== "open") return NOT_OPEN;
  const detail = await orderDetail(env, order);
  if (itemId && !detail.items.some((v) => v.row.id === itemId)) return refuse(404, "item_not_found", "No such item on this order.");
  if (!itemId && detail.items.length >= MAX_ORDER_ITEMS) return refuse(409, "too_many_items", `An order can hold at most ${MAX_ORDER_ITEMS} items.`);
  const media = new Map(detail.media.map((m) => [m.id, m]));
  const missing = itemMediaIds(item).filter((id) => !media.has(id));
  if (missing.length) return refuse(404, "media_not_found", `No media ${missing.join(", ")} on this order: register the media with the order first.`);
  const quote = itemQuote(item, itemMediaIds(item).map((id) => media.get(id)!.durationSeconds));
  const now = nowSeconds();
  const id = itemId ?? newId("proditem");
  const json = JSON.stringify(item);
  const write = itemId
    ? env.DB.prepare(
        `UPDATE production_order_items SET kind = ?, item = ?, updated_at = ? WHERE id = ? AND order_id = ?
         AND EXISTS (SELECT 1 FROM production_orders WHERE id = ? AND state = 'open')`,
      ).bind(item.kind, json, now, id, order.id, order.id)
    : env.DB.prepare(
        `INSERT INTO production_order_items (id, order_id, kind, item, created_at, updated_at)
         SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM production_orders WHERE id = ? AND state = 'open')`,
      ).bind(id, order.id, item.kind, json, now, now, order.id);
  const [written] = await env.DB.batch([write, env.DB.prepare("UPDATE production_orders SET revision = revision + 1, updated_at = ? WHERE id = ? AND state = 'open'").bind(now, order.id)]);
  if (written!.meta.changes !== 1) return NOT_OPEN;
  return { ok: true, value: { itemId: id, quoteCents: quote.amount } };
}

export async function removeItem(env: Env, order: OrderRow, itemId: string): Promise<ProductionResult> {
  if (order.state !== "open") return NOT_OPEN;
  const now = nowSeconds();
  const [removed] = await env.DB.batch([
    env.DB.prepare("DELETE FROM production_order_items WHERE id = ? AND order_id = ? AND EXISTS (SELECT 1 FROM production_orders WHERE id = ? AND state = 'open')").bind(itemId, order.id, order.id),
    env.DB.prepare("UPDATE production_orders SET revision = revision + 1, updated_at = ? WHERE id = ? AND state = 'open'").bind(now, order.id),
  ]);
  if (removed!.meta.changes === 1) return { ok: true, value: null };
  const [again] = await db(env).select({ state: productionOrders.state }).from(productionOrders).where(eq(productionOrders.id, order.id));
  return again?.state === "open" ? refuse(404, "item_not_found", "No such item on this order.") : NOT_OPEN;
}

/**
 * Submits an open order with at least one item: each item becomes a marketplace request at its quote with one
 * open task (a sandbox order is checked and quoted the same way, but no task is offered to producers). Everything
 * is one batch: the order's UPDATE is conditional on the state and the revision read, and every insert after it
 * only happens if that UPDATE moved the order (and the unique order item of a request refuses a second one).
 */
export async function submitOrder(env: Env, actor: Actor, order: OrderRow): Promise<ProductionResult<{ submittedAt: number }>> {
  if (order.state !== "open") return refuse(409, "order_not_open", "The order has already been submitted.");
  const detail = await orderDetail(env, order);
  if (detail.items.length === 0) return refuse(409, "order_empty", "Add at least one item before submitting the order.");
  const media = new Map(detail.media.map((m) => [m.id, m]));
  const now = nowSeconds();
  const revision = detail.order.revision;
  const statements: D1PreparedStatement[] = [
    env.DB.prepare("UPDATE production_orders SET state = 'submitted', submitted_at = ?, updated_at = ?, revision = revision + 1 WHERE id = ? AND state = 'open' AND revision = ?").bind(now, now, order.id, revision),
  ];
  // Only when the UPDATE above moved this order, at this revision, in this submit.
  const moved = "EXISTS (SELECT 1 FROM production_orders WHERE id = ? AND state = 'submitted' AND revision = ? AND submitted_at = ?)";
  if (!order.sandbox) {
    for (const { row, item } of detail.items) {
      const itemMedia = itemMediaIds(item).map((id) => media.get(id)!);
      const quote = itemQuote(item, itemMedia.map((m) => m.durationSeconds));
      const requestId = newId("prq");
      const taskId = newId("ptk");
      const kind = TASK_KIND_OF[item.kind];
      const title = `${order.name} · ${ORDER_ITEM_LABELS[item.kind]}`.slice(0, 200);
      statements.push(
        env.DB.prepare(
          `INSERT INTO production_requests (id, workspace_id, user_id, kind, title, instructions, language, minutes, quote_amount, producer_amount, currency, created_at, order_id, order_item_id)
           SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE ${moved}`,
        ).bind(requestId, order.workspaceId, actor.user.id, kind, title, itemBrief(item, itemMedia), itemLanguage(item), quote.minutes, quote.amount, quote.producerAmount, quote.currency, now, order.id, row.id, order.id, revision + 1, now),
        env.DB.prepare(`INSERT INTO production_tasks (id, request_id, workspace_id, kind, state, updated_at) SELECT ?, ?, ?, ?, 'open', ? WHERE ${moved}`).bind(taskId, requestId, order.workspaceId, kind, now, order.id, revision + 1, now),
        env.DB.prepare(`INSERT INTO production_task_events (task_id, actor_id, event, at) SELECT ?, ?, 'requested', ? WHERE ${moved}`).bind(taskId, actor.user.id, now, order.id, revision + 1, now),
      );
    }
  }
  try {
    const [update] = await env.DB.batch(statements);
    if (update!.meta.changes !== 1) return refuse(409, "order_not_open", "The order has already been submitted, or changed while submitting: read it again.");
  } catch (error) {
    // A racing submit of the same order made the requests first (unique order item): the whole batch is undone.
    if (String(error).includes("UNIQUE")) return refuse(409, "order_not_open", "The order has already been submitted.");
    throw error;
  }
  return { ok: true, value: { submittedAt: now } };
}

export type DeliverableFile = { taskId: string; key: string; name: string; contentType: string; version: number };

/** The files of the order's accepted tasks (an order's items are delivered one by one as each is accepted). */
export async function orderDeliverables(env: Env, order: OrderRow): Promise<DeliverableFile[]> {
  const rows = await db(env)
    .select({
      taskId: productionTasks.id,
      key: productionTasks.deliverableKey,
      name: productionTasks.deliverableName,
      type: productionTasks.deliverableType,
      version: sql<number>`(SELECT count(*) FROM ${productionTaskEvents} e WHERE e.task_id = ${productionTasks.id} AND e.event = 'submitted')`,
    })
    .from(productionRequests)
    .innerJoin(productionTasks, eq(productionTasks.requestId, productionRequests.id))
    .where(and(eq(productionRequests.orderId, order.id), eq(productionTasks.state, "accepted")))
    .orderBy(asc(productionTasks.acceptedAt), asc(productionTasks.id));
  return rows
    .filter((r) => r.key)
    .map((r) => ({ taskId: r.taskId, key: r.key!, name: r.name ?? "deliverable", contentType: r.type ?? "application/octet-stream", version: Math.max(1, r.version) }));
}

// Signed downloads: HMAC-SHA256 with the order's own secret over what, which file and until when.

export type DownloadKind = "media" | "deliverable";

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

async function downloadSignature(secret: string, orderId: string, kind: DownloadKind, fileId: string, expires: number): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return hex(await crypto.subtle.sign("HMAC", key, enc.encode(`${orderId}:${kind}:${fileId}:${expires}`)));
}

/** A time-limited URL for one of the order's files, usable without the API key. */
export async function signedDownloadUrl(origin: string, order: OrderRow, kind: DownloadKind, fileId: string): Promise<string> {
  const expires = nowSeconds() + DOWNLOAD_URL_SECONDS;
  const signature = await downloadSignature(order.downloadSecret, order.id, kind, fileId, expires);
  return `${origin}/v1/productions/files/${encodeURIComponent(order.id)}/${kind}/${encodeURIComponent(fileId)}?expires=${expires}&signature=${signature}`;
}

/** The file a signed URL names, or null (unknown, expired, a wrong signature, or a deliverable not accepted). */
export async function signedDownload(env: Env, orderId: string, kind: DownloadKind, fileId: string, expires: number, signature: string): Promise<{ object: R2ObjectBody; name: string; contentType: string } | null> {
  if (expires < nowSeconds() || !/^[0-9a-f]{64}$/.test(signature)) return null;
  const [order] = await db(env).select().from(productionOrders).where(eq(productionOrders.id, orderId));
  if (!order) return null;
  const expected = await downloadSignature(order.downloadSecret, order.id, kind, fileId, expires);
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ signature.charCodeAt(i);
  if (diff !== 0) return null;
  let file: { key: string; name: string; contentType: string } | undefined;
  if (kind === "media") {
    const [media] = await db(env).select().from(productionOrderMedia).where(and(eq(productionOrderMedia.id, fileId), eq(productionOrderMedia.orderId, order.id)));
    file = media && { key: media.r2Key, name: media.name, contentType: media.contentType };
  } else {
    file = (await orderDeliverables(env, order)).find((d) => d.taskId === fileId);
  }
  if (!file) return null;
  const object = await env.MEDIA.get(file.key);
  return object ? { object, name: file.name, contentType: file.contentType } : null;
}

/** The order's media for the producer working on one of its tasks (the source they dub, subtitle or transcribe). */
export async function mediaForProducer(env: Env, actor: Actor, mediaId: string): Promise<{ object: R2ObjectBody; name: string; contentType: string } | null> {
  const [media] = await db(env).select().from(productionOrderMedia).where(eq(productionOrderMedia.id, mediaId));
  if (!media) return null;
  const [mine] = await db(env)
    .select({ id: productionTasks.id })
    .from(productionTasks)
    .innerJoin(productionRequests, eq(productionTasks.requestId, productionRequests.id))
    .where(and(eq(productionRequests.orderId, media.orderId), eq(productionTasks.producerId, actor.user.id)))
    .limit(1);
  if (!mine) return null;
  const object = await env.MEDIA.get(media.r2Key);
  return object ? { object, name: media.name, contentType: media.contentType } : null;
}

/** The media of the order a request came from (what the producer's task page links to). */
export async function requestMedia(env: Env, requestIds: string[]): Promise<Map<string, { id: string; name: string }[]>> {
  const byRequest = new Map<string, { id: string; name: string }[]>();
  if (requestIds.length === 0) return byRequest;
  const rows = await db(env)
    .select({ requestId: productionRequests.id, item: productionOrderItems.item, mediaId: productionOrderMedia.id, name: productionOrderMedia.name })
    .from(productionRequests)
    .innerJoin(productionOrderItems, eq(productionOrderItems.id, productionRequests.orderItemId))
    .innerJoin(productionOrderMedia, eq(productionOrderMedia.orderId, productionRequests.orderId))
    .where(inArray(productionRequests.id, requestIds));
  for (const row of rows) {
    if (!itemMediaIds(JSON.parse(row.item) as OrderItem).includes(row.mediaId)) continue;
    byRequest.set(row.requestId, [...(byRequest.get(row.requestId) ?? []), { id: row.mediaId, name: row.name }]);
  }
  return byRequest;
}
