/** Language model (chat): a conversation in, the assistant's next message out (no streaming, no tools yet). */
export type ChatMessage = { role: "system" | "user" | "assistant"; content: string };

export type ChatRequest = {
  messages: ChatMessage[];
  maxTokens?: number;
  temperature?: number;
};

export type ChatResult = {
  content: string;
  /** Why generation stopped ("stop", "length", ...), when the provider says. */
  finishReason: string | null;
  usage: { promptTokens: number; completionTokens: number } | null;
};

export interface ChatEngine {
  chat(request: ChatRequest): Promise<ChatResult>;
}
