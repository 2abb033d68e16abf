import { Hono, type Context } from "hono";
import { z } from "zod";
import { database } from "../../db/client";
import { isAdmin } from "../../core/workspace/roles";
import { MAX_USAGE_BUCKETS } from "~/usage/rules/usage";
import { analyticsEvents, usageStatistics } from "~/usage/usage.server";
import {
  ANALYTICS_GROUP_BYS,
  ANALYTICS_TEXTS,
  analyticsProblem,
  DEFAULT_INTERVAL_SECONDS,
  FILTER_OPERATIONS,
  MAX_ANALYTICS_BUCKETS,
  REQUESTS_DEFAULT_LIMIT,
  REQUESTS_MAX_LIMIT,
  requestsSort,
  requestsTable,
  usageByProductTable,
  zoneOffsetMs,
} from "~/usage/rules/analytics";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { usageQuery } from "~/api/schemas";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";

export const usageApi = new Hono<AuthedEnv>();
usageApi.use("*", requireCaller);

/** Characters (credits) or requests over time: the caller's own, or the whole workspace's for its admins. */
const doc = apiDocs("Usage");

usageApi.get("/character-stats", doc("Credits or requests over time, by voice, model, user, source or API key", {
  description: "Times in Unix milliseconds; the whole workspace's usage (include_workspace_metrics) for its admins.",
  success: { description: "JSON: time, usage" },
  responses: { 400: "too_many_buckets", 403: "forbidden (workspace metrics for admins only)" },
}), valid("query", usageQuery), async (c) => {
  const q = c.req.valid("query");
  const { user, membership } = c.get("caller");
  const workspaceWide = q.include_workspace_metrics === "true";
  if (workspaceWide && !isAdmin(membership.role)) {
    return apiError(c, 403, "forbidden", "Only workspace admins can see the whole workspace's usage.");
  }
  const series = await usageStatistics(database(c.env.DB), {
    workspaceId: membership.workspace.id,
    userId: workspaceWide ? null : user.id,
    startMs: q.start_unix,
    endMs: q.end_unix,
    breakdown: q.breakdown_type,
    interval: q.aggregation_interval,
    bucketSizeSeconds: q.aggregation_bucket_size,
    metric: q.metric,
  });
  if (!series) return apiError(c, 400, "too_many_buckets", `The window holds more than ${MAX_USAGE_BUCKETS} buckets; choose a longer interval or a shorter window.`);
  return c.json(series);
});

/**
 * /v1/workspace/analytics (decision 0088): the ledger as tables. Admins see the whole workspace; everyone else
 * their own requests, as GET /v1/usage/character-stats.
 */
export const workspaceAnalyticsApi = new Hono<AuthedEnv>();
workspaceAnalyticsApi.use("*", requireCaller);
const analyticsDoc = apiDocs("Workspace");

const EARLIEST_MS = Date.UTC(2020, 0, 1);
const columnFilter = z.object({
  column: z.string().min(1).max(64),
  operation: z.enum(FILTER_OPERATIONS),
  values: z.array(z.union([z.string().max(500), z.number(), z.boolean()]).nullable()).max(100),
});
const filters = z.array(columnFilter).max(20).nullish();
const scopeOf = (c: Context<AuthedEnv>) => ({ workspaceId: c.get("caller").membership.workspace.id, userId: isAdmin(c.get("caller").membership.role) ? null : c.get("caller").user.id });

workspaceAnalyticsApi.post(
  "/query/usage-by-product-over-time",
  analyticsDoc("Credits by product (or model, voice, user, source, API key) over time", {
    description: `start_time and end_time in Unix milliseconds (from 2020-01-01); interval_seconds (default ${DEFAULT_INTERVAL_SECONDS}) with time_zone aligning whole hours, days and Monday weeks; group_by any of ${ANALYTICS_GROUP_BYS.join(", ")} (default product_type); filters on the request columns. One row per bucket and group with usage.`,
    success: { description: "JSON: columns, column_types, column_units, rows" },
    responses: { 400: "too_many_buckets", 422: "unknown group_by, filter column or time zone; a window that ends before it starts" },
  }),
  valid(
    "json",
    z.object({
      start_time: z.number().int().min(EARLIEST_MS),
      end_time: z.number().int().min(EARLIEST_MS),
      interval_seconds: z.number().int().min(60).max(366 * 86_400).nullish(),
      group_by: z.array(z.string().min(1).max(64)).max(4).nullish(),
      filters,
      time_zone: z.string().min(1).max(64).nullish(),
    }),
  ),
  async (c) => {
    const body = c.req.valid("json");
    const query = { startMs: body.start_time, endMs: body.end_time, intervalSeconds: body.interval_seconds ?? DEFAULT_INTERVAL_SECONDS, groupBy: body.group_by ?? [], filters: body.filters ?? [], timeZone: body.time_zone ?? "UTC" };
    const problem = query.endMs < query.startMs ? ANALYTICS_TEXTS.window : analyticsProblem(query);
    if (problem) return apiError(c, 422, "invalid_query", problem);
    try {
      zoneOffsetMs(query.startMs, query.timeZone);
    } catch {
      return apiError(c, 422, "invalid_time_zone", ANALYTICS_TEXTS.timeZone(query.timeZone));
    }
    if ((query.endMs - query.startMs) / (query.intervalSeconds * 1000) + 1 > MAX_ANALYTICS_BUCKETS) return apiError(c, 400, "too_many_buckets", ANALYTICS_TEXTS.tooManyBuckets(MAX_ANALYTICS_BUCKETS));
    const events = await analyticsEvents(database(c.env.DB), { ...scopeOf(c), startMs: query.startMs, endMs: query.endMs });
    return c.json(usageByProductTable(events, query));
  },
);

workspaceAnalyticsApi.post(
  "/requests",
  analyticsDoc("The requests the workspace made (each generation the ledger counted)", {
    description: `At least one of start_time and end_time (Unix milliseconds). sort asc or desc by time (default desc when end_time is given, else asc); limit 1 to ${REQUESTS_MAX_LIMIT} (default ${REQUESTS_DEFAULT_LIMIT}); filters on the columns; search in any text column.`,
    success: { description: "JSON: columns, column_types, column_units, rows" },
    responses: { 422: "no start_time or end_time, unknown filter column, a window that ends before it starts" },
  }),
  valid(
    "json",
    z.object({
      start_time: z.number().int().min(0).nullish(),
      end_time: z.number().int().min(0).nullish(),
      limit: z.number().int().min(1).max(REQUESTS_MAX_LIMIT).nullish(),
      sort: z.enum(["asc", "desc"]).nullish(),
      filters,
      search: z.string().max(200).nullish(),
    }),
  ),
  async (c) => {
    const body = c.req.valid("json");
    const window = { startMs: body.start_time ?? undefined, endMs: body.end_time ?? undefined };
    if (window.startMs === undefined && window.endMs === undefined) return apiError(c, 422, "invalid_query", ANALYTICS_TEXTS.needsTime);
    const startMs = window.startMs ?? 0;
    const endMs = window.endMs ?? Date.now();
    const problem = endMs < startMs ? ANALYTICS_TEXTS.window : analyticsProblem({ filters: body.filters ?? [] });
    if (problem) return apiError(c, 422, "invalid_query", problem);
    const events = await analyticsEvents(database(c.env.DB), { ...scopeOf(c), startMs, endMs });
    const inWindow = events.filter((e) => e.atMs >= startMs && e.atMs <= endMs);
    return c.json(requestsTable(inWindow, { filters: body.filters ?? [], search: body.search ?? undefined, sort: requestsSort(body.sort ?? undefined, window), limit: body.limit ?? REQUESTS_DEFAULT_LIMIT }));
  },
);
