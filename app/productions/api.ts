// The SDK's productions.orders API (decision 0064): orders gathered from media and items, submitted into the
// productions marketplace (decision 0047), and their deliverables once producers' work is accepted.
import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError, validationError } from "~/api/errors";
import { answerRefusal, formText, readMultipart } from "~/api/multipart";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";
import { fetchPublic } from "../../core/http/public-fetch";
import * as orders from "./orders.server";
import {
  isoTime,
  MAX_ITEM_INSTRUCTIONS,
  MAX_ITEM_LANGUAGES,
  MAX_ORDER_MEDIA_BYTES,
  ORDER_ITEM_KINDS,
  ORDER_LANGUAGES,
  ORDER_NAME_MAX,
  orderLanguage,
  usd,
  type OrderItem,
  type OrderState,
} from "./rules/orders";

const doc = apiDocs("Productions");
const notFound = (c: Context) => apiError(c, 404, "not_found", "No such order.");
const origin = (c: Context) => new URL(c.req.url).origin;

const language = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .refine((code) => orderLanguage(code) !== null, { message: `Unknown language code: use one of ${ORDER_LANGUAGES.map((l) => l.code).join(", ")} (a region such as fr-FR is accepted)` });
const languages = z.array(language).max(MAX_ITEM_LANGUAGES);
const instructions = z.string().max(MAX_ITEM_INSTRUCTIONS).nullish();
const mediaId = z.string().min(1).max(100);
const count = z.number().int().min(0).max(100_000).nullish();

const item = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("dub"),
    media_id: mediaId,
    source_language: language,
    destination_languages: languages.min(1, "Name at least one language to dub into"),
    include_captions: z.boolean(),
    include_source_captions: z.boolean(),
    instructions,
    captions_sdh: z.boolean().nullish(),
  }),
  z.object({
    kind: z.literal("subtitles"),
    media_ids: z.array(mediaId).min(1).max(20),
    source_language: language,
    destination_languages: languages,
    cue_options: z
      .object({ min_duration_ms: count, max_duration_ms: count, max_lines_per_cue: count, max_chars_per_line: count, max_chars_per_s: count, min_gap_between_cues_frames: count })
      .nullish(),
    sdh: z.boolean().nullish(),
    instructions,
  }),
  z.object({ kind: z.literal("transcription"), media_ids: z.array(mediaId).min(1).max(20), source_language: language, verbatim: z.boolean().nullish(), instructions }),
]);

const name = z.string().trim().min(1, "name must not be empty").max(ORDER_NAME_MAX);
const orderParam = z.object({ order_id: z.string().min(1).max(100) });
/** The SDK's OrderState values: filtering by one this platform never takes finds nothing, rather than failing. */
const sdkState = z.enum(["open", "submitted", "paid", "accepted", "rejected", "done", "cancelling", "cancelled", "expired", "merged"]);
const isoDate = z.string().refine((v) => !Number.isNaN(Date.parse(v)), { message: "must be an ISO 8601 date and time" });

function itemJson(view: orders.ItemView) {
  return { item_id: view.row.id, item: view.item, quote: view.quoteCents === null ? null : { amount_usd: usd(view.quoteCents) } };
}

function orderJson(detail: orders.OrderDetail) {
  const { order } = detail;
  return {
    order_id: order.id,
    name: order.name,
    state: detail.state,
    items: detail.items.map(itemJson),
    total_amount_usd: detail.totalCents === null ? null : usd(detail.totalCents),
    sandbox: order.sandbox,
    created_at: isoTime(order.createdAt),
    submitted_at: order.submittedAt === null ? null : isoTime(order.submittedAt),
    // Nothing is charged or accepted by a vendor here (decision 0064): the marketplace's producers take the tasks.
    paid_at: null,
    accepted_at: null,
    completed_at: detail.completedAt === null ? null : isoTime(detail.completedAt),
    cancel_reason: null,
  };
}

/** A signed download, answered without the API key: the link itself is the permission, for an hour. */
export const productionFilesApi = new Hono<AuthedEnv>();

productionFilesApi.get(
  "/:order_id/:kind/:file_id",
  doc("Download an order's media or deliverable through a signed, time-limited URL (no API key)", {
    success: { contentTypes: ["application/octet-stream"], description: "The file" },
    responses: { 404: "not_found: unknown, expired or wrongly signed" },
  }),
  valid("param", z.object({ order_id: z.string().min(1).max(100), kind: z.enum(["media", "deliverable"]), file_id: z.string().min(1).max(100) })),
  valid("query", z.object({ expires: z.coerce.number().int(), signature: z.string().max(128) })),
  async (c) => {
    const { order_id, kind, file_id } = c.req.valid("param");
    const { expires, signature } = c.req.valid("query");
    const file = await orders.signedDownload(c.env, order_id, kind, file_id, expires, signature);
    if (!file) return apiError(c, 404, "not_found", "This download link is unknown or has expired: ask the API for a new one.");
    return new Response(file.object.body, {
      headers: { "content-type": file.contentType, "content-length": String(file.object.size), "content-disposition": `attachment; filename="${file.name.replace(/["\\\r\n]/g, "_")}"`, "cache-control": "private, no-store" },
    });
  },
);

export const productionsApi = new Hono<AuthedEnv>();
productionsApi.use("*", requireCaller);

productionsApi.get(
  "/orders",
  doc("List the workspace's productions orders, newest first, by state and creation time", { success: { description: "JSON: orders" } }),
  valid(
    "query",
    z.object({
      page_size: z.coerce.number().int().min(1).max(100).default(30),
      offset: z.coerce.number().int().min(0).default(0),
      status: z.union([sdkState, z.array(sdkState)]).optional(),
      start_date: isoDate.optional(),
      end_date: isoDate.optional(),
    }),
  ),
  async (c) => {
    const query = c.req.valid("query");
    const asked = query.status === undefined ? [] : Array.isArray(query.status) ? query.status : [query.status];
    const states = asked.filter((s): s is OrderState => s === "open" || s === "submitted" || s === "done");
    if (asked.length && !states.length) return c.json({ orders: [] });
    const seconds = (v: string | undefined) => (v === undefined ? undefined : Math.floor(Date.parse(v) / 1000));
    const list = await orders.listOrders(c.env, c.get("caller"), { pageSize: query.page_size, offset: query.offset, states, from: seconds(query.start_date), to: seconds(query.end_date) });
    return c.json({
      orders: list.map((s) => ({
        order_id: s.order.id,
        name: s.order.name,
        state: s.state,
        total_amount_usd: s.totalCents === null ? null : usd(s.totalCents),
        sandbox: s.order.sandbox,
        submitted_at: s.order.submittedAt === null ? null : isoTime(s.order.submittedAt),
        updated_at: isoTime(s.order.updatedAt),
        cancel_reason: null,
      })),
    });
  },
);

productionsApi.post(
  "/orders",
  doc("Create an open productions order (sandbox: checked and quoted, never offered to producers)", { success: { description: "JSON: order_id, sandbox" } }),
  async (c) => {
    // The SDK may send no body at all (every field is optional).
    const text = await c.req.text();
    let body: unknown = {};
    try {
      body = text.trim() ? JSON.parse(text) : {};
    } catch {
      return validationError(c, [{ loc: ["body"], msg: "The body must be JSON", type: "json_invalid" }]);
    }
    const parsed = z.object({ sandbox: z.boolean().nullish(), name: name.optional() }).nullable().safeParse(body);
    if (!parsed.success) return validationError(c, parsed.error.issues.map((i) => ({ loc: ["body", ...i.path.map(String)], msg: i.message, type: i.code })));
    const order = await orders.createOrder(c.env, c.get("caller"), { sandbox: parsed.data?.sandbox ?? false, name: parsed.data?.name });
    return c.json({ order_id: order.id, sandbox: order.sandbox });
  },
);

productionsApi.get(
  "/orders/languages/:order_item_kind",
  doc("The languages an order item of a kind can be made in (pairs for dubs and subtitles)", { success: { description: "JSON: kind pair with language_pairs, or kind single with languages" } }),
  valid("param", z.object({ order_item_kind: z.enum(ORDER_ITEM_KINDS) })),
  (c) => {
    const all = ORDER_LANGUAGES.map((l) => ({ code: l.code, label: l.name }));
    if (c.req.valid("param").order_item_kind === "transcription") return c.json({ kind: "single", languages: all });
    return c.json({ kind: "pair", language_pairs: all.map((source) => ({ source_language: source, destination_languages: all.filter((l) => l.code !== source.code) })) });
  },
);

productionsApi.get(
  "/orders/:order_id",
  doc("A productions order with its items, their quotes and its state", { success: { description: "JSON: OrderResponse" }, responses: { 404: "not_found" } }),
  valid("param", orderParam),
  async (c) => {
    const order = await orders.findOrder(c.env, c.get("caller"), c.req.valid("param").order_id);
    if (!order) return notFound(c);
    return c.json(orderJson(await orders.orderDetail(c.env, order)));
  },
);

productionsApi.patch(
  "/orders/:order_id",
  doc("Rename an open order", { success: { description: "JSON: name" }, responses: { 404: "not_found", 409: "order_not_open" } }),
  valid("param", orderParam),
  valid("json", z.object({ request: z.object({ name }) })),
  async (c) => {
    const order = await orders.findOrder(c.env, c.get("caller"), c.req.valid("param").order_id);
    if (!order) return notFound(c);
    const { name } = c.req.valid("json").request;
    const renamed = await orders.renameOrder(c.env, order, name);
    if (!renamed.ok) return answerRefusal(c, renamed);
    return c.json({ name });
  },
);

productionsApi.post(
  "/orders/:order_id/submit",
  doc("Submit an open order: each item becomes a marketplace request at its quote with a task for producers", {
    success: { description: "JSON: order_id, state, submitted_at" },
    responses: { 404: "not_found", 409: "order_not_open (submitted already), order_empty" },
  }),
  valid("param", orderParam),
  async (c) => {
    const order = await orders.findOrder(c.env, c.get("caller"), c.req.valid("param").order_id);
    if (!order) return notFound(c);
    const submitted = await orders.submitOrder(c.env, c.get("caller"), order);
    if (!submitted.ok) return answerRefusal(c, submitted);
    return c.json({ order_id: order.id, state: "submitted", submitted_at: isoTime(submitted.value.submittedAt) });
  },
);

productionsApi.post(
  "/orders/:order_id/media",
  doc("Register a media file with an open order, uploaded (media) or fetched from a public URL (media_url); measured for the quote", {
    success: { description: "JSON: media_id" },
    responses: { 400: "empty_file, file_too_large, invalid_media, invalid_url, unreachable", 404: "not_found", 409: "order_not_open, too_many_media" },
  }),
  valid("param", orderParam),
  async (c) => {
    const order = await orders.findOrder(c.env, c.get("caller"), c.req.valid("param").order_id);
    if (!order) return notFound(c);
    const form = await readMultipart(c, "declared_language and media or media_url");
    if (form instanceof Response) return form;
    const declared = formText(form, "declared_language");
    const file = form.get("media");
    const url = formText(form, "media_url");
    const issues = [];
    if (declared === null) issues.push({ loc: ["body", "declared_language"], msg: "Field required", type: "missing" });
    else if (!orderLanguage(declared)) issues.push({ loc: ["body", "declared_language"], msg: `Unknown language code: use one of ${ORDER_LANGUAGES.map((l) => l.code).join(", ")}`, type: "value_error" });
    if ((file instanceof File) === (url !== null)) issues.push({ loc: ["body", "media"], msg: "Send exactly one of media (a file) or media_url", type: "value_error" });
    if (issues.length) return validationError(c, issues);
    let upload: { bytes: Uint8Array; name: string; contentType: string };
    if (file instanceof File) {
      if (file.size > MAX_ORDER_MEDIA_BYTES) return apiError(c, 400, "file_too_large", `A media file can be at most ${MAX_ORDER_MEDIA_BYTES / 1024 / 1024} MB.`);
      upload = { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name || "media", contentType: file.type || "application/octet-stream" };
    } else {
      const fetched = await fetchPublic(url!.trim(), { maxBytes: MAX_ORDER_MEDIA_BYTES, field: "media_url", accept: "audio/*, video/*" });
      if (!fetched.ok) return apiError(c, 400, fetched.reason, fetched.message);
      const fromUrl = new URL(fetched.url).pathname.split("/").pop() || "media";
      upload = { bytes: fetched.bytes, name: formText(form, "media_url_filename") ?? decodeURIComponent(fromUrl), contentType: formText(form, "media_url_content_type") ?? fetched.contentType?.split(";")[0]!.trim() ?? "application/octet-stream" };
    }
    const registered = await orders.registerMedia(c.env, order, { ...upload, name: upload.name.slice(0, 200), language: declared! });
    if (!registered.ok) return answerRefusal(c, registered);
    return c.json({ media_id: registered.value.id });
  },
);

productionsApi.get(
  "/orders/:order_id/media/:media_id",
  doc("A registered media file's details and a signed download URL valid for an hour", { success: { description: "JSON: media_id, name, content_type, language, signed_url" }, responses: { 404: "not_found" } }),
  valid("param", orderParam.extend({ media_id: z.string().min(1).max(100) })),
  async (c) => {
    const { order_id, media_id } = c.req.valid("param");
    const order = await orders.findOrder(c.env, c.get("caller"), order_id);
    const media = order && (await orders.findMedia(c.env, order, media_id));
    if (!order || !media) return apiError(c, 404, "not_found", "No such media on this order.");
    return c.json({ media_id: media.id, name: media.name, content_type: media.contentType, language: media.language, signed_url: await orders.signedDownloadUrl(origin(c), order, "media", media.id) });
  },
);

productionsApi.post(
  "/orders/:order_id/items",
  doc("Add an item (dub, subtitles, transcription) to an open order, or replace one by item_id; answers its quote", {
    success: { description: "JSON: item_id, quote" },
    responses: { 404: "not_found, item_not_found, media_not_found", 409: "order_not_open, too_many_items" },
  }),
  valid("param", orderParam),
  valid("json", z.object({ request: z.object({ item, item_id: z.string().min(1).max(100).nullish() }) })),
  async (c) => {
    const order = await orders.findOrder(c.env, c.get("caller"), c.req.valid("param").order_id);
    if (!order) return notFound(c);
    const { item: body, item_id } = c.req.valid("json").request;
    const upserted = await orders.upsertItem(c.env, order, body as OrderItem, item_id ?? undefined);
    if (!upserted.ok) return answerRefusal(c, upserted);
    return c.json({ item_id: upserted.value.itemId, quote: { amount_usd: usd(upserted.value.quoteCents) } });
  },
);

productionsApi.delete(
  "/orders/:order_id/items/:item_id",
  doc("Remove an item from an open order", { success: { description: "JSON: success" }, responses: { 404: "not_found, item_not_found", 409: "order_not_open" } }),
  valid("param", orderParam.extend({ item_id: z.string().min(1).max(100) })),
  async (c) => {
    const { order_id, item_id } = c.req.valid("param");
    const order = await orders.findOrder(c.env, c.get("caller"), order_id);
    if (!order) return notFound(c);
    const removed = await orders.removeItem(c.env, order, item_id);
    if (!removed.ok) return answerRefusal(c, removed);
    return c.json({ success: true });
  },
);

productionsApi.get(
  "/orders/:order_id/deliverables",
  doc("The files producers delivered for the order's accepted items, with signed download URLs valid for an hour", { success: { description: "JSON: deliverables" }, responses: { 404: "not_found" } }),
  valid("param", orderParam),
  async (c) => {
    const order = await orders.findOrder(c.env, c.get("caller"), c.req.valid("param").order_id);
    if (!order) return notFound(c);
    const files = await orders.orderDeliverables(c.env, order);
    const at = origin(c);
    return c.json({
      deliverables: await Promise.all(files.map(async (f) => ({ signed_url: await orders.signedDownloadUrl(at, order, "deliverable", f.taskId), content_type: f.contentType, name: f.name, version: f.version }))),
    });
  },
);
