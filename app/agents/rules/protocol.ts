// The conversation WebSocket's messages as the official SDKs speak them (decision 0037): what the client sends and
// what the server answers. Pure.

export type ClientMessage =
  | { kind: "init"; firstMessage?: string; language?: string; prompt?: string; textOnly?: boolean }
  | { kind: "audio"; pcm: Uint8Array }
  | { kind: "text"; text: string }
  | { kind: "context"; text: string }
  | { kind: "pong" }
  | { kind: "tool-result"; toolCallId: string; result: string; isError: boolean }
  | { kind: "mcp-approval"; toolCallId: string; approved: boolean }
  | { kind: "ignored" };

export type ParseResult = { ok: true; message: ClientMessage } | { ok: false; error: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === "string" ? v : undefined);

/** Client types that are understood but need nothing from this server (activity signals, feedback, tool results). */
const IGNORED = new Set(["user_activity", "feedback", "multimodal_message"]);

function base64Pcm(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  const binary = atob(text);
  if (binary.length % 2 !== 0) return null;
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Reads one client message; a malformed one is an error that closes the conversation with its reason. */
export function parseClientMessage(data: string | ArrayBuffer): ParseResult {
  let value: unknown;
  try {
    value = typeof data === "string" ? JSON.parse(data) : undefined;
  } catch {
    value = undefined;
  }
  if (!isObject(value)) return { ok: false, error: "Messages must be JSON objects." };
  if (typeof value.user_audio_chunk === "string") {
    const pcm = base64Pcm(value.user_audio_chunk);
    return pcm ? { ok: true, message: { kind: "audio", pcm } } : { ok: false, error: "user_audio_chunk must be base64 16-bit PCM at 16 kHz." };
  }
  const type = str(value.type);
  switch (type) {
    case "conversation_initiation_client_data": {
      const override = isObject(value.conversation_config_override) ? value.conversation_config_override : {};
      const agent = isObject(override.agent) ? override.agent : {};
      const prompt = isObject(agent.prompt) ? agent.prompt : {};
      const conversation = isObject(override.conversation) ? override.conversation : {};
      return {
        ok: true,
        message: { kind: "init", firstMessage: str(agent.first_message), language: str(agent.language), prompt: str(prompt.prompt), textOnly: typeof conversation.text_only === "boolean" ? conversation.text_only : undefined },
      };
    }
    case "user_message":
      return typeof value.text === "string" ? { ok: true, message: { kind: "text", text: value.text } } : { ok: false, error: "user_message needs text." };
    case "contextual_update":
      return typeof value.text === "string" ? { ok: true, message: { kind: "context", text: value.text } } : { ok: false, error: "contextual_update needs text." };
    case "pong":
      return { ok: true, message: { kind: "pong" } };
    case "client_tool_result": {
      if (typeof value.tool_call_id !== "string") return { ok: false, error: "client_tool_result needs tool_call_id." };
      const result = typeof value.result === "string" ? value.result : value.result === undefined ? "" : JSON.stringify(value.result);
      return { ok: true, message: { kind: "tool-result", toolCallId: value.tool_call_id, result, isError: value.is_error === true } };
    }
    case "mcp_tool_approval_result":
      if (typeof value.tool_call_id !== "string" || typeof value.is_approved !== "boolean") return { ok: false, error: "mcp_tool_approval_result needs tool_call_id and is_approved." };
      return { ok: true, message: { kind: "mcp-approval", toolCallId: value.tool_call_id, approved: value.is_approved } };
    default:
      if (type && IGNORED.has(type)) return { ok: true, message: { kind: "ignored" } };
      return { ok: false, error: `Unknown message type: ${type ?? "(none)"}.` };
  }
}

/** The server's messages. */
export const serverMessages = {
  metadata: (conversationId: string, format: string) => ({
    type: "conversation_initiation_metadata",
    conversation_initiation_metadata_event: { conversation_id: conversationId, agent_output_audio_format: format, user_input_audio_format: format },
  }),
  agentResponse: (text: string) => ({ type: "agent_response", agent_response_event: { agent_response: text } }),
  userTranscript: (text: string) => ({ type: "user_transcript", user_transcription_event: { user_transcript: text } }),
  audio: (base64: string, eventId: number) => ({ type: "audio", audio_event: { audio_base_64: base64, event_id: eventId } }),
  interruption: (eventId: number) => ({ type: "interruption", interruption_event: { event_id: eventId } }),
  ping: (eventId: number, pingMs: number | null) => ({ type: "ping", ping_event: { event_id: eventId, ping_ms: pingMs } }),
  clientToolCall: (toolName: string, toolCallId: string, parameters: Record<string, unknown>) => ({
    type: "client_tool_call",
    client_tool_call: { tool_name: toolName, tool_call_id: toolCallId, parameters },
  }),
  vadScore: (score: number) => ({ type: "vad_score", vad_score_event: { vad_score: score } }),
  /** An MCP tool call's progress (decision 0084): loading, awaiting_approval, success or failure. */
  mcpToolCall: (call: McpToolCallEvent) => ({ type: "mcp_tool_call", mcp_tool_call: call }),
  /** Which of the agent's MCP servers the conversation reached, and how many of their tools it offers. */
  mcpConnectionStatus: (servers: { id: string; connected: boolean; toolCount: number }[]) => ({
    type: "mcp_connection_status",
    mcp_connection_status: { integrations: servers.map((s) => ({ integration_id: s.id, integration_type: "mcp_server", is_connected: s.connected, tool_count: s.toolCount })) },
  }),
};

export type McpToolCallEvent = {
  service_id: string;
  tool_call_id: string;
  tool_name: string;
  tool_description: string;
  parameters: Record<string, unknown>;
  timestamp: string;
  state: "loading" | "awaiting_approval" | "success" | "failure";
  approval_timeout_secs?: number;
  result?: { type: "text"; text: string }[];
  error_message?: string;
};

/** WebSocket close codes: normal end, and a policy refusal (bad input, not allowed). */
export const CLOSE_NORMAL = 1000;
export const CLOSE_POLICY = 1008;

/** A WebSocket close reason holds at most 123 bytes: a longer text is cut (the error message before it carries it whole). */
export function closeReason(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return bytes.length <= 123 ? text : `${new TextDecoder().decode(bytes.slice(0, 119)).replace(/\uFFFD$/, "")}…`;
}
