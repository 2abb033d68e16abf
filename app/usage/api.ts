import { Hono } from "hono";
import { database } from "../../db/client";
import { isAdmin } from "../../core/workspace/roles";
import { MAX_USAGE_BUCKETS } from "~/usage/rules/usage";
import { usageStatistics } from "~/usage/usage.server";
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
