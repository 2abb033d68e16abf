import { describe, expect, it } from "vitest";
import { chatDeltaStream, readChatDeltas, type ChatDelta, type ChatEngine } from "./chat";

async function all(stream: ReadableStream<Uint8Array>): Promise<ChatDelta[]> {
  const out: ChatDelta[] = [];
  for await (const delta of readChatDeltas(stream)) out.push(delta);
  return out;
}

describe("chat deltas across a byte stream", () => {
  const result = { content: "Hello there.", finishReason: "stop", usage: null };

  it("carries a streaming engine's pieces and its result", async () => {
    const engine: ChatEngine = {
      chat: async () => result,
      async *stream() {
        yield { content: "Hello " };
        yield { content: "there." };
        yield { done: result };
      },
    };
    expect(await all(chatDeltaStream(engine, { messages: [] }))).toEqual([{ content: "Hello " }, { content: "there." }, { done: result }]);
  });

  it("gives an engine that does not stream as one piece, and an engine's failure to the reader", async () => {
    expect(await all(chatDeltaStream({ chat: async () => result }, { messages: [] }))).toEqual([{ content: "Hello there." }, { done: result }]);
    const failing: ChatEngine = { chat: async () => Promise.reject(new Error("chat server answered 500")) };
    await expect(all(chatDeltaStream(failing, { messages: [] }))).rejects.toThrow("chat server answered 500");
  });
});
