// Simulated conversations (decision 0065): the agent's own responder (the retrieval responder, or the model it names)
// with its instructions, knowledge and tools answers a simulated user in text; nothing is spoken or charged. The
// simulated user is a language model when one named for it is served, else the scripted user (its first message, then
// the sentences of its instructions). Agent tests run the same turns.
import { analyseConversation, type ConversationAnalysis, type Criterion } from "../../../core/agents/evaluation";
import { scriptedUserLines } from "../../../core/agents/agent-tests";
import type { ChatMessage, ChatPassage, ChatRequest, ChatResult, ChatToolCall } from "../../../core/engines/chat";
import type { EngineCatalog } from "../../../core/engines/capabilities";
import type { EngineChoice } from "../../../core/engines/registry";
import { RETRIEVAL_RESPONDER_MODEL } from "../../../core/engines/providers/retrieval-responder";
import { agentSettings, mergeJson, type AgentSettings, type Json } from "~/agents/rules/agents";
import { TOOL_LIMITS, TOOL_TEXTS, toolArguments, toolResultText, turnRequest, type AgentTool } from "~/agents/rules/llm";
import { SIMULATION_TEXTS } from "~/agents/rules/simulation";
import type { AgentRow } from "../../../db/repositories/agents";
import { passagesOf } from "./knowledge.server";
import { workspaceToolsById } from "./tools.server";
import { callWebhookTool, type ToolOutcome } from "./tool-calls.server";
import type { TranscriptToolCall, TranscriptToolResult } from "./conversations.server";
import { callMcpTool, closeConversationMcp, openConversationMcp, type ConversationMcp } from "./mcp-servers.server";
import { mcpServersAllowed } from "./settings.server";

type ChatRpc = {
  chat(request: ChatRequest, choice?: EngineChoice): Promise<ChatResult>;
  chatStream(request: ChatRequest, choice?: EngineChoice): Promise<ReadableStream<Uint8Array>>;
  catalog(): Promise<EngineCatalog>;
};

/** The registry's chat engines on the speech worker (RPC). */
export function chatEngine(env: Env): ChatRpc {
  return env.SPEECH as unknown as ChatRpc;
}

/** Calls the agent's model when the registry serves it, else the registry's default (the embedded responder). */
export async function withAgentModel<T>(llm: string, call: (choice: EngineChoice) => Promise<T>): Promise<T> {
  if (llm && llm !== RETRIEVAL_RESPONDER_MODEL) {
    try {
      return await call({ model: llm });
    } catch (error) {
      if (!String(error).includes("No chat engine is configured")) throw error;
    }
  }
  return call({});
}

/**
 * What an agent answers with: its settings (a test's override merged over them), knowledge and tools, and its MCP
 * servers' open sessions (closed with closeAgentContext when the simulation or tests are done).
 */
export type AgentContext = { workspaceId: string; agentId: string; settings: AgentSettings; passages: ChatPassage[]; tools: AgentTool[]; mcp: ConversationMcp | null };

export async function agentContext(env: Env, agent: AgentRow, override?: { conversationConfig?: Json; platformSettings?: Json } | null): Promise<AgentContext> {
  const config = mergeJson(JSON.parse(agent.conversationConfig) as Json, override?.conversationConfig ?? {});
  const platform = mergeJson(JSON.parse(agent.platformSettings) as Json, override?.platformSettings ?? {});
  const settings = agentSettings(config, platform);
  const [passages, workspaceTools] = await Promise.all([passagesOf(env, agent.workspaceId, settings.knowledgeBase.map((k) => k.id)), workspaceToolsById(env, agent.workspaceId, settings.toolIds)]);
  const tools = [...settings.tools, ...workspaceTools];
  // MCP tools that ask the user first are not offered: in a simulation nobody is there to approve (decision 0084).
  const mcp = settings.mcpServerIds.length && (await mcpServersAllowed(env, agent.workspaceId)) ? await openConversationMcp(env, agent.workspaceId, settings.mcpServerIds, tools.map((t) => t.name)) : null;
  return { workspaceId: agent.workspaceId, agentId: agent.id, settings, passages, tools: [...tools, ...(mcp?.tools.filter((t) => t.approval === "call") ?? [])], mcp };
}

export function closeAgentContext(context: AgentContext): Promise<void> {
  return closeConversationMcp(context.mcp);
}

/** A transcript entry of a simulated conversation, in the API's shape. */
export type SimulatedEntry = {
  role: "user" | "agent";
  message: string;
  time_in_call_secs: number;
  source_medium: "text";
  tool_calls?: TranscriptToolCall[];
  tool_results?: TranscriptToolResult[];
};

/** Runs a tool the model called in a simulation: a mock's answer, or the real call. */
export type ToolRunner = (tool: AgentTool, call: ChatToolCall, args: Record<string, unknown>) => Promise<ToolOutcome>;

/** One model call of the agent (tests look at its tool calls without running them). */
export function agentModelCall(env: Env, context: AgentContext, history: ChatMessage[]): Promise<ChatResult> {
  return withAgentModel(context.settings.llm, (choice) => chatEngine(env).chat(turnRequest(context.settings.prompt, history, context.passages, context.tools), choice));
}

/**
 * The agent's whole reply to the conversation so far: model calls until it answers without tools (each tool run by
 * `runTool`, its result given back), at most TOOL_LIMITS.maxRounds. `history` grows with what was said and done.
 */
export async function agentReply(env: Env, context: AgentContext, history: ChatMessage[], runTool: ToolRunner, at: number): Promise<SimulatedEntry> {
  const entry: SimulatedEntry = { role: "agent", message: "", time_in_call_secs: at, source_medium: "text" };
  for (let round = 0; round < TOOL_LIMITS.maxRounds; round++) {
    const result = await agentModelCall(env, context, history);
    const text = result.content.trim();
    const calls = result.toolCalls ?? [];
    history.push({ role: "assistant", content: text, ...(calls.length ? { toolCalls: calls } : {}) });
    if (text) entry.message = entry.message ? `${entry.message} ${text}` : text;
    if (!calls.length) return entry;
    for (const call of calls) {
      const tool = context.tools.find((t) => t.name === call.name);
      const args = toolArguments(call.arguments);
      const outcome = !tool ? { ok: false, text: TOOL_TEXTS.unknownTool(call.name) } : !args ? { ok: false, text: TOOL_TEXTS.badArguments(call.name) } : await runTool(tool, call, args);
      const type = tool?.kind ?? "webhook";
      (entry.tool_calls ??= []).push({ type, request_id: call.id, tool_name: call.name, params_as_json: call.arguments, tool_has_been_called: Boolean(tool && args) });
      (entry.tool_results ??= []).push({ type, request_id: call.id, tool_name: call.name, result_value: toolResultText(outcome.text), is_error: !outcome.ok, tool_has_been_called: Boolean(tool && args) });
      history.push({ role: "tool", content: toolResultText(outcome.text), toolCallId: call.id });
    }
  }
  entry.message = entry.message || TOOL_TEXTS.tooManyRounds;
  return entry;
}

/** The tool runner of simulate-conversation: mocks by tool name answer for their tools; the rest are called for real (a client tool has no client). */
export function mockedByName(env: Env, context: AgentContext, mocks: Record<string, { default_return_value?: string | null; default_is_error?: boolean | null }>): ToolRunner {
  return async (tool, _call, args) => {
    const mock = mocks[tool.name];
    if (mock) return { ok: !mock.default_is_error, text: mock.default_return_value ?? TOOL_TEXTS.noResponseExpected };
    return realCall(env, context, tool, args);
  };
}

/** A tool's real call in a simulation: a webhook or an MCP tool is called; a client tool fails (there is no client). */
export function realCall(env: Env, context: AgentContext, tool: AgentTool, args: Record<string, unknown>): Promise<ToolOutcome> {
  if (tool.kind === "webhook") return callWebhookTool(env, context.workspaceId, tool, args);
  if (tool.kind === "mcp") return callMcpTool(context.mcp?.sessions, tool, args);
  return Promise.resolve({ ok: false, text: SIMULATION_TEXTS.noClient(tool.name) });
}

/** Who the simulated user is: its instructions, first message and (optionally) the model that speaks for it. */
export type SimulatedUser = { prompt?: string | null; firstMessage?: string | null; llm?: string | null };

/** Whether the registry serves this chat model (the responder is not one a user could be played by). */
async function servesModel(env: Env, llm: string | null | undefined): Promise<boolean> {
  if (!llm || llm === RETRIEVAL_RESPONDER_MODEL) return false;
  const catalog = await chatEngine(env).catalog();
  return catalog.capabilities.chat.some((p) => p.models.some((m) => m.id === llm));
}

/** The simulated user's next message, or null when it has nothing more to say. */
function userVoice(env: Env, user: SimulatedUser, modelServed: boolean) {
  const lines = scriptedUserLines(user.firstMessage, user.prompt);
  let next = 0;
  return async (transcript: SimulatedEntry[]): Promise<string | null> => {
    if (!modelServed) return lines[next++] ?? null;
    // The model plays the user: the conversation is shown to it from the user's side.
    const messages: ChatMessage[] = [
      { role: "system", content: `${SIMULATION_TEXTS.userRole}\n\n${user.prompt ?? ""}`.trim() },
      ...transcript.filter((t) => t.message).map((t): ChatMessage => (t.role === "agent" ? { role: "user", content: t.message } : { role: "assistant", content: t.message })),
    ];
    const said = (await chatEngine(env).chat({ messages }, { model: user.llm! })).content.trim();
    return said || null;
  };
}

export type SimulationInput = {
  user: SimulatedUser;
  /** Where the conversation starts from (the agent's first message when empty). */
  history: SimulatedEntry[];
  turns: number;
  runTool: ToolRunner;
  extraCriteria: Criterion[];
  /** Each entry as it is said (the stream). */
  onEntry?: (entry: SimulatedEntry) => void | Promise<void>;
};

/** A conversation between the agent and the simulated user, in text, then its analysis (the agent's criteria and the extra ones). */
export async function simulateConversation(env: Env, context: AgentContext, input: SimulationInput): Promise<{ transcript: SimulatedEntry[]; analysis: ConversationAnalysis }> {
  const started = Date.now();
  const at = () => Math.round((Date.now() - started) / 1000);
  const transcript: SimulatedEntry[] = [...input.history];
  const history: ChatMessage[] = transcript.filter((t) => t.message).map((t) => (t.role === "user" ? { role: "user", content: t.message } : { role: "assistant", content: t.message }));
  const say = async (entry: SimulatedEntry) => {
    transcript.push(entry);
    await input.onEntry?.(entry);
  };
  if (!transcript.length && context.settings.firstMessage) {
    history.push({ role: "assistant", content: context.settings.firstMessage });
    await say({ role: "agent", message: context.settings.firstMessage, time_in_call_secs: 0, source_medium: "text" });
  }
  const next = userVoice(env, input.user, await servesModel(env, input.user.llm));
  for (let turn = 0; turn < input.turns; turn++) {
    const line = await next(transcript);
    if (!line) break;
    history.push({ role: "user", content: line });
    await say({ role: "user", message: line, time_in_call_secs: at(), source_medium: "text" });
    await say(await agentReply(env, context, history, input.runTool, at()));
  }
  const analysis = analyseConversation(
    transcript.map((t) => ({ role: t.role, message: t.message })),
    [...context.settings.criteria, ...input.extraCriteria],
  );
  return { transcript, analysis };
}
