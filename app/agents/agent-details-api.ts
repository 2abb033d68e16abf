import { Hono } from "hono";
import { z } from "zod";
import type { AuthedEnv } from "~/api/auth";
import { requireAgentsCaller } from "~/agents/api-access";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import { agentSummaryJson, agentTopics, chatEngine, findAgent, findDocument, findVersion, settingsOfAgent, signConversation, versionJson, VERSION_TEXTS } from "~/agents/agents.server";
import { AGENT_TEXTS, SIGNED_URL_SECONDS } from "~/agents/rules/agents";
import { knowledgePages } from "~/agents/rules/knowledge";
import { llmPrices } from "~/agents/rules/models";
import { widgetConfig } from "~/agents/rules/widget";
import { TOPIC_LIMITS } from "~/agents/rules/topics";
import { doc, id, queryFlag, queryList } from "./api-schemas";

const agentParam = z.object({ agent_id: id });

/**
 * More about one agent under /v1/convai (decision 0065): summaries, a conversation link, the widget's
 * configuration, its knowledge base's size, what it costs, and its saved versions. Each route asks for the key
 * itself, and this sub-app is mounted before api.ts's /agents/{agent_id} (GET /agents/summaries is not an agent).
 */
export const agentDetailsApi = new Hono<AuthedEnv>();

agentDetailsApi.get(
  "/agents/summaries",
  requireAgentsCaller,
  doc("Summaries of agents by id (each a success or a failure)", { success: { description: "JSON: agent id → {status, data} or {status, error_code, error_status, error_message}" } }),
  valid("query", z.object({ agent_ids: queryList })),
  async (c) => {
    const caller = c.get("caller");
    const entries = await Promise.all(
      c.req.valid("query").agent_ids.map(async (agentId) => {
        const agent = await findAgent(c.env, caller, agentId);
        return [agentId, agent ? { status: "success", data: agentSummaryJson(agent, caller) } : { status: "failure", error_code: 404, error_status: "not_found", error_message: AGENT_TEXTS.agentNotFound }];
      }),
    );
    return c.json(Object.fromEntries(entries));
  },
);

agentDetailsApi.get(
  "/agents/:agent_id/link",
  requireAgentsCaller,
  doc("A link to talk to an agent: a conversation token (a signed URL's signature, 15 minutes) that opens the conversation WebSocket", { success: { description: "JSON: agent_id, token" }, responses: { 404: "not_found" } }),
  valid("param", agentParam),
  async (c) => {
    const agent = await findAgent(c.env, c.get("caller"), c.req.valid("param").agent_id);
    if (!agent) return apiError(c, 404, "not_found", AGENT_TEXTS.agentNotFound);
    const token = await signConversation(c.env, c.get("caller"), agent.id);
    return c.json({
      agent_id: agent.id,
      token: { agent_id: agent.id, conversation_token: token, expiration_time_unix_secs: Math.floor(Date.now() / 1000) + SIGNED_URL_SECONDS, purpose: "signed_url", token_requester_user_id: c.get("caller").user.id },
    });
  },
);

agentDetailsApi.get(
  "/agents/:agent_id/widget",
  requireAgentsCaller,
  doc("An agent's widget configuration: its platform_settings.widget with its language and first message", { success: { description: "JSON: agent_id, widget_config" }, responses: { 404: "not_found" } }),
  valid("param", agentParam),
  async (c) => {
    const agent = await findAgent(c.env, c.get("caller"), c.req.valid("param").agent_id);
    if (!agent) return apiError(c, 404, "not_found", AGENT_TEXTS.agentNotFound);
    return c.json({ agent_id: agent.id, widget_config: widgetConfig(JSON.parse(agent.platformSettings) as Record<string, unknown>, settingsOfAgent(agent)) });
  },
);

agentDetailsApi.get(
  "/agents/:agent_id/versions/:version_id",
  requireAgentsCaller,
  doc("A saved version of an agent (every create and update saves one)", { success: { description: "JSON: the version's metadata" }, responses: { 404: "not_found" } }),
  valid("param", agentParam.extend({ version_id: id })),
  async (c) => {
    const params = c.req.valid("param");
    const version = await findVersion(c.env, c.get("caller"), params.agent_id, params.version_id);
    return version ? c.json(versionJson(version, c.get("caller"))) : apiError(c, 404, "not_found", VERSION_TEXTS.notFound);
  },
);

agentDetailsApi.get(
  "/agent/:agent_id/knowledge-base/size",
  requireAgentsCaller,
  doc("The size of an agent's knowledge base in pages (2,000 characters of text a page)", { success: { description: "JSON: number_of_pages" }, responses: { 404: "not_found" } }),
  valid("param", agentParam),
  async (c) => {
    const caller = c.get("caller");
    const agent = await findAgent(c.env, caller, c.req.valid("param").agent_id);
    if (!agent) return apiError(c, 404, "not_found", AGENT_TEXTS.agentNotFound);
    const documents = await Promise.all(settingsOfAgent(agent).knowledgeBase.map((k) => findDocument(c.env, caller, k.id)));
    return c.json({ number_of_pages: knowledgePages(documents.reduce((n, d) => n + (d?.content.length ?? 0), 0)) });
  },
);

agentDetailsApi.post(
  "/agent/:agent_id/llm-usage/calculate",
  requireAgentsCaller,
  doc("What a conversation with this agent costs with each model: credits per minute (the same for every model) and per message (none)", { success: { description: "JSON: llm_prices" }, responses: { 404: "not_found" } }),
  valid("param", agentParam),
  valid("json", z.object({ prompt_length: z.number().int().min(0).nullish(), number_of_pages: z.number().int().min(0).nullish(), rag_enabled: z.boolean().nullish() })),
  async (c) => {
    if (!(await findAgent(c.env, c.get("caller"), c.req.valid("param").agent_id))) return apiError(c, 404, "not_found", AGENT_TEXTS.agentNotFound);
    return c.json({ llm_prices: llmPrices(await chatEngine(c.env).catalog()) });
  },
);

agentDetailsApi.get(
  "/agents/:agent_id/topics",
  requireAgentsCaller,
  doc("What an agent's callers talk about: topics found in the users' words of its conversations in a window (the last 30 days by default), with counts and success rates", {
    success: { description: "JSON: topics (topic_id, label, description, conversation_count, metrics, success_rate), window_start_unix_secs, window_end_unix_secs, has_more, next_cursor" },
    responses: { 404: "not_found" },
  }),
  valid("param", agentParam),
  valid(
    "query",
    z
      .object({
        page_size: z.coerce.number().int().min(1).max(TOPIC_LIMITS.maxPageSize).default(TOPIC_LIMITS.pageSize),
        sort_by: z.enum(["conversations", "sentiment", "success_rate", "frustration"]).default("conversations"),
        sort_direction: z.enum(["asc", "desc"]).default("desc"),
        from_unix_secs: z.coerce.number().int().min(0).optional(),
        to_unix_secs: z.coerce.number().int().min(0).optional(),
        include_evaluation_criteria: queryFlag.default(true),
        cursor: z.string().regex(/^\d{1,6}$/, "A cursor this list answered").optional(),
      })
      .refine((q) => q.from_unix_secs === undefined || q.to_unix_secs === undefined || q.from_unix_secs <= q.to_unix_secs, { message: "from_unix_secs must not be after to_unix_secs", path: ["from_unix_secs"] }),
  ),
  async (c) => {
    const caller = c.get("caller");
    const agent = await findAgent(c.env, caller, c.req.valid("param").agent_id);
    if (!agent) return apiError(c, 404, "not_found", AGENT_TEXTS.agentNotFound);
    const q = c.req.valid("query");
    return c.json(
      await agentTopics(c.env, caller, agent.id, { pageSize: q.page_size, sortBy: q.sort_by, direction: q.sort_direction, fromUnixSecs: q.from_unix_secs, toUnixSecs: q.to_unix_secs, includeEvaluationCriteria: q.include_evaluation_criteria, cursor: q.cursor }),
    );
  },
);
