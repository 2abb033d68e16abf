import { describe, expect, it } from "vitest";
import { fetchFrom, openAiCompatibleStandIn } from "../../../tests/engines/protocol-stand-ins";
import { SPEECH_PARAMETERS_READ } from "../speech";
import { openAiChat, openAiEmbeddings, openAiSpeech, openAiTranscription } from "./openai-compatible";

const standIn = openAiCompatibleStandIn({ speech: "kokoro", transcription: "Systran/faster-whisper-small", chat: "llama3.2", embeddings: "nomic-embed-text" }, "sk-local");
const server = (model: string, baseUrl = "http://models.test") => ({ baseUrl, apiKey: "sk-local", model });
const fetcher = fetchFrom(standIn);
const speechRequest = { text: "Hello there", engineVoice: "en-us+f3", rate: 175, pitch: 50, range: 50, externalVoice: "af_bella" };

describe("OpenAI-compatible speech (POST /v1/audio/speech)", () => {
  it("asks for raw PCM in the voice and speed and reads it as 24 kHz 16-bit mono", async () => {
    const result = await openAiSpeech(server("kokoro"), fetcher).synthesize(speechRequest);
    expect(result.sampleRate).toBe(24000);
    expect(result.pcm.byteLength).toBe(2 * Math.round(24000 * 0.05 * "Hello there".length));
    expect(result.durationMs).toBeCloseTo(50 * "Hello there".length, 0);
    expect(result.words).toEqual([]);
  });

  it("reaches /v1 whether or not the base URL names it, with or without a trailing slash", async () => {
    for (const base of ["http://models.test/", "http://models.test/v1", "http://models.test/v1/"]) {
      await expect(openAiSpeech(server("kokoro", base), fetcher).synthesize(speechRequest)).resolves.toMatchObject({ sampleRate: 24000 });
    }
  });

  it("reads the rate of the synthesis parameters and nothing else (SPEECH_PARAMETERS_READ)", async () => {
    const bodies: unknown[] = [];
    const recording = async (url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      return fetcher(url, init);
    };
    const engine = openAiSpeech(server("kokoro"), recording);
    const variants = [{}, { pitch: 10 }, { range: 90 }, { seed: 7 }, { rate: 140 }];
    for (const variant of variants) await engine.synthesize({ ...speechRequest, ...variant });
    const [base, ...others] = bodies;
    expect(others.map((body) => JSON.stringify(body) === JSON.stringify(base))).toEqual([true, true, true, false]);
    expect(SPEECH_PARAMETERS_READ.openai).toEqual(["rate"]);
  });

  it("fails with the server's status and words when it refuses", async () => {
    await expect(openAiSpeech({ ...server("kokoro"), apiKey: "wrong" }, fetcher).synthesize(speechRequest)).rejects.toThrow(/speech server answered 401: .*invalid api key/);
    await expect(openAiSpeech(server("tts-1"), fetcher).synthesize(speechRequest)).rejects.toThrow("speech server answered 400");
  });
});

describe("OpenAI-compatible transcription (POST /v1/audio/transcriptions)", () => {
  const audio = new Uint8Array(3000).fill(7);

  it("sends the file as multipart with its type and a matching file name, and reads text, language, duration and words", async () => {
    const result = await openAiTranscription(server("Systran/faster-whisper-small"), fetcher).transcribe({ audio, contentType: "audio/mpeg", language: "de" });
    expect(result.text).toBe("Heard 3000 bytes of audio/mpeg.");
    expect(result.language).toBe("de");
    expect(result.durationMs).toBe(2500);
    expect(result.words.map((w) => w.text)).toEqual(["Heard", "3000", "bytes", "of", "audio/mpeg."]);
    expect(result.words[1]).toEqual({ text: "3000", startMs: 500, endMs: 900 });
  });

  it("reads a server that answers plain json (text only)", async () => {
    const plain = async (url: string, init: RequestInit) => {
      const form = init.body as FormData;
      form.set("response_format", "json");
      return standIn(new Request(url, { ...init, body: form }));
    };
    const result = await openAiTranscription(server("Systran/faster-whisper-small"), plain).transcribe({ audio, contentType: "audio/wav; codecs=1" });
    expect(result).toEqual({ text: "Heard 3000 bytes of audio/wav.", language: null, durationMs: null, words: [] });
  });

  it("fails when the server does not have the model", async () => {
    await expect(openAiTranscription(server("whisper-1"), fetcher).transcribe({ audio, contentType: "audio/mpeg" })).rejects.toThrow(/transcription server answered 400: .*whisper-1 is not loaded/);
  });
});

describe("OpenAI-compatible chat (POST /v1/chat/completions)", () => {
  it("sends the conversation unstreamed and reads the message, finish reason and token usage", async () => {
    const chat = openAiChat(server("llama3.2"), fetcher);
    const result = await chat.chat({ messages: [{ role: "system", content: "Be brief." }, { role: "user", content: "Hello" }], temperature: 0.2 });
    expect(result).toEqual({ content: "You said: Hello", finishReason: "stop", usage: { promptTokens: 20, completionTokens: 3 } });
    expect((await chat.chat({ messages: [{ role: "user", content: "Hello" }], maxTokens: 1 })).finishReason).toBe("length");
  });

  it("fails on a model the server does not have", async () => {
    await expect(openAiChat(server("gpt-4o"), fetcher).chat({ messages: [{ role: "user", content: "Hi" }] })).rejects.toThrow("chat server answered 404");
  });
});

describe("OpenAI-compatible embeddings (POST /v1/embeddings)", () => {
  it("returns one float vector per input in the input's order, whatever order the server lists them in", async () => {
    const result = await openAiEmbeddings(server("nomic-embed-text"), fetcher).embed({ input: ["a cat", "the dog barks", "x"] });
    expect(result.vectors).toEqual([
      [5, 2, 0],
      [13, 3, 1],
      [1, 0, 2],
    ]);
  });

  it("asks nothing for no input", async () => {
    const never = async () => {
      throw new Error("no request expected");
    };
    expect(await openAiEmbeddings(server("nomic-embed-text"), never).embed({ input: [] })).toEqual({ vectors: [] });
  });
});

describe("OpenAI-compatible chat: tools, knowledge and streaming", () => {
  // A stand-in for a server's streamed completions (server-sent events), only in this test: it calls the tool when
  // the request offers one and no tool result has come back yet, else streams the last user words back in pieces.
  const bodies: Record<string, unknown>[] = [];
  const streaming: typeof fetcher = async (_url, init) => {
    const body = JSON.parse(init.body as string) as { messages: { role: string; content: string | null }[]; tools?: unknown[]; stream: boolean };
    bodies.push(body);
    const events: unknown[] = [];
    if (body.tools?.length && !body.messages.some((m) => m.role === "tool")) {
      events.push({ choices: [{ delta: { tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"ci' } }] } }] });
      events.push({ choices: [{ delta: { tool_calls: [{ index: 0, function: { arguments: 'ty":"Oslo"}' } }] }, finish_reason: "tool_calls" }] });
    } else {
      const last = [...body.messages].reverse().find((m) => m.role === "user" || m.role === "tool")!.content!;
      for (const word of last.split(" ")) events.push({ choices: [{ delta: { content: `${word} ` } }] });
      events.push({ choices: [{ delta: {}, finish_reason: "stop" }] });
    }
    events.push({ choices: [], usage: { prompt_tokens: 7, completion_tokens: events.length } });
    const text = events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join("") + "data: [DONE]\n\n";
    // Cut at odd places: an event may arrive in two pieces.
    const bytes = new TextEncoder().encode(text);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 37) controller.enqueue(bytes.subarray(at, at + 37));
        controller.close();
      },
    });
    return new Response(stream, { headers: { "content-type": "text/event-stream" } });
  };
  const engine = openAiChat(server("llama3.2"), streaming);
  const collect = async (request: Parameters<NonNullable<typeof engine.stream>>[0]) => {
    const pieces: string[] = [];
    let done;
    for await (const delta of engine.stream!(request)) {
      if ("content" in delta) pieces.push(delta.content);
      else done = delta.done;
    }
    return { pieces, done: done! };
  };

  it("streams the answer in pieces and ends with the whole result", async () => {
    const { pieces, done } = await collect({ messages: [{ role: "user", content: "one two three" }] });
    expect(pieces).toEqual(["one ", "two ", "three "]);
    expect(done).toEqual({ content: "one two three ", finishReason: "stop", usage: { promptTokens: 7, completionTokens: 4 } });
    expect(bodies.at(-1)).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it("offers tools, reassembles a streamed tool call, and sends its result back", async () => {
    const tools = [{ name: "get_weather", description: "The weather in a city", parameters: { type: "object", properties: { city: { type: "string" } } } }];
    const first = await collect({ messages: [{ role: "user", content: "Weather in Oslo?" }], tools });
    expect(first.done.toolCalls).toEqual([{ id: "call_1", name: "get_weather", arguments: '{"city":"Oslo"}' }]);
    expect(first.done.finishReason).toBe("tool_calls");
    expect(bodies.at(-1)!.tools).toEqual([{ type: "function", function: tools[0] }]);
    const second = await collect({
      messages: [
        { role: "user", content: "Weather in Oslo?" },
        { role: "assistant", content: "", toolCalls: first.done.toolCalls },
        { role: "tool", content: "sunny", toolCallId: "call_1" },
      ],
      tools,
    });
    expect(second.done.content).toBe("sunny ");
    expect((bodies.at(-1)!.messages as unknown[]).slice(1)).toEqual([
      { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city":"Oslo"}' } }] },
      { role: "tool", content: "sunny", tool_call_id: "call_1" },
    ]);
  });

  it("puts retrieved passages into the prompt as a system message after the instructions", async () => {
    await collect({ messages: [{ role: "system", content: "Be brief." }, { role: "user", content: "hours?" }], passages: [{ id: "a", source: "Shop", text: "Open at nine." }] });
    const messages = bodies.at(-1)!.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(["system", "system", "user"]);
    expect(messages[1]!.content).toContain("[Shop] Open at nine.");
  });

  it("reads a whole (unstreamed) answer that only calls a tool", async () => {
    const whole: typeof fetcher = async () =>
      Response.json({ choices: [{ message: { role: "assistant", content: null, tool_calls: [{ id: "c9", type: "function", function: { name: "end_call", arguments: "{}" } }] }, finish_reason: "tool_calls" }] });
    expect(await openAiChat(server("llama3.2"), whole).chat({ messages: [{ role: "user", content: "bye" }] })).toEqual({
      content: "",
      finishReason: "tool_calls",
      usage: null,
      toolCalls: [{ id: "c9", name: "end_call", arguments: "{}" }],
    });
  });
});
