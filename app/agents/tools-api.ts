import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AuthedEnv } from "~/api/auth";
import { requireAgentsCaller } from "~/agents/api-access";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import { createTool, deleteTool, dependentAgentJson, findTool, listToolCalls, listTools, toolCallJson, toolJson, toolDependents, toolStats, updateTool, type AgentToolRow } from "~/agents/agents.server";
import { offsetPage } from "~/agents/rules/agents";
import { WORKSPACE_TOOL_LIMITS, WORKSPACE_TOOL_TEXTS } from "~/agents/rules/tools";
import { doc, id, jsonObject, pageQuery, queryFlag, queryList, refused } from "./api-schemas";

const toolParam = z.object({ tool_id: id });
const toolBody = z.object({ tool_config: jsonObject, response_mocks: z.array(jsonObject).max(WORKSPACE_TOOL_LIMITS.mocks).nullish() });
const unixSeconds = z.coerce.number().int().min(0);

/**
 * /v1/convai/tools: the workspace's tools (decision 0065), which agents reference by id (prompt.tool_ids) beside
 * their inline tools; each call a conversation makes to one is recorded (executions).
 */
export const toolsApi = new Hono<AuthedEnv>();
toolsApi.use("*", requireAgentsCaller);

toolsApi.get(
  "/",
  doc("List the workspace's tools, newest first", { success: { description: "JSON: tools, next_cursor, has_more" } }),
  valid("query", pageQuery.extend({ types: queryList.optional(), used_by_agent_id: id.optional(), show_only_owned_documents: queryFlag.optional(), created_by_user_id: id.optional(), sort_by: z.enum(["created_at"]).optional(), sort_direction: z.enum(["desc"]).optional() })),
  async (c) => {
    const q = c.req.valid("query");
    const caller = c.get("caller");
    const page = await listTools(c.env, caller, { pageSize: q.page_size, search: q.search, types: q.types, usedByAgentId: q.used_by_agent_id, onlyOwn: q.show_only_owned_documents, createdBy: q.created_by_user_id, cursor: q.cursor });
    const stats = await toolStats(c.env, caller, page.tools.map((t) => t.id));
    return c.json({ tools: page.tools.map((t) => toolJson(t, caller, stats.get(t.id))), next_cursor: page.nextCursor ?? undefined, has_more: page.nextCursor !== null });
  },
);

/** One tool as GET answers it. */
async function toolAnswer(c: Context<AuthedEnv>, tool: AgentToolRow) {
  const caller = c.get("caller");
  return c.json(toolJson(tool, caller, (await toolStats(c.env, caller, [tool.id])).get(tool.id)));
}

toolsApi.post(
  "/",
  doc("Add a tool (webhook, client or system) agents can reference by id", {
    success: { description: "JSON: the tool" },
    responses: { 400: "secret_not_found", 422: "invalid_tool, invalid_tool_url" },
  }),
  valid("json", toolBody),
  async (c) => {
    const body = c.req.valid("json");
    const created = await createTool(c.env, c.get("caller"), { toolConfig: body.tool_config, responseMocks: body.response_mocks });
    return created.ok ? toolAnswer(c, created.tool) : refused(c, created.refusal);
  },
);

toolsApi.get("/:tool_id", doc("Get a tool with its usage", { success: { description: "JSON: the tool" }, responses: { 404: "not_found" } }), valid("param", toolParam), valid("query", z.object({ environment: z.string().max(100).optional() })), async (c) => {
  const tool = await findTool(c.env, c.get("caller"), c.req.valid("param").tool_id);
  return tool ? toolAnswer(c, tool) : apiError(c, 404, "not_found", WORKSPACE_TOOL_TEXTS.notFound);
});

toolsApi.patch(
  "/:tool_id",
  doc("Replace a tool's configuration (agents using it get it at their next conversation)", { success: { description: "JSON: the tool" }, responses: { 404: "not_found", 422: "invalid_tool, invalid_tool_url" } }),
  valid("param", toolParam),
  valid("json", toolBody),
  async (c) => {
    const body = c.req.valid("json");
    const updated = await updateTool(c.env, c.get("caller"), c.req.valid("param").tool_id, { toolConfig: body.tool_config, responseMocks: body.response_mocks });
    return updated.ok ? toolAnswer(c, updated.tool) : refused(c, updated.refusal);
  },
);

toolsApi.delete(
  "/:tool_id",
  doc("Delete a tool (force: also when agents use it, which then lose it)", { success: { description: "Empty JSON" }, responses: { 400: "tool_in_use", 404: "not_found" } }),
  valid("param", toolParam),
  valid("query", z.object({ force: queryFlag.optional() })),
  async (c) => {
    const deleted = await deleteTool(c.env, c.get("caller"), c.req.valid("param").tool_id, c.req.valid("query").force === true);
    return deleted.ok ? c.json({}) : refused(c, deleted.refusal);
  },
);

toolsApi.get(
  "/:tool_id/dependent-agents",
  doc("The agents that reference a tool on any branch or draft", { success: { description: "JSON: agents, branches, has_more, next_cursor" }, responses: { 404: "not_found" } }),
  valid("param", toolParam),
  valid("query", z.object({ page_size: z.coerce.number().int().min(1).max(WORKSPACE_TOOL_LIMITS.pageSize).default(30), cursor: z.string().max(20).optional() })),
  async (c) => {
    const tool = await findTool(c.env, c.get("caller"), c.req.valid("param").tool_id);
    if (!tool) return apiError(c, 404, "not_found", WORKSPACE_TOOL_TEXTS.notFound);
    const q = c.req.valid("query");
    const users = await toolDependents(c.env, tool.workspaceId, tool.id);
    const page = offsetPage(users.agents, q.page_size, q.cursor);
    return c.json({
      agents: page.items.map((a) => dependentAgentJson(a, [tool.id])),
      branches: users.branches,
      has_more: page.nextCursor !== null,
      next_cursor: page.nextCursor ?? undefined,
    });
  },
);

toolsApi.get(
  "/:tool_id/executions",
  doc("The calls conversations made to a tool, newest first: arguments, answer, latency, error", { success: { description: "JSON: executions, next_cursor, has_more" }, responses: { 404: "not_found" } }),
  valid("param", toolParam),
  valid(
    "query",
    z.object({
      page_size: z.coerce.number().int().min(1).max(WORKSPACE_TOOL_LIMITS.pageSize).default(30),
      cursor: z.string().max(40).optional(),
      is_error: queryFlag.optional(),
      agent_id: id.optional(),
      branch_id: z.string().max(100).optional(),
      start_time: unixSeconds.optional(),
      end_time: unixSeconds.optional(),
    }),
  ),
  async (c) => {
    const tool = await findTool(c.env, c.get("caller"), c.req.valid("param").tool_id);
    if (!tool) return apiError(c, 404, "not_found", WORKSPACE_TOOL_TEXTS.notFound);
    const q = c.req.valid("query");
    const page = await listToolCalls(c.env, c.get("caller"), tool.id, {
      pageSize: q.page_size,
      cursor: q.cursor,
      isError: q.is_error,
      agentId: q.agent_id,
      from: q.start_time === undefined ? undefined : q.start_time * 1000,
      to: q.end_time === undefined ? undefined : q.end_time * 1000 + 999,
    });
    return c.json({ executions: page.calls.map(toolCallJson), next_cursor: page.nextCursor ?? undefined, has_more: page.nextCursor !== null });
  },
);
