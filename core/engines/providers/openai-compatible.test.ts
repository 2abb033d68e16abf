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
