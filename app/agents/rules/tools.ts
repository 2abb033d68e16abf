// Tools of their own (decision 0065): a webhook, client or system tool the workspace keeps once and agents reference
// by id (conversation_config.agent.prompt.tool_ids, as the SDK does), beside the inline prompt.tools. Pure.
import { agentTools, TOOL_NAME, toolsProblem, type AgentTool } from "./llm";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

export const TOOL_CONFIG_TYPES = ["webhook", "client", "system"] as const;
export type ToolConfigType = (typeof TOOL_CONFIG_TYPES)[number];

export const WORKSPACE_TOOL_LIMITS = { pageSize: 100, mocks: 20 } as const;

export const WORKSPACE_TOOL_TEXTS = {
  notFound: "Tool not found.",
  toolsNotFound: (ids: string[]) => `Tools not found in this workspace: ${ids.join(", ")}.`,
  inUse: (agents: string[]) => `The tool is used by ${agents.join(", ")}: remove it from them first, or delete with force.`,
  badName: "A tool's name is 1 to 64 letters, digits, underscores or hyphens.",
  badType: "tool_config.type must be webhook, client or system (MCP tools are not supported yet).",
  webhookNeedsUrl: "A webhook tool needs api_schema.url.",
} as const;

/** Why this tool_config cannot be kept, or null: its type, its name and (a webhook) its URL (decision 0053's check). */
export function toolConfigProblem(config: Json, development: boolean): { status: "invalid_tool" | "invalid_tool_url"; message: string } | null {
  if (!TOOL_CONFIG_TYPES.includes(config.type as ToolConfigType)) return { status: "invalid_tool", message: WORKSPACE_TOOL_TEXTS.badType };
  if (typeof config.name !== "string" || !TOOL_NAME.test(config.name)) return { status: "invalid_tool", message: WORKSPACE_TOOL_TEXTS.badName };
  if (config.type === "webhook" && !(isObject(config.api_schema) && typeof config.api_schema.url === "string")) return { status: "invalid_tool", message: WORKSPACE_TOOL_TEXTS.webhookNeedsUrl };
  const urlProblem = toolsProblem({ tools: [config] }, development);
  return urlProblem ? { status: "invalid_tool_url", message: urlProblem } : null;
}

/** The workspace tools an agent's prompt references (prompt.tool_ids). */
export function toolIdsOfPrompt(prompt: unknown): string[] {
  const ids = isObject(prompt) && Array.isArray(prompt.tool_ids) ? prompt.tool_ids : [];
  return [...new Set(ids.filter((id): id is string => typeof id === "string" && id.length > 0))];
}

/** A workspace tool as a conversation runs it: the inline tool it would be, with its id (its calls are recorded). */
export function workspaceTool(id: string, config: Json): AgentTool | null {
  const tool = agentTools({ tools: [config] })[0];
  return tool ? { ...tool, id } : null;
}

/** The tools page (/app/conversational-ai/tools). */
export const TOOLS_PAGE_TEXTS = {
  intro: "Tools your agents can call, kept once for the workspace. An agent uses a tool once it is added to the agent's tools.",
  webhookExplained: "The agent calls this address with the arguments it chooses; the answer goes back to the agent.",
  nameHint: "Letters, digits, underscores or hyphens: the model calls the tool by this name.",
  nameMissing: "Enter a name.",
  urlInvalid: "Enter an http or https address.",
  created: (name: string) => `Added the tool “${name}”.`,
  updated: (name: string) => `Saved the tool “${name}”.`,
  deleted: "Deleted the tool.",
  deleteAnyway: "Remove it from those agents and delete",
  onlyWebhooks: "Only webhook tools are edited here; change other tools through the API.",
  empty: "No tools yet",
  emptyHint: "Add a webhook tool above.",
  noMatch: "No tool has that name",
  noCalls: "No calls yet: calls appear here once a conversation uses the tool.",
  notAForm: "Send the page's form.",
} as const;
