import { Hono } from "hono";
import { z } from "zod";
import type { AuthedEnv } from "~/api/auth";
import { requireAgentsCaller } from "~/agents/api-access";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import { chatEngine, conversationUsers, convaiSettings, dashboardSettings, liveConversationCount, updateConvaiSettings, updateDashboardSettings } from "~/agents/agents.server";
import { AGENT_LIMITS } from "~/agents/rules/agents";
import { chatModels, llmPrices } from "~/agents/rules/models";
import { doc, id, jsonObject, queryList } from "./api-schemas";

const unixSeconds = z.coerce.number().int().min(0);

/**
 * The workspace's conversational AI settings, dashboard, models and figures under /v1/convai (decision 0065): each
 * route asks for the key itself, so that routes mounted after this sub-app are not authenticated twice.
 */
export const convaiSettingsApi = new Hono<AuthedEnv>();

convaiSettingsApi.get("/settings", requireAgentsCaller, doc("The workspace's conversational AI settings", { success: { description: "JSON: the settings" } }), async (c) => c.json(await convaiSettings(c.env, c.get("caller"))));

convaiSettingsApi.patch(
  "/settings",
  requireAgentsCaller,
  doc("Change the settings (merged into what is saved): webhooks.post_call_webhook_id names the workspace webhook that hears of each ended conversation", {
    success: { description: "JSON: the settings" },
    responses: { 400: "webhook_not_found, invalid_webhook: not subscribed to post_call_transcription", 403: "forbidden: naming a webhook needs the workspace settings permission" },
  }),
  valid(
    "json",
    z.looseObject({
      conversation_initiation_client_data_webhook: z.looseObject({ url: z.string().max(2000), request_headers: jsonObject.nullish() }).nullish(),
      webhooks: z.looseObject({ post_call_webhook_id: id.nullish(), events: z.array(z.string().max(40)).max(10).nullish(), transcript_format: z.string().max(40).nullish(), exclude_transcript: z.boolean().nullish(), send_audio: z.boolean().nullish() }).nullish(),
      can_use_mcp_servers: z.boolean().nullish(),
      rag_retention_period_days: z.number().int().min(0).max(3650).nullish(),
      conversation_embedding_retention_days: z.number().int().min(0).max(3650).nullish(),
      default_livekit_stack: z.string().max(40).nullish(),
    }),
  ),
  async (c) => {
    const updated = await updateConvaiSettings(c.env, c.get("caller"), c.req.valid("json"));
    return updated.ok ? c.json(updated.settings) : apiError(c, updated.refusal.httpStatus, updated.refusal.status, updated.refusal.message);
  },
);

convaiSettingsApi.get("/settings/dashboard", requireAgentsCaller, doc("The conversational AI dashboard's charts", { success: { description: "JSON: charts" } }), async (c) => c.json(await dashboardSettings(c.env, c.get("caller"))));

convaiSettingsApi.patch(
  "/settings/dashboard",
  requireAgentsCaller,
  doc("Replace the dashboard's charts", { success: { description: "JSON: charts" } }),
  valid("json", z.object({ charts: z.array(jsonObject).max(50).nullish() })),
  async (c) => {
    const charts = c.req.valid("json").charts;
    return c.json(await updateDashboardSettings(c.env, c.get("caller"), charts ? { charts } : {}));
  },
);

convaiSettingsApi.get("/llm/list", requireAgentsCaller, doc("The language models agents can name: the embedded retrieval responder and the configured ones", { success: { description: "JSON: llms, default_deprecation_config" } }), async (c) =>
  c.json(chatModels(await chatEngine(c.env).catalog())),
);

convaiSettingsApi.post(
  "/llm-usage/calculate",
  requireAgentsCaller,
  doc("What a conversation costs with each model: credits per minute (the same for every model) and per message (none)", { success: { description: "JSON: llm_prices" } }),
  valid("json", z.object({ prompt_length: z.number().int().min(0), number_of_pages: z.number().int().min(0), rag_enabled: z.boolean() })),
  async (c) => c.json({ llm_prices: llmPrices(await chatEngine(c.env).catalog()) }),
);

convaiSettingsApi.get(
  "/analytics/live-count",
  requireAgentsCaller,
  doc("How many conversations are going on now", { success: { description: "JSON: count" } }),
  valid("query", z.object({ agent_id: id.optional(), agent_ids: queryList.optional() })),
  async (c) => {
    const q = c.req.valid("query");
    const agentIds = [...(q.agent_id ? [q.agent_id] : []), ...(q.agent_ids ?? [])];
    return c.json({ count: await liveConversationCount(c.env, c.get("caller"), agentIds.length ? agentIds : undefined) });
  },
);

convaiSettingsApi.get(
  "/users",
  requireAgentsCaller,
  doc("The people who talked with the workspace's agents, most recent first (sentiment is not scored)", { success: { description: "JSON: users, next_cursor, has_more" } }),
  valid(
    "query",
    z.object({
      agent_id: id.optional(),
      branch_id: z.string().max(100).optional(),
      call_start_before_unix: unixSeconds.optional(),
      call_start_after_unix: unixSeconds.optional(),
      search: z.string().max(200).optional(),
      page_size: z.coerce.number().int().min(1).max(AGENT_LIMITS.pageSize).default(30),
      // Most recent contact first, the only order offered.
      sort_by: z.enum(["last_contact_unix_secs"]).optional(),
      sort_direction: z.enum(["desc"]).optional(),
      cursor: z.string().max(20).optional(),
    }),
  ),
  async (c) => {
    const q = c.req.valid("query");
    const page = await conversationUsers(c.env, c.get("caller"), {
      pageSize: q.page_size,
      cursor: q.cursor,
      agentId: q.agent_id,
      after: q.call_start_after_unix === undefined ? undefined : q.call_start_after_unix * 1000,
      before: q.call_start_before_unix === undefined ? undefined : q.call_start_before_unix * 1000,
      search: q.search,
    });
    return c.json({ users: page.users, next_cursor: page.nextCursor ?? undefined, has_more: page.nextCursor !== null });
  },
);
