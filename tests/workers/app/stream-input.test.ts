import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { decodeMp3 } from "../../../core/audio/mp3-decoder";
import { fromBase64 } from "../../../core/base64";
import { api, createKey, ORIGIN, signUp } from "./helpers";

const ARIA = "pv01aria000000000000";

type Message = {
  audio?: string;
  isFinal?: boolean;
  is_final?: boolean;
  contextId?: string;
  alignment?: { chars: string[]; charStartTimesMs: number[]; charDurationsMs: number[] };
  normalizedAlignment?: { chars: string[] };
  message?: string;
  error?: string;
  code?: number;
};

/** Opens a socket as a client does (the upgrade through the app worker) and collects what it says until it closes. */
async function connect(path: string, headers: Record<string, string> = {}) {
  const response = await SELF.fetch(`${ORIGIN}${path}`, { headers: { upgrade: "websocket", ...headers } });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  const messages: Message[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.addEventListener("close", (event) => resolve({ code: event.code, reason: event.reason }));
  });
  socket.addEventListener("message", (event) => {
    messages.push(JSON.parse(event.data as string) as Message);
  });
  socket.accept();
  const send = (message: unknown) => socket.send(typeof message === "string" ? message : JSON.stringify(message));
  return { socket, messages, closed, send };
}

async function workspaceOf(key: string): Promise<string> {
  return ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
}

async function charged(workspace: string): Promise<{ characters: number; items: number }> {
  return (await env.DB.prepare("SELECT (SELECT character_count FROM workspaces WHERE id = ?1) AS characters, (SELECT count(*) FROM history_items WHERE workspace_id = ?1) AS items")
    .bind(workspace)
    .first<{ characters: number; items: number }>())!;
}

const audioOf = (messages: Message[]) => {
  const parts = messages.filter((m) => m.audio).map((m) => fromBase64(m.audio!));
  const all = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.byteLength;
  }
  return all;
};
const spelled = (messages: Message[]) => messages.map((m) => m.alignment?.chars.join("") ?? "").join("");

describe("WebSocket /v1/text-to-speech/{voice_id}/stream-input", () => {
  it("speaks text sent in pieces, with alignment that spells it, a final message and a normal close; charges and keeps history", async () => {
    const key = await createKey(await signUp("ws-good@example.com"));
    const workspace = await workspaceOf(key);
    const { messages, closed, send } = await connect(`/v1/text-to-speech/${ARIA}/stream-input?model_id=eleven_multilingual_v2`);
    send({ text: " ", voice_settings: { stability: 0.5, similarity_boost: 0.8 }, generation_config: { chunk_length_schedule: [50] }, xi_api_key: key });
    send({ text: "Hello there, this is streamed text. " });
    send({ text: "It arrives in pieces, " });
    send({ text: "and is spoken as it comes. " });
    send({ text: "" });
    expect(await closed).toEqual({ code: 1000, reason: "" });
    expect(messages.at(-1)).toEqual({ isFinal: true });
    const audio = messages.filter((m) => m.audio);
    expect(audio.length).toBeGreaterThanOrEqual(2);
    expect(spelled(messages)).toBe("Hello there, this is streamed text. It arrives in pieces, and is spoken as it comes. ");
    for (const m of audio) {
      if (!m.alignment) continue;
      expect(m.normalizedAlignment?.chars).toEqual(m.alignment.chars);
      expect(m.alignment.charStartTimesMs[0]).toBe(0);
      expect(m.alignment.charDurationsMs).toHaveLength(m.alignment.chars.length);
    }
    const { samples, sampleRate } = await decodeMp3(audioOf(messages));
    expect(samples.length / sampleRate).toBeGreaterThan(2);
    // Two generations (the schedule cut after 50 characters, then the close's flush), each a history item.
    const text = "Hello there, this is streamed text. It arrives in pieces, and is spoken as it comes. ";
    expect(await charged(workspace)).toEqual({ characters: text.length, items: 2 });
  });

  it("speaks with the engine model_id names: a configured server's model on that server", async () => {
    const key = await createKey(await signUp("ws-model@example.com"));
    const { messages, closed, send } = await connect(`/v1/text-to-speech/${ARIA}/stream-input?model_id=parlance_openai_compatible_v1&output_format=pcm_24000`, { "xi-api-key": key });
    send({ text: " " });
    send({ text: "Served elsewhere. " });
    send({ text: "" });
    expect((await closed).code).toBe(1000);
    // The stand-in server speaks 50 ms of audio a character: its length, not the embedded engine's.
    expect(audioOf(messages).byteLength / 2).toBe(Math.round(24000 * 0.05 * "Served elsewhere. ".length));
    const history = (await (await api("/v1/history", { key })).json()) as { history: { model_id: string }[] };
    expect(history.history.map((h) => h.model_id)).toEqual(["parlance_openai_compatible_v1"]);
  });

  it("takes the key from the header, speaks on flush and keeps the socket open", async () => {
    const key = await createKey(await signUp("ws-flush@example.com"));
    const { messages, closed, send, socket } = await connect(`/v1/text-to-speech/${ARIA}/stream-input?output_format=pcm_16000`, { "xi-api-key": key });
    send({ text: " " });
    send({ text: "Short. ", flush: true });
    for (let i = 0; i < 100 && !messages.some((m) => m.audio); i++) await new Promise((r) => setTimeout(r, 50));
    expect(spelled(messages)).toBe("Short. ");
    const pcm = audioOf(messages);
    expect(pcm.byteLength).toBeGreaterThan(16000 * 2 * 0.2);
    socket.close(1000, "done");
    await closed;
  });

  it("answers bad JSON, a missing or wrong key, a wrong voice and SSML with the protocol's error and a 1008 close", async () => {
    const key = await createKey(await signUp("ws-bad@example.com"));
    const badJson = await connect(`/v1/text-to-speech/${ARIA}/stream-input`, { "xi-api-key": key });
    badJson.send("{not json");
    expect((await badJson.closed).code).toBe(1008);
    expect(badJson.messages).toEqual([{ message: "Every message must be a JSON object.", error: "invalid_request", code: 1008 }]);

    const noKey = await connect(`/v1/text-to-speech/${ARIA}/stream-input`);
    noKey.send({ text: " " });
    expect((await noKey.closed).code).toBe(1008);
    expect(noKey.messages[0]).toMatchObject({ error: "invalid_api_key", code: 1008 });

    const wrongKey = await connect(`/v1/text-to-speech/${ARIA}/stream-input`);
    wrongKey.send({ text: " ", xi_api_key: "sk_nope" });
    expect((await wrongKey.closed).code).toBe(1008);
    expect(wrongKey.messages[0]).toEqual({ message: "Invalid API key", error: "invalid_api_key", code: 1008 });

    const wrongVoice = await connect(`/v1/text-to-speech/nosuchvoice/stream-input`);
    wrongVoice.send({ text: " ", "xi-api-key": key });
    expect((await wrongVoice.closed).code).toBe(1008);
    expect(wrongVoice.messages[0]).toMatchObject({ error: "voice_not_found", code: 1008 });

    const wrongModel = await connect(`/v1/text-to-speech/${ARIA}/stream-input?model_id=no_such_model`);
    wrongModel.send({ text: " ", xi_api_key: key });
    expect((await wrongModel.closed).code).toBe(1008);
    expect(wrongModel.messages).toEqual([{ message: "A model with id no_such_model was not found.", error: "model_not_found", code: 1008 }]);

    const badField = await connect(`/v1/text-to-speech/${ARIA}/stream-input`, { "xi-api-key": key });
    badField.send({ text: " ", generation_config: { chunk_length_schedule: [5] } });
    expect((await badField.closed).code).toBe(1008);
    expect(badField.messages[0]).toMatchObject({ error: "invalid_request" });
    expect(badField.messages[0]!.message).toContain("chunk_length_schedule");

    const ssml = await connect(`/v1/text-to-speech/${ARIA}/stream-input?enable_ssml_parsing=true`, { "xi-api-key": key });
    expect((await ssml.closed).code).toBe(1008);
    expect(ssml.messages[0]!.message).toContain("SSML");
  });

  it("answers an exhausted quota with quota_exceeded and a close, charging nothing", async () => {
    const key = await createKey(await signUp("ws-quota@example.com"));
    const workspace = await workspaceOf(key);
    await env.DB.prepare("UPDATE workspaces SET character_count = character_limit - 5 WHERE id = ?").bind(workspace).run();
    const before = await charged(workspace);
    const { messages, closed, send } = await connect(`/v1/text-to-speech/${ARIA}/stream-input`, { "xi-api-key": key });
    send({ text: " " });
    send({ text: "This sentence is longer than the credits left. " });
    send({ text: "" });
    expect((await closed).code).toBe(1008);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ error: "quota_exceeded", code: 1008 });
    expect(await charged(workspace)).toEqual(before);
  });

  it("closes after inactivity_timeout seconds without a message, with input_timeout_exceeded", async () => {
    const key = await createKey(await signUp("ws-idle@example.com"));
    const { messages, closed, send } = await connect(`/v1/text-to-speech/${ARIA}/stream-input?inactivity_timeout=1`, { "xi-api-key": key });
    send({ text: " " });
    expect((await closed).code).toBe(1008);
    expect(messages).toEqual([{ message: "Have not received new text for 1 seconds. Closing the connection.", error: "input_timeout_exceeded", code: 1008 }]);
  });

  it("refuses a plain GET with 426", async () => {
    const response = await SELF.fetch(`${ORIGIN}/v1/text-to-speech/${ARIA}/stream-input`);
    expect(response.status).toBe(426);
    expect(((await response.json()) as { detail: { status: string } }).detail.status).toBe("upgrade_required");
  });
});

describe("WebSocket /v1/text-to-speech/{voice_id}/multi-stream-input", () => {
  it("speaks contexts apart, flushes and closes each, then the socket", async () => {
    const key = await createKey(await signUp("ws-multi@example.com"));
    const { messages, closed, send } = await connect(`/v1/text-to-speech/${ARIA}/multi-stream-input`, { "xi-api-key": key });
    send({ text: " ", context_id: "a" });
    send({ text: " ", context_id: "b", voice_settings: { speed: 1.1 } });
    send({ text: "First context speaks. ", context_id: "a" });
    send({ text: "Second context. ", context_id: "b", flush: true });
    send({ text: "Dropped, never flushed. ", context_id: "b" });
    send({ context_id: "b", close_context: true });
    send({ text: "", context_id: "a" }); // keeps a alive, says nothing
    send({ context_id: "a", flush: true });
    send({ close_socket: true });
    expect((await closed).code).toBe(1000);
    const of = (id: string) => messages.filter((m) => m.contextId === id);
    expect(spelled(of("a"))).toBe("First context speaks. ");
    expect(spelled(of("b"))).toBe("Second context. ");
    expect(of("b").at(-1)).toEqual({ is_final: true, contextId: "b" });
    expect(of("a").at(-1)).toEqual({ is_final: true, contextId: "a" });
    expect(messages.every((m) => m.isFinal === undefined)).toBe(true);
  });

  it("refuses a sixth open context", async () => {
    const key = await createKey(await signUp("ws-many@example.com"));
    const { messages, closed, send } = await connect(`/v1/text-to-speech/${ARIA}/multi-stream-input`, { "xi-api-key": key });
    for (const id of ["1", "2", "3", "4", "5", "6"]) send({ text: " ", context_id: id });
    expect((await closed).code).toBe(1008);
    expect(messages.at(-1)).toMatchObject({ error: "max_active_conversations", code: 1008 });
  });
});
