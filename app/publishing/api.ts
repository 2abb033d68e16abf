import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";
import * as publishing from "~/publishing/publishing.server";
import { collectionName, COLLECTION_NAME_MAX, COLLECTION_READS_MAX, completionRate, READ_ACTIONS, type Refusal } from "~/publishing/rules/publishing";
import { HANDLE_MAX, profilePath } from "~/publishing/rules/profiles";

const doc = apiDocs("Direct publishing");
const refusal = (c: Context, r: Pick<Refusal, "httpStatus" | "status" | "message">) => apiError(c, r.httpStatus, r.status, r.message);
const origin = (c: Context) => new URL(c.req.url).origin;

/** Days of metrics the API answers. */
const METRIC_DAYS = 30;

export const publishingApi = new Hono<AuthedEnv>();
publishingApi.use("*", requireCaller);

publishingApi.get("/reads", doc("List the workspace's reads (drafts, in review, published, unpublished)", { success: { description: "JSON: reads" } }), async (c) => {
  const reads = await publishing.listReads(c.env, c.get("caller"));
  return c.json({ reads: reads.map((r) => publishing.readJson(r, origin(c))) });
});

publishingApi.post(
  "/reads",
  doc("Make a draft read of a Studio project (its metadata taken from the project)", { responses: { 404: "project_not_found", 409: "read_exists" } }),
  valid("json", z.object({ project_id: z.string().min(1).max(100) })),
  async (c) => {
    const created = await publishing.createRead(c.env, c.get("caller"), c.req.valid("json").project_id);
    if (!created.ok) return refusal(c, created.refusal);
    return c.json(publishing.readJson(created.value, origin(c)));
  },
);

publishingApi.get("/reads/:read_id", doc("A read with its state", { responses: { 404: "read_not_found" } }), async (c) => {
  const found = await publishing.findRead(c.env, c.get("caller"), c.req.param("read_id"));
  if (!found) return apiError(c, 404, "read_not_found", `A read with the read_id ${c.req.param("read_id")} was not found.`);
  return c.json(publishing.readJson(found.read, origin(c)));
});

publishingApi.post(
  "/reads/:read_id/state",
  doc("Move a read: submit (for review), approve (admins: publish), return (to draft, with a note), unpublish", {
    responses: { 400: "read_metadata_missing", 403: "publishing_terms_not_agreed, publishing_capacity_reached, review_requires_admin", 404: "read_not_found", 409: "invalid_read_state" },
  }),
  valid("json", z.object({ action: z.enum(READ_ACTIONS), note: z.string().max(500).optional() })),
  async (c) => {
    const { action, note } = c.req.valid("json");
    const moved = await publishing.actOnRead(c.env, c.get("caller"), c.req.param("read_id"), action, note ?? null);
    if (!moved.ok) return refusal(c, moved.refusal);
    return c.json(publishing.readJson(moved.value, origin(c)));
  },
);

publishingApi.get("/reads/:read_id/metrics", doc("A read's listens, listening time and completions per day (the last 30 days)", { responses: { 404: "read_not_found" } }), async (c) => {
  const found = await publishing.findRead(c.env, c.get("caller"), c.req.param("read_id"));
  if (!found) return apiError(c, 404, "read_not_found", `A read with the read_id ${c.req.param("read_id")} was not found.`);
  const days = await publishing.readStats(c.env, found.read, METRIC_DAYS);
  const total = publishing.totals(days);
  return c.json({
    read_id: found.read.id,
    listens: total.listens,
    listen_time_seconds: total.listenSeconds,
    completions: total.completions,
    completion_rate: completionRate(total.listens, total.completions),
    days: days.map((d) => ({ day: d.day, listens: d.listens, listen_time_seconds: d.listenSeconds, completions: d.completions })),
  });
});

publishingApi.post("/terms", doc("Agree to the publishing payouts terms (needed before submitting a read)", { success: { description: "JSON: terms_agreed_to.publishing_payouts (unix seconds)" } }), async (c) => {
  const at = await publishing.agreeToPublishingTerms(c.env, c.get("caller"));
  return c.json({ terms_agreed_to: { publishing_payouts: at } });
});

publishingApi.get("/capacity", doc("Reads in review or published, and the plan's limit"), async (c) => {
  const { used, limit } = await publishing.capacityOf(c.env, c.get("caller"));
  return c.json({ used, limit });
});

publishingApi.get("/collections", doc("The workspace's collections of reads"), async (c) => {
  const collections = await publishing.listCollections(c.env, c.get("caller"));
  return c.json({ collections: collections.map(({ collection, reads }) => ({ collection_id: collection.id, name: collection.name, read_ids: reads.map((r) => r.id) })) });
});

publishingApi.post(
  "/collections",
  doc("Make a collection of the workspace's reads (the catalogue shows its published ones)", { responses: { 400: "invalid_name, too_many_reads", 404: "read_not_found" } }),
  valid("json", z.object({ name: z.string().max(COLLECTION_NAME_MAX * 2), read_ids: z.array(z.string().max(100)).max(COLLECTION_READS_MAX * 2) })),
  async (c) => {
    const body = c.req.valid("json");
    const name = collectionName(body.name);
    if (!name) return apiError(c, 400, "invalid_name", `A collection's name has 1 to ${COLLECTION_NAME_MAX} characters.`);
    const created = await publishing.createCollection(c.env, c.get("caller"), name, body.read_ids);
    if (!created.ok) return refusal(c, created.refusal);
    return c.json({ collection_id: created.value.id, name: created.value.name, read_ids: [...new Set(body.read_ids)] });
  },
);

publishingApi.delete("/collections/:collection_id", doc("Delete a collection (its reads stay)", { responses: { 404: "collection_not_found" } }), async (c) => {
  if (!(await publishing.deleteCollection(c.env, c.get("caller"), c.req.param("collection_id")))) return apiError(c, 404, "collection_not_found", "This collection was not found.");
  return c.json({ status: "ok" });
});

publishingApi.post(
  "/profile",
  doc("Set your public profile's handle (profile_page_handle); the old one redirects for 30 days", { responses: { 400: "handle_invalid, handle_reserved", 409: "handle_taken" } }),
  valid("json", z.object({ profile_page_handle: z.string().max(HANDLE_MAX * 2) })),
  async (c) => {
    const changed = await publishing.changeHandle(c.env, c.get("caller"), c.req.valid("json").profile_page_handle);
    if (!changed.ok) return refusal(c, changed.refusal);
    return c.json({ profile_page_handle: changed.handle, profile_url: origin(c) + profilePath(changed.handle) });
  },
);
