import { ElevenLabsClient, type ElevenLabs } from "@elevenlabs/elevenlabs-js";
import { WebSocket } from "undici";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createApiKeyOverHttp, signUpOverHttp, uniqueEmail } from "./http";

/**
 * The input-streaming WebSockets against the running stack. The installed SDK (2.73) has no client for these
 * sockets, only their message types, so the socket is driven with a standard WebSocket (undici's, as in Node 22)
 * exactly as ElevenLabs' documented examples do; the SDK checks the charge afterwards.
 */
const baseUrl = inject("baseUrl");
const ARIA = "pv01aria000000000000";
let key: string;
let client: ElevenLabsClient;

beforeAll(async () => {
  key = await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, uniqueEmail("sdk-ws")));
  client = new ElevenLabsClient({ apiKey: key, baseUrl });
});

/** A server message as it arrives on the wire: the SDK's output types, plus the multi-context fields. */
type ServerMessage = Partial<ElevenLabs.AudioOutput> & { isFinal?: boolean; is_final?: boolean; contextId?: string; error?: string; message?: string };

function open(path: string, send: (ws: WebSocket) => void, headers: Record<string, string> = {}): Promise<{ messages: ServerMessage[]; code: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}${path}`, { headers });
    const messages: ServerMessage[] = [];
    ws.addEventListener("open", () => send(ws));
    ws.addEventListener("message", (event) => {
      messages.push(JSON.parse(event.data as string) as ServerMessage);
    });
    ws.addEventListener("close", (event) => resolve({ messages, code: event.code }));
    ws.addEventListener("error", (event) => reject(new Error(String(event.error ?? "WebSocket error"))));
  });
}

const pcmOf = (messages: ServerMessage[]) => {
  const bytes = Buffer.concat(messages.filter((m) => m.audio).map((m) => Buffer.from(m.audio!, "base64")));
  return new Int16Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 1);
};
const rms = (samples: Int16Array) => Math.sqrt(samples.reduce((s, v) => s + v * v, 0) / samples.length) / 32768;
const spelled = (messages: ServerMessage[]) => messages.map((m) => m.alignment?.chars?.join("") ?? "").join("");

describe("stream-input WebSockets with the documented client flow", () => {
  it("speaks text chunks: audio decodes, alignment spells the input, final message, charged once per character", async () => {
    const chunks = ["Hello! ", "This text arrives ", "in small pieces, ", "the way a language model writes it. ", "Then the stream ends."];
    const before = (await client.user.subscription.get()).characterCount;
    const { messages, code } = await open(`/v1/text-to-speech/${ARIA}/stream-input?model_id=eleven_multilingual_v2&output_format=pcm_16000`, (ws) => {
      ws.send(JSON.stringify({ text: " ", voice_settings: { stability: 0.5, similarity_boost: 0.8, use_speaker_boost: false }, generation_config: { chunk_length_schedule: [50, 90, 120, 150] }, xi_api_key: key }));
      for (const text of chunks) ws.send(JSON.stringify({ text, try_trigger_generation: true }));
      ws.send(JSON.stringify({ text: "" }));
    });
    expect(code).toBe(1000);
    expect(messages.at(-1)).toEqual({ isFinal: true });
    expect(messages.filter((m) => m.audio).length).toBeGreaterThanOrEqual(3);
    expect(spelled(messages)).toBe(chunks.join(""));
    for (const m of messages.filter((m) => m.alignment)) expect(m.normalizedAlignment?.chars).toEqual(m.alignment!.chars);
    const samples = pcmOf(messages);
    expect(samples.length / 16000).toBeGreaterThan(3);
    expect(rms(samples)).toBeGreaterThan(0.02);
    expect((await client.user.subscription.get()).characterCount - before).toBe(chunks.join("").length);
  });

  it("sends MP3 by default", async () => {
    const { messages } = await open(`/v1/text-to-speech/${ARIA}/stream-input`, (ws) => {
      ws.send(JSON.stringify({ text: " ", xi_api_key: key }));
      ws.send(JSON.stringify({ text: "Default format. ", flush: true }));
      ws.send(JSON.stringify({ text: "" }));
    });
    const mp3 = Buffer.from(messages.find((m) => m.audio)!.audio!, "base64");
    // An ID3 tag or an MPEG audio frame's sync word.
    expect(mp3.subarray(0, 3).toString() === "ID3" || (mp3[0] === 0xff && (mp3[1]! & 0xe0) === 0xe0)).toBe(true);
  });

  it("serves several contexts over one multi-stream socket, the key in the header", async () => {
    const { messages, code } = await open(
      `/v1/text-to-speech/${ARIA}/multi-stream-input?output_format=pcm_16000`,
      (ws) => {
        ws.send(JSON.stringify({ text: " ", context_id: "greeting" }));
        ws.send(JSON.stringify({ text: "Good morning. ", context_id: "greeting", flush: true }));
        ws.send(JSON.stringify({ text: " ", context_id: "news", voice_settings: { speed: 1.1 } }));
        ws.send(JSON.stringify({ text: "Here is the news. ", context_id: "news", flush: true }));
        ws.send(JSON.stringify({ context_id: "greeting", close_context: true }));
        ws.send(JSON.stringify({ close_socket: true }));
      },
      { "xi-api-key": key },
    );
    expect(code).toBe(1000);
    const of = (id: string) => messages.filter((m) => m.contextId === id);
    expect(spelled(of("greeting"))).toBe("Good morning. ");
    expect(spelled(of("news"))).toBe("Here is the news. ");
    expect(of("greeting").at(-1)).toEqual({ is_final: true, contextId: "greeting" });
    expect(of("news").at(-1)).toEqual({ is_final: true, contextId: "news" });
    expect(rms(pcmOf(of("news")))).toBeGreaterThan(0.02);
  });

  it("answers a wrong key with the protocol's error and a 1008 close", async () => {
    const { messages, code } = await open(`/v1/text-to-speech/${ARIA}/stream-input`, (ws) => ws.send(JSON.stringify({ text: " ", xi_api_key: "sk_wrong" })));
    expect(code).toBe(1008);
    expect(messages).toEqual([{ message: "Invalid API key", error: "invalid_api_key", code: 1008 }]);
  });
});
