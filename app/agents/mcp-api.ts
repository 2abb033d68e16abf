import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AuthedEnv } from "~/api/auth";
import { requireAgentsCaller } from "~/agents/api-access";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import { changeMcpServer, createMcpServer, deleteMcpServer, findMcpServer, listMcpServers, listMcpServerTools, mcpServerJson, mcpToolHash, type McpServerRow } from "~/agents/agents.server";
import type { Json } from "~/agents/rules/agents";
import { MCP_APPROVAL_POLICIES, MCP_TEXTS, withoutToolApproval, withToolApproval } from "~/agents/rules/mcp";
import { doc, id, jsonObject, refused } from "./api-schemas";

const serverParam = z.object({ mcp_server_id: id });
const toolParam = serverParam.extend({ tool_name: z.string().min(1).max(200) });
/** A tool's overrides: the SDK's fields, kept as sent (response_timeout_secs acts; the others are kept only). */
const overrideFields = z.object({}).catchall(z.unknown());
type Override = Json & { tool_name: string };
const overridesOf = (config: Json) => (Array.isArray(config.tool_config_overrides) ? (config.tool_config_overrides as Override[]) : []);

/**
 * /v1/convai/mcp-servers: the workspace's MCP servers (decisions 0081, 0084), kept with their approvals and per-tool
 * overrides; their tools listed live from the server, and offered in the conversations of agents that name them.
 */
export const mcpApi = new Hono<AuthedEnv>();
mcpApi.use("*", requireAgentsCaller);

async function answer(c: Context<AuthedEnv>, server: McpServerRow) {
  return c.json(await mcpServerJson(c.env, c.get("caller"), server));
}
const notFound = (c: Context<AuthedEnv>) => apiError(c, 404, "not_found", MCP_TEXTS.notFound);

mcpApi.get("/", doc("List the workspace's MCP servers, newest first", { success: { description: "JSON: mcp_servers" } }), async (c) => {
  const caller = c.get("caller");
  return c.json({ mcp_servers: await Promise.all((await listMcpServers(c.env, caller)).map((s) => mcpServerJson(c.env, caller, s))) });
});

mcpApi.post(
  "/",
  doc("Add an MCP server (its URL is checked; its tools are listed when asked and in conversations)", { success: { description: "JSON: the server" }, responses: { 400: "secret_not_found", 422: "invalid_mcp_server" } }),
  valid("json", z.object({ config: jsonObject })),
  async (c) => {
    const created = await createMcpServer(c.env, c.get("caller"), c.req.valid("json").config);
    return created.ok ? answer(c, created.server) : refused(c, created.refusal);
  },
);

mcpApi.get("/:mcp_server_id", doc("Get an MCP server", { success: { description: "JSON: the server" }, responses: { 404: "not_found" } }), valid("param", serverParam), async (c) => {
  const server = await findMcpServer(c.env, c.get("caller"), c.req.valid("param").mcp_server_id);
  return server ? answer(c, server) : notFound(c);
});

mcpApi.get(
  "/:mcp_server_id/tools",
  doc("The tools the MCP server lists now, with each one's approval state under per-tool approval", {
    success: { description: "JSON: success, tools, tool_approval_statuses, error_message (a server that cannot be reached answers success false with the reason)" },
    responses: { 404: "not_found" },
  }),
  valid("param", serverParam),
  async (c) => {
    const server = await findMcpServer(c.env, c.get("caller"), c.req.valid("param").mcp_server_id);
    return server ? c.json(await listMcpServerTools(c.env, server)) : notFound(c);
  },
);

mcpApi.patch(
  "/:mcp_server_id",
  doc("Change an MCP server's configuration (the fields given replace theirs)", { success: { description: "JSON: the server" }, responses: { 400: "secret_not_found", 404: "not_found", 422: "invalid_mcp_server" } }),
  valid("param", serverParam),
  valid("json", jsonObject),
  async (c) => {
    const body = c.req.valid("json");
    const changed = await changeMcpServer(c.env, c.get("caller"), c.req.valid("param").mcp_server_id, async (config) => ({ config: { ...config, ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined && v !== null)) } }));
    return changed.ok ? answer(c, changed.server) : refused(c, changed.refusal);
  },
);

mcpApi.delete("/:mcp_server_id", doc("Delete an MCP server", { success: { description: "Empty JSON" }, responses: { 404: "not_found" } }), valid("param", serverParam), async (c) => {
  return (await deleteMcpServer(c.env, c.get("caller"), c.req.valid("param").mcp_server_id)) ? c.json({}) : notFound(c);
});

mcpApi.patch(
  "/:mcp_server_id/approval-policy",
  doc("Set an MCP server's approval policy", { success: { description: "JSON: the server" }, responses: { 404: "not_found" } }),
  valid("param", serverParam),
  valid("json", z.object({ approval_policy: z.enum(MCP_APPROVAL_POLICIES) })),
  async (c) => {
    const policy = c.req.valid("json").approval_policy;
    const changed = await changeMcpServer(c.env, c.get("caller"), c.req.valid("param").mcp_server_id, async (config) => ({ config: { ...config, approval_policy: policy } }));
    return changed.ok ? answer(c, changed.server) : refused(c, changed.refusal);
  },
);

mcpApi.post(
  "/:mcp_server_id/tool-approvals",
  doc("Approve a tool of an MCP server (kept with the hash of its name, description and input schema; again for the same name replaces it)", { success: { description: "JSON: the server" }, responses: { 404: "not_found" } }),
  valid("param", serverParam),
  valid("json", z.object({ tool_name: z.string().min(1).max(200), tool_description: z.string().max(5000), input_schema: jsonObject.nullish(), approval_policy: z.enum(["auto_approved", "requires_approval"]).nullish() })),
  async (c) => {
    const body = c.req.valid("json");
    const toolHash = await mcpToolHash(body.tool_name, body.tool_description, body.input_schema);
    const approval = { tool_name: body.tool_name, tool_hash: toolHash, approval_policy: body.approval_policy ?? "requires_approval" };
    const changed = await changeMcpServer(c.env, c.get("caller"), c.req.valid("param").mcp_server_id, async (config) => ({
      config: withToolApproval(config, approval),
    }));
    return changed.ok ? answer(c, changed.server) : refused(c, changed.refusal);
  },
);

mcpApi.delete(
  "/:mcp_server_id/tool-approvals/:tool_name",
  doc("Withdraw a tool's approval", { success: { description: "JSON: the server" }, responses: { 404: "not_found: the server or the approval" } }),
  valid("param", toolParam),
  async (c) => {
    const { mcp_server_id, tool_name } = c.req.valid("param");
    const changed = await changeMcpServer(c.env, c.get("caller"), mcp_server_id, async (config) => withoutToolApproval(config, tool_name));
    return changed.ok ? answer(c, changed.server) : refused(c, changed.refusal);
  },
);

mcpApi.post(
  "/:mcp_server_id/tool-configs",
  doc("Keep a tool's configuration override (its fields are kept as sent)", { success: { description: "JSON: the server" }, responses: { 404: "not_found", 409: "tool_config_exists" } }),
  valid("param", serverParam),
  valid("json", overrideFields.extend({ tool_name: z.string().min(1).max(200) })),
  async (c) => {
    const body = c.req.valid("json") as Override;
    const changed = await changeMcpServer(c.env, c.get("caller"), c.req.valid("param").mcp_server_id, async (config) =>
      overridesOf(config).some((o) => o.tool_name === body.tool_name)
        ? { refusal: { httpStatus: 409, status: "tool_config_exists", message: MCP_TEXTS.toolConfigExists(body.tool_name) } }
        : { config: { ...config, tool_config_overrides: [...overridesOf(config), body] } },
    );
    return changed.ok ? answer(c, changed.server) : refused(c, changed.refusal);
  },
);

mcpApi.get("/:mcp_server_id/tool-configs/:tool_name", doc("A tool's configuration override", { success: { description: "JSON: the override" }, responses: { 404: "not_found: the server or the override" } }), valid("param", toolParam), async (c) => {
  const { mcp_server_id, tool_name } = c.req.valid("param");
  const server = await findMcpServer(c.env, c.get("caller"), mcp_server_id);
  if (!server) return notFound(c);
  const override = overridesOf(JSON.parse(server.config) as Json).find((o) => o.tool_name === tool_name);
  return override ? c.json(override) : apiError(c, 404, "not_found", MCP_TEXTS.toolConfigNotFound(tool_name));
});

mcpApi.patch(
  "/:mcp_server_id/tool-configs/:tool_name",
  doc("Change a tool's configuration override (the fields given replace theirs)", { success: { description: "JSON: the server" }, responses: { 404: "not_found: the server or the override" } }),
  valid("param", toolParam),
  valid("json", overrideFields),
  async (c) => {
    const { mcp_server_id, tool_name } = c.req.valid("param");
    const body = c.req.valid("json");
    const changed = await changeMcpServer(c.env, c.get("caller"), mcp_server_id, async (config) =>
      overridesOf(config).some((o) => o.tool_name === tool_name)
        ? { config: { ...config, tool_config_overrides: overridesOf(config).map((o) => (o.tool_name === tool_name ? { ...o, ...body, tool_name } : o)) } }
        : { refusal: { httpStatus: 404, status: "not_found", message: MCP_TEXTS.toolConfigNotFound(tool_name) } },
    );
    return changed.ok ? answer(c, changed.server) : refused(c, changed.refusal);
  },
);

mcpApi.delete(
  "/:mcp_server_id/tool-configs/:tool_name",
  doc("Remove a tool's configuration override", { success: { description: "JSON: the server" }, responses: { 404: "not_found: the server or the override" } }),
  valid("param", toolParam),
  async (c) => {
    const { mcp_server_id, tool_name } = c.req.valid("param");
    const changed = await changeMcpServer(c.env, c.get("caller"), mcp_server_id, async (config) =>
      overridesOf(config).some((o) => o.tool_name === tool_name)
        ? { config: { ...config, tool_config_overrides: overridesOf(config).filter((o) => o.tool_name !== tool_name) } }
        : { refusal: { httpStatus: 404, status: "not_found", message: MCP_TEXTS.toolConfigNotFound(tool_name) } },
    );
    return changed.ok ? answer(c, changed.server) : refused(c, changed.refusal);
  },
);
