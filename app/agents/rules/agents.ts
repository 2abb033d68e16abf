// Conversational agents (issue 22): the defaults, limits and texts of agents, their knowledge base and
// conversations, and how an agent's stored configuration (the API's JSON) is read. Pure.
import type { Criterion } from "../../../core/agents/evaluation";
import { RETRIEVAL_RESPONDER_MODEL } from "../../../core/engines/providers/retrieval-responder";
import { agentTools, type AgentTool } from "./llm";
import { toolIdsOfPrompt } from "./tools";
import { mcpServerIdsOfPrompt } from "./mcp";

export type Json = Record<string, unknown>;

export const AGENT_DEFAULTS = {
  name: "New agent",
  firstMessage: "Hello! How can I help you today?",
  prompt: "You are a helpful assistant.",
  language: "en",
  /** Aria, the first premade voice. */
  voiceId: "pv01aria000000000000",
  llm: RETRIEVAL_RESPONDER_MODEL,
  maxDurationSeconds: 600,
  turnTimeoutSeconds: 7,
} as const;

export const AGENT_LIMITS = {
  name: 200,
  firstMessage: 2000,
  prompt: 20000,
  /** Knowledge documents: text in characters, uploads in bytes. */
  documentCharacters: 500_000,
  fileBytes: 5 * 1024 * 1024,
  pageSize: 100,
  maxDurationSeconds: 3600,
} as const;

/** The conversation protocol's audio in both directions: 16 kHz 16-bit mono PCM, base64 in JSON. */
export const CONVERSATION_AUDIO_FORMAT = "pcm_16000";
/** Seconds a signed conversation URL stays valid. */
export const SIGNED_URL_SECONDS = 15 * 60;
/** Seconds between the server's pings. */
export const PING_SECONDS = 10;

export const AGENT_TEXTS = {
  agentNotFound: "Agent not found.",
  documentNotFound: "Document not found.",
  conversationNotFound: "Conversation not found.",
  conversationAudioMissing: "This conversation has no audio.",
  voiceNotFound: (voiceId: string) => `Voice ${voiceId} was not found in this workspace.`,
  documentsNotFound: (ids: string[]) => `Knowledge base documents not found: ${ids.join(", ")}.`,
  documentInUse: (names: string[]) => `The document is used by ${names.join(", ")}: remove it from them first, or delete with force.`,
  emptyDocument: "The document has no text to learn from.",
  fileType: "Upload a text file: .txt, .md, .html or .csv (PDF and Word documents cannot be read yet).",
  fileTooLarge: `The file is larger than ${AGENT_LIMITS.fileBytes / 1024 / 1024} MB.`,
  urlRefused: (status: number | string) => `The page could not be read (${status}).`,
  urlNotHtml: "The URL did not answer with a page of text or HTML.",
  signedUrlInvalid: "The conversation link is invalid or has expired.",
  socketNeedsKey: "This agent is private: connect with an API key or a signed URL.",
  maxDuration: "The conversation reached its maximum duration.",
  agentFailed: "Sorry, something went wrong while answering.",
  /** What the pages say of the embedded engine, honestly. */
  responderName: "Retrieval responder (not a language model)",
  responderExplained:
    "Without a configured language model, the agent answers with the sentences of its instructions and knowledge base that best match the question (BM25 lexical retrieval), and says plainly when nothing matches. It calls the agent's tools when the question uses the words of a tool's name and description, fills the tool's parameters from what the user says (asking for a required one that is missing), and says the tool's answer. It does not reason or compose new sentences.",
  evaluationExplained: "Evaluation here is rule-based: a criterion is met when the key words of its goal were spoken and the agent answered from its knowledge.",
} as const;

/** A page of a list held whole (search hits, the agents that use something): the cursor is the next offset. */
export function offsetPage<T>(items: T[], size: number, cursor?: string | null): { items: T[]; nextCursor: string | null } {
  const from = cursor && /^\d+$/.test(cursor) ? Number(cursor) : 0;
  return { items: items.slice(from, from + size), nextCursor: from + size < items.length ? String(from + size) : null };
}

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** A patch applied to stored JSON: objects merge key by key, anything else (arrays included) replaces, null removes. */
export function mergeJson(base: Json, patch: Json): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) delete out[key];
    else if (isObject(value) && isObject(out[key])) out[key] = mergeJson(out[key] as Json, value);
    else out[key] = value;
  }
  return out;
}

/** A new agent's conversation_config: the defaults under what the caller sent. */
export function newConversationConfig(given: Json): Json {
  const defaults: Json = {
    agent: { first_message: AGENT_DEFAULTS.firstMessage, language: AGENT_DEFAULTS.language, prompt: { prompt: AGENT_DEFAULTS.prompt, llm: AGENT_DEFAULTS.llm, knowledge_base: [], tool_ids: [] } },
    tts: { voice_id: AGENT_DEFAULTS.voiceId, agent_output_audio_format: CONVERSATION_AUDIO_FORMAT },
    asr: { user_input_audio_format: CONVERSATION_AUDIO_FORMAT },
    turn: { turn_timeout: AGENT_DEFAULTS.turnTimeoutSeconds },
    conversation: { text_only: false, max_duration_seconds: AGENT_DEFAULTS.maxDurationSeconds },
  };
  return mergeJson(defaults, given);
}

export type KnowledgeRef = { type: string; id: string; name: string; usage_mode?: string };

/** What a conversation needs of an agent, read from its stored JSON. */
export type AgentSettings = {
  firstMessage: string;
  prompt: string;
  language: string;
  voiceId: string;
  llm: string;
  knowledgeBase: KnowledgeRef[];
  textOnly: boolean;
  maxDurationSeconds: number;
  criteria: Criterion[];
  /** The webhook and client tools the model is offered (decision 0050). */
  tools: AgentTool[];
  /** The workspace tools it references by id (decision 0065), added to `tools` when a conversation starts. */
  toolIds: string[];
  /** The workspace MCP servers whose tools it is offered (decision 0084), listed when a conversation starts. */
  mcpServerIds: string[];
};

const str = (v: unknown, fallback: string) => (typeof v === "string" ? v : fallback);
const at = (v: unknown, key: string): unknown => (isObject(v) ? v[key] : undefined);

export function agentSettings(config: Json, platform: Json): AgentSettings {
  const agent = at(config, "agent");
  const prompt = at(agent, "prompt");
  const knowledge = at(prompt, "knowledge_base");
  const criteria = at(at(platform, "evaluation"), "criteria");
  const maxDuration = at(at(config, "conversation"), "max_duration_seconds");
  return {
    firstMessage: str(at(agent, "first_message"), ""),
    prompt: str(at(prompt, "prompt"), ""),
    language: str(at(agent, "language"), AGENT_DEFAULTS.language),
    voiceId: str(at(at(config, "tts"), "voice_id"), AGENT_DEFAULTS.voiceId),
    llm: str(at(prompt, "llm"), AGENT_DEFAULTS.llm),
    knowledgeBase: Array.isArray(knowledge) ? (knowledge.filter((k) => isObject(k) && typeof k.id === "string") as KnowledgeRef[]) : [],
    textOnly: at(at(config, "conversation"), "text_only") === true,
    maxDurationSeconds: typeof maxDuration === "number" && maxDuration > 0 ? Math.min(maxDuration, AGENT_LIMITS.maxDurationSeconds) : AGENT_DEFAULTS.maxDurationSeconds,
    criteria: Array.isArray(criteria)
      ? criteria.filter(isObject).map((c, i) => ({ id: str(c.id, `criterion_${i}`), name: str(c.name, str(c.id, `Criterion ${i + 1}`)), goal: str(c.conversation_goal_prompt, "") }))
      : [],
    tools: agentTools(prompt),
    toolIds: toolIdsOfPrompt(prompt),
    mcpServerIds: mcpServerIdsOfPrompt(prompt),
  };
}

/** Readable text of an HTML page: scripts, styles and tags out, entities decoded, blocks on their own lines. */
export function htmlText(html: string): string {
  return html
    .replace(/<(script|style|noscript|template)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<\/(p|div|li|h[1-6]|tr|section|article|title)>|<br\s*\/?>/gi, "\n\n")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/[ \t]+/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The page title of an HTML document, if it has one. */
export function htmlTitle(html: string): string | null {
  const title = html.match(/<title[^>]*>([\s\S]*?)<\/title>/i)?.[1];
  return title ? htmlText(title).slice(0, AGENT_LIMITS.name) || null : null;
}

/** Uploaded files the knowledge base reads, by extension: plain text or HTML. */
export function readableFileKind(filename: string): "text" | "html" | null {
  const ext = filename.toLowerCase().split(".").pop() ?? "";
  if (["txt", "md", "markdown", "csv", "json"].includes(ext)) return "text";
  if (["html", "htm"].includes(ext)) return "html";
  return null;
}
