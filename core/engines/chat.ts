/** Language model (chat): a conversation in, the assistant's next message out, whole or streamed. */
export type ChatMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string; toolCalls?: ChatToolCall[] }
  | { role: "tool"; content: string; toolCallId: string };

/** A passage of the agent's knowledge (a knowledge-base chunk) the answer may draw on. */
export type ChatPassage = { id: string; source: string; text: string };

/** A function the model may call (the OpenAI tools shape: JSON Schema parameters). */
export type ChatTool = { name: string; description: string; parameters: Record<string, unknown> };
export type ChatToolCall = { id: string; name: string; arguments: string };

export type ChatRequest = {
  messages: ChatMessage[];
  /** Retrieved knowledge: the embedded responder answers only from it and the system messages; a model gets it in its prompt. */
  passages?: ChatPassage[];
  tools?: ChatTool[];
  maxTokens?: number;
  temperature?: number;
};

export type ChatResult = {
  content: string;
  /** Why generation stopped ("stop", "length", "tool_calls", ...), when the provider says. */
  finishReason: string | null;
  usage: { promptTokens: number; completionTokens: number } | null;
  /** The tools the model asked to call, when it did. */
  toolCalls?: ChatToolCall[];
};

/** A piece of a streamed answer: text as it comes, then (last) the whole result. */
export type ChatDelta = { content: string } | { done: ChatResult };

export interface ChatEngine {
  chat(request: ChatRequest): Promise<ChatResult>;
  /** The answer as it is generated, where the provider streams. */
  stream?(request: ChatRequest): AsyncIterable<ChatDelta>;
}
