import { beforeAll, describe, expect, it } from "vitest";
import { parseWav } from "../../../core/audio/wav";
import { RESPONDER_TEXTS } from "../../../core/agents/responder";
import { api, createKey, installSpeechToTextModel, signUp, sphinxRecording } from "./helpers";
import { audioBytes, connect as connectAs, json, responses, savedConversation as savedAs } from "./agent-call";

const SHOP = "Opening hours: the shop opens at nine in the morning and closes at six in the evening.\n\nDelivery takes three working days. Delivery is free above fifty euros.";

let key: string;
let otherKey: string;
beforeAll(async () => {
  key = await createKey(await signUp("agents@example.com"));
  otherKey = await createKey(await signUp("agents-other@example.com"));
  await installSpeechToTextModel();
});

const connect = (path: string, headers: Record<string, string> = { "xi-api-key": key }) => connectAs(path, headers);
const savedConversation = (id: string) => savedAs(id, key);

async function newDocument(text = SHOP, name = "Shop facts"): Promise<string> {
  const response = await api("/v1/convai/knowledge-base/text", { method: "POST", key, json: { text, name } });
  expect(response.status).toBe(200);
  return (await json<{ id: string }>(response)).id;
}

async function newAgent(config: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<string> {
  const response = await api("/v1/convai/agents/create", { method: "POST", key, json: { conversation_config: config, name: "Shop assistant", ...extra } });
  expect(response.status).toBe(200);
  return (await json<{ agent_id: string }>(response)).agent_id;
}

describe("agents (/v1/convai/agents)", () => {
  it("creates with defaults, gets, lists, patches by merging, duplicates and deletes; another workspace sees nothing", async () => {
    const documentId = await newDocument();
    const id = await newAgent({ agent: { first_message: "Welcome to the shop.", prompt: { prompt: "You help shoppers.", knowledge_base: [{ type: "text", id: documentId, name: "Shop facts" }] } } });
    const agent = await json<{ name: string; conversation_config: { agent: { first_message: string; language: string; prompt: { prompt: string; llm: string } }; tts: { voice_id: string } }; access_info: { is_creator: boolean } }>(await api(`/v1/convai/agents/${id}`, { key }));
    expect(agent.name).toBe("Shop assistant");
    expect(agent.conversation_config.agent).toMatchObject({ first_message: "Welcome to the shop.", language: "en", prompt: { prompt: "You help shoppers.", llm: "parlance-retrieval-responder" } });
    expect(agent.conversation_config.tts.voice_id).toBe("pv01aria000000000000");
    expect(agent.access_info.is_creator).toBe(true);

    const patched = await json<typeof agent>(await api(`/v1/convai/agents/${id}`, { method: "PATCH", key, json: { conversation_config: { agent: { language: "de" } }, name: "Renamed" } }));
    expect(patched.name).toBe("Renamed");
    expect(patched.conversation_config.agent).toMatchObject({ first_message: "Welcome to the shop.", language: "de" });

    const copy = await json<{ agent_id: string }>(await api(`/v1/convai/agents/${id}/duplicate`, { method: "POST", key }));
    const list = await json<{ agents: { agent_id: string; name: string; voice_id: string }[]; has_more: boolean }>(await api("/v1/convai/agents?page_size=1", { key }));
    expect(list.agents).toEqual([expect.objectContaining({ agent_id: copy.agent_id, name: "Renamed (copy)", voice_id: "pv01aria000000000000" })]);
    expect(list.has_more).toBe(true);

    expect((await api(`/v1/convai/agents/${id}`, { key: otherKey })).status).toBe(404);
    expect((await api(`/v1/convai/agents/${id}`, { method: "DELETE", key: otherKey })).status).toBe(404);
    expect((await json<{ agents: unknown[] }>(await api("/v1/convai/agents", { key: otherKey }))).agents).toEqual([]);
    expect((await api(`/v1/convai/agents/${id}`, { method: "DELETE", key })).status).toBe(200);
    expect((await api(`/v1/convai/agents/${id}`, { key })).status).toBe(404);
  });

  it("refuses bad input with a clear 4xx", async () => {
    expect((await api("/v1/convai/agents/create", { method: "POST", key, json: {} })).status).toBe(422);
    const voice = await api("/v1/convai/agents/create", { method: "POST", key, json: { conversation_config: { tts: { voice_id: "nope" } } } });
    expect(voice.status).toBe(400);
    expect(await json(voice)).toEqual({ detail: { status: "voice_not_found", message: "Voice nope was not found in this workspace." } });
    // Another workspace's document cannot be attached.
    const theirs = await json<{ id: string }>(await api("/v1/convai/knowledge-base/text", { method: "POST", key: otherKey, json: { text: "Secret." } }));
    const attach = await api("/v1/convai/agents/create", { method: "POST", key, json: { conversation_config: { agent: { prompt: { knowledge_base: [{ type: "text", id: theirs.id, name: "x" }] } } } } });
    expect(attach.status).toBe(400);
    expect((await api("/v1/convai/agents/missing", { method: "PATCH", key, json: { name: "x" } })).status).toBe(404);
  });
});

describe("knowledge base (/v1/convai/knowledge-base)", () => {
  it("adds text and files, lists them with the agents that use them, and refuses to delete one in use unless forced", async () => {
    const textId = await newDocument("Returns are accepted within thirty days.", "Returns");
    const form = new FormData();
    form.set("file", new File(["<html><head><title>Care guide</title></head><body><p>Wash at thirty degrees.</p></body></html>"], "care.html", { type: "text/html" }));
    const file = await json<{ id: string; name: string }>(await api("/v1/convai/knowledge-base/file", { method: "POST", key, body: form }));
    expect(file.name).toBe("care.html");
    const got = await json<{ type: string; filename: string; extracted_inner_html: string }>(await api(`/v1/convai/knowledge-base/${file.id}`, { key }));
    expect(got).toMatchObject({ type: "file", filename: "care.html", extracted_inner_html: "Care guide\n\nWash at thirty degrees." });

    const pdf = new FormData();
    pdf.set("file", new File(["%PDF-1.4"], "scan.pdf", { type: "application/pdf" }));
    const refused = await api("/v1/convai/knowledge-base/file", { method: "POST", key, body: pdf });
    expect(refused.status).toBe(400);
    expect((await json<{ detail: { status: string } }>(refused)).detail.status).toBe("invalid_file_type");
    expect((await api("/v1/convai/knowledge-base/text", { method: "POST", key, json: { text: "   " } })).status).toBe(400);
    expect((await api("/v1/convai/knowledge-base/url", { method: "POST", key, json: { url: "ftp://example.com" } })).status).toBe(422);

    const agentId = await newAgent({ agent: { prompt: { knowledge_base: [{ type: "text", id: textId, name: "Returns" }] } } });
    const list = await json<{ documents: { id: string; dependent_agents: { id: string }[] }[] }>(await api("/v1/convai/knowledge-base", { key }));
    expect(list.documents.find((d) => d.id === textId)!.dependent_agents.map((a) => a.id)).toEqual([agentId]);
    expect((await api(`/v1/convai/knowledge-base/${textId}`, { key: otherKey })).status).toBe(404);

    expect((await api(`/v1/convai/knowledge-base/${textId}`, { method: "DELETE", key })).status).toBe(400);
    expect((await api(`/v1/convai/knowledge-base/${textId}?force=true`, { method: "DELETE", key })).status).toBe(200);
    const agent = await json<{ conversation_config: { agent: { prompt: { knowledge_base: unknown[] } } } }>(await api(`/v1/convai/agents/${agentId}`, { key }));
    expect(agent.conversation_config.agent.prompt.knowledge_base).toEqual([]);
  });
});

describe("conversations over the WebSocket protocol (/v1/convai/conversation)", () => {
  it("speaks the first message, answers a text message from the knowledge base aloud, and saves the conversation", async () => {
    const documentId = await newDocument();
    const agentId = await newAgent(
      { agent: { first_message: "Hello, how can I help?", prompt: { prompt: "You help shoppers.", knowledge_base: [{ type: "text", id: documentId, name: "Shop facts" }] } } },
      { platform_settings: { evaluation: { criteria: [{ id: "delivery", name: "Delivery", type: "prompt", conversation_goal_prompt: "Explain how long delivery takes" }] } } },
    );
    const call = await connect(`/v1/convai/conversation?agent_id=${agentId}`);
    call.send({ type: "conversation_initiation_client_data" });
    const metadata = await call.until((m) => m.type === "conversation_initiation_metadata");
    const event = metadata.conversation_initiation_metadata_event as { conversation_id: string; agent_output_audio_format: string };
    expect(event.agent_output_audio_format).toBe("pcm_16000");
    await call.until((m) => m.type === "audio");
    expect(responses(call.messages)).toEqual(["Hello, how can I help?"]);

    const before = call.messages.length;
    call.send({ type: "user_message", text: "How long does delivery take?" });
    await call.until((m) => m.type === "agent_response", before);
    expect(responses(call.messages).at(-1)).toBe("Delivery takes three working days.");
    const afterAnswer = call.messages.length;
    await call.until((m) => m.type === "audio", afterAnswer);
    call.send({ type: "user_message", text: "Do you repair bicycles?" });
    await call.until((m) => m.type === "agent_response" && (m.agent_response_event as { agent_response: string }).agent_response === RESPONDER_TEXTS.unknown);
    // Speech: 16 kHz PCM, a second or more for the first message and the answer.
    expect(audioBytes(call.messages)).toBeGreaterThan(32000);
    call.socket.close(1000, "bye");
    await call.closed;

    const saved = await savedConversation(event.conversation_id);
    expect((saved.transcript as { role: string; message: string }[]).map((t) => [t.role, t.message])).toEqual([
      ["agent", "Hello, how can I help?"],
      ["user", "How long does delivery take?"],
      ["agent", "Delivery takes three working days."],
      ["user", "Do you repair bicycles?"],
      ["agent", RESPONDER_TEXTS.unknown],
    ]);
    expect(saved).toMatchObject({ agent_id: agentId, has_audio: true, has_response_audio: true, has_user_audio: false });
    expect((saved.analysis as { evaluation_criteria_results: Record<string, { result: string }> }).evaluation_criteria_results.delivery!.result).toBe("success");

    const audio = await api(`/v1/convai/conversations/${event.conversation_id}/audio`, { key });
    expect(audio.headers.get("content-type")).toBe("audio/wav");
    const wav = parseWav(new Uint8Array(await audio.arrayBuffer()));
    expect(wav.sampleRate).toBe(16000);
    expect(wav.samples.length / 16000).toBeGreaterThan(1);

    const list = await json<{ conversations: { conversation_id: string; message_count: number; call_successful: string }[] }>(await api(`/v1/convai/conversations?agent_id=${agentId}`, { key }));
    expect(list.conversations).toEqual([expect.objectContaining({ conversation_id: event.conversation_id, message_count: 5, call_successful: "success" })]);
    expect((await api(`/v1/convai/conversations/${event.conversation_id}`, { key: otherKey })).status).toBe(404);
    expect((await api(`/v1/convai/conversations/${event.conversation_id}`, { method: "DELETE", key })).status).toBe(200);
    expect((await api(`/v1/convai/conversations/${event.conversation_id}/audio`, { key })).status).toBe(404);
  });

  it("hears the user's speech (voice activity and the embedded recogniser), says what it heard and answers", async () => {
    const documentId = await newDocument("To go forward ten meters, press the green arrow twice.", "Robot manual");
    const agentId = await newAgent({ agent: { first_message: "", prompt: { prompt: "", knowledge_base: [{ type: "text", id: documentId, name: "Robot manual" }] } }, conversation: { text_only: true } });
    // A signed URL opens it without the key (what a browser client uses).
    const { signed_url } = await json<{ signed_url: string }>(await api(`/v1/convai/conversation/get-signed-url?agent_id=${agentId}`, { key }));
    const call = await connect(new URL(signed_url).pathname + new URL(signed_url).search, {});
    call.send({ type: "conversation_initiation_client_data" });
    await call.until((m) => m.type === "conversation_initiation_metadata");
    // PocketSphinx's own test recording, "go forward ten meters" (16 kHz PCM), then a second of silence, in 100 ms pieces.
    const speech = await sphinxRecording("goforward.raw");
    const audio = new Uint8Array(speech.byteLength + 32000);
    audio.set(speech);
    for (let at = 0; at < audio.byteLength; at += 3200) {
      let binary = "";
      for (const byte of audio.subarray(at, at + 3200)) binary += String.fromCharCode(byte);
      call.send({ user_audio_chunk: btoa(binary) });
    }
    const transcript = await call.until((m) => m.type === "user_transcript");
    expect((transcript.user_transcription_event as { user_transcript: string }).user_transcript).toMatch(/forward/);
    await call.until((m) => m.type === "agent_response");
    expect(responses(call.messages)).toEqual(["To go forward ten meters, press the green arrow twice."]);
    call.socket.close(1000, "bye");
    // The recogniser loads its model on first use.
  }, 60_000);

  it("stops speaking at once when the user speaks over it (barge-in)", async () => {
    const long = "Welcome. ".repeat(1) + "This is a long greeting that goes on. It has many sentences. Each one takes a while to say. There is more to come. And more again. Still talking here.";
    const agentId = await newAgent({ agent: { first_message: long } });
    const call = await connect(`/v1/convai/conversation?agent_id=${agentId}`);
    call.send({ type: "conversation_initiation_client_data" });
    const metadata = await call.until((m) => m.type === "conversation_initiation_metadata");
    await call.until((m) => m.type === "audio");
    const speech = await sphinxRecording("goforward.raw");
    for (let at = 0; at < speech.byteLength; at += 3200) {
      let binary = "";
      for (const byte of speech.subarray(at, at + 3200)) binary += String.fromCharCode(byte);
      call.send({ user_audio_chunk: btoa(binary) });
    }
    // The greeting was all sent at once (synthesis is faster than speech) but is still playing at the client: the
    // interruption names the last audio event, so the client drops everything up to it.
    const interruption = await call.until((m) => m.type === "interruption");
    const lastAudio = call.messages.slice(0, call.messages.indexOf(interruption)).filter((m) => m.type === "audio").at(-1)!;
    expect(interruption.interruption_event).toEqual({ event_id: (lastAudio.audio_event as { event_id: number }).event_id });
    call.socket.close(1000, "bye");
    const saved = await savedConversation((metadata.conversation_initiation_metadata_event as { conversation_id: string }).conversation_id);
    expect((saved.transcript as { interrupted?: boolean }[])[0]!.interrupted).toBe(true);
  }, 60_000);

  it("refuses what it must: no upgrade, no key, a bad signature, another workspace's agent, a malformed message", async () => {
    const agentId = await newAgent({ agent: { first_message: "Hi." } });
    expect((await api(`/v1/convai/conversation?agent_id=${agentId}`, { key })).status).toBe(426);
    for (const [path, headers, reason] of [
      [`/v1/convai/conversation?agent_id=${agentId}`, {}, "This agent is private: connect with an API key or a signed URL."],
      [`/v1/convai/conversation?agent_id=${agentId}&conversation_signature=${"0".repeat(48)}`, {}, "The conversation link is invalid or has expired."],
      [`/v1/convai/conversation?agent_id=${agentId}`, { "xi-api-key": otherKey }, "Agent not found."],
    ] as const) {
      const call = await connect(path, headers);
      expect(await call.closed).toEqual({ code: 1008, reason });
    }
    const call = await connect(`/v1/convai/conversation?agent_id=${agentId}`);
    call.send("not json");
    expect(await call.closed).toEqual({ code: 1008, reason: "Messages must be JSON objects." });
  });
});
