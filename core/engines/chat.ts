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

/**
 * An engine's answer as a byte stream of newline-delimited JSON deltas, so it can cross a service binding (RPC
 * carries byte streams): streamed where the engine streams, else its whole answer as one piece and the result.
 */
export function chatDeltaStream(engine: ChatEngine, request: ChatRequest): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  async function* deltas(): AsyncIterable<ChatDelta> {
    if (engine.stream) return yield* engine.stream(request);
    const result = await engine.chat(request);
    if (result.content) yield { content: result.content };
    yield { done: result };
  }
  const iterator = deltas()[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(`${JSON.stringify(next.value)}\n`));
      } catch (error) {
        // The reader learns why (an error crossing RPC would lose its message).
        controller.enqueue(encoder.encode(`${JSON.stringify({ error: String(error instanceof Error ? error.message : error) })}\n`));
        controller.close();
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** Reads what `chatDeltaStream` wrote; an engine's failure is thrown here with its message. */
export async function* readChatDeltas(stream: ReadableStream<Uint8Array>): AsyncIterable<ChatDelta> {
  const decoder = new TextDecoder();
  let buffer = "";
  const parse = (line: string): ChatDelta => {
    const value = JSON.parse(line) as ChatDelta | { error: string };
    if ("error" in value) throw new Error(value.error);
    return value;
  };
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      if (line.trim()) yield parse(line);
    }
  }
  if (buffer.trim()) yield parse(buffer);
}
