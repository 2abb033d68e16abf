import { env, SELF } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseWav } from "../../../core/audio/wav";
import { RESPONDER_TEXTS } from "../../../core/agents/responder";
import { api, createKey, fetcherPost, form, installSpeechToTextModel, ORIGIN, postForm, sessionCookieFrom, signUp, sphinxRecording, STRONG_PASSWORD } from "./helpers";
import { audioBytes, connect, connect as connectAs, json, type Message, responses, savedConversation as savedAs, savedConversation } from "./agent-call";
import { conversationCredits, CONVERSATION_MINIMUM_CREDITS, CREDIT_TEXTS, TOOL_TEXTS } from "~/agents/rules/llm";
import { AGENT_TEXTS } from "~/agents/rules/agents";
import { WIDGET_TEXTS } from "~/agents/rules/widget";
import { SECRET_TEXTS } from "~/agents/rules/secrets";
import { ENV_VAR_TEXTS } from "~/agents/rules/environment-variables";
import { AUTH_CONNECTION_TEXTS } from "~/workspace/rules/auth-connections";
import { devTwilioVoice, DEV_PHONE } from "../../../app/agents/server/dev-twilio-voice.server";
import { PHONE_TEXTS, twilioSignature } from "../../../app/agents/rules/phone";
import { KNOWLEDGE_PAGE_TEXTS } from "~/agents/rules/knowledge";
import { TOOLS_PAGE_TEXTS, WORKSPACE_TOOL_TEXTS } from "~/agents/rules/tools";
import { TESTS_PAGE_TEXTS } from "~/agents/rules/simulation";
import { SECRETS_PAGE_TEXTS } from "~/agents/rules/secrets";
import { SETTINGS_PAGE_TEXTS, SETTINGS_TEXTS } from "~/agents/rules/settings";
import { MCP_TEXTS } from "~/agents/rules/mcp";
import { WEBHOOK_TEXTS } from "~/workspace/rules/webhooks";
import { GROUP_PERMISSIONS, missingPermissionMessage } from "../../../core/workspace/permissions";
import { BRANCH_PAGE_TEXTS, BRANCH_TEXTS, pickBranch } from "~/agents/rules/branches";
import { MERGE_PROPOSAL_TEXTS } from "~/agents/rules/merge-proposals";
import { TRIAGE_PAGE_TEXTS, TRIAGE_TEXTS } from "~/agents/rules/triage-tickets";
import { AGENT_MEDIA_LIMITS, AGENT_MEDIA_PAGE_TEXTS, AGENT_MEDIA_TEXTS } from "~/agents/rules/agent-media";
import { CONVERSATION_FILE_LIMITS, CONVERSATION_FILE_TEXTS } from "~/agents/rules/conversation-files";
import { wavFile } from "../../../core/audio/wav";
import { fromBase64 } from "../../../core/base64";

describe("agents", () => {
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
});

describe("agents-llm", () => {
  // Agents with a language model from the registry (decision 0050): the OpenAI-compatible stand-in (vitest.config.ts,
  // model llama3.2) streams and calls tools; webhook tools reach tests/agents/tool-webhooks.ts.
  let key: string;
  beforeAll(async () => {
    key = await createKey(await signUp("agents-llm@example.com"));
  });

  async function newAgent(config: Record<string, unknown>, as = key, platform: Record<string, unknown> = {}): Promise<string> {
    const base = { agent: { first_message: "", prompt: { prompt: "You help.", llm: "llama3.2" } } };
    const response = await api("/v1/convai/agents/create", { method: "POST", json: { conversation_config: merge(base, config), platform_settings: platform, name: "Model agent" }, key: as });
    expect(response.status).toBe(200);
    return (await json<{ agent_id: string }>(response)).agent_id;
  }

  function merge(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
    const out = { ...a };
    for (const [k, v] of Object.entries(b)) {
      const base = out[k];
      out[k] = v && typeof v === "object" && !Array.isArray(v) && base && typeof base === "object" ? merge(base as Record<string, unknown>, v as Record<string, unknown>) : v;
    }
    return out;
  }

  async function open(agentId: string, as = key) {
    const call = await connectAs(`/v1/convai/conversation?agent_id=${agentId}`, { "xi-api-key": as });
    call.send({ type: "conversation_initiation_client_data" });
    const metadata = await call.until((m) => m.type === "conversation_initiation_metadata");
    return { ...call, conversationId: (metadata.conversation_initiation_metadata_event as { conversation_id: string }).conversation_id };
  }

  const said = (m: Message) => (m.type === "agent_response" ? (m.agent_response_event as { agent_response: string }).agent_response : null);

  const weather = { type: "webhook", name: "weather", description: "The forecast for a city", api_schema: { url: "http://tools.test/weather", method: "GET", query_params_schema: { properties: { city: { type: "string" } } } } };

  describe("an agent with a language model (streamed, with tools)", () => {
    it("speaks the first sentence while the model is still streaming, and calls a webhook tool with the model's arguments", async () => {
      const agentId = await newAgent({ agent: { prompt: { tools: [weather] } } });
      const call = await open(agentId);
      call.send({ type: "user_message", text: "Good morning to you. I would like to hear a little about the shop and its opening hours today." });
      const response = await call.until((m) => said(m) !== null);
      expect(said(response)).toBe("You said: Good morning to you. I would like to hear a little about the shop and its opening hours today.");
      // The first sentence's audio came before the model had finished (its whole answer is the agent_response).
      expect(call.messages.findIndex((m) => m.type === "audio")).toBeGreaterThanOrEqual(0);
      expect(call.messages.findIndex((m) => m.type === "audio")).toBeLessThan(call.messages.indexOf(response));

      const before = call.messages.length;
      call.send({ type: "user_message", text: "weather city=Oslo" });
      const answer = await call.until((m) => said(m) !== null, before);
      expect(said(answer)).toBe('The weather tool answered: {"forecast":"sunny in Oslo"}');
      call.socket.close(1000, "bye");
      const saved = await savedConversation(call.conversationId, key);
      // The call sits on an agent entry of its own (the model said nothing before calling), then the answer.
      const entries = saved.transcript as { role: string; message: string; tool_calls?: { tool_name: string; params_as_json: string }[] }[];
      expect(entries.map((t) => t.message).slice(-3)).toEqual(["weather city=Oslo", "", 'The weather tool answered: {"forecast":"sunny in Oslo"}']);
      expect(entries.at(-2)!.tool_calls).toMatchObject([{ tool_name: "weather", params_as_json: '{"city":"Oslo"}' }]);
    }, 30_000);

    it("the default embedded responder calls the webhook tool by slot filling, says its result, and still answers from its instructions", async () => {
      // No llm: the agent answers with the registry's default, the retrieval responder (decision 0086).
      const created = await api("/v1/convai/agents/create", {
        method: "POST",
        key,
        json: { conversation_config: { agent: { first_message: "", prompt: { prompt: "You help. The shop opens at nine in the morning.", tools: [weather] } }, conversation: { text_only: true } }, name: "Responder agent" },
      });
      const agentId = (await json<{ agent_id: string }>(created)).agent_id;
      const call = await open(agentId);
      call.send({ type: "user_message", text: "What is the weather in Rome?" });
      // The stand-in's /weather echoes the city it was given.
      expect(said(await call.until((m) => said(m) !== null))).toBe("forecast: sunny in Rome.");
      const before = call.messages.length;
      call.send({ type: "user_message", text: "When does the shop open?" });
      expect(said(await call.until((m) => said(m) !== null, before))).toBe("The shop opens at nine in the morning.");
      call.socket.close(1000, "bye");
      const saved = await savedConversation(call.conversationId, key);
      expect((saved.transcript as { role: string; message: string }[]).map((t) => t.message).filter(Boolean)).toEqual(["What is the weather in Rome?", "forecast: sunny in Rome.", "When does the shop open?", "The shop opens at nine in the morning."]);

      // A required city not said is asked for, and the next message gives it.
      const required = { ...weather, api_schema: { ...weather.api_schema, query_params_schema: { properties: { city: { type: "string", description: "The city" } }, required: ["city"] } } };
      const asking = await api("/v1/convai/agents/create", { method: "POST", key, json: { conversation_config: { agent: { first_message: "", prompt: { prompt: "You help.", tools: [required] } }, conversation: { text_only: true } } } });
      const second = await open((await json<{ agent_id: string }>(asking)).agent_id);
      second.send({ type: "user_message", text: "What is the weather like?" });
      expect(said(await second.until((m) => said(m) !== null))).toBe("What is the city?");
      const asked = second.messages.length;
      second.send({ type: "user_message", text: "Oslo" });
      expect(said(await second.until((m) => said(m) !== null, asked))).toBe("forecast: sunny in Oslo.");
      second.socket.close(1000, "bye");

      // A tool that fails is said once, in the responder's answer (decision 0086).
      const broken = { type: "webhook", name: "order_status", description: "The status of an order", api_schema: { url: "http://tools.test/broken", method: "GET", query_params_schema: { properties: { order: { type: "string", description: "The order number" } } } } };
      const failing = await api("/v1/convai/agents/create", { method: "POST", key, json: { conversation_config: { agent: { first_message: "", prompt: { prompt: "You help.", tools: [broken] } }, conversation: { text_only: true } } } });
      const third = await open((await json<{ agent_id: string }>(failing)).agent_id);
      third.send({ type: "user_message", text: "What is the status of order 7?" });
      expect(said(await third.until((m) => said(m) !== null))).toBe(TOOL_TEXTS.failed("order_status", 500));
      // The next answer follows it directly: nothing else was said about the failure.
      const failed = third.messages.length;
      third.send({ type: "user_message", text: "Thanks, bye" });
      await third.until((m) => said(m) !== null, failed);
      expect(third.messages.map(said).filter(Boolean)).toHaveLength(2);
      third.socket.close(1000, "bye");
    }, 30_000);

    it("sends a client tool to the client (client_tool_call) and answers from its client_tool_result", async () => {
      const openPage = { type: "client", name: "open_page", description: "Opens a page of the site", parameters: { type: "object", properties: { page: { type: "string" } } }, expects_response: true, response_timeout_secs: 5 };
      const agentId = await newAgent({ agent: { prompt: { tools: [openPage] } }, conversation: { text_only: true } });
      const call = await open(agentId);
      call.send({ type: "user_message", text: "open_page page=pricing" });
      const request = await call.until((m) => m.type === "client_tool_call");
      const toolCall = request.client_tool_call as { tool_name: string; tool_call_id: string; parameters: Record<string, unknown> };
      expect(toolCall).toMatchObject({ tool_name: "open_page", parameters: { page: "pricing" } });
      call.send({ type: "client_tool_result", tool_call_id: toolCall.tool_call_id, result: "Opened the pricing page.", is_error: false });
      const answer = await call.until((m) => said(m) !== null);
      expect(said(answer)).toBe("The open_page tool answered: Opened the pricing page.");
      call.socket.close(1000, "bye");
    });

    it("says so once when a webhook tool hangs past its timeout or fails: the model hears why and says it", async () => {
      const slow = { type: "webhook", name: "stock_check", description: "Stock", response_timeout_secs: 1, api_schema: { url: "http://tools.test/slow", method: "GET" } };
      const broken = { type: "webhook", name: "order_status", description: "Orders", api_schema: { url: "http://tools.test/broken", method: "POST", request_body_schema: { type: "object", properties: { id: { type: "string" } } } } };
      const agentId = await newAgent({ agent: { prompt: { tools: [slow, broken] } }, conversation: { text_only: true } });
      const call = await open(agentId);
      const started = Date.now();
      call.send({ type: "user_message", text: "stock_check please" });
      await call.until((m) => said(m)?.startsWith("The stock_check tool answered") ?? false);
      expect(Date.now() - started).toBeLessThan(4000);
      call.send({ type: "user_message", text: "order_status id=7" });
      await call.until((m) => said(m)?.startsWith("The order_status tool answered") ?? false);
      expect(call.messages.map(said).filter(Boolean)).toEqual([
        `The stock_check tool answered: ${TOOL_TEXTS.timedOut("stock_check", 1)}`,
        `The order_status tool answered: ${TOOL_TEXTS.failed("order_status", 500)}`,
      ]);
      call.socket.close(1000, "bye");
    });
  });

  describe("MCP servers (decision 0084): tests/agents/mcp-server.ts at mcp.test and mcp-auth.test", () => {
    type Json = Record<string, unknown>;
    const base = "/v1/convai/mcp-servers";
    async function send<T>(path: string, init: { method?: string; json?: unknown } = {}, status = 200): Promise<T> {
      const response = await api(path, { ...init, key });
      expect(response.status, `${init.method ?? "GET"} ${path}`).toBe(status);
      return json<T>(response);
    }
    const server = (config: Json) => send<{ id: string }>(base, { method: "POST", json: { config: { name: "Weather", ...config } } });
    const weatherTool = { tool_name: "get_weather", tool_description: "Tells the weather forecast for a city.", input_schema: { type: "object", properties: { city: { type: "string", description: "The city" } }, required: ["city"] } };
    const mcpCall = (m: Message) => (m.type === "mcp_tool_call" ? (m.mcp_tool_call as { state: string; tool_call_id: string; tool_name: string; parameters: Json; error_message?: string }) : null);

    it("lists a server's tools over both transports with each one's approval state, and says why one cannot be reached", async () => {
      const perTool = await server({ url: "http://mcp.test/mcp", transport: "STREAMABLE_HTTP", approval_policy: "require_approval_per_tool" });
      await send(`${base}/${perTool.id}/tool-approvals`, { method: "POST", json: { ...weatherTool, approval_policy: "auto_approved" } });
      // Approved as it was: the server now describes it otherwise, so it needs review.
      await send(`${base}/${perTool.id}/tool-approvals`, { method: "POST", json: { tool_name: "add", tool_description: "Adds numbers.", input_schema: {} } });
      const listed = await send<{ success: boolean; tools: { name: string; inputSchema: Json }[]; tool_approval_statuses: Json[] }>(`${base}/${perTool.id}/tools`);
      expect(listed.success).toBe(true);
      expect(listed.tools.map((t) => t.name)).toEqual(["get_weather", "add", "ledger", "slow"]);
      expect(listed.tools[0]!.inputSchema).toEqual(weatherTool.input_schema);
      expect(listed.tool_approval_statuses).toEqual([
        { tool_id: `mcp:${perTool.id}:get_weather`, state: "up_to_date", approval_policy: "auto_approved" },
        { tool_id: `mcp:${perTool.id}:add`, state: "needs_review", approval_policy: "requires_approval" },
        { tool_id: `mcp:${perTool.id}:ledger`, state: "not_approved" },
        { tool_id: `mcp:${perTool.id}:slow`, state: "not_approved" },
      ]);

      // The older SSE transport, with its token a workspace secret; without the token the server refuses.
      const secret = await send<{ secret_id: string }>("/v1/convai/secrets", { method: "POST", json: { type: "new", name: "mcp token", value: "mcp-token" } });
      const withToken = await server({ url: "http://mcp-auth.test/sse", transport: "SSE", secret_token: { secret_id: secret.secret_id } });
      expect((await send<{ success: boolean; tools: Json[]; tool_approval_statuses: Json[] }>(`${base}/${withToken.id}/tools`)).tools).toHaveLength(4);
      const without = await server({ url: "http://mcp-auth.test/sse" });
      const refused = await send<{ success: boolean; tools: Json[]; error_message: string }>(`${base}/${without.id}/tools`);
      expect(refused).toMatchObject({ success: false, tools: [] });
      expect(refused.error_message).toContain("HTTP 401");
      await send(`${base}/mcp_nope/tools`, {}, 404);
      // An agent may only name the workspace's MCP servers.
      const unknown = await api("/v1/convai/agents/create", { method: "POST", key, json: { conversation_config: { agent: { prompt: { mcp_server_ids: ["mcp_nope"] } } } } });
      expect(unknown.status).toBe(400);
      expect(((await json<{ detail: { status: string } }>(unknown)).detail.status)).toBe("mcp_server_not_found");
    });

    it("calls auto-approved MCP tools in simulated conversations, and leaves out those that would ask first (nobody is there to approve)", async () => {
      type Simulated = { simulated_conversation: { role: string; message: string; tool_calls?: Json[]; tool_results?: { result_value: string }[] }[] };
      const auto = await server({ url: "http://mcp.test/sse", approval_policy: "auto_approve_all" });
      const asks = await server({ name: "Asks", url: "http://mcp.test/mcp", transport: "STREAMABLE_HTTP" });
      const simulate = (agentId: string, said: string) =>
        send<Simulated>(`/v1/convai/agents/${agentId}/simulate-conversation`, { method: "POST", json: { simulation_specification: { simulated_user_config: { prompt: { prompt: said } } }, new_turns_limit: 1 } });
      const calling = await newAgent({ agent: { prompt: { mcp_server_ids: [auto.id] } } });
      const called = (await simulate(calling, "get_weather city=Lima")).simulated_conversation;
      expect(called.flatMap((t) => t.tool_results ?? []).map((r) => r.result_value)).toEqual(["Rain all week in Lima."]);
      expect(called.at(-1)!.message).toBe("The get_weather tool answered: Rain all week in Lima.");
      const asking = await newAgent({ agent: { prompt: { mcp_server_ids: [asks.id] } } });
      const left = (await simulate(asking, "get_weather city=Lima")).simulated_conversation;
      expect(left.some((t) => t.tool_calls)).toBe(false);
      expect(left.at(-1)!.message).toBe("You said: get_weather city=Lima");
    });

    it("calls a server's tools in a conversation: at once when auto-approved, after the user's approval otherwise, not at all when declined", async () => {
      const mcp = await server({ url: "http://mcp.test/mcp", transport: "STREAMABLE_HTTP", approval_policy: "auto_approve_all" });
      const agentId = await newAgent({ agent: { prompt: { mcp_server_ids: [mcp.id] } }, conversation: { text_only: true } });
      let call = await open(agentId);
      const status = await call.until((m) => m.type === "mcp_connection_status");
      expect(status.mcp_connection_status).toEqual({ integrations: [{ integration_id: mcp.id, integration_type: "mcp_server", is_connected: true, tool_count: 4 }] });
      call.send({ type: "user_message", text: "get_weather city=Rome" });
      expect(said(await call.until((m) => said(m) !== null))).toBe("The get_weather tool answered: Rain all week in Rome.");
      expect(call.messages.map(mcpCall).filter(Boolean).map((c) => [c!.state, c!.tool_name, c!.parameters])).toEqual([
        ["loading", "get_weather", { city: "Rome" }],
        ["success", "get_weather", { city: "Rome" }],
      ]);
      // A tool's error result: said aloud as a failure, and the model hears it.
      let before = call.messages.length;
      call.send({ type: "user_message", text: "ledger please" });
      await call.until((m) => said(m)?.startsWith("The ledger tool answered") ?? false, before);
      expect(call.messages.slice(before).map(said).filter(Boolean)).toEqual([`The ledger tool answered: ${TOOL_TEXTS.failed("ledger", "The ledger is locked.")}`]);
      call.socket.close(1000, "bye");
      // The saved transcript holds each call on the agent's turn, with the MCP server it went to.
      const saved = (await savedConversation(call.conversationId, key)).transcript as { message: string; tool_calls?: Json[]; tool_results?: Json[] }[];
      const recorded = saved.flatMap((t) => t.tool_calls ?? []);
      expect(recorded.map((c) => [c.tool_name, c.params_as_json])).toEqual([["get_weather", '{"city":"Rome"}'], ["ledger", "{}"]]);
      expect(recorded[0]!.tool_details).toMatchObject({ type: "mcp", mcp_server_id: mcp.id, mcp_server_name: "Weather", mcp_tool_name: "get_weather", approval_policy: "auto_approve_all", requires_approval: false });
      expect(saved.flatMap((t) => t.tool_results ?? []).map((r) => [r.result_value, r.is_error])).toEqual([["Rain all week in Rome.", false], [TOOL_TEXTS.failed("ledger", "The ledger is locked."), true]]);

      // Every call asked first: the client approves one and declines the next.
      await send(`${base}/${mcp.id}/approval-policy`, { method: "PATCH", json: { approval_policy: "require_approval_all" } });
      call = await open(agentId);
      call.send({ type: "user_message", text: "get_weather city=Paris" });
      const asked = mcpCall(await call.until((m) => mcpCall(m)?.state === "awaiting_approval"))!;
      expect(asked).toMatchObject({ tool_name: "get_weather", parameters: { city: "Paris" }, approval_timeout_secs: 30 });
      call.send({ type: "mcp_tool_approval_result", tool_call_id: asked.tool_call_id, is_approved: true });
      expect(said(await call.until((m) => said(m) !== null))).toBe("The get_weather tool answered: Rain all week in Paris.");
      before = call.messages.length;
      call.send({ type: "user_message", text: "get_weather city=Oslo" });
      const declined = mcpCall(await call.until((m) => mcpCall(m)?.state === "awaiting_approval", before))!;
      call.send({ type: "mcp_tool_approval_result", tool_call_id: declined.tool_call_id, is_approved: false });
      expect(said(await call.until((m) => said(m) !== null, before))).toBe(`The get_weather tool answered: ${MCP_TEXTS.declined("get_weather")}`);
      call.send({ type: "mcp_tool_approval_result", tool_call_id: 7 });
      expect(await call.closed).toEqual({ code: 1008, reason: "mcp_tool_approval_result needs tool_call_id and is_approved." });
      const calls = await (await fetch("http://mcp.test/mcp-calls")).json<{ tool: string; arguments: Json }[]>();
      expect(calls.filter((c) => c.tool === "get_weather").map((c) => c.arguments.city)).toEqual(expect.arrayContaining(["Rome", "Paris"]));
      expect(calls.some((c) => c.arguments.city === "Oslo")).toBe(false);

      // The workspace's switch: with can_use_mcp_servers off, conversations do not reach MCP servers.
      await send("/v1/convai/settings", { method: "PATCH", json: { can_use_mcp_servers: false } });
      call = await open(agentId);
      call.send({ type: "user_message", text: "get_weather city=Rome" });
      expect(said(await call.until((m) => said(m) !== null))).toBe("You said: get_weather city=Rome");
      expect(call.messages.some((m) => m.type === "mcp_connection_status")).toBe(false);
      call.socket.close(1000, "bye");
      await send("/v1/convai/settings", { method: "PATCH", json: { can_use_mcp_servers: true } });
    });

    it("approves a tool from the MCP servers page as the server describes it now, and withdraws the approval", async () => {
      const PAGE = "/app/conversational-ai/mcp-servers";
      const cookie = await signUp("mcp-page@example.com");
      const own = await createKey(cookie);
      const post = async (fields: Record<string, string>) => {
        const sent = await fetcherPost(PAGE, fields, cookie);
        return { status: sent.status, result: sent.data as { intent: string; error?: string; notice?: string } };
      };
      const created = await api(base, { method: "POST", key: own, json: { config: { name: "Weather", url: "http://mcp.test/mcp", transport: "STREAMABLE_HTTP", approval_policy: "require_approval_per_tool" } } });
      const id = (await json<{ id: string }>(created)).id;
      const states = async () => (await json<{ tool_approval_statuses: Json[] }>(await api(`${base}/${id}/tools`, { key: own }))).tool_approval_statuses.slice(0, 2);

      expect(await post({ intent: "approve", mcp_server_id: id, tool_name: "get_weather", tool_policy: "auto_approved" })).toEqual({ status: 200, result: { intent: "approve", notice: "Approved get_weather as it is now." } });
      expect(await post({ intent: "approve", mcp_server_id: id, tool_name: "add", tool_policy: "requires_approval" })).toMatchObject({ status: 200 });
      expect(await states()).toEqual([
        { tool_id: `mcp:${id}:get_weather`, state: "up_to_date", approval_policy: "auto_approved" },
        { tool_id: `mcp:${id}:add`, state: "up_to_date", approval_policy: "requires_approval" },
      ]);
      // A tool the server does not list is not approved; bad fields and another workspace's server are refused.
      expect(await post({ intent: "approve", mcp_server_id: id, tool_name: "nope", tool_policy: "auto_approved" })).toMatchObject({ status: 404, result: { error: MCP_TEXTS.toolNotApproved("nope") } });
      expect((await post({ intent: "approve", mcp_server_id: id, tool_name: "add", tool_policy: "always" })).status).toBe(400);
      const otherServer = (await json<{ id: string }>(await api(base, { method: "POST", key, json: { config: { name: "Theirs", url: "http://mcp.test/mcp" } } }))).id;
      expect((await post({ intent: "withdraw", mcp_server_id: otherServer, tool_name: "add" })).status).toBe(404);

      expect(await post({ intent: "withdraw", mcp_server_id: id, tool_name: "add" })).toEqual({ status: 200, result: { intent: "withdraw", notice: "Withdrew the approval of add." } });
      expect((await states())[1]).toEqual({ tool_id: `mcp:${id}:add`, state: "not_approved" });
      expect((await post({ intent: "withdraw", mcp_server_id: id, tool_name: "add" })).status).toBe(404);
    });
  });

  describe("webhook tool URLs (decision 0053)", () => {
    const tool = (url: string, name = "lookup") => ({ type: "webhook", name, description: "Looks up", api_schema: { url, method: "GET" } });
    const create = (url: string) => api("/v1/convai/agents/create", { method: "POST", json: { conversation_config: { agent: { prompt: { prompt: "You help.", llm: "llama3.2", tools: [tool(url)] } } } }, key });

    it("refuses this machine, private and link-local addresses when the agent is created or updated (422), and keeps public ones", async () => {
      for (const url of ["http://127.0.0.1:8787/x", "http://localhost/x", "http://169.254.169.254/latest/meta-data", "http://[::1]/x", "http://10.0.0.7/x", "http://printer.local/x"]) {
        const refused = await create(url);
        expect(refused.status, url).toBe(422);
        expect(await refused.json()).toMatchObject({ detail: { status: "invalid_tool_url", message: TOOL_TEXTS.urlNotPublic("lookup") } });
      }
      expect((await create("ftp://tools.example.com/x")).status).toBe(422);
      const agentId = await newAgent({ agent: { prompt: { tools: [weather] } } });
      const patched = await api(`/v1/convai/agents/${agentId}`, { method: "PATCH", json: { conversation_config: { agent: { prompt: { tools: [tool("http://192.168.0.1/admin", "router")] } } } }, key });
      expect(patched.status).toBe(422);
      expect(await patched.json()).toMatchObject({ detail: { status: "invalid_tool_url", message: TOOL_TEXTS.urlNotPublic("router") } });
      // The agent kept its tool.
      const kept = await json<{ conversation_config: { agent: { prompt: { tools: { name: string }[] } } } }>(await api(`/v1/convai/agents/${agentId}`, { key }));
      expect(kept.conversation_config.agent.prompt.tools.map((t) => t.name)).toEqual(["weather"]);
    });

    it("checks again when the tool is called: a stored loopback URL is not fetched and the agent says so", async () => {
      const agentId = await newAgent({ conversation: { text_only: true } });
      // As an agent saved before the check was: its tool written straight into the table.
      const row = await env.DB.prepare("SELECT conversation_config FROM agents WHERE id = ?").bind(agentId).first<{ conversation_config: string }>();
      const config = JSON.parse(row!.conversation_config) as { agent: { prompt: Record<string, unknown> } };
      config.agent.prompt.tools = [tool("http://127.0.0.1:9/secret", "internal")];
      await env.DB.prepare("UPDATE agents SET conversation_config = ? WHERE id = ?").bind(JSON.stringify(config), agentId).run();
      const call = await open(agentId);
      call.send({ type: "user_message", text: "internal please" });
      await call.until((m) => said(m)?.startsWith("The internal tool answered") ?? false);
      expect(call.messages.map(said).filter(Boolean)).toEqual([`The internal tool answered: ${TOOL_TEXTS.urlNotPublic("internal")}`]);
      call.socket.close(1000, "bye");
    });
  });

  describe("workspace secrets in webhook tool headers (decision 0053)", () => {
    it("stores a secret it never returns, sends it only in the tool's request, keeps it from other workspaces and from deletion while used", async () => {
      const created = await api("/v1/convai/secrets", { method: "POST", json: { type: "new", name: "Shop token", value: "Bearer tool-secret-1" }, key });
      expect(created.status).toBe(200);
      const secret = await json<{ type: string; secret_id: string; name: string }>(created);
      expect(secret).toEqual({ type: "stored", secret_id: expect.stringMatching(/^secret_/), name: "Shop token" });
      const balance = { type: "webhook", name: "balance", description: "The account balance", api_schema: { url: "http://tools.test/balance", method: "GET", request_headers: { authorization: { secret_id: secret.secret_id } } } };
      const agentId = await newAgent({ agent: { prompt: { tools: [balance] } }, conversation: { text_only: true } });

      // The value appears in no answer: the secret, the list, the agent.
      for (const path of [`/v1/convai/secrets/${secret.secret_id}`, "/v1/convai/secrets", `/v1/convai/agents/${agentId}`]) {
        const text = await (await api(path, { key })).text();
        expect(text, path).not.toContain("tool-secret-1");
      }
      const got = await json<{ used_by: { agents: { id: string }[] } }>(await api(`/v1/convai/secrets/${secret.secret_id}`, { key }));
      expect(got.used_by.agents.map((a) => a.id)).toEqual([agentId]);

      const call = await open(agentId);
      call.send({ type: "user_message", text: "balance please" });
      const answer = await call.until((m) => said(m)?.startsWith("The balance tool answered") ?? false);
      expect(said(answer)).toBe('The balance tool answered: {"balance":42}');
      call.socket.close(1000, "bye");

      // Another workspace can neither see nor use it.
      const stranger = await createKey(await signUp("agents-llm-secrets-other@example.com"));
      expect((await api(`/v1/convai/secrets/${secret.secret_id}`, { key: stranger })).status).toBe(404);
      expect((await api(`/v1/convai/secrets/${secret.secret_id}`, { method: "PATCH", json: { type: "update", name: "x", value: "y" }, key: stranger })).status).toBe(404);
      expect((await api(`/v1/convai/secrets/${secret.secret_id}`, { method: "DELETE", key: stranger })).status).toBe(404);
      const borrowed = await api("/v1/convai/agents/create", { method: "POST", json: { conversation_config: { agent: { prompt: { tools: [balance] } } } }, key: stranger });
      expect(borrowed.status).toBe(400);
      expect(await borrowed.json()).toMatchObject({ detail: { status: "secret_not_found", message: SECRET_TEXTS.secretsNotFound([secret.secret_id]) } });

      // In use: not deleted; once no tool uses it, deleted.
      const inUse = await api(`/v1/convai/secrets/${secret.secret_id}`, { method: "DELETE", key });
      expect(inUse.status).toBe(400);
      expect(await inUse.json()).toMatchObject({ detail: { status: "secret_in_use", message: SECRET_TEXTS.inUse(["Model agent"]) } });
      expect((await api(`/v1/convai/agents/${agentId}`, { method: "PATCH", json: { conversation_config: { agent: { prompt: { tools: [] } } } }, key })).status).toBe(200);
      const renamed = await api(`/v1/convai/secrets/${secret.secret_id}`, { method: "PATCH", json: { type: "update", name: "Old token", value: "Bearer other" }, key });
      expect(await renamed.json()).toEqual({ type: "stored", secret_id: secret.secret_id, name: "Old token" });
      expect((await api(`/v1/convai/secrets/${secret.secret_id}`, { method: "DELETE", key })).status).toBe(200);
      expect((await api(`/v1/convai/secrets/${secret.secret_id}`, { key })).status).toBe(404);
      expect((await api("/v1/convai/secrets", { method: "POST", json: { name: "", value: "x" }, key })).status).toBe(422);
    });

    it("fails the tool, and says so, when its secret was deleted after the agent was saved", async () => {
      const secret = await json<{ secret_id: string }>(await api("/v1/convai/secrets", { method: "POST", json: { name: "Gone", value: "Bearer tool-secret-1" }, key }));
      const balance = { type: "webhook", name: "balance", description: "Balance", api_schema: { url: "http://tools.test/balance", method: "GET", request_headers: { authorization: { secret_id: secret.secret_id } } } };
      const agentId = await newAgent({ agent: { prompt: { tools: [balance] } }, conversation: { text_only: true } });
      await env.DB.prepare("DELETE FROM agent_secrets WHERE id = ?").bind(secret.secret_id).run();
      const call = await open(agentId);
      call.send({ type: "user_message", text: "balance please" });
      const answer = await call.until((m) => said(m)?.startsWith("The balance tool answered") ?? false);
      expect(said(answer)).toBe(`The balance tool answered: ${SECRET_TEXTS.missingAtCall("balance", "authorization")}`);
      call.socket.close(1000, "bye");
    });
  });

  describe("environment variables (decision 0098)", () => {
    type EnvVar = { id: string; label: string; type: string; workspace_id: string; created_by_user_id: string; created_at_unix_secs: number; updated_at_unix_secs: number; values: Record<string, unknown> };
    type EnvVarPage = { environment_variables: EnvVar[]; next_cursor: string | null; has_more: boolean };
    const send = async <T>(path: string, init: { method?: string; json?: unknown } = {}, as = key, status = 200): Promise<T> => {
      const response = await api(path, { ...init, key: as });
      expect(response.status, `${init.method ?? "GET"} ${path}: ${await response.clone().text()}`).toBe(status);
      return (await response.json()) as T;
    };

    it("keeps a workspace's variables: a unique label, a value per environment, filtered and paged; other workspaces see none", async () => {
      const owner = await createKey(await signUp("agents-envvars@example.com"));
      const stranger = await createKey(await signUp("agents-envvars-other@example.com"));
      const host = await send<EnvVar>("/v1/convai/environment-variables", { method: "POST", json: { type: "string", label: "api_host", values: { production: "api", staging: "staging.api" } } }, owner);
      expect(host).toMatchObject({ id: expect.stringMatching(/^envvar_/), label: "api_host", type: "string", values: { production: "api", staging: "staging.api" }, created_by_user_id: expect.any(String) });
      expect(await send(`/v1/convai/environment-variables/${host.id}`, {}, owner)).toEqual(host);

      // Refused: a label taken, no production value, a label {{system_env__…}} cannot name, a value not of the type, another workspace's secret.
      const taken = await send<{ detail: { status: string; message: string } }>("/v1/convai/environment-variables", { method: "POST", json: { type: "string", label: "api_host", values: { production: "x" } } }, owner, 409);
      expect(taken.detail).toEqual({ status: "environment_variable_label_taken", message: ENV_VAR_TEXTS.labelTaken("api_host") });
      expect((await send<{ detail: { message: string } }>("/v1/convai/environment-variables", { method: "POST", json: { type: "string", label: "other", values: { staging: "x" } } }, owner, 422)).detail.message).toBe(ENV_VAR_TEXTS.productionMissing);
      expect((await send<{ detail: { message: string } }>("/v1/convai/environment-variables", { method: "POST", json: { type: "string", label: "api host", values: { production: "x" } } }, owner, 422)).detail.message).toBe(ENV_VAR_TEXTS.labelInvalid);
      expect((await send<{ detail: { message: string } }>("/v1/convai/environment-variables", { method: "POST", json: { type: "secret", label: "key", values: { production: "plain" } } }, owner, 422)).detail.message).toBe(ENV_VAR_TEXTS.valueInvalid("secret", "production"));
      await send("/v1/convai/environment-variables", { method: "POST", json: { type: "number", label: "n", values: { production: "1" } } }, owner, 422);
      const theirs = await send<{ secret_id: string }>("/v1/convai/secrets", { method: "POST", json: { name: "Theirs", value: "x" } }, stranger);
      const borrowed = await send<{ detail: { status: string } }>("/v1/convai/environment-variables", { method: "POST", json: { type: "secret", label: "key", values: { production: { secret_id: theirs.secret_id } } } }, owner, 400);
      expect(borrowed.detail.status).toBe("secret_not_found");
      expect((await send<{ detail: { status: string } }>("/v1/convai/environment-variables", { method: "POST", json: { type: "auth_connection", label: "crm", values: { production: { auth_connection_id: "nope" } } } }, owner, 400)).detail.status).toBe("auth_connection_not_found");

      const mine = await send<{ secret_id: string }>("/v1/convai/secrets", { method: "POST", json: { name: "Mine", value: "sk-prod" } }, owner);
      const apiKey = await send<EnvVar>("/v1/convai/environment-variables", { method: "POST", json: { type: "secret", label: "api_key", values: { production: { secret_id: mine.secret_id } } } }, owner);
      expect(apiKey.values).toEqual({ production: { secret_id: mine.secret_id } });
      expect(JSON.stringify(apiKey)).not.toContain("sk-prod");

      // Filters: exact label, type, and an environment (only its value shown); cursor paging, newest first.
      const list = (query: string, as = owner) => send<EnvVarPage>(`/v1/convai/environment-variables${query}`, {}, as);
      expect((await list("?type=secret")).environment_variables.map((v) => v.id)).toEqual([apiKey.id]);
      expect((await list("?label=api_host")).environment_variables.map((v) => v.id)).toEqual([host.id]);
      expect((await list("?label=api")).environment_variables).toEqual([]);
      const staging = await list("?environment=staging");
      expect(staging.environment_variables.map((v) => [v.id, v.values])).toEqual([[host.id, { staging: "staging.api" }]]);
      const first = await list("?page_size=1");
      expect([first.environment_variables.map((v) => v.id), first.has_more]).toEqual([[apiKey.id], true]);
      const second = await list(`?page_size=1&cursor=${first.next_cursor}`);
      expect([second.environment_variables.map((v) => v.id), second.has_more, second.next_cursor]).toEqual([[host.id], false, null]);
      await send("/v1/convai/environment-variables?cursor=nonsense", {}, owner, 400);
      await send("/v1/convai/environment-variables?page_size=101", {}, owner, 422);

      // Update: the environments given replace theirs, null removes one, production stays.
      const updated = await send<EnvVar>(`/v1/convai/environment-variables/${host.id}`, { method: "PATCH", json: { values: { staging: null, dev: "dev.api" } } }, owner);
      expect(updated.values).toEqual({ production: "api", dev: "dev.api" });
      expect((await send<{ detail: { message: string } }>(`/v1/convai/environment-variables/${host.id}`, { method: "PATCH", json: { values: { production: null } } }, owner, 422)).detail.message).toBe(ENV_VAR_TEXTS.productionRemoved);
      await send(`/v1/convai/environment-variables/${host.id}`, { method: "PATCH", json: { values: { dev: { secret_id: mine.secret_id } } } }, owner, 422);
      await send(`/v1/convai/environment-variables/${host.id}`, { method: "PATCH", json: {} }, owner, 422);

      // Another workspace: not found, and an empty list.
      await send(`/v1/convai/environment-variables/${host.id}`, {}, stranger, 404);
      await send(`/v1/convai/environment-variables/${host.id}`, { method: "PATCH", json: { values: { dev: "x" } } }, stranger, 404);
      expect((await list("", stranger)).environment_variables).toEqual([]);
      // The same label is free in another workspace.
      await send("/v1/convai/environment-variables", { method: "POST", json: { type: "string", label: "api_host", values: { production: "theirs" } } }, stranger);
    });

    it("puts the conversation's environment's values in a webhook tool's URL and headers, production's when it has none", async () => {
      const prodKey = await send<{ secret_id: string }>("/v1/convai/secrets", { method: "POST", json: { name: "Prod key", value: "prod-key" } });
      const stagingKey = await send<{ secret_id: string }>("/v1/convai/secrets", { method: "POST", json: { name: "Staging key", value: "staging-key" } });
      await send("/v1/convai/environment-variables", { method: "POST", json: { type: "string", label: "stage", values: { production: "p", staging: "s" } } });
      await send("/v1/convai/environment-variables", { method: "POST", json: { type: "string", label: "tools_host", values: { production: "tools.test", lab: "localhost", broken: "bad host" } } });
      await send("/v1/convai/environment-variables", { method: "POST", json: { type: "secret", label: "echo_key", values: { production: { secret_id: prodKey.secret_id }, staging: { secret_id: stagingKey.secret_id } } } });
      const echo = {
        type: "webhook",
        name: "echo",
        description: "Echoes the request",
        api_schema: { url: "http://{{system_env__tools_host}}/echo/{{system_env__stage}}", method: "GET", request_headers: { "x-key": { env_var_label: "echo_key" }, authorization: "Bearer {{ system_env__stage }}" } },
      };
      const agentId = await newAgent({ agent: { prompt: { tools: [echo] } }, conversation: { text_only: true } });

      const talk = async (query: string, headers: Record<string, string> = { "xi-api-key": key }) => {
        const call = await connectAs(`/v1/convai/conversation?agent_id=${agentId}${query}`, headers);
        call.send({ type: "conversation_initiation_client_data" });
        const metadata = await call.until((m) => m.type === "conversation_initiation_metadata");
        call.send({ type: "user_message", text: "echo please" });
        const answer = await call.until((m) => said(m)?.startsWith("The echo tool answered") ?? false);
        call.socket.close(1000, "bye");
        return { id: (metadata.conversation_initiation_metadata_event as { conversation_id: string }).conversation_id, text: said(answer)!.replace("The echo tool answered: ", "") };
      };
      const production = await talk("");
      expect(JSON.parse(production.text)).toEqual({ path: "p", key: "prod-key", authorization: "Bearer p" });
      expect((await send<{ environment: string }>(`/v1/convai/conversations/${production.id}`)).environment).toBe("production");
      const staging = await talk("&environment=staging");
      expect(JSON.parse(staging.text)).toEqual({ path: "s", key: "staging-key", authorization: "Bearer s" });
      expect((await send<{ environment: string }>(`/v1/convai/conversations/${staging.id}`)).environment).toBe("staging");
      // An environment a variable has no value for takes production's; a host named by a variable is checked at the call.
      expect(JSON.parse((await talk("&environment=qa")).text)).toEqual({ path: "p", key: "prod-key", authorization: "Bearer p" });
      expect((await talk("&environment=lab")).text).toBe(TOOL_TEXTS.urlNotPublic("echo"));
      expect((await talk("&environment=broken")).text).toBe(TOOL_TEXTS.urlInvalid("echo"));

      // A signed URL carries its environment; the socket's query cannot change it.
      const { signed_url } = await send<{ signed_url: string }>(`/v1/convai/conversation/get-signed-url?agent_id=${agentId}&environment=staging`);
      const signed = new URL(signed_url);
      expect(JSON.parse((await talk(signed.search.replace(`?agent_id=${agentId}`, ""), {})).text).key).toBe("staging-key");
      const changed = await connectAs(`${signed.pathname}${signed.search}&environment=production`, {});
      expect(await changed.closed).toEqual({ code: 1008, reason: AGENT_TEXTS.signedUrlInvalid });
      const invalid = await connectAs(`/v1/convai/conversation?agent_id=${agentId}&environment=no/such`, { "xi-api-key": key });
      expect((await invalid.closed).code).toBe(1008);
      await send(`/v1/convai/conversation/get-signed-url?agent_id=${agentId}&environment=no/such`, {}, key, 422);
    });

    it("fails the tool, and says so, when a variable it names does not exist; refuses a URL that does not begin with its scheme", async () => {
      const missing = { type: "webhook", name: "echo", description: "Echo", api_schema: { url: "http://tools.test/echo/{{system_env__nowhere}}", method: "GET" } };
      const agentId = await newAgent({ agent: { prompt: { tools: [missing] } }, conversation: { text_only: true } });
      const call = await open(agentId);
      call.send({ type: "user_message", text: "echo please" });
      const answer = await call.until((m) => said(m)?.startsWith("The echo tool answered") ?? false);
      expect(said(answer)).toBe(`The echo tool answered: ${ENV_VAR_TEXTS.missingAtCall("echo", "nowhere")}`);
      call.socket.close(1000, "bye");
      const schemeless = { ...missing, api_schema: { url: "{{system_env__base}}/echo", method: "GET" } };
      const refused = await api("/v1/convai/agents/create", { method: "POST", json: { conversation_config: { agent: { prompt: { tools: [schemeless] } } } }, key });
      expect(refused.status).toBe(422);
      expect(await refused.json()).toMatchObject({ detail: { status: "invalid_tool_url", message: ENV_VAR_TEXTS.urlTemplateFirst("echo") } });
    });
  });

  describe("workspace auth connections on webhook tools (decision 0066)", () => {
    const issued = async () => ((await (await fetch("http://tools.test/tokens-issued")).json()) as { issued: number }).issued;
    const clientCredentials = { auth_type: "oauth2_client_credentials", name: "Shop API", provider: "shop", client_id: "shop-client", client_secret: "shop-secret", token_url: "http://tools.test/token", scopes: ["ledger:read"] };

    it("fetches a client-credentials token once for the tool's calls, never shows the secret, keeps the connection from other workspaces and from deletion while used", async () => {
      const created = await api("/v1/workspace/auth-connections", { method: "POST", json: clientCredentials, key });
      expect(created.status).toBe(200);
      const connection = await json<{ id: string; auth_type: string; client_id: string; token_url: string; status: string }>(created);
      expect(connection).toMatchObject({ auth_type: "oauth2_client_credentials", name: "Shop API", provider: "shop", client_id: "shop-client", token_url: "http://tools.test/token", scopes: ["ledger:read"], status: "active" });
      const ledger = { type: "webhook", name: "ledger", description: "The ledger", api_schema: { url: "http://tools.test/ledger", method: "GET", auth_connection: { auth_connection_id: connection.id } } };
      const agentId = await newAgent({ agent: { prompt: { tools: [ledger] } }, conversation: { text_only: true } });

      const before = await issued();
      const call = await open(agentId);
      for (let turn = 0; turn < 2; turn++) {
        call.send({ type: "user_message", text: "ledger please" });
        const answer = await call.until((m) => said(m)?.startsWith("The ledger tool answered") ?? false);
        expect(said(answer)).toBe('The ledger tool answered: {"ledger":"balanced"}');
      }
      call.socket.close(1000, "bye");
      expect(await issued()).toBe(before + 1);

      const listed = await api("/v1/workspace/auth-connections", { key });
      const text = await listed.text();
      expect(text).not.toContain("shop-secret");
      const item = (JSON.parse(text) as { auth_connections: { id: string; used_by: { tools: { id: string }[] } }[] }).auth_connections.find((c) => c.id === connection.id);
      expect(item?.used_by.tools.map((t) => t.id)).toEqual([agentId]);

      const stranger = await createKey(await signUp("agents-llm-auth-other@example.com"));
      expect(await json(await api("/v1/workspace/auth-connections", { key: stranger }))).toEqual({ auth_connections: [] });
      expect((await api(`/v1/workspace/auth-connections/${connection.id}`, { method: "PATCH", json: { auth_type: "oauth2_client_credentials", client_secret: "x" }, key: stranger })).status).toBe(404);
      expect((await api(`/v1/workspace/auth-connections/${connection.id}`, { method: "DELETE", key: stranger })).status).toBe(404);

      const inUse = await api(`/v1/workspace/auth-connections/${connection.id}`, { method: "DELETE", key });
      expect(inUse.status).toBe(409);
      expect(await inUse.json()).toMatchObject({ detail: { status: "auth_connection_in_use", message: AUTH_CONNECTION_TEXTS.inUse(["Model agent"]) } });
      expect((await api(`/v1/convai/agents/${agentId}`, { method: "PATCH", json: { conversation_config: { agent: { prompt: { tools: [] } } } }, key })).status).toBe(200);
      expect((await api(`/v1/workspace/auth-connections/${connection.id}`, { method: "DELETE", key })).status).toBe(200);
      expect(await json(await api("/v1/workspace/auth-connections", { key }))).toMatchObject({ auth_connections: expect.not.arrayContaining([expect.objectContaining({ id: connection.id })]) });
    });

    it("says why when the token server refuses the credentials, and marks the connection refresh_failed", async () => {
      const connection = await json<{ id: string }>(await api("/v1/workspace/auth-connections", { method: "POST", json: { ...clientCredentials, client_secret: "wrong", basic_auth_in_header: true }, key }));
      const ledger = { type: "webhook", name: "ledger", description: "The ledger", api_schema: { url: "http://tools.test/ledger", method: "GET", auth_connection: { auth_connection_id: connection.id } } };
      const agentId = await newAgent({ agent: { prompt: { tools: [ledger] } }, conversation: { text_only: true } });
      const call = await open(agentId);
      call.send({ type: "user_message", text: "ledger please" });
      const answer = await call.until((m) => said(m)?.startsWith("The ledger tool answered") ?? false);
      expect(said(answer)).toBe(`The ledger tool answered: ${AUTH_CONNECTION_TEXTS.tokenFailed("ledger", "the token server answered 401 invalid_client")}`);
      call.socket.close(1000, "bye");
      const listed = await json<{ auth_connections: { id: string; status: string; status_detail?: string }[] }>(await api("/v1/workspace/auth-connections", { key }));
      expect(listed.auth_connections.find((c) => c.id === connection.id)).toMatchObject({ status: "refresh_failed", status_detail: "the token server answered 401 invalid_client" });
      // New credentials make it active again; the kind cannot change.
      const fixed = await api(`/v1/workspace/auth-connections/${connection.id}`, { method: "PATCH", json: { auth_type: "oauth2_client_credentials", client_secret: "shop-secret" }, key });
      expect(await json(fixed)).toMatchObject({ id: connection.id, status: "active", basic_auth_in_header: true });
      const mismatch = await api(`/v1/workspace/auth-connections/${connection.id}`, { method: "PATCH", json: { auth_type: "bearer_auth", token: "t" }, key });
      expect(mismatch.status).toBe(422);
      expect(await mismatch.json()).toMatchObject({ detail: { status: "auth_type_mismatch" } });
    });

    it("refuses kinds it cannot sign, inward token URLs and bad fields; keeps bearer, basic and header secrets out of its answers", async () => {
      const cases: [Record<string, unknown>, number, string | null][] = [
        [{ auth_type: "mtls", name: "m", provider: "x" }, 422, "unsupported_auth_type"],
        [{ auth_type: "private_key_jwt", name: "m", provider: "x" }, 422, "unsupported_auth_type"],
        [{ ...clientCredentials, token_url: "http://127.0.0.1:9/token" }, 422, "invalid_token_url"],
        [{ ...clientCredentials, client_secret: "" }, 422, null],
        [{ auth_type: "custom_header_auth", name: "h", provider: "x", header_name: "bad header", token: "t" }, 422, null],
        [{ auth_type: "nonsense", name: "n" }, 422, null],
      ];
      for (const [body, status, code] of cases) {
        const response = await api("/v1/workspace/auth-connections", { method: "POST", json: body, key });
        expect(response.status, JSON.stringify(body)).toBe(status);
        if (code) expect(((await response.json()) as { detail: { status: string } }).detail.status).toBe(code);
      }
      for (const body of [
        { auth_type: "bearer_auth", name: "Bearer", provider: "x", token: "b-1" },
        { auth_type: "basic_auth", name: "Basic", provider: "x", username: "u", password: "p-1" },
        { auth_type: "custom_header_auth", name: "Header", provider: "x", header_name: "X-Api-Key", token: "h-1" },
      ]) {
        const response = await api("/v1/workspace/auth-connections", { method: "POST", json: body, key });
        expect(response.status).toBe(200);
        expect(await response.text()).not.toMatch(/b-1|p-1|h-1/);
      }
    });
  });

  describe("the credit check before a conversation (decision 0053)", () => {
    it("refuses the signed URL (401) and the socket (closed with the reason) when the first minute is not covered, and the page says so", async () => {
      const cookie = await signUp("agents-llm-broke@example.com");
      const own = await createKey(cookie);
      const agentId = await newAgent({ conversation: { text_only: true } }, own);
      const workspace = await env.DB.prepare("SELECT workspace_id FROM agents WHERE id = ?").bind(agentId).first<{ workspace_id: string }>();
      await env.DB.prepare("UPDATE workspaces SET character_count = character_limit - ? WHERE id = ?").bind(CONVERSATION_MINIMUM_CREDITS - 1, workspace!.workspace_id).run();

      const signed = await api(`/v1/convai/conversation/get-signed-url?agent_id=${agentId}`, { key: own });
      expect(signed.status).toBe(401);
      expect(await signed.json()).toMatchObject({ detail: { status: "quota_exceeded", message: CREDIT_TEXTS.notEnough(CONVERSATION_MINIMUM_CREDITS - 1) } });
      const call = await connectAs(`/v1/convai/conversation?agent_id=${agentId}`, { "xi-api-key": own });
      expect(await call.closed).toEqual({ code: 1008, reason: CREDIT_TEXTS.notEnough(CONVERSATION_MINIMUM_CREDITS - 1) });
      expect(call.messages).toEqual([{ type: "error", error: CREDIT_TEXTS.notEnough(CONVERSATION_MINIMUM_CREDITS - 1) }]);
      const page = await api(`/app/conversational-ai/agents/${agentId}`, { cookie });
      expect(await page.text()).toContain(CREDIT_TEXTS.notEnough(CONVERSATION_MINIMUM_CREDITS - 1));
      // Nothing was started or charged.
      expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM conversations WHERE agent_id = ?").bind(agentId).first("n")).toBe(0);

      // With exactly a minute left, it starts.
      await env.DB.prepare("UPDATE workspaces SET character_count = character_limit - ? WHERE id = ?").bind(CONVERSATION_MINIMUM_CREDITS, workspace!.workspace_id).run();
      expect((await api(`/v1/convai/conversation/get-signed-url?agent_id=${agentId}`, { key: own })).status).toBe(200);
      const allowed = await open(agentId, own);
      allowed.socket.close(1000, "bye");
    });
  });

  describe("what a conversation costs and how long it may last", () => {
    it("charges the conversation by the minute once, when it ends; a conversation over its maximum duration is closed with the reason and kept", async () => {
      // A workspace of its own, so its usage is this conversation's alone.
      const own = await createKey(await signUp("agents-llm-charge@example.com"));
      const agentId = await newAgent({ conversation: { text_only: true, max_duration_seconds: 1 } }, own);
      const call = await open(agentId, own);
      call.send({ type: "user_message", text: "Hello before the end." });
      await call.until((m) => said(m) !== null);
      expect(await call.closed).toEqual({ code: 1000, reason: AGENT_TEXTS.maxDuration });
      const saved = await savedConversation(call.conversationId, own);
      expect((saved.metadata as { termination_reason: string }).termination_reason).toBe("max_duration_exceeded");
      expect((saved.transcript as { message: string }[]).map((t) => t.message)).toEqual(["Hello before the end.", "You said: Hello before the end."]);

      const row = await env.DB.prepare("SELECT workspace_id, credits FROM conversations WHERE id = ?").bind(call.conversationId).first<{ workspace_id: string; credits: number }>();
      // One second or two of a call at the minute's rate.
      expect([conversationCredits(1000), conversationCredits(2000)]).toContain(row!.credits);
      const usage = await env.DB.prepare("SELECT source, characters FROM usage_events WHERE workspace_id = ?").bind(row!.workspace_id).all();
      const workspace = await env.DB.prepare("SELECT character_count FROM workspaces WHERE id = ?").bind(row!.workspace_id).first<{ character_count: number }>();
      // Once: one usage event, and the workspace's count is that charge (a late second end changes nothing).
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(usage.results).toEqual([{ source: "ConvAI", characters: row!.credits }]);
      expect(workspace!.character_count).toBe(row!.credits);
    });
  });

  describe("the embeddable widget", () => {
    it("serves one cached script; answers the agent's configuration and opens conversations only for its allowed sites", async () => {
      const script = await SELF.fetch(`${ORIGIN}/convai/widget.js`);
      expect(script.status).toBe(200);
      expect(script.headers.get("content-type")).toMatch(/^text\/javascript/);
      expect(script.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
      expect(await script.text()).toContain('customElements.define("elevenlabs-convai"');

      const agentId = await newAgent({ conversation: { text_only: true } }, key, { auth: { allowlist: [{ hostname: "shop.example" }] } });
      const allowed = await SELF.fetch(`${ORIGIN}/convai/widget/${agentId}`, { headers: { origin: "https://shop.example" } });
      expect(allowed.status).toBe(200);
      expect(allowed.headers.get("access-control-allow-origin")).toBe("https://shop.example");
      expect(await allowed.json()).toEqual({ agent_id: agentId, name: "Model agent", avatar_url: null });
      const refused = await SELF.fetch(`${ORIGIN}/convai/widget/${agentId}`, { headers: { origin: "https://elsewhere.example" } });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ status: "origin_not_allowed", message: WIDGET_TEXTS.siteNotAllowed });
      expect((await SELF.fetch(`${ORIGIN}/convai/widget/agent_missing`, { headers: { origin: "https://shop.example" } })).status).toBe(404);

      const stranger = await connectAs(`/v1/convai/conversation?agent_id=${agentId}`, { origin: "https://elsewhere.example" });
      expect(await stranger.closed).toEqual({ code: 1008, reason: WIDGET_TEXTS.siteNotAllowed });
      const visitor = await connectAs(`/v1/convai/conversation?agent_id=${agentId}`, { origin: "https://shop.example" });
      visitor.send({ type: "user_message", text: "Hello from the shop." });
      await visitor.until((m) => said(m) === "You said: Hello from the shop.");
      visitor.socket.close(1000, "bye");

      // An agent that requires signed URLs cannot be opened by the widget, even from a listed site.
      const signedOnly = await newAgent({}, key, { auth: { enable_auth: true, allowlist: [{ hostname: "shop.example" }] } });
      const closed = await connectAs(`/v1/convai/conversation?agent_id=${signedOnly}`, { origin: "https://shop.example" });
      expect(await closed.closed).toEqual({ code: 1008, reason: WIDGET_TEXTS.needsSignedUrl });
    });
  });
});

describe("agents-phone", () => {
  // Phone numbers, outbound calls and batch calling (decision 0060) against the development Twilio stand-in: the API
  // as the SDK calls it, the stand-in's protocol, and a whole call (Twilio Media Streams into the agent engine).
  const SID = env.TWILIO_ACCOUNT_SID;
  const TOKEN = "dev-phone";
  const SHOP = "Opening hours: the shop opens at nine in the morning and closes at six in the evening.";

  let key: string;
  let otherKey: string;
  beforeAll(async () => {
    key = await createKey(await signUp("phone@example.com"));
    otherKey = await createKey(await signUp("phone-other@example.com"));
    await installSpeechToTextModel();
  });

  async function newAgent(k = key, firstMessage = "Hello, this is the shop. How can I help?"): Promise<string> {
    const doc = await json<{ id: string }>(await api("/v1/convai/knowledge-base/text", { method: "POST", key: k, json: { text: SHOP, name: "Shop" } }));
    const response = await api("/v1/convai/agents/create", { method: "POST", key: k, json: { name: "Phone agent", conversation_config: { agent: { first_message: firstMessage, prompt: { knowledge_base: [{ type: "text", id: doc.id, name: "Shop" }] } } } } });
    expect(response.status).toBe(200);
    return (await json<{ agent_id: string }>(response)).agent_id;
  }

  async function importNumber(k = key, number = "+15005550006", extra: Record<string, unknown> = {}): Promise<Response> {
    return api("/v1/convai/phone-numbers", { method: "POST", key: k, json: { provider: "twilio", phone_number: number, label: "Support line", sid: SID, token: TOKEN, ...extra } });
  }

  const detail = async (response: Response) => ((await response.json()) as { detail: { status: string; message: string } }).detail;

  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, tries = 300): Promise<T> {
    for (let i = 0; i < tries; i++) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  describe("phone numbers (/v1/convai/phone-numbers)", () => {
    it("lists numbers a page at a time (GET /v1/convai/v2/phone-numbers): search, filters and order; another workspace sees none", async () => {
      const own = await createKey(await signUp("phone-v2@example.com"));
      const agentId = await newAgent(own);
      const ids: string[] = [];
      for (const [number, label] of [["+15005550040", "Support"], ["+15005550041", "sales line"], ["+15005550042", "Billing"]] as const) {
        ids.push((await json<{ phone_number_id: string }>(await importNumber(own, number, { label, ...(label === "Support" ? { agent_id: agentId } : {}) }))).phone_number_id);
      }
      type Page = { phone_numbers: { phone_number_id: string; label: string; assigned_agent: unknown }[]; has_more: boolean; next_cursor?: string };
      const page = async (query: string, k = own) => json<Page>(await api(`/v1/convai/v2/phone-numbers${query}`, { key: k }));
      const first = await page("?page_size=2");
      expect(first.phone_numbers.map((n) => n.label)).toEqual(["Billing", "sales line"]);
      expect(first).toMatchObject({ has_more: true, next_cursor: "2" });
      const second = await page(`?page_size=2&cursor=${first.next_cursor}`);
      expect(second.phone_numbers).toEqual([expect.objectContaining({ phone_number_id: ids[0], label: "Support", assigned_agent: { agent_id: agentId, agent_name: "Phone agent" } })]);
      expect(second.has_more).toBe(false);
      expect((await page("?sort_by=phone_number&sort_direction=desc")).phone_numbers.map((n) => n.phone_number_id)).toEqual([...ids].reverse());
      expect((await page("?search=SALES")).phone_numbers.map((n) => n.phone_number_id)).toEqual([ids[1]]);
      expect((await page(`?search=${ids[2]}`)).phone_numbers.map((n) => n.phone_number_id)).toEqual([ids[2]]);
      expect((await page(`?agent_id=${agentId}`)).phone_numbers.map((n) => n.phone_number_id)).toEqual([ids[0]]);
      expect((await page("?provider=sip_trunk")).phone_numbers).toEqual([]);
      expect((await page("", otherKey)).phone_numbers.map((n) => n.phone_number_id)).not.toContain(ids[0]);
      const bad = await api("/v1/convai/v2/phone-numbers?sort_by=created", { key: own });
      expect(bad.status).toBe(422);
      expect((await api("/v1/convai/v2/phone-numbers?page_size=0", { key: own })).status).toBe(422);
      expect((await api("/v1/convai/v2/phone-numbers")).status).toBe(401);
    });

    it("imports a Twilio number checked on the account, lists, gets, assigns an agent and deletes; another workspace sees nothing", async () => {
      const agentId = await newAgent();
      const created = await importNumber(key, "+1 500 555 0010");
      expect(created.status).toBe(200);
      const { phone_number_id } = await json<{ phone_number_id: string }>(created);
      const got = await json(await api(`/v1/convai/phone-numbers/${phone_number_id}`, { key }));
      expect(got).toEqual({ phone_number: "+15005550010", label: "Support line", supports_inbound: false, supports_outbound: true, phone_number_id, assigned_agent: null, provider: "twilio" });
      // The auth token and SID are never returned.
      expect(JSON.stringify(got)).not.toContain(TOKEN);

      const assigned = await json<{ assigned_agent: unknown }>(await api(`/v1/convai/phone-numbers/${phone_number_id}`, { method: "PATCH", key, json: { agent_id: agentId } }));
      expect(assigned.assigned_agent).toEqual({ agent_id: agentId, agent_name: "Phone agent" });
      const list = await json<{ phone_number_id: string }[]>(await api(`/v1/convai/phone-numbers?agent_id=${agentId}`, { key }));
      expect(list.map((n) => n.phone_number_id)).toEqual([phone_number_id]);

      expect((await api(`/v1/convai/phone-numbers/${phone_number_id}`, { key: otherKey })).status).toBe(404);
      expect(await json(await api("/v1/convai/phone-numbers", { key: otherKey }))).toEqual([]);
      expect((await api(`/v1/convai/phone-numbers/${phone_number_id}`, { method: "PATCH", key: otherKey, json: { agent_id: null } })).status).toBe(404);
      // Another workspace's agent cannot be assigned.
      const theirs = await newAgent(otherKey);
      expect((await api(`/v1/convai/phone-numbers/${phone_number_id}`, { method: "PATCH", key, json: { agent_id: theirs } })).status).toBe(404);
      expect((await api(`/v1/convai/phone-numbers/${phone_number_id}`, { method: "DELETE", key: otherKey })).status).toBe(404);
      expect((await api(`/v1/convai/phone-numbers/${phone_number_id}`, { method: "DELETE", key })).status).toBe(200);
      expect((await api(`/v1/convai/phone-numbers/${phone_number_id}`, { key })).status).toBe(404);
    });

    it("refuses bad input: wrong credentials, a number not on the account, not a number, another provider, a duplicate", async () => {
      const wrongToken = await api("/v1/convai/phone-numbers", { method: "POST", key, json: { provider: "twilio", phone_number: "+15005550011", label: "x", sid: SID, token: "wrong" } });
      expect([wrongToken.status, (await detail(wrongToken)).status]).toEqual([400, "invalid_twilio_credentials"]);
      const notOurs = await importNumber(key, "+14155550100");
      expect([notOurs.status, (await detail(notOurs)).status]).toEqual([400, "phone_number_not_found_on_account"]);
      const notANumber = await importNumber(key, "call me");
      expect([notANumber.status, (await detail(notANumber)).status]).toEqual([400, "invalid_phone_number"]);
      const sip = await importNumber(key, "+15005550011", { provider: "sip_trunk" });
      expect([sip.status, (await detail(sip)).status]).toEqual([400, "provider_not_supported"]);
      expect((await api("/v1/convai/phone-numbers", { method: "POST", key, json: { phone_number: "+15005550011" } })).status).toBe(422);
      expect((await importNumber(key, "+15005550011")).status).toBe(200);
      const again = await importNumber(key, "+15005550011");
      expect([again.status, (await detail(again)).status]).toEqual([409, "phone_number_exists"]);
    });
  });

  describe("the Twilio stand-in speaks Twilio's protocol", () => {
    const auth = (token = TOKEN) => ({ authorization: `Basic ${btoa(`${SID}:${token}`)}` });
    const context = { waitUntil: () => {} };
    const call = (fields: Record<string, string>, token = TOKEN) => devTwilioVoice(env, new Request(`https://dev-phone.invalid/2010-04-01/Accounts/${SID}/Calls.json`, { method: "POST", headers: auth(token), body: new URLSearchParams(fields) }), context);
    const code = async (response: Response) => [response.status, ((await response.json()) as { code: number }).code];

    it("answers IncomingPhoneNumbers and refuses as Twilio does: 20003, 21211, 21210, 21205, 20404", async () => {
      const numbers = await devTwilioVoice(env, new Request(`https://dev-phone.invalid/2010-04-01/Accounts/${SID}/IncomingPhoneNumbers.json?PhoneNumber=%2B15005550006`, { headers: auth() }), context);
      expect(((await numbers.json()) as { incoming_phone_numbers: { phone_number: string; sid: string }[] }).incoming_phone_numbers).toEqual([expect.objectContaining({ phone_number: "+15005550006", sid: expect.stringMatching(/^PN/) })]);
      expect(await code(await call({ To: "+14155550100", From: "+15005550006", Twiml: "<Response/>" }, "wrong"))).toEqual([401, 20003]);
      expect(await code(await call({ To: DEV_PHONE.invalidNumber, From: "+15005550006", Twiml: "<Response/>" }))).toEqual([400, 21211]);
      expect(await code(await call({ To: "+14155550100", From: "+14155550199", Twiml: "<Response/>" }))).toEqual([400, 21210]);
      expect(await code(await call({ To: "+14155550100", From: "+15005550006" }))).toEqual([400, 21205]);
      expect((await devTwilioVoice(env, new Request(`https://dev-phone.invalid/2010-04-01/Accounts/${SID}/Calls/CA${"0".repeat(32)}.json`, { headers: auth() }), context)).status).toBe(404);
      // Never outside development.
      await expect(devTwilioVoice({ ...env, ENVIRONMENT: "production" } as Env, new Request("https://dev-phone.invalid/"), context)).rejects.toThrow(/only in development/);
    });

    it("refuses a status callback without Twilio's signature and a media stream without the call's token", async () => {
      const unknown = await SELF.fetch(`${ORIGIN}/v1/convai/twilio/status-callback?call_id=nope`, { method: "POST", body: new URLSearchParams({ CallStatus: "completed" }) });
      expect(unknown.status).toBe(404);
      const response = await SELF.fetch(`${ORIGIN}/v1/convai/twilio/media-stream`, { headers: { upgrade: "websocket" } });
      expect(response.status).toBe(101);
      const socket = response.webSocket!;
      const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason })));
      socket.accept();
      socket.send(JSON.stringify({ event: "connected", protocol: "Call", version: "1.0.0" }));
      socket.send(JSON.stringify({ event: "start", streamSid: "MZ1", start: { streamSid: "MZ1", callSid: "CA1", customParameters: { call_id: "call_x", token: "guess" } } }));
      expect(await closed).toEqual({ code: 1008, reason: "This media stream is not one this platform started, or it has already been used." });
      expect((await SELF.fetch(`${ORIGIN}/v1/convai/twilio/media-stream`)).status).toBe(426);
    });
  });

  describe("outbound calls (/v1/convai/twilio/outbound-call)", () => {
    // A call runs in real time over the stand-in's media stream: on a loaded 2-core machine the callee's line can end
    // before the recogniser has heard it, so it runs again once; a broken call fails both times.
    it("calls a number: the callee hears the agent over a media stream, is answered, and the call is saved as a conversation", { timeout: 90_000, retry: 1 }, async () => {
      const agentId = await newAgent();
      const { phone_number_id } = await json<{ phone_number_id: string }>(await importNumber(key, "+15005550020"));
      const response = await api("/v1/convai/twilio/outbound-call", { method: "POST", key, json: { agent_id: agentId, agent_phone_number_id: phone_number_id, to_number: "+14155550123" } });
      expect(response.status).toBe(200);
      const placed = await json<{ success: boolean; message: string; conversation_id: string; callSid: string }>(response);
      expect(placed).toMatchObject({ success: true, message: "Success", conversation_id: expect.stringMatching(/^conv_/), callSid: expect.stringMatching(/^CA[0-9a-f]{32}$/) });

      const conversation = await savedConversation(placed.conversation_id, key);
      const transcript = conversation.transcript as { role: string; message: string; source_medium?: string }[];
      expect(transcript[0]).toMatchObject({ role: "agent", message: "Hello, this is the shop. How can I help?" });
      // The callee's line (the platform's own speech, 8 kHz mu-law) was heard by the recogniser and answered.
      const user = transcript.find((t) => t.role === "user");
      expect(user).toMatchObject({ source_medium: "audio" });
      expect(user!.message.length).toBeGreaterThan(0);
      expect(transcript.at(-1)!.role).toBe("agent");
      expect(conversation).toMatchObject({ has_user_audio: true, has_response_audio: true, metadata: { phone_call: { type: "twilio", direction: "outbound", phone_number_id, agent_number: "+15005550020", external_number: "+14155550123", call_sid: placed.callSid } } });

      // The stand-in kept what the agent said, and the status callbacks (signed) moved the call to completed.
      const devCall = await until(() => env.DB.prepare("SELECT * FROM dev_phone_calls WHERE sid = ?").bind(placed.callSid).first<{ status: string; agent_audio_ms: number; agent_audio_key: string }>(), (c) => c?.status === "completed", "the call to complete");
      expect(devCall!.agent_audio_ms).toBeGreaterThan(1500);
      expect((await env.MEDIA.head(devCall!.agent_audio_key))?.size).toBeGreaterThan(8000);
      const call = await until(() => env.DB.prepare("SELECT status FROM phone_calls WHERE conversation_id = ?").bind(placed.conversation_id).first<{ status: string }>(), (c) => c?.status === "completed", "the call's status");
      expect(call!.status).toBe("completed");
      // A callback whose signature does not match is refused.
      const { id } = (await env.DB.prepare("SELECT id FROM phone_calls WHERE conversation_id = ?").bind(placed.conversation_id).first<{ id: string }>())!;
      const url = `${ORIGIN}/v1/convai/twilio/status-callback?call_id=${id}`;
      const forged = await SELF.fetch(url, { method: "POST", headers: { "x-twilio-signature": await twilioSignature("not-the-token", url, { CallStatus: "failed" }) }, body: new URLSearchParams({ CallStatus: "failed" }) });
      expect(forged.status).toBe(403);
    });

    it("refuses bad input and other workspaces' agents and numbers; reports Twilio's refusal", async () => {
      const agentId = await newAgent();
      const { phone_number_id } = await json<{ phone_number_id: string }>(await importNumber(key, "+15005550021"));
      const post = (body: Record<string, unknown>, k = key) => api("/v1/convai/twilio/outbound-call", { method: "POST", key: k, json: { agent_id: agentId, agent_phone_number_id: phone_number_id, to_number: "+14155550123", ...body } });
      expect((await post({ to_number: undefined })).status).toBe(422);
      const bad = await post({ to_number: "12" });
      expect([bad.status, (await detail(bad)).status]).toEqual([400, "invalid_phone_number"]);
      const other = await post({}, otherKey);
      expect([other.status, (await detail(other)).status]).toEqual([404, "agent_not_found"]);
      const noNumber = await post({ agent_phone_number_id: "phnum_missing" });
      expect([noNumber.status, (await detail(noNumber)).status]).toEqual([404, "phone_number_not_found"]);
      const refused = await json<{ success: boolean; message: string; conversation_id: null }>(await post({ to_number: DEV_PHONE.invalidNumber }));
      expect(refused).toEqual({ success: false, message: `Twilio refused the call: The 'To' number ${DEV_PHONE.invalidNumber} is not a valid phone number.`, conversation_id: null, callSid: null });
      expect((await api("/v1/convai/twilio/outbound-call", { method: "POST", json: {} })).status).toBe(401);
    });
  });

  describe("batch calling (/v1/convai/batch-calling)", () => {
    type Batch = { id: string; status: string; total_calls_scheduled: number; total_calls_finished: number; retry_count: number; recipients: { phone_number: string; status: string; conversation_id: string | null }[] };

    it("calls each recipient from the queue, reports per-recipient statuses, retries the failed ones and cancels", async () => {
      const agentId = await newAgent(key, "Hi, a short call from the shop.");
      const { phone_number_id } = await json<{ phone_number_id: string }>(await importNumber(key, "+15005550030"));
      const submitted = await api("/v1/convai/batch-calling/submit", { method: "POST", key, json: { call_name: "Reminders", agent_id: agentId, agent_phone_number_id: phone_number_id, recipients: [{ phone_number: "+14155550150", conversation_initiation_client_data: { dynamic_variables: { name: "Ada" } } }, { phone_number: DEV_PHONE.busyNumber }] } });
      expect(submitted.status).toBe(200);
      const batch = await json<Batch>(submitted);
      expect(batch).toMatchObject({ name: "Reminders", agent_id: agentId, agent_name: "Phone agent", total_calls_scheduled: 2, phone_provider: "twilio" });

      const done = await until(async () => json<Batch>(await api(`/v1/convai/batch-calling/${batch.id}`, { key })), (b) => b.status === "completed", "the batch to finish", 900);
      expect(done.total_calls_finished).toBe(2);
      expect(done.recipients.map((r) => [r.phone_number, r.status])).toEqual([["+14155550150", "completed"], [DEV_PHONE.busyNumber, "failed"]]);
      const conversation = await savedConversation(done.recipients[0]!.conversation_id!, key);
      expect((conversation.metadata as { batch_call: unknown }).batch_call).toEqual({ batch_call_id: batch.id, batch_call_recipient_id: expect.any(String) });

      const listed = await json<{ batch_calls: { id: string }[] }>(await api("/v1/convai/batch-calling/workspace", { key }));
      expect(listed.batch_calls.map((b) => b.id)).toContain(batch.id);
      expect((await json<{ batch_calls: unknown[] }>(await api("/v1/convai/batch-calling/workspace", { key: otherKey }))).batch_calls).toEqual([]);
      expect((await api(`/v1/convai/batch-calling/${batch.id}`, { key: otherKey })).status).toBe(404);

      const retried = await json<Batch>(await api(`/v1/convai/batch-calling/${batch.id}/retry`, { method: "POST", key }));
      expect(retried).toMatchObject({ status: "in_progress", retry_count: 1 });
      const again = await until(async () => json<Batch>(await api(`/v1/convai/batch-calling/${batch.id}`, { key })), (b) => b.status === "completed", "the retry to finish", 300);
      expect(again.recipients.map((r) => r.status)).toEqual(["completed", "failed"]);

      // The finished batch's export (decision 0096): a CSV line per recipient with the call's outcome and conversation.
      const exported = await api(`/v1/convai/batch-calling/${batch.id}/export`, { key });
      expect([exported.status, exported.headers.get("content-type"), exported.headers.get("content-disposition")]).toEqual([200, "text/csv; charset=utf-8", 'attachment; filename="Reminders.csv"']);
      const [header, first, second] = (await exported.text()).split("\r\n");
      expect(header).toBe("recipient_id,phone_number,status,error,conversation_id,call_duration_secs,call_successful,transcript_summary,var_name");
      const answered = again.recipients[0]!;
      expect(first).toMatch(new RegExp(`^\\w+,\\+14155550150,completed,,${answered.conversation_id},\\d+,(success|failure|unknown),.*,Ada$`));
      expect(second).toMatch(new RegExp(`^\\w+,\\${DEV_PHONE.busyNumber},failed,[^,]+,\\w*,,,,$`));
      expect((await (await api(`/v1/convai/batch-calling/${batch.id}/export?limit=1`, { key })).text()).split("\r\n").filter(Boolean)).toHaveLength(2);
      expect((await api(`/v1/convai/batch-calling/${batch.id}/export?limit=0`, { key })).status).toBe(422);
      expect((await api(`/v1/convai/batch-calling/${batch.id}/export`, { key: otherKey })).status).toBe(404);

      // A batch scheduled for tomorrow waits; cancelling it cancels everyone.
      const later = await json<Batch>(await api("/v1/convai/batch-calling/submit", { method: "POST", key, json: { call_name: "Tomorrow", agent_id: agentId, agent_phone_number_id: phone_number_id, scheduled_time_unix: Math.floor(Date.now() / 1000) + 86_400, recipients: [{ phone_number: "+14155550151" }] } }));
      expect(later.status).toBe("pending");
      expect(await detail(await api(`/v1/convai/batch-calling/${later.id}/export`, { key }))).toEqual({ status: "batch_not_finished", message: PHONE_TEXTS.batchNotFinished });
      const cancelled = await json<Batch>(await api(`/v1/convai/batch-calling/${later.id}/cancel`, { method: "POST", key }));
      expect(cancelled.status).toBe("cancelled");
      expect((await json<Batch>(await api(`/v1/convai/batch-calling/${later.id}`, { key }))).recipients.map((r) => r.status)).toEqual(["cancelled"]);
      expect((await api(`/v1/convai/batch-calling/${later.id}/cancel`, { method: "POST", key })).status).toBe(400);
      expect((await (await api(`/v1/convai/batch-calling/${later.id}/export`, { key })).text()).split("\r\n")[1]).toMatch(/^\w+,\+14155550151,cancelled,/);
      expect((await api(`/v1/convai/batch-calling/${later.id}`, { method: "DELETE", key: otherKey })).status).toBe(404);
      expect((await api(`/v1/convai/batch-calling/${later.id}`, { method: "DELETE", key })).status).toBe(204);
    }, 180_000);

    it("refuses bad input: no recipients, a bad number, another workspace's agent or number", async () => {
      const agentId = await newAgent();
      const { phone_number_id } = await json<{ phone_number_id: string }>(await importNumber(key, "+15005550031"));
      const submit = (body: Record<string, unknown>, k = key) => api("/v1/convai/batch-calling/submit", { method: "POST", key: k, json: { call_name: "x", agent_id: agentId, agent_phone_number_id: phone_number_id, recipients: [{ phone_number: "+14155550152" }], scheduled_time_unix: Math.floor(Date.now() / 1000) + 86_400, ...body } });
      const none = await submit({ recipients: [] });
      expect([none.status, (await detail(none)).status]).toEqual([400, "no_recipients"]);
      const bad = await submit({ recipients: [{ phone_number: "+14155550152" }, { phone_number: "nope" }] });
      expect([bad.status, (await detail(bad)).message]).toEqual([400, "Recipient 2: nope is not a phone number in international form."]);
      expect((await submit({}, otherKey)).status).toBe(404);
      expect((await submit({ call_name: "" })).status).toBe(422);
    });
  });
});

describe("agents-workspace", () => {
  // The agents area's workspace resources (decision 0065): the knowledge base's folders, passages, index, search and
  // crawls; tools of their own and their recorded calls; settings, tags, feedback and the analysis run again; agent
  // details and versions; simulated conversations and agent tests against the real responder.

  // A web site the knowledge base reads, only inside this test (the app worker runs in the test's isolate).
  const SITE: Record<string, () => Response> = {
    "https://docs.example/": () => html("<title>Docs</title><p>Welcome to the docs.</p><a href='/returns'>Returns</a> <a href='/care#top'>Care</a> <a href='https://elsewhere.example/x'>Away</a>"),
    "https://docs.example/returns": () => html("<title>Returns</title><p>Returns are accepted within thirty days.</p><a href='/'>Home</a>"),
    "https://docs.example/care": () => html("<title>Care</title><p>Wash the jacket at thirty degrees.</p>"),
  };
  let pageVersion = 1;
  SITE["https://docs.example/hours"] = () => html(`<title>Hours</title><p>${pageVersion === 1 ? "The shop opens at nine." : "The shop opens at ten."}</p>`);
  function html(body: string): Response {
    return new Response(`<html><body>${body}</body></html>`, { headers: { "content-type": "text/html; charset=utf-8" } });
  }
  const realFetch = globalThis.fetch;
  beforeAll(() => {
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      return SITE[url] ? Promise.resolve(SITE[url]()) : realFetch(input, init);
    });
  });
  afterAll(() => vi.restoreAllMocks());

  let key: string;
  let otherKey: string;
  beforeAll(async () => {
    key = await createKey(await signUp("agents-workspace@example.com"));
    otherKey = await createKey(await signUp("agents-workspace-other@example.com"));
  });

  type Json = Record<string, unknown>;
  const call = async <T = Json>(path: string, init: Parameters<typeof api>[1] = {}, status = 200): Promise<T> => {
    const response = await api(path, { key, ...init });
    const body = response.headers.get("content-type")?.includes("json") ? await response.json() : await response.text();
    expect(response.status, JSON.stringify(body)).toBe(status);
    return body as T;
  };

  async function newAgent(config: Json, extra: Json = {}): Promise<string> {
    return (await call<{ agent_id: string }>("/v1/convai/agents/create", { method: "POST", json: { conversation_config: config, name: "Shop assistant", ...extra } })).agent_id;
  }
  const textDocument = async (text: string, name: string, folder?: string) =>
    (await call<{ id: string; folder_path: { id: string }[] }>("/v1/convai/knowledge-base/text", { method: "POST", json: { text, name, parent_folder_id: folder } })).id;

  describe("knowledge base folders and documents", () => {
    it("keeps documents in folders, moves them (never a folder into itself), renames, replaces text and deletes a folder with its contents", async () => {
      const manuals = await call<{ id: string; name: string; folder_path: unknown[] }>("/v1/convai/knowledge-base/folder", { method: "POST", json: { name: "Manuals" } });
      expect(manuals).toMatchObject({ name: "Manuals", folder_path: [] });
      const jackets = await call<{ id: string; folder_path: { id: string }[] }>("/v1/convai/knowledge-base/folder", { method: "POST", json: { name: "Jackets", parent_folder_id: manuals.id } });
      expect(jackets.folder_path).toEqual([{ id: manuals.id }]);
      const care = await textDocument("Wash the jacket at thirty degrees.", "Jacket care", jackets.id);
      const loose = await textDocument("Gift cards never expire.", "Gift cards");

      const inFolder = await call<{ documents: { id: string; folder_parent_id: string; folder_path: { id: string; name: string }[] }[] }>(`/v1/convai/knowledge-base?parent_folder_id=${jackets.id}`);
      expect(inFolder.documents).toEqual([expect.objectContaining({ id: care, folder_parent_id: jackets.id, folder_path: [{ id: manuals.id, name: "Manuals" }, { id: jackets.id, name: "Jackets" }] })]);
      const below = await call<{ documents: { id: string }[] }>(`/v1/convai/knowledge-base?ancestor_folder_id=${manuals.id}`);
      expect(below.documents.map((d) => d.id).sort()).toEqual([care, jackets.id].sort());
      const folder = await call<{ type: string; children_count: number; document_count: number }>(`/v1/convai/knowledge-base/${manuals.id}`);
      expect(folder).toMatchObject({ type: "folder", children_count: 1, document_count: 0 });
      const onlyFolders = await call<{ documents: { type: string }[] }>("/v1/convai/knowledge-base?types=folder");
      expect(new Set(onlyFolders.documents.map((d) => d.type))).toEqual(new Set(["folder"]));

      const intoItself = await api(`/v1/convai/knowledge-base/${manuals.id}/move`, { method: "POST", key, json: { move_to: jackets.id } });
      expect(intoItself.status).toBe(400);
      await call(`/v1/convai/knowledge-base/bulk-move`, { method: "POST", json: { document_ids: [loose], move_to: manuals.id } });
      await call(`/v1/convai/knowledge-base/${care}/move`, { method: "POST", json: {} });
      expect((await call<{ folder_parent_id?: string }>(`/v1/convai/knowledge-base/${care}`)).folder_parent_id).toBeUndefined();

      const renamed = await call<{ name: string; extracted_inner_html: string }>(`/v1/convai/knowledge-base/${care}`, { method: "PATCH", json: { name: "Care", content: "Wash the jacket at forty degrees. Do not tumble dry." } });
      expect(renamed).toMatchObject({ name: "Care", extracted_inner_html: "Wash the jacket at forty degrees. Do not tumble dry." });
      expect(await call(`/v1/convai/knowledge-base/${care}/content`)).toBe("Wash the jacket at forty degrees. Do not tumble dry.");
      expect((await call<{ chunks: { content: string }[] }>(`/v1/convai/knowledge-base/${care}/chunks?embedding_model=e5_mistral_7b_instruct`)).chunks.map((c) => c.content)).toEqual(["Wash the jacket at forty degrees. Do not tumble dry."]);

      // A folder that agents use (through a document in it) goes only with force, and they lose it.
      const agentId = await newAgent({ agent: { prompt: { knowledge_base: [{ type: "text", id: loose, name: "Gift cards" }] } } });
      expect((await call<{ agents: { id: string }[] }>(`/v1/convai/knowledge-base/${manuals.id}/dependent-agents`)).agents.map((a) => a.id)).toEqual([agentId]);
      expect((await call<{ agents: { id: string }[] }>("/v1/convai/knowledge-base/dependent-agents", { method: "POST", json: { document_ids: [loose, care] } })).agents.map((a) => a.id)).toEqual([agentId]);
      await call(`/v1/convai/knowledge-base/${manuals.id}`, { method: "DELETE" }, 400);
      await call(`/v1/convai/knowledge-base/${manuals.id}?force=true`, { method: "DELETE" });
      for (const gone of [manuals.id, jackets.id, loose]) await call(`/v1/convai/knowledge-base/${gone}`, {}, 404);
      const agent = await call<{ conversation_config: { agent: { prompt: { knowledge_base: unknown[] } } } }>(`/v1/convai/agents/${agentId}`);
      expect(agent.conversation_config.agent.prompt.knowledge_base).toEqual([]);
    });

    it("adds from a file with the generic call (to an agent too), keeps the original for a link without the key, replaces the file and reads a URL again", async () => {
      const agentId = await newAgent({});
      const form = new FormData();
      form.set("file", new File(["Opening hours: nine to six."], "hours.txt", { type: "text/plain" }));
      form.set("name", "Hours");
      const added = await call<{ id: string; name: string }>(`/v1/convai/knowledge-base?agent_id=${agentId}`, { method: "POST", body: form });
      expect(added.name).toBe("Hours");
      const agent = await call<{ conversation_config: { agent: { prompt: { knowledge_base: { id: string }[] } } } }>(`/v1/convai/agents/${agentId}`);
      expect(agent.conversation_config.agent.prompt.knowledge_base.map((k) => k.id)).toEqual([added.id]);

      const { signed_url } = await call<{ signed_url: string }>(`/v1/convai/knowledge-base/${added.id}/source-file-url`);
      const original = await api(new URL(signed_url).pathname + new URL(signed_url).search);
      expect(original.status).toBe(200);
      expect(await original.text()).toBe("Opening hours: nine to six.");
      expect((await api(`/v1/convai/knowledge-base/${added.id}/source-file?token=${"0".repeat(48)}`)).status).toBe(404);

      const replacement = new FormData();
      replacement.set("file", new File(["<p>Opening hours: ten to five.</p>"], "hours.html", { type: "text/html" }));
      const replaced = await call<{ filename: string; extracted_inner_html: string }>(`/v1/convai/knowledge-base/${added.id}/update-file`, { method: "PATCH", body: replacement });
      expect(replaced).toMatchObject({ filename: "hours.html", extracted_inner_html: "Opening hours: ten to five." });

      pageVersion = 1;
      const page = await call<{ id: string; name: string }>("/v1/convai/knowledge-base/url", { method: "POST", json: { url: "https://docs.example/hours" } });
      expect(page.name).toBe("Hours");
      expect((await call<{ signed_url: string }>(`/v1/convai/knowledge-base/${page.id}/source-file-url`)).signed_url).toBe("https://docs.example/hours");
      pageVersion = 2;
      expect((await call<{ extracted_inner_html: string }>(`/v1/convai/knowledge-base/${page.id}/refresh`, { method: "POST" })).extracted_inner_html).toBe("Hours\n\nThe shop opens at ten.");
      await call(`/v1/convai/knowledge-base/${added.id}/refresh`, { method: "POST" }, 400);
      // Private hosts are refused in production only; a scheme other than http(s) always.
      expect((await api("/v1/convai/knowledge-base/url", { method: "POST", key, json: { url: "file:///etc/passwd" } })).status).toBe(422);
    });

    it("shows each document's passages and index, drops and rebuilds it (the agent stops and starts finding the text), and searches every passage", async () => {
      const id = await textDocument("Delivery takes three working days.\n\nDelivery is free above fifty euros.", "Delivery");
      const chunks = await call<{ chunks: { id: string; content: string }[]; next_cursor?: string }>(`/v1/convai/knowledge-base/${id}/chunks?page_size=1`);
      expect(chunks.chunks).toEqual([{ id: "0", name: "Delivery (1)", content: "Delivery takes three working days." }]);
      const next = await call<{ chunks: { id: string }[]; next_cursor?: string }>(`/v1/convai/knowledge-base/${id}/chunks?page_size=1&cursor=${chunks.next_cursor}`);
      expect(next.chunks.map((c) => c.id)).toEqual(["1"]);
      expect(await call(`/v1/convai/knowledge-base/${id}/chunk/1`)).toMatchObject({ content: "Delivery is free above fifty euros." });
      await call(`/v1/convai/knowledge-base/${id}/chunk/9`, {}, 404);

      const indexes = await call<{ indexes: { id: string; status: string; document_model_index_usage: { used_bytes: number } }[] }>(`/v1/convai/knowledge-base/${id}/rag-index`);
      expect(indexes.indexes).toEqual([expect.objectContaining({ id: "lexical", model: "parlance_lexical_bm25", status: "succeeded", progress_percentage: 100 })]);
      const overview = await call<{ total_used_bytes: number; total_max_bytes: number }>("/v1/convai/knowledge-base/rag-index");
      expect(overview.total_used_bytes).toBeGreaterThanOrEqual(indexes.indexes[0]!.document_model_index_usage.used_bytes);

      const agentId = await newAgent({ agent: { first_message: "", prompt: { knowledge_base: [{ type: "text", id, name: "Delivery" }] } } });
      const simulate = () =>
        call<{ simulated_conversation: { role: string; message: string }[] }>(`/v1/convai/agents/${agentId}/simulate-conversation`, {
          method: "POST",
          json: { simulation_specification: { simulated_user_config: { prompt: { prompt: "How long does delivery take?" } } } },
        });
      expect((await simulate()).simulated_conversation.at(-1)!.message).toBe("Delivery takes three working days.");
      await call(`/v1/convai/knowledge-base/${id}/rag-index/lexical`, { method: "DELETE" });
      expect((await call<{ indexes: unknown[] }>(`/v1/convai/knowledge-base/${id}/rag-index`)).indexes).toEqual([]);
      expect((await simulate()).simulated_conversation.at(-1)!.message).toBe(RESPONDER_TEXTS.unknown);
      await call(`/v1/convai/knowledge-base/${id}/rag-index/lexical`, { method: "DELETE" }, 404);
      expect(await call(`/v1/convai/knowledge-base/${id}/rag-index`, { method: "POST", json: { model: "e5_mistral_7b_instruct" } })).toMatchObject({ status: "succeeded" });
      const batch = await call<Record<string, { status: string }>>("/v1/convai/knowledge-base/rag-index", { method: "POST", json: { items: [{ document_id: id, create_if_missing: true, model: "e5_mistral_7b_instruct" }, { document_id: "doc_missing", create_if_missing: true, model: "e5_mistral_7b_instruct" }] } });
      expect(batch).toMatchObject({ [id]: { status: "success" }, doc_missing: { status: "failure", error_code: 404 } });

      const found = await call<{ results: { document: { id: string }; search_snippet: { value: string; is_hit: boolean }[]; score: number }[] }>("/v1/convai/knowledge-base/search?query=free%20delivery");
      expect(found.results[0]!.document.id).toBe(id);
      expect(found.results[0]!.search_snippet.filter((s) => s.is_hit).map((s) => s.value)).toEqual(["Delivery", "free"]);
      expect((await api("/v1/convai/knowledge-base/search?query=delivery", { key: otherKey }).then((r) => r.json() as Promise<{ results: unknown[] }>)).results).toEqual([]);

      const summaries = await call<Record<string, { status: string; data?: { name: string } }>>(`/v1/convai/knowledge-base/summaries?document_ids=${id}&document_ids=doc_missing`);
      expect(summaries).toMatchObject({ [id]: { status: "success", data: { name: "Delivery" } }, doc_missing: { status: "failure" } });
      const deleted = await call<Record<string, { status: string }>>("/v1/convai/knowledge-base/bulk-delete", { method: "POST", json: { document_ids: [id], force: true } });
      expect(deleted).toEqual({ [id]: { status: "success", data: { id } } });
    });

    it("crawls a site into a folder (same origin only, each page once) and keeps another workspace out", async () => {
      const started = await call<{ id: string; root_folder_id: string; status: string }>("/v1/convai/knowledge-base/crawl", { method: "POST", json: { url: "https://docs.example/", max_pages: 5 } });
      let crawl: Json = {};
      for (let i = 0; i < 100 && !["succeeded", "failed"].includes(String(crawl.status)); i++) {
        crawl = await call(`/v1/convai/knowledge-base/crawl/${started.id}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(crawl).toMatchObject({ status: "succeeded", pages_scraped: 3, seed_url: "https://docs.example/", root_folder_id: started.root_folder_id });
      const pages = await call<{ documents: { name: string; type: string }[] }>(`/v1/convai/knowledge-base?parent_folder_id=${started.root_folder_id}`);
      expect(pages.documents.map((d) => d.name).sort()).toEqual(["Care", "Docs", "Returns"]);
      expect((await call<{ crawl_jobs: { id: string }[] }>("/v1/convai/knowledge-base/crawl")).crawl_jobs.map((j) => j.id)).toContain(started.id);
      expect(await call(`/v1/convai/knowledge-base/crawl/${started.id}/cancel`, { method: "POST" })).toMatchObject({ status: "succeeded" });
      expect((await api(`/v1/convai/knowledge-base/crawl/${started.id}`, { key: otherKey })).status).toBe(404);
      expect((await api(`/v1/convai/knowledge-base/${started.root_folder_id}`, { key: otherKey })).status).toBe(404);
    });
  });

  const weather = { type: "webhook", name: "weather", description: "The forecast for a city", api_schema: { url: "http://tools.test/weather", method: "GET", query_params_schema: { properties: { city: { type: "string" } } } } };
  const modelAgent = (toolIds: string[], extra: Json = {}) => newAgent({ agent: { first_message: "", prompt: { prompt: "You help.", llm: "llama3.2", tool_ids: toolIds } } }, extra);

  describe("tools of the workspace (/v1/convai/tools)", () => {
    it("keeps a tool agents reference by id, runs it in conversations, records its calls and guards what uses it", async () => {
      const tool = await call<{ id: string; tool_config: { name: string }; usage_stats: { total_calls: number } }>("/v1/convai/tools", { method: "POST", json: { tool_config: weather } });
      expect(tool).toMatchObject({ tool_config: { name: "weather", type: "webhook" }, usage_stats: { total_calls: 0, avg_latency_secs: 0 }, access_info: { is_creator: true } });
      expect((await api("/v1/convai/tools", { method: "POST", key, json: { tool_config: { ...weather, api_schema: { url: "http://127.0.0.1/x" } } } })).status).toBe(422);
      expect((await api("/v1/convai/tools", { method: "POST", key, json: { tool_config: { type: "mcp", name: "x" } } })).status).toBe(422);
      expect((await api("/v1/convai/agents/create", { method: "POST", key, json: { conversation_config: { agent: { prompt: { tool_ids: ["tool_nope"] } } } } })).status).toBe(400);

      const agentId = await modelAgent([tool.id]);
      const live = await connect(`/v1/convai/conversation?agent_id=${agentId}`, { "xi-api-key": key });
      live.send({ type: "conversation_initiation_client_data", conversation_config_override: { conversation: { text_only: true } } });
      const metadata = await live.until((m) => m.type === "conversation_initiation_metadata");
      const conversationId = (metadata.conversation_initiation_metadata_event as { conversation_id: string }).conversation_id;
      live.send({ type: "user_message", text: "weather city=Oslo" });
      const said = (m: Message) => (m.type === "agent_response" ? (m.agent_response_event as { agent_response: string }).agent_response : null);
      expect(said(await live.until((m) => said(m) !== null))).toBe('The weather tool answered: {"forecast":"sunny in Oslo"}');
      live.socket.close(1000, "bye");
      await savedConversation(conversationId, key);

      let executions: { executions: Json[] } = { executions: [] };
      for (let i = 0; i < 50 && !executions.executions.length; i++) executions = await call(`/v1/convai/tools/${tool.id}/executions`);
      expect(executions.executions).toEqual([expect.objectContaining({ tool_id: tool.id, conversation_id: conversationId, agent_id: agentId, is_error: false, request_payload: '{"city":"Oslo"}', response_payload: '{"forecast":"sunny in Oslo"}' })]);
      expect((await call<{ executions: unknown[] }>(`/v1/convai/tools/${tool.id}/executions?is_error=true`)).executions).toEqual([]);
      expect((await call<{ usage_stats: { total_calls: number } }>(`/v1/convai/tools/${tool.id}`)).usage_stats.total_calls).toBe(1);
      expect((await call<{ tools: { id: string }[] }>(`/v1/convai/tools?used_by_agent_id=${agentId}`)).tools.map((t) => t.id)).toEqual([tool.id]);
      expect((await call<{ agents: { id: string }[] }>(`/v1/convai/tools/${tool.id}/dependent-agents`)).agents.map((a) => a.id)).toEqual([agentId]);

      const patched = await call<{ tool_config: { description: string } }>(`/v1/convai/tools/${tool.id}`, { method: "PATCH", json: { tool_config: { ...weather, description: "Weather by city" } } });
      expect(patched.tool_config.description).toBe("Weather by city");
      expect((await api(`/v1/convai/tools/${tool.id}`, { key: otherKey })).status).toBe(404);
      await call(`/v1/convai/tools/${tool.id}`, { method: "DELETE" }, 400);
      await call(`/v1/convai/tools/${tool.id}?force=true`, { method: "DELETE" });
      const agent = await call<{ conversation_config: { agent: { prompt: { tool_ids: string[] } } } }>(`/v1/convai/agents/${agentId}`);
      expect(agent.conversation_config.agent.prompt.tool_ids).toEqual([]);
    }, 30_000);

    it("will not delete a secret a workspace tool's header names", async () => {
      const secret = await call<{ secret_id: string }>("/v1/convai/secrets", { method: "POST", json: { name: "Balance token", value: "Bearer tool-secret-1" } });
      const balance = { type: "webhook", name: "balance", description: "Balance", api_schema: { url: "http://tools.test/balance", method: "GET", request_headers: { authorization: { secret_id: secret.secret_id } } } };
      const tool = await call<{ id: string }>("/v1/convai/tools", { method: "POST", json: { tool_config: balance } });
      expect((await call<{ used_by: { tools: { id: string }[] } }>(`/v1/convai/secrets/${secret.secret_id}`)).used_by.tools.map((t) => t.id)).toEqual([tool.id]);
      expect((await call<{ dependencies: { id: string }[] }>(`/v1/convai/secrets/${secret.secret_id}/dependencies/tools`)).dependencies.map((t) => t.id)).toEqual([tool.id]);
      expect((await call<{ dependencies: unknown[] }>(`/v1/convai/secrets/${secret.secret_id}/dependencies/agents`)).dependencies).toEqual([]);
      await call(`/v1/convai/secrets/${secret.secret_id}`, { method: "DELETE" }, 400);
      expect(JSON.stringify(await call(`/v1/convai/tools/${tool.id}`))).not.toContain("tool-secret-1");
    });
  });

  describe("simulated conversations and agent tests", () => {
    it("simulates a conversation with a scripted user, mocking a tool, and analyses it with extra criteria", async () => {
      const agentId = await newAgent({ agent: { first_message: "Hello!", prompt: { prompt: "You help.", llm: "llama3.2", tools: [weather] } } });
      const simulated = await call<{ simulated_conversation: { role: string; message: string; tool_calls?: { tool_name: string }[]; tool_results?: { result_value: string }[] }[]; analysis: { call_successful: string; evaluation_criteria_results: Json } }>(
        `/v1/convai/agents/${agentId}/simulate-conversation`,
        {
          method: "POST",
          json: {
            simulation_specification: { simulated_user_config: { first_message: "Hi there.", prompt: { prompt: "weather city=Rome" } }, tool_mock_config: { weather: { default_return_value: "rain all week" } } },
            extra_evaluation_criteria: [{ id: "weather", name: "Weather", conversation_goal_prompt: "Tell the weather", type: "prompt" }],
            new_turns_limit: 5,
          },
        },
      );
      const transcript = simulated.simulated_conversation;
      expect(transcript.map((t) => [t.role, t.message])).toEqual([
        ["agent", "Hello!"],
        ["user", "Hi there."],
        ["agent", "You said: Hi there."],
        ["user", "weather city=Rome"],
        ["agent", "The weather tool answered: rain all week"],
      ]);
      expect(transcript[4]).toMatchObject({ tool_calls: [{ tool_name: "weather", params_as_json: '{"city":"Rome"}' }], tool_results: [{ result_value: "rain all week", is_error: false }] });
      expect(simulated.analysis.evaluation_criteria_results).toHaveProperty("weather");

      const streamed = await api(`/v1/convai/agents/${agentId}/simulate-conversation/stream`, { method: "POST", key, json: { simulation_specification: { simulated_user_config: { prompt: { prompt: "Hi." } } }, new_turns_limit: 1 } });
      expect(streamed.headers.get("content-type")).toBe("application/x-ndjson");
      const lines = (await streamed.text()).trim().split("\n").map((l) => JSON.parse(l) as unknown);
      expect(lines.slice(0, 3)).toEqual([[expect.objectContaining({ role: "agent", message: "Hello!" })], [expect.objectContaining({ role: "user", message: "Hi." })], [expect.objectContaining({ message: "You said: Hi." })]]);
      expect(lines.at(-1)).toMatchObject({ simulated_conversation: expect.any(Array), analysis: { call_successful: expect.any(String) } });
      expect((await api(`/v1/convai/agents/${agentId}/simulate-conversation`, { method: "POST", key: otherKey, json: { simulation_specification: { simulated_user_config: {} } } })).status).toBe(404);
    });

    it("keeps tests in folders and runs response, tool-call and simulation tests against the agent, judged by rules", async () => {
      const shop = await textDocument("Delivery takes three working days. Delivery is free above fifty euros.", "Shop");
      const retrievalAgent = await newAgent({ agent: { first_message: "Hello!", prompt: { knowledge_base: [{ type: "text", id: shop, name: "Shop" }] } } });
      const folder = await call<{ id: string; name: string }>("/v1/convai/agent-testing/folders", { method: "POST", json: { name: "Delivery" } });
      const responseTest = await call<{ id: string }>("/v1/convai/agent-testing/create", {
        method: "POST",
        json: { type: "llm", name: "Delivery time", parent_folder_id: folder.id, chat_history: [{ role: "user", message: "How long does delivery take?", time_in_call_secs: 0 }], success_condition: "The agent says how long delivery takes", success_examples: [{ response: "Delivery takes three working days.", type: "success" }], failure_examples: [{ response: "I don't know.", type: "failure" }] },
      });
      const wrongTest = await call<{ id: string }>("/v1/convai/agent-testing/create", {
        method: "POST",
        json: { type: "llm", name: "Opening hours", parent_folder_id: folder.id, chat_history: [{ role: "user", message: "When do you open on Sundays?", time_in_call_secs: 0 }], success_examples: [{ response: "We open at ten on Sundays.", type: "success" }] },
      });
      const simulationTest = await call<{ id: string }>("/v1/convai/agent-testing/create", { method: "POST", json: { type: "simulation", name: "Free delivery", simulation_scenario: "Is delivery free above fifty euros?", success_conditions: ["Delivery is free above fifty euros"], simulation_max_turns: 2 } });
      expect(await call(`/v1/convai/agent-testing/${responseTest.id}`)).toMatchObject({ type: "llm", name: "Delivery time", parent_folder_id: folder.id, success_condition: "The agent says how long delivery takes" });
      expect(await call(`/v1/convai/agent-testing/folders/${folder.id}`)).toEqual({ id: folder.id, name: "Delivery", folder_path: [{ id: folder.id, name: "Delivery" }], children_count: 2 });
      const listed = await call<{ tests: { id: string; entity_type: string }[] }>(`/v1/convai/agent-testing?parent_folder_id=${folder.id}`);
      expect(listed.tests.map((t) => t.id).sort()).toEqual([responseTest.id, wrongTest.id].sort());
      expect((await call<{ tests: Record<string, { name: string }> }>("/v1/convai/agent-testing/summaries", { method: "POST", json: { test_ids: [simulationTest.id] } })).tests[simulationTest.id]!.name).toBe("Free delivery");

      // A folder stands for every test in it.
      const started = await call<{ id: string; test_runs: { status: string }[] }>(`/v1/convai/agents/${retrievalAgent}/run-tests`, { method: "POST", json: { tests: [{ test_id: folder.id }, { test_id: simulationTest.id }] } });
      expect(started.test_runs.map((r) => r.status)).toEqual(["pending", "pending", "pending"]);
      const done = await settled(started.id);
      const verdicts = Object.fromEntries(done.test_runs.map((r) => [r.test_name, r.status]));
      expect(verdicts).toEqual({ "Delivery time": "passed", "Opening hours": "failed", "Free delivery": "passed" });
      const passed = done.test_runs.find((r) => r.test_name === "Delivery time")!;
      expect(passed.agent_responses).toEqual([expect.objectContaining({ role: "agent", message: "Delivery takes three working days." })]);
      expect(passed.condition_result).toMatchObject({ result: "success" });
      const summary = (await call<{ results: Json[] }>(`/v1/convai/test-invocations?agent_id=${retrievalAgent}`)).results[0];
      expect(summary).toMatchObject({ id: started.id, test_run_count: 3, passed_count: 2, failed_count: 1, pending_count: 0 });

      // The failed test passes once the knowledge answers it (resubmitted with an override of the agent's prompt).
      const failed = done.test_runs.find((r) => r.status === "failed")!;
      await call(`/v1/convai/test-invocations/${started.id}/resubmit`, { method: "POST", json: { test_run_ids: [failed.test_run_id], agent_id: retrievalAgent, agent_config_override: { conversation_config: { agent: { prompt: { prompt: "We open at ten on Sundays." } } }, platform_settings: {} } } });
      expect((await settled(started.id)).test_runs.find((r) => r.test_run_id === failed.test_run_id)!.status).toBe("passed");

      // A tool-call test against an agent with a model: the weather tool with the city, exactly.
      const modelAgentId = await newAgent({ agent: { first_message: "", prompt: { prompt: "You help.", llm: "llama3.2", tools: [weather] } } });
      const toolTest = await call<{ id: string }>("/v1/convai/agent-testing/create", {
        method: "POST",
        json: { type: "tool", name: "Weather call", chat_history: [{ role: "user", message: "weather city=Oslo", time_in_call_secs: 0 }], tool_call_parameters: { referenced_tool: { id: "weather", type: "webhook" }, parameters: [{ path: "city", eval: { type: "exact", expected_value: "Oslo" } }] } },
      });
      const toolRun = await settled((await call<{ id: string }>(`/v1/convai/agents/${modelAgentId}/run-tests`, { method: "POST", json: { tests: [{ test_id: toolTest.id }] } })).id);
      expect(toolRun.test_runs[0]).toMatchObject({ status: "passed", agent_responses: [{ tool_calls: [{ tool_name: "weather", params_as_json: '{"city":"Oslo"}' }] }] });

      // A cancelled invocation leaves its pending runs cancelled (each of these waits a second for a tool that hangs).
      const slow = { type: "webhook", name: "stock_check", description: "Stock", response_timeout_secs: 1, api_schema: { url: "http://tools.test/slow", method: "GET" } };
      const slowAgent = await newAgent({ agent: { first_message: "", prompt: { prompt: "You help.", llm: "llama3.2", tools: [slow] } } });
      const slowTest = await call<{ id: string }>("/v1/convai/agent-testing/create", { method: "POST", json: { type: "simulation", name: "Stock", simulation_scenario: "stock_check", success_conditions: ["stock"], simulation_max_turns: 1 } });
      const cancelled = await call<{ id: string }>(`/v1/convai/agents/${slowAgent}/run-tests`, { method: "POST", json: { tests: [{ test_id: slowTest.id }], repeat_count: 3 } });
      await call(`/v1/convai/test-invocations/${cancelled.id}/cancel`, { method: "POST" });
      const afterCancel = await settled(cancelled.id);
      expect(afterCancel.cancelled).toBe(true);
      expect(afterCancel.test_runs.filter((r) => r.status === "cancelled").length).toBeGreaterThanOrEqual(2);
      // Moving and deleting tests and folders.
      await call("/v1/convai/agent-testing/bulk-move", { method: "POST", json: { entity_ids: [simulationTest.id], move_to: folder.id } });
      await call(`/v1/convai/agent-testing/folders/${folder.id}`, { method: "DELETE" }, 400);
      expect(await call(`/v1/convai/agent-testing/folders/${folder.id}`, { method: "PATCH", json: { name: "Shipping" } })).toMatchObject({ name: "Shipping", children_count: 3 });
      await call(`/v1/convai/agent-testing/folders/${folder.id}?force=true`, { method: "DELETE" });
      await call(`/v1/convai/agent-testing/${simulationTest.id}`, {}, 404);
      expect((await api(`/v1/convai/test-invocations/${started.id}`, { key: otherKey })).status).toBe(404);
    }, 60_000);
  });

  type Invocation = { cancelled: boolean; test_runs: { test_run_id: string; test_name: string; status: string; agent_responses: Json[]; condition_result?: Json }[] };
  async function settled(id: string): Promise<Invocation> {
    for (let i = 0; i < 200; i++) {
      const invocation = await call<Invocation>(`/v1/convai/test-invocations/${id}`);
      if (!invocation.test_runs.some((r) => r.status === "pending")) return invocation;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("the tests did not finish");
  }

  describe("settings, tags, feedback, the analysis run again, search and agent details", () => {
    it("tags conversations, takes feedback, runs the analysis again with new criteria, searches messages and sends ended conversations to the post-call webhook", async () => {
      const documentId = await textDocument("Delivery takes three working days.", "Delivery");
      const agentId = await newAgent({ agent: { first_message: "Hi!", prompt: { knowledge_base: [{ type: "text", id: documentId, name: "Delivery" }] } }, conversation: { text_only: true } });
      const settingsBefore = await call<{ can_use_mcp_servers: boolean }>("/v1/convai/settings");
      expect(settingsBefore.can_use_mcp_servers).toBe(true);

      const live = await connect(`/v1/convai/conversation?agent_id=${agentId}`, { "xi-api-key": key });
      live.send({ type: "conversation_initiation_client_data" });
      const metadata = await live.until((m) => m.type === "conversation_initiation_metadata");
      const conversationId = (metadata.conversation_initiation_metadata_event as { conversation_id: string }).conversation_id;
      expect((await call<{ count: number }>(`/v1/convai/analytics/live-count?agent_id=${agentId}`)).count).toBe(1);
      live.send({ type: "user_message", text: "How long does delivery take?" });
      await live.until((m) => m.type === "agent_response" && (m.agent_response_event as { agent_response: string }).agent_response.startsWith("Delivery"));
      live.socket.close(1000, "bye");
      await savedConversation(conversationId, key);
      expect((await call<{ count: number }>(`/v1/convai/analytics/live-count?agent_ids=${agentId}`)).count).toBe(0);

      const tag = await call<{ tag_id: string; title: string }>("/v1/convai/tags", { method: "POST", json: { title: "Delivery", description: "Questions about delivery" } });
      expect(await call(`/v1/convai/tags/${tag.tag_id}`, { method: "PATCH", json: { title: "Shipping" } })).toMatchObject({ title: "Shipping", description: "Questions about delivery" });
      await call(`/v1/convai/conversations/${conversationId}/tags`, { method: "POST", json: { tag_ids: [tag.tag_id] } });
      await call(`/v1/convai/conversations/${conversationId}/tags`, { method: "POST", json: { tag_ids: ["tag_nope"] } }, 404);
      expect((await call<{ conversations: { conversation_id: string }[] }>(`/v1/convai/conversations?tag_ids=${tag.tag_id}`)).conversations.map((c) => c.conversation_id)).toEqual([conversationId]);
      await call(`/v1/convai/conversations/${conversationId}/feedback`, { method: "POST", json: { feedback: "like" } });
      expect(await call(`/v1/convai/conversations/${conversationId}`)).toMatchObject({ tag_ids: [tag.tag_id], metadata: { feedback: { overall_score: "like", likes: 1, dislikes: 0 } } });
      await call(`/v1/convai/conversations/${conversationId}/tags/${tag.tag_id}`, { method: "DELETE" });
      expect((await call<{ conversation_tags: { tag_id: string }[] }>("/v1/convai/tags")).conversation_tags.map((t) => t.tag_id)).toContain(tag.tag_id);
      await call(`/v1/convai/tags/${tag.tag_id}`, { method: "DELETE" });
      await call(`/v1/convai/tags/${tag.tag_id}`, {}, 404);

      const summary = await call<{ messages: { role: string; message: string }[]; messages_omitted: boolean; note: string }>(`/v1/convai/conversations/${conversationId}/summary?max_messages=2`);
      expect(summary).toMatchObject({ message_count: 3, messages_omitted: true, messages: [{ role: "user", message: "How long does delivery take?" }, { role: "agent", message: "Delivery takes three working days." }] });

      // New criteria, judged over the saved transcript; then one of them alone.
      await call(`/v1/convai/agents/${agentId}`, { method: "PATCH", json: { platform_settings: { evaluation: { criteria: [{ id: "delivery", name: "Delivery", conversation_goal_prompt: "Explain how long delivery takes" }, { id: "refund", name: "Refund", conversation_goal_prompt: "Explain refunds" }] } } } });
      const analysed = await call<{ analysis: { call_successful: string; evaluation_criteria_results: Record<string, { result: string }> } }>(`/v1/convai/conversations/${conversationId}/analysis/run`, { method: "POST" });
      expect(analysed.analysis.evaluation_criteria_results).toMatchObject({ delivery: { result: "success" }, refund: { result: "failure" } });
      expect(analysed.analysis.call_successful).toBe("failure");
      await call(`/v1/convai/agents/${agentId}`, { method: "PATCH", json: { platform_settings: { evaluation: { criteria: [{ id: "delivery", name: "Delivery", conversation_goal_prompt: "Explain how long delivery takes" }, { id: "refund", name: "Refund", conversation_goal_prompt: "Explain how long delivery takes" }] } } } });
      const again = await call<{ analysis: { call_successful: string; evaluation_criteria_results: Record<string, { result: string }> } }>(`/v1/convai/conversations/${conversationId}/analysis/evaluations/run`, { method: "POST", json: { evaluation_id: "refund" } });
      expect(again.analysis).toMatchObject({ call_successful: "success", evaluation_criteria_results: { delivery: { result: "success" }, refund: { result: "success" } } });
      await call(`/v1/convai/conversations/${conversationId}/analysis/evaluations/run`, { method: "POST", json: { evaluation_id: "nope" } }, 404);

      const text = await call<{ results: { conversation_id: string; transcript_index: number; chunk_highlights: { value: string; is_hit: boolean }[] }[] }>("/v1/convai/conversations/messages/text-search?text_query=working%20days");
      expect(text.results).toEqual([expect.objectContaining({ conversation_id: conversationId, transcript_index: 2, chunk_highlights: [{ value: "Delivery takes three ", is_hit: false }, { value: "working days", is_hit: true }, { value: ".", is_hit: false }] })]);
      const ranked = await call<{ results: { transcript_index: number; score: number }[] }>(`/v1/convai/conversations/messages/smart-search?text_query=delivery%20days&agent_id=${agentId}`);
      expect(ranked.results[0]).toMatchObject({ transcript_index: 2 });
      expect((await api("/v1/convai/conversations/messages/text-search?text_query=working", { key: otherKey }).then((r) => r.json() as Promise<{ results: unknown[] }>)).results).toEqual([]);

      // The post-call webhook: named in the settings, it hears of the next conversation's end.
      const refused = await api("/v1/convai/settings", { method: "PATCH", key, json: { webhooks: { post_call_webhook_id: "wh_nope" } } });
      expect(refused.status).toBe(400);
      const webhook = await call<{ webhook_id: string }>("/v1/workspace/webhooks", { method: "POST", json: { settings: { auth_type: "hmac", name: "Calls", webhook_url: "https://hooks.example/calls", events: ["post_call_transcription"] } } });
      expect(await call("/v1/convai/settings", { method: "PATCH", json: { webhooks: { post_call_webhook_id: webhook.webhook_id } } })).toMatchObject({ webhooks: { post_call_webhook_id: webhook.webhook_id } });
      const second = await connect(`/v1/convai/conversation?agent_id=${agentId}`, { "xi-api-key": key });
      second.send({ type: "conversation_initiation_client_data" });
      const secondId = ((await second.until((m) => m.type === "conversation_initiation_metadata")).conversation_initiation_metadata_event as { conversation_id: string }).conversation_id;
      second.socket.close(1000, "bye");
      await savedConversation(secondId, key);
      let delivery: { payload: string } | null = null;
      for (let i = 0; i < 50 && !delivery; i++) {
        delivery = await env.DB.prepare("SELECT payload FROM webhook_deliveries WHERE webhook_id = ? AND event_type = 'post_call_transcription'").bind(webhook.webhook_id).first<{ payload: string }>();
        if (!delivery) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(delivery!.payload).toContain(secondId);

      const users = await call<{ users: { conversation_count: number; last_contact_conversation_id: string }[] }>(`/v1/convai/users?agent_id=${agentId}`);
      expect(users.users).toEqual([expect.objectContaining({ conversation_count: 2, last_contact_conversation_id: secondId })]);
      expect(await call("/v1/convai/settings/dashboard", { method: "PATCH", json: { charts: [{ name: "Success", type: "call_success" }] } })).toEqual({ charts: [{ name: "Success", type: "call_success" }] });
      expect(await call("/v1/convai/settings/dashboard")).toEqual({ charts: [{ name: "Success", type: "call_success" }] });
    }, 60_000);

    it("answers an agent's summaries, link, widget configuration, knowledge size, prices, models and versions", async () => {
      const documentId = await textDocument("x".repeat(4500), "Long");
      const agentId = await newAgent({ agent: { language: "de", first_message: "Hallo!", prompt: { knowledge_base: [{ type: "text", id: documentId, name: "Long" }] } } }, { platform_settings: { widget: { variant: "compact", action_text: "Frag mich" } } });
      expect(await call(`/v1/convai/agents/summaries?agent_ids=${agentId}&agent_ids=agent_nope`)).toMatchObject({ [agentId]: { status: "success", data: { agent_id: agentId, name: "Shop assistant" } }, agent_nope: { status: "failure", error_code: 404 } });
      const link = await call<{ token: { conversation_token: string; purpose: string } }>(`/v1/convai/agents/${agentId}/link`);
      expect(link.token.purpose).toBe("signed_url");
      const opened = await connect(`/v1/convai/conversation?agent_id=${agentId}&conversation_signature=${link.token.conversation_token}`, {});
      opened.send({ type: "conversation_initiation_client_data", conversation_config_override: { conversation: { text_only: true } } });
      await opened.until((m) => m.type === "conversation_initiation_metadata");
      opened.socket.close(1000, "bye");
      expect(await call(`/v1/convai/agents/${agentId}/widget`)).toEqual({ agent_id: agentId, widget_config: { variant: "compact", placement: "bottom-right", action_text: "Frag mich", language: "de", first_message: "Hallo!", text_only: false, supports_text_only: true } });
      expect(await call(`/v1/convai/agent/${agentId}/knowledge-base/size`)).toEqual({ number_of_pages: 3 });
      const prices = await call<{ llm_prices: { llm: string; price_per_minute: number }[] }>(`/v1/convai/agent/${agentId}/llm-usage/calculate`, { method: "POST", json: {} });
      expect(prices.llm_prices).toContainEqual({ llm: "parlance-retrieval-responder", price_per_minute: 600, price_per_message: 0, unit: "credits" });
      expect((await call<{ llm_prices: unknown[] }>("/v1/convai/llm-usage/calculate", { method: "POST", json: { prompt_length: 100, number_of_pages: 3, rag_enabled: true } })).llm_prices).toEqual(prices.llm_prices);
      const models = await call<{ llms: { llm: string; name: string }[] }>("/v1/convai/llm/list");
      expect(models.llms).toContainEqual(expect.objectContaining({ llm: "parlance-retrieval-responder", name: "Retrieval responder (not a language model)" }));
      expect(models.llms.map((m) => m.llm)).toContain("llama3.2");

      const first = await call<{ version_id: string }>(`/v1/convai/agents/${agentId}`);
      await call(`/v1/convai/agents/${agentId}`, { method: "PATCH", json: { name: "Renamed", version_description: "A new name" } });
      const latest = await call<{ version_id: string; name: string }>(`/v1/convai/agents/${agentId}`);
      expect(latest.version_id).not.toBe(first.version_id);
      expect(await call(`/v1/convai/agents/${agentId}/versions/${latest.version_id}`)).toMatchObject({ agent_id: agentId, version_description: "A new name", seq_no_in_branch: 2 });
      expect(await call(`/v1/convai/agents/${agentId}?version_id=${first.version_id}`)).toMatchObject({ name: "Shop assistant", version_id: first.version_id });
      await call(`/v1/convai/agents/${agentId}/versions/agtvrsn_nope`, {}, 404);
      expect((await api(`/v1/convai/agents/${agentId}/link`, { key: otherKey })).status).toBe(404);
    });
  });

  describe("the knowledge-base page (/app/conversational-ai/knowledge-base)", () => {
    const PAGE = "/app/conversational-ai/knowledge-base";
    let cookie: string;
    let pageKey: string;
    type Result = { intent: string; error?: string; errors?: Record<string, string>; added?: string; attached?: string; inUse?: { id: string; message: string } };
    const post = async (fields: Record<string, string>) => {
      const sent = await fetcherPost(PAGE, fields, cookie);
      return { status: sent.status, result: sent.data as Result };
    };
    const listed = async () => ((await (await api("/v1/convai/knowledge-base?page_size=100", { key: pageKey })).json()) as { documents: { id: string; name: string; type: string }[] }).documents;

    beforeAll(async () => {
      cookie = await signUp("kb-page@example.com");
      pageKey = await createKey(cookie);
    });

    it("adds a text, a web page and a file; lists them with the agents that use them; refuses bad input", async () => {
      expect(await post({ intent: "text", name: "Hours", text: "The shop opens at nine." })).toMatchObject({ status: 200, result: { added: "Hours" } });
      expect(await post({ intent: "url", name: "", url: "https://docs.example/returns" })).toMatchObject({ status: 200, result: { added: "Returns" } });
      const upload = new FormData();
      upload.append("intent", "file");
      upload.append("name", "");
      upload.append("file", new File(["Delivery takes two days."], "delivery.txt", { type: "text/plain" }));
      const uploaded = await SELF.fetch(`${ORIGIN}${PAGE}.data`, { method: "POST", body: upload, headers: { cookie, origin: ORIGIN, host: new URL(ORIGIN).host } });
      expect(uploaded.status).toBe(200);
      expect((await listed()).map((d) => [d.name, d.type])).toEqual([
        ["delivery.txt", "file"],
        ["Returns", "url"],
        ["Hours", "text"],
      ]);
      expect(await post({ intent: "text", name: "", text: "   " })).toMatchObject({ status: 400, result: { errors: { text: KNOWLEDGE_PAGE_TEXTS.textMissing } } });
      expect(await post({ intent: "url", name: "", url: "ftp://docs.example/" })).toMatchObject({ status: 400, result: { errors: { url: KNOWLEDGE_PAGE_TEXTS.urlInvalid } } });
      expect(await post({ intent: "file", name: "x" })).toMatchObject({ status: 400, result: { errors: { file: KNOWLEDGE_PAGE_TEXTS.fileMissing } } });
      const notAForm = await SELF.fetch(`${ORIGIN}${PAGE}`, { method: "POST", body: "{}", headers: { cookie, origin: ORIGIN, host: new URL(ORIGIN).host, "content-type": "application/json" } });
      expect(notAForm.status).toBe(400);
      const html = await (await SELF.fetch(`${ORIGIN}${PAGE}`, { headers: { cookie } })).text();
      expect(html.match(/data-testid="knowledge-document-row"/g)).toHaveLength(3);
      const searched = await (await SELF.fetch(`${ORIGIN}${PAGE}?q=hour`, { headers: { cookie } })).text();
      expect(searched.match(/data-testid="knowledge-document-row"/g)).toHaveLength(1);
    });

    it("gives a document to an agent once, and deletes one in use only when asked to remove it from its agents", async () => {
      const agentId = ((await (await api("/v1/convai/agents/create", { method: "POST", key: pageKey, json: { name: "Shop", conversation_config: {} } })).json()) as { agent_id: string }).agent_id;
      const hours = (await listed()).find((d) => d.name === "Hours")!;
      expect(await post({ intent: "attach", document_id: hours.id, agent_id: agentId })).toMatchObject({ status: 200, result: { attached: "Hours" } });
      expect(await post({ intent: "attach", document_id: hours.id, agent_id: agentId })).toMatchObject({ status: 409, result: { error: KNOWLEDGE_PAGE_TEXTS.alreadyUsed } });
      const agent = (await (await api(`/v1/convai/agents/${agentId}`, { key: pageKey })).json()) as { conversation_config: { agent: { prompt: { knowledge_base: { id: string }[] } } } };
      expect(agent.conversation_config.agent.prompt.knowledge_base.map((k) => k.id)).toEqual([hours.id]);
      expect((await (await SELF.fetch(`${ORIGIN}${PAGE}`, { headers: { cookie } })).text())).toContain(`/app/conversational-ai/agents/${agentId}`);

      const refused = await post({ intent: "delete", document_id: hours.id });
      expect(refused.status).toBe(409);
      expect(refused.result.inUse).toMatchObject({ id: hours.id, message: expect.stringContaining("Shop") });
      expect((await listed()).some((d) => d.id === hours.id)).toBe(true);
      expect(await post({ intent: "delete", document_id: hours.id, force: "true" })).toMatchObject({ status: 200 });
      expect((await listed()).some((d) => d.id === hours.id)).toBe(false);
      const after = (await (await api(`/v1/convai/agents/${agentId}`, { key: pageKey })).json()) as typeof agent;
      expect(after.conversation_config.agent.prompt.knowledge_base).toEqual([]);
    });

    it("never reaches another workspace's documents or agents", async () => {
      const theirs = ((await (await api("/v1/convai/knowledge-base/text", { method: "POST", key: otherKey, json: { text: "Secret plans.", name: "Theirs" } })).json()) as { id: string }).id;
      const theirAgent = ((await (await api("/v1/convai/agents/create", { method: "POST", key: otherKey, json: { conversation_config: {} } })).json()) as { agent_id: string }).agent_id;
      const mine = (await listed())[0]!;
      expect((await post({ intent: "delete", document_id: theirs, force: "true" })).status).toBe(404);
      expect((await post({ intent: "attach", document_id: theirs, agent_id: theirAgent })).status).toBe(404);
      expect((await post({ intent: "attach", document_id: mine.id, agent_id: theirAgent })).status).toBe(404);
      expect((await api(`/v1/convai/knowledge-base/${theirs}`, { key: otherKey })).status).toBe(200);
      expect(await (await SELF.fetch(`${ORIGIN}${PAGE}`, { headers: { cookie } })).text()).not.toContain("Theirs");
    });
  });

  describe("the tools page (/app/conversational-ai/tools)", () => {
    const PAGE = "/app/conversational-ai/tools";
    let cookie: string;
    let pageKey: string;
    type Result = { intent: string; error?: string; errors?: Record<string, string>; created?: string; updated?: string; deleted?: boolean; inUse?: { id: string; message: string } };
    const post = async (fields: Record<string, string>) => {
      const sent = await fetcherPost(PAGE, fields, cookie);
      return { status: sent.status, result: sent.data as Result };
    };
    type Tool = { id: string; tool_config: { name: string; description: string; type: string; api_schema: { url: string; method: string; request_body_schema?: unknown } } };
    const listed = async () => ((await (await api("/v1/convai/tools?page_size=100", { key: pageKey })).json()) as { tools: Tool[] }).tools;
    const page = (query = "") => SELF.fetch(`${ORIGIN}${PAGE}${query}`, { headers: { cookie } });

    beforeAll(async () => {
      cookie = await signUp("tools-page@example.com");
      pageKey = await createKey(cookie);
    });

    it("creates a webhook tool with the API's rules, lists and searches it, and edits only what the form shows", async () => {
      expect(await (await page()).text()).toContain(TOOLS_PAGE_TEXTS.empty);
      expect(await post({ intent: "create", name: "check_order", description: "Looks up an order", url: "https://shop.example/orders", method: "POST" })).toMatchObject({ status: 200, result: { created: "check_order" } });
      expect(await post({ intent: "create", name: "", description: "", url: "ftp://x", method: "GET" })).toMatchObject({ status: 400, result: { errors: { name: TOOLS_PAGE_TEXTS.nameMissing, url: TOOLS_PAGE_TEXTS.urlInvalid } } });
      // The API's own refusals: a name the model cannot call, an address inside the network (decision 0053).
      expect(await post({ intent: "create", name: "check order", description: "", url: "https://shop.example/x", method: "GET" })).toMatchObject({ status: 422, result: { error: WORKSPACE_TOOL_TEXTS.badName } });
      expect((await post({ intent: "create", name: "local", description: "", url: "http://127.0.0.1/x", method: "GET" })).status).toBe(422);
      const [tool] = await listed();
      expect(tool!.tool_config).toMatchObject({ type: "webhook", name: "check_order", description: "Looks up an order", api_schema: { url: "https://shop.example/orders", method: "POST" } });
      // Parameters set through the API survive an edit from the page.
      const schema = { type: "object", properties: { order: { type: "string" } } };
      await api(`/v1/convai/tools/${tool!.id}`, { method: "PATCH", key: pageKey, json: { tool_config: { ...tool!.tool_config, api_schema: { ...tool!.tool_config.api_schema, request_body_schema: schema } } } });
      expect(await post({ intent: "update", tool_id: tool!.id, name: "find_order", description: "Finds an order", url: "https://shop.example/find", method: "GET" })).toMatchObject({ status: 200, result: { updated: "find_order" } });
      expect((await listed())[0]!.tool_config).toMatchObject({ name: "find_order", api_schema: { url: "https://shop.example/find", method: "GET", request_body_schema: schema } });
      expect((await post({ intent: "update", tool_id: tool!.id, name: "", description: "", url: "https://shop.example/find", method: "GET" })).status).toBe(400);
      const html = await (await page()).text();
      expect(html.match(/data-testid="tool-row"/g)).toHaveLength(1);
      expect(html).toContain("Finds an order");
      expect(await (await page("?q=nothing")).text()).toContain(TOOLS_PAGE_TEXTS.noMatch);
      expect(await (await page(`?edit=${tool!.id}`)).text()).toContain('data-testid="edit-tool-dialog"');
      const notAForm = await SELF.fetch(`${ORIGIN}${PAGE}`, { method: "POST", body: "{}", headers: { cookie, origin: ORIGIN, host: new URL(ORIGIN).host, "content-type": "application/json" } });
      expect(notAForm.status).toBe(400);
    });

    it("edits a tool's headers: typed values and the workspace's secrets by name; bad rows refused, nothing else changed", async () => {
      expect((await post({ intent: "create", name: "headers_tool", description: "", url: "https://shop.example/h", method: "GET" })).status).toBe(200);
      const tool = (await listed()).find((t) => t.tool_config.name === "headers_tool")!;
      const secret = (await (await api("/v1/convai/secrets", { method: "POST", json: { type: "new", name: "Shop key", value: "never-shown-1" }, key: pageKey })).json()) as { secret_id: string };
      const theirs = (await (await api("/v1/convai/secrets", { method: "POST", json: { type: "new", name: "Theirs", value: "x" }, key: await createKey(await signUp("tools-page-other@example.com")) })).json()) as { secret_id: string };
      const fields = { intent: "update", tool_id: tool.id, name: "headers_tool", description: "", url: "https://shop.example/h", method: "GET" };
      const saved = await post({ ...fields, header_name_0: "x-api-key", header_secret_0: secret.secret_id, header_value_0: "", header_name_1: "Accept", header_secret_1: "typed", header_value_1: " application/json ", header_name_2: "", header_secret_2: "typed", header_value_2: "" });
      expect(saved).toMatchObject({ status: 200, result: { updated: "headers_tool" } });
      const headersOf = async () => ((await listed()).find((t) => t.id === tool.id)!.tool_config.api_schema as { request_headers?: unknown }).request_headers;
      expect(await headersOf()).toEqual({ "x-api-key": { secret_id: secret.secret_id }, Accept: "application/json" });
      // The dialog shows them again: the secret by its name, never its value.
      const html = await (await page(`?edit=${tool.id}`)).text();
      expect(html).toContain('value="x-api-key"');
      expect(html).toContain("Secret: Shop key");
      expect(html).not.toContain("never-shown-1");
      // Refused, and nothing changed: a bad name, the same name twice (any case), a typed header without a value,
      // a value on two lines, another workspace's secret.
      const refused = async (row: Record<string, string>, status = 400) => expect((await post({ ...fields, ...row })).status).toBe(status);
      await refused({ header_name_0: "x api key", header_secret_0: "typed", header_value_0: "v" });
      await refused({ header_name_0: "Accept", header_secret_0: "typed", header_value_0: "a", header_name_1: "accept", header_secret_1: "typed", header_value_1: "b" });
      await refused({ header_name_0: "Accept", header_secret_0: "typed", header_value_0: "  " });
      await refused({ header_name_0: "Accept", header_secret_0: "typed", header_value_0: "a\r\nx-injected: 1" });
      expect((await post({ ...fields, header_name_0: "x-api-key", header_secret_0: theirs.secret_id, header_value_0: "" })).status).toBeGreaterThanOrEqual(400);
      expect(await headersOf()).toEqual({ "x-api-key": { secret_id: secret.secret_id }, Accept: "application/json" });

      // Parameter schemas: JSON typed in the dialog is stored; an empty box removes one; a post without the box keeps it.
      const apiOf = async () => (await listed()).find((t) => t.id === tool.id)!.tool_config.api_schema as { query_params_schema?: unknown; request_body_schema?: unknown };
      const body = { type: "object", properties: { order: { type: "string", description: "The order number" } }, required: ["order"] };
      const withHeaders = { ...fields, header_name_0: "Accept", header_secret_0: "typed", header_value_0: "application/json" };
      expect((await post({ ...withHeaders, body_schema: JSON.stringify(body), query_schema: '{"properties": {"page": {"type": "integer"}}}' })).status).toBe(200);
      expect(await apiOf()).toMatchObject({ request_body_schema: body, query_params_schema: { properties: { page: { type: "integer" } } } });
      expect(await (await page(`?edit=${tool.id}`)).text()).toContain("The order number");
      expect((await post({ ...withHeaders, query_schema: "" })).status).toBe(200);
      expect(await apiOf()).toMatchObject({ request_body_schema: body });
      expect((await apiOf()).query_params_schema).toBeUndefined();
      expect(await post({ ...withHeaders, body_schema: "{order: string}" })).toMatchObject({ status: 400, result: { errors: { body_schema: TOOLS_PAGE_TEXTS.schemaNotJson("body parameters") } } });
      expect(await post({ ...withHeaders, body_schema: "[1, 2]" })).toMatchObject({ status: 400, result: { errors: { body_schema: TOOLS_PAGE_TEXTS.schemaNotObject("body parameters") } } });
      expect((await apiOf()).request_body_schema).toEqual(body);
      // Gone again, so the tests after this one find the workspace's tools as they left them.
      expect((await api(`/v1/convai/tools/${tool.id}`, { method: "DELETE", key: pageKey })).status).toBe(200);
    });

    it("shows a tool's recorded calls, and deletes one agents use only when asked to take it from them", async () => {
      const tool = (await listed())[0]!;
      const agentId = ((await (await api("/v1/convai/agents/create", { method: "POST", key: pageKey, json: { name: "Order desk", conversation_config: { agent: { prompt: { tool_ids: [tool.id] } } } } })).json()) as { agent_id: string }).agent_id;
      const workspace = await env.DB.prepare("SELECT workspace_id FROM agents WHERE id = ?").bind(agentId).first<{ workspace_id: string }>();
      await env.DB.prepare("INSERT INTO agent_tool_calls (id, workspace_id, tool_id, request_id, conversation_id, agent_id, called_at, latency_ms, is_error, request_payload, response_payload) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        .bind("toolcall_page1", workspace!.workspace_id, tool.id, "call_1", "conv_page1", agentId, Date.now(), 420, 1, '{"order":"A-17"}', "The shop answered 503.")
        .run();
      const html = await (await page()).text();
      expect(html).toContain("1 agent: ");
      expect(html).toContain(`/app/conversational-ai/agents/${agentId}`);
      const opened = await (await page(`?tool=${tool.id}`)).text();
      expect(opened).toContain('data-testid="tool-calls-dialog"');
      expect(opened).toContain("A-17");
      expect(opened).toContain("The shop answered 503.");
      expect(opened).toContain("0.42 s");

      const refused = await post({ intent: "delete", tool_id: tool.id });
      expect(refused.status).toBe(409);
      expect(refused.result.inUse).toMatchObject({ id: tool.id, message: expect.stringContaining("Order desk") });
      expect(await post({ intent: "delete", tool_id: tool.id, force: "true" })).toMatchObject({ status: 200, result: { deleted: true } });
      expect(await listed()).toEqual([]);
      const agent = (await (await api(`/v1/convai/agents/${agentId}`, { key: pageKey })).json()) as { conversation_config: { agent: { prompt: { tool_ids: string[] } } } };
      expect(agent.conversation_config.agent.prompt.tool_ids).toEqual([]);
      expect((await post({ intent: "delete", tool_id: "" })).status).toBe(404);
    });

    it("never reaches another workspace's tools", async () => {
      const theirs = ((await (await api("/v1/convai/tools", { method: "POST", key: otherKey, json: { tool_config: { type: "webhook", name: "their_tool", description: "", api_schema: { url: "https://their.example/x" } } } })).json()) as { id: string }).id;
      expect((await page(`?tool=${theirs}`)).status).toBe(404);
      expect((await page(`?edit=${theirs}`)).status).toBe(404);
      expect((await post({ intent: "update", tool_id: theirs, name: "mine_now", description: "", url: "https://shop.example/x", method: "GET" })).status).toBe(404);
      expect((await post({ intent: "delete", tool_id: theirs, force: "true" })).status).toBe(404);
      expect((await api(`/v1/convai/tools/${theirs}`, { key: otherKey })).status).toBe(200);
      expect(await (await page()).text()).not.toContain("their_tool");
    });
  });

  describe("the agent tests page (/app/conversational-ai/tests)", () => {
    const PAGE = "/app/conversational-ai/tests";
    let cookie: string;
    let pageKey: string;
    type Result = { intent: string; error?: string; errors?: Record<string, string>; created?: string; started?: boolean; deleted?: boolean };
    const post = async (fields: Record<string, string>) => {
      const sent = await fetcherPost(PAGE, fields, cookie);
      return { status: sent.status, result: sent.data as Result };
    };
    const listed = async () => ((await (await api("/v1/convai/agent-testing?page_size=100", { key: pageKey })).json()) as { tests: { id: string; name: string; type: string }[] }).tests;
    const page = (query = "") => SELF.fetch(`${ORIGIN}${PAGE}${query}`, { headers: { cookie } });

    beforeAll(async () => {
      cookie = await signUp("tests-page@example.com");
      pageKey = await createKey(cookie);
    });

    it("creates a response test as the API keeps it, runs it against an agent and shows the verdict with its reason, and deletes it", async () => {
      expect(await (await page()).text()).toContain(TESTS_PAGE_TEXTS.empty);
      const fields = { intent: "create", name: "Delivery time", message: "How long does delivery take?", success_condition: "Says how long delivery takes", success_example: "Delivery takes three working days.", failure_example: "I don't know." };
      expect(await post(fields)).toMatchObject({ status: 200, result: { created: "Delivery time" } });
      expect(await post({ intent: "create", name: "", message: " ", success_condition: "" })).toMatchObject({ status: 400, result: { errors: { name: TESTS_PAGE_TEXTS.nameMissing, message: TESTS_PAGE_TEXTS.messageMissing, success_condition: TESTS_PAGE_TEXTS.conditionMissing } } });
      const [test] = await listed();
      expect(test).toMatchObject({ name: "Delivery time", type: "llm" });
      expect(await (await api(`/v1/convai/agent-testing/${test!.id}`, { key: pageKey })).json()).toMatchObject({
        chat_history: [{ role: "user", message: "How long does delivery take?" }],
        success_condition: "Says how long delivery takes",
        success_examples: [{ response: "Delivery takes three working days.", type: "success" }],
        failure_examples: [{ response: "I don't know.", type: "failure" }],
      });
      expect(await (await page("?q=nothing")).text()).toContain(TESTS_PAGE_TEXTS.noMatch);

      const doc = ((await (await api("/v1/convai/knowledge-base/text", { method: "POST", key: pageKey, json: { text: "Delivery takes three working days. Delivery is free above fifty euros.", name: "Shop" } })).json()) as { id: string }).id;
      const agentId = ((await (await api("/v1/convai/agents/create", { method: "POST", key: pageKey, json: { name: "Shop helper", conversation_config: { agent: { first_message: "Hello!", prompt: { knowledge_base: [{ type: "text", id: doc, name: "Shop" }] } } } } })).json()) as { agent_id: string }).agent_id;
      expect((await post({ intent: "run", test_id: test!.id, agent_id: "" })).status).toBe(400);
      expect(await post({ intent: "run", test_id: test!.id, agent_id: agentId })).toMatchObject({ status: 200, result: { started: true } });
      let html = "";
      for (let i = 0; i < 50; i++) {
        html = await (await page()).text();
        if (!html.includes(TESTS_PAGE_TEXTS.running)) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(html).toMatch(/data-testid="test-run-status"[^>]*>Passed</);
      expect(html).toContain("against Shop helper");

      expect(await post({ intent: "delete", test_id: test!.id })).toMatchObject({ status: 200, result: { deleted: true } });
      expect(await listed()).toEqual([]);
      expect((await post({ intent: "delete", test_id: test!.id })).status).toBe(404);
    });

    it("never reaches another workspace's tests or agents", async () => {
      const theirTest = ((await (await api("/v1/convai/agent-testing/create", { method: "POST", key: otherKey, json: { type: "llm", name: "Their test", chat_history: [{ role: "user", message: "Hi" }] } })).json()) as { id: string }).id;
      const theirAgent = ((await (await api("/v1/convai/agents/create", { method: "POST", key: otherKey, json: { conversation_config: {} } })).json()) as { agent_id: string }).agent_id;
      expect(await post({ intent: "create", name: "Mine", message: "Hi", success_condition: "Greets" })).toMatchObject({ status: 200 });
      const mine = (await listed())[0]!;
      expect((await post({ intent: "run", test_id: mine.id, agent_id: theirAgent })).status).toBe(404);
      expect((await post({ intent: "run", test_id: theirTest, agent_id: theirAgent })).status).toBe(404);
      expect((await post({ intent: "delete", test_id: theirTest })).status).toBe(404);
      expect((await api(`/v1/convai/agent-testing/${theirTest}`, { key: otherKey })).status).toBe(200);
      expect(await (await page()).text()).not.toContain("Their test");
    });
  });

  describe("the agent settings page (/app/conversational-ai/settings)", () => {
    const PAGE = "/app/conversational-ai/settings";
    let cookie: string;
    let pageKey: string;
    type Result = { intent: string; error?: string; errors?: Record<string, string>; created?: string; replaced?: string; deleted?: boolean; saved?: boolean; inUse?: { id: string; message: string } };
    const post = async (fields: Record<string, string>, as = cookie) => {
      const sent = await fetcherPost(PAGE, fields, as);
      return { status: sent.status, result: sent.data as Result };
    };
    type Secret = { secret_id: string; name: string };
    const listed = async (as = pageKey) => ((await (await api("/v1/convai/secrets?page_size=100", { key: as })).json()) as { secrets: Secret[] }).secrets;
    const page = (query = "", as = cookie) => SELF.fetch(`${ORIGIN}${PAGE}${query}`, { headers: { cookie: as } });
    const storedValue = (id: string) => env.DB.prepare("SELECT value FROM agent_secrets WHERE id = ?").bind(id).first<string>("value");
    const settings = async (as = pageKey) => (await (await api("/v1/convai/settings", { key: as })).json()) as { webhooks: { post_call_webhook_id?: string } };

    beforeAll(async () => {
      cookie = await signUp("settings-page@example.com");
      pageKey = await createKey(cookie);
    });

    it("stores a secret whose value it never shows again, replaces the value, and refuses bad input", async () => {
      expect(await (await page()).text()).toContain(SECRETS_PAGE_TEXTS.empty);
      expect(await post({ intent: "create", name: "Orders key", value: "sk-live-first-123" })).toMatchObject({ status: 200, result: { created: "Orders key" } });
      const [secret] = await listed();
      expect(secret).toMatchObject({ name: "Orders key" });
      expect(await storedValue(secret!.secret_id)).toBe("sk-live-first-123");
      const html = await (await page()).text();
      expect(html.match(/data-testid="secret-row"/g)).toHaveLength(1);
      expect(html).toContain("Orders key");
      expect(html).not.toContain("sk-live-first-123");

      expect(await post({ intent: "create", name: " ", value: "" })).toMatchObject({ status: 400, result: { errors: { name: SECRETS_PAGE_TEXTS.nameMissing, value: SECRETS_PAGE_TEXTS.valueMissing } } });
      expect(await post({ intent: "create", name: "Long", value: "x".repeat(10_001) })).toMatchObject({ status: 400, result: { errors: { value: SECRETS_PAGE_TEXTS.valueTooLong } } });
      expect(await post({ intent: "create", name: "n".repeat(101), value: "v" })).toMatchObject({ status: 400, result: { errors: { name: SECRETS_PAGE_TEXTS.nameTooLong } } });
      expect((await post({ intent: "nothing" })).status).toBe(400);
      const notAForm = await SELF.fetch(`${ORIGIN}${PAGE}`, { method: "POST", body: "{}", headers: { cookie, origin: ORIGIN, host: new URL(ORIGIN).host, "content-type": "application/json" } });
      expect(notAForm.status).toBe(400);
      expect(await listed()).toHaveLength(1);

      const dialog = await (await page(`?replace=${secret!.secret_id}`)).text();
      expect(dialog).toContain('data-testid="replace-secret-dialog"');
      expect(dialog).not.toContain("sk-live-first-123");
      expect(await post({ intent: "replace", secret_id: secret!.secret_id, name: "Orders key", value: "sk-live-second-456" })).toMatchObject({ status: 200, result: { replaced: "Orders key" } });
      expect(await storedValue(secret!.secret_id)).toBe("sk-live-second-456");
      expect(await post({ intent: "replace", secret_id: secret!.secret_id, name: "Orders key", value: "" })).toMatchObject({ status: 400, result: { errors: { value: SECRETS_PAGE_TEXTS.valueMissing } } });
      expect(await storedValue(secret!.secret_id)).toBe("sk-live-second-456");
      expect((await page("?replace=secret_missing")).status).toBe(404);
      expect(await (await page("?q=nothing")).text()).toContain(SECRETS_PAGE_TEXTS.noMatch);
      expect((await (await page("?q=orders")).text()).match(/data-testid="secret-row"/g)).toHaveLength(1);
    });

    it("refuses to delete a secret agents' and workspace tools' headers use, saying what uses it; deletes it once nothing does", async () => {
      const [secret] = await listed();
      const headers = { authorization: { secret_id: secret!.secret_id } };
      const tool = ((await (await api("/v1/convai/tools", { method: "POST", key: pageKey, json: { tool_config: { type: "webhook", name: "order_status", description: "Order status", api_schema: { url: "https://shop.example/status", method: "GET", request_headers: headers } } } })).json()) as { id: string }).id;
      const inline = { type: "webhook", name: "refund", description: "Refund", api_schema: { url: "https://shop.example/refund", method: "POST", request_headers: headers } };
      const agentId = ((await (await api("/v1/convai/agents/create", { method: "POST", key: pageKey, json: { name: "Refund desk", conversation_config: { agent: { prompt: { tools: [inline] } } } } })).json()) as { agent_id: string }).agent_id;
      const html = await (await page()).text();
      expect(html).toContain(`/app/conversational-ai/agents/${agentId}`);
      expect(html).toContain(`/app/conversational-ai/tools?tool=${tool}`);

      const refused = await post({ intent: "delete", secret_id: secret!.secret_id });
      expect(refused.status).toBe(409);
      expect(refused.result.inUse).toMatchObject({ id: secret!.secret_id, message: expect.stringContaining("Refund desk") });
      expect(refused.result.inUse!.message).toContain("order_status");
      expect(await listed()).toHaveLength(1);

      expect((await api(`/v1/convai/tools/${tool}`, { method: "DELETE", key: pageKey })).status).toBe(200);
      expect((await api(`/v1/convai/agents/${agentId}`, { method: "DELETE", key: pageKey })).status).toBe(200);
      expect(await post({ intent: "delete", secret_id: secret!.secret_id })).toMatchObject({ status: 200, result: { deleted: true } });
      expect(await listed()).toEqual([]);
      expect((await post({ intent: "delete", secret_id: secret!.secret_id })).status).toBe(404);
      expect((await post({ intent: "delete", secret_id: "" })).status).toBe(404);
    });

    it("names the post-call webhook among those subscribed to the event, with the API's rules, and goes back to every one", async () => {
      expect(await (await page()).text()).toContain(SETTINGS_PAGE_TEXTS.noSubscribed);
      const hook = async (name: string, events: string[], as = pageKey) =>
        ((await (await api("/v1/workspace/webhooks", { method: "POST", key: as, json: { settings: { auth_type: "hmac", name, webhook_url: `https://hooks.example/${name}`, events } } })).json()) as { webhook_id: string }).webhook_id;
      const calls = await hook("Calls", ["post_call_transcription"]);
      const billing = await hook("Billing", ["dubbing"]);
      const theirs = await hook("Theirs", ["post_call_transcription"], otherKey);
      const html = await (await page()).text();
      expect(html).toContain(`value="${calls}"`);
      expect(html).not.toContain(`value="${billing}"`);

      expect(await post({ intent: "post-call-webhook", webhook_id: calls })).toMatchObject({ status: 200, result: { saved: true } });
      expect((await settings()).webhooks.post_call_webhook_id).toBe(calls);
      expect(await post({ intent: "post-call-webhook", webhook_id: billing })).toMatchObject({ status: 400, result: { error: SETTINGS_TEXTS.webhookNotSubscribed("Billing") } });
      expect(await post({ intent: "post-call-webhook", webhook_id: theirs })).toMatchObject({ status: 400, result: { error: SETTINGS_TEXTS.webhookNotFound(theirs) } });
      expect((await post({ intent: "post-call-webhook" })).status).toBe(400);
      expect((await settings()).webhooks.post_call_webhook_id).toBe(calls);
      expect(await post({ intent: "post-call-webhook", webhook_id: "" })).toMatchObject({ status: 200, result: { saved: true } });
      expect((await settings()).webhooks.post_call_webhook_id).toBeUndefined();
      expect((await settings(otherKey)).webhooks.post_call_webhook_id).toBeUndefined();
    });

    it("never reaches another workspace's secrets", async () => {
      const theirs = ((await (await api("/v1/convai/secrets", { method: "POST", key: otherKey, json: { name: "Their token", value: "their-value" } })).json()) as { secret_id: string }).secret_id;
      expect((await page(`?replace=${theirs}`)).status).toBe(404);
      expect((await post({ intent: "replace", secret_id: theirs, name: "Mine now", value: "mine" })).status).toBe(404);
      expect((await post({ intent: "delete", secret_id: theirs })).status).toBe(404);
      expect(await storedValue(theirs)).toBe("their-value");
      expect((await listed(otherKey)).map((s) => s.name)).toContain("Their token");
      expect(await (await page()).text()).not.toContain("Their token");
    });

    it("refuses a member without the conversational AI permission; one who may not manage webhooks sees why and cannot name one", async () => {
      const admin = await createKey(await signUp("settings-admin@example.com"));
      const workspaceId = ((await (await api("/v1/workspace", { key: admin })).json()) as { workspace_id: string }).workspace_id;
      await env.DB.prepare("UPDATE workspaces SET max_seats = 3, tier = 'creator', status = 'active', character_limit = 100000 WHERE id = ?").bind(workspaceId).run();
      await signUp("settings-member@example.com");
      const userId = (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind("settings-member@example.com").first<string>("id"))!;
      await env.DB.batch([
        env.DB.prepare("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (?, ?, 'editor')").bind(workspaceId, userId),
        env.DB.prepare("UPDATE users SET active_workspace_id = ? WHERE id = ?").bind(workspaceId, userId),
      ]);
      const member = sessionCookieFrom(await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ email: "settings-member@example.com", password: STRONG_PASSWORD })));
      const allow = (permissions: string[]) => api("/v1/workspace/update-workspace", { method: "POST", key: admin, json: { all_members_permissions: permissions } });
      const webhook = ((await (await api("/v1/workspace/webhooks", { method: "POST", key: admin, json: { settings: { auth_type: "hmac", name: "Calls", webhook_url: "https://hooks.example/admin-calls", events: ["post_call_transcription"] } } })).json()) as { webhook_id: string }).webhook_id;

      expect((await allow(GROUP_PERMISSIONS.filter((p) => p !== "conversational_ai"))).status).toBe(200);
      const refused = await page("", member);
      expect(refused.status).toBe(403);
      const html = await refused.text();
      expect(html).toContain('data-testid="agents-refused"');
      expect(html).toContain(missingPermissionMessage("conversational_ai").replaceAll("'", "&#x27;"));
      // The refusal is thrown before the action runs: only its status is read (it is not the action's data).
      const refusedPost = async (fields: Record<string, string>) => {
        const init = form(fields);
        return (await SELF.fetch(`${ORIGIN}${PAGE}.data`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie: member } })).status;
      };
      expect(await refusedPost({ intent: "create", name: "Sneaky", value: "x" })).toBe(403);
      expect(await refusedPost({ intent: "post-call-webhook", webhook_id: webhook })).toBe(403);
      expect(await listed(admin)).toEqual([]);

      expect((await allow(GROUP_PERMISSIONS.filter((p) => p !== "workspace_settings"))).status).toBe(200);
      const allowed = await page("", member);
      expect(allowed.status).toBe(200);
      expect(await allowed.text()).toContain(WEBHOOK_TEXTS.forbidden);
      expect(await post({ intent: "post-call-webhook", webhook_id: webhook }, member)).toMatchObject({ status: 403, result: { error: WEBHOOK_TEXTS.forbidden } });
      expect((await settings(admin)).webhooks.post_call_webhook_id).toBeUndefined();
      // Secrets ask only the conversational AI permission, as the API's routes do.
      expect(await post({ intent: "create", name: "Member's key", value: "member-value" }, member)).toMatchObject({ status: 200, result: { created: "Member's key" } });
      expect((await listed(admin)).map((s) => s.name)).toEqual(["Member's key"]);
    });
  });
});

describe("agents-branches", () => {
  // Branches, drafts and deployments (decision 0081): lines of versions, a pending configuration per branch, and the
  // traffic split that sends each new conversation to a branch by its id.
  let key: string;
  let otherKey: string;
  beforeAll(async () => {
    key = await createKey(await signUp("agents-branches@example.com"));
    otherKey = await createKey(await signUp("agents-branches-other@example.com"));
  });

  type Json = Record<string, unknown>;
  const call = async <T = Json>(path: string, init: Parameters<typeof api>[1] = {}, status = 200): Promise<T> => {
    const response = await api(path, { key, ...init });
    const body = response.headers.get("content-type")?.includes("json") ? await response.json() : await response.text();
    expect(response.status, JSON.stringify(body)).toBe(status);
    return body as T;
  };
  type Agent = { name: string; version_id: string; branch_id: string; main_branch_id: string; conversation_config: { agent: { first_message: string; language: string; prompt: { prompt: string } } } };
  const newAgent = async () =>
    (await call<{ agent_id: string }>("/v1/convai/agents/create", { method: "POST", json: { name: "Shop", conversation_config: { agent: { first_message: "Welcome to main.", prompt: { prompt: "You help shoppers." } } } } })).agent_id;
  const newBranch = async (agentId: string, name: string, changes: Json = {}) => {
    const main = await call<Agent>(`/v1/convai/agents/${agentId}`);
    return call<{ created_branch_id: string; created_version_id: string }>(`/v1/convai/agents/${agentId}/branches`, { method: "POST", json: { parent_version_id: main.version_id, name, description: `Trying ${name}`, conversation_config: changes } });
  };
  /** Opens a text conversation (with the key, or by the path alone), answers its id and the agent's first words, and waits until it is saved. */
  async function talk(agentId: string, path = `/v1/convai/conversation?agent_id=${agentId}`, headers: Record<string, string> = { "xi-api-key": key }): Promise<{ id: string; first: string; saved: Json }> {
    const opened = await connectAs(path, headers);
    opened.send({ type: "conversation_initiation_client_data", conversation_config_override: { conversation: { text_only: true } } });
    const metadata = await opened.until((m) => m.type === "conversation_initiation_metadata");
    const id = (metadata.conversation_initiation_metadata_event as { conversation_id: string }).conversation_id;
    await opened.until((m) => m.type === "agent_response");
    opened.socket.close(1000, "bye");
    return { id, first: responses(opened.messages)[0]!, saved: await savedAs(id, key) };
  }

  it("creates, lists, reads, renames, archives and protects branches; main is the agent's current configuration", async () => {
    const agentId = await newAgent();
    const main = await call<Agent>(`/v1/convai/agents/${agentId}`);
    expect(main).toMatchObject({ branch_id: "main", main_branch_id: "main" });
    const created = await newBranch(agentId, "Kinder", { agent: { first_message: "Welcome to the kind branch." } });
    expect(created.created_branch_id).toMatch(/^agtbrch_/);

    // The branch's tip is its own; main is unchanged.
    const onBranch = await call<Agent>(`/v1/convai/agents/${agentId}?branch_id=${created.created_branch_id}`);
    expect(onBranch).toMatchObject({ version_id: created.created_version_id, branch_id: created.created_branch_id });
    expect(onBranch.conversation_config.agent).toMatchObject({ first_message: "Welcome to the kind branch.", prompt: { prompt: "You help shoppers." } });
    expect((await call<Agent>(`/v1/convai/agents/${agentId}`)).conversation_config.agent.first_message).toBe("Welcome to main.");

    // A PATCH with branch_id commits on the branch only.
    const patched = await call<Agent>(`/v1/convai/agents/${agentId}?branch_id=${created.created_branch_id}`, { method: "PATCH", json: { conversation_config: { agent: { language: "de" } }, version_description: "German" } });
    expect(patched).toMatchObject({ branch_id: created.created_branch_id, conversation_config: { agent: { language: "de", first_message: "Welcome to the kind branch." } } });
    expect(await call(`/v1/convai/agents/${agentId}/versions/${patched.version_id}`)).toMatchObject({ branch_id: created.created_branch_id, seq_no_in_branch: 2, version_description: "German" });
    expect((await call<Agent>(`/v1/convai/agents/${agentId}`)).conversation_config.agent.language).toBe("en");

    const list = await call<{ results: Json[]; meta: Json }>(`/v1/convai/agents/${agentId}/branches`);
    expect(list.meta).toMatchObject({ total: 2 });
    expect(list.results.map((b) => b.id)).toEqual(["main", created.created_branch_id]);
    expect(list.results[0]).toMatchObject({ name: "Main", current_live_percentage: 100, is_archived: false, draft_exists: false });
    expect(list.results[1]).toMatchObject({ name: "Kinder", description: "Trying Kinder", parent_branch_id: "main", current_live_percentage: 0 });

    const branch = await call<{ parent_branch: Json; most_recent_versions: Json[] }>(`/v1/convai/agents/${agentId}/branches/${created.created_branch_id}`);
    expect(branch.parent_branch).toEqual({ id: "main", name: "Main" });
    expect(branch.most_recent_versions).toMatchObject([
      { id: patched.version_id, parents: { in_branch_parent_id: created.created_version_id } },
      { id: created.created_version_id, parents: { out_of_branch_parent_id: main.version_id } },
    ]);

    // Names are unique within the agent; main is never archived; automatic rebasing is not offered.
    await call(`/v1/convai/agents/${agentId}/branches`, { method: "POST", json: { parent_version_id: main.version_id, name: "Kinder", description: "" } }, 409);
    await call(`/v1/convai/agents/${agentId}/branches/main`, { method: "PATCH", json: { is_archived: true } }, 400);
    await call(`/v1/convai/agents/${agentId}/branches/${created.created_branch_id}`, { method: "PATCH", json: { auto_rebase: true } }, 400);
    const renamed = await call<Json>(`/v1/convai/agents/${agentId}/branches/${created.created_branch_id}`, { method: "PATCH", json: { name: "Kind", protection_status: "admin_perms_required", is_archived: true } });
    expect(renamed).toMatchObject({ name: "Kind", protection_status: "admin_perms_required", is_archived: true });
    expect((await call<{ results: Json[] }>(`/v1/convai/agents/${agentId}/branches`)).results.map((b) => b.id)).toEqual(["main"]);
    expect((await call<{ results: Json[] }>(`/v1/convai/agents/${agentId}/branches?include_archived=true`)).results).toHaveLength(2);
    // An archived branch takes no commits and no drafts.
    await call(`/v1/convai/agents/${agentId}?branch_id=${created.created_branch_id}`, { method: "PATCH", json: { name: "x" } }, 409);

    // Bad input and unknown ids.
    await call(`/v1/convai/agents/${agentId}/branches`, { method: "POST", json: { parent_version_id: main.version_id, name: " ", description: "" } }, 422);
    await call(`/v1/convai/agents/${agentId}/branches`, { method: "POST", json: { parent_version_id: "agtvrsn_nope", name: "x", description: "" } }, 404);
    await call(`/v1/convai/agents/${agentId}?branch_id=agtbrch_nope`, {}, 404);
    await call(`/v1/convai/agents/${agentId}/branches/agtbrch_nope`, {}, 404);
    const refusal = await call<{ detail: { status: string } }>(`/v1/convai/agents/${agentId}/branches`, { method: "POST", json: { parent_version_id: main.version_id, name: "Bad voice", description: "", conversation_config: { tts: { voice_id: "nope" } } } }, 400);
    expect(refusal.detail.status).toBe("voice_not_found");

    // Another workspace sees none of it.
    for (const path of [`/v1/convai/agents/${agentId}/branches`, `/v1/convai/agents/${agentId}/branches/main`, `/v1/convai/agents/${agentId}/deployments`, `/v1/convai/agents/${agentId}/drafts?branch_id=main`]) {
      expect((await api(path, { key: otherKey })).status, path).toBe(404);
    }
    expect((await api(`/v1/convai/agents/${agentId}/deployments`, { method: "POST", key: otherKey, json: { deployment_request: { requests: [{ branch_id: "main", deployment_strategy: { type: "percentage", traffic_percentage: 100 } }] } } })).status).toBe(404);
    expect((await api(`/v1/convai/agents/${agentId}/branches/main/merge?target_branch_id=${created.created_branch_id}`, { method: "POST", key: otherKey, json: {} })).status).toBe(404);
  });

  it("keeps a draft per branch that conversations do not use until a PATCH saves it", async () => {
    const agentId = await newAgent();
    const draftBody = { branch_id: "main", name: "Shop (draft)", conversation_config: { agent: { first_message: "Draft hello." } }, platform_settings: {}, workflow: { nodes: {}, edges: {} } };
    const draft = await call<Json>(`/v1/convai/agents/${agentId}/drafts`, { method: "POST", json: draftBody });
    expect(draft).toMatchObject({ agent_id: agentId, branch_id: "main", name: "Shop (draft)", conversation_config: { agent: { first_message: "Draft hello." } }, is_behind_tip: false });
    expect(await call(`/v1/convai/agents/${agentId}/drafts?branch_id=main`)).toMatchObject({ name: "Shop (draft)" });
    expect((await call<{ results: Json[] }>(`/v1/convai/agents/${agentId}/branches`)).results[0]).toMatchObject({ draft_exists: true, draft_is_behind_tip: false });

    // Conversations and GET still use the saved configuration.
    expect((await call<Agent>(`/v1/convai/agents/${agentId}`)).conversation_config.agent.first_message).toBe("Welcome to main.");
    expect((await talk(agentId)).first).toBe("Welcome to main.");

    // Saving (a PATCH on the branch) commits the draft under the body and deletes it.
    const saved = await call<Agent>(`/v1/convai/agents/${agentId}`, { method: "PATCH", json: { conversation_config: { agent: { language: "fr" } }, version_description: "Saved the draft" } });
    expect(saved).toMatchObject({ name: "Shop (draft)", conversation_config: { agent: { first_message: "Draft hello.", language: "fr" } } });
    await call(`/v1/convai/agents/${agentId}/drafts?branch_id=main`, {}, 404);
    expect((await talk(agentId)).first).toBe("Draft hello.");

    // Discarding, and bad input.
    await call(`/v1/convai/agents/${agentId}/drafts`, { method: "POST", json: draftBody });
    expect(await call(`/v1/convai/agents/${agentId}/drafts?branch_id=main`, { method: "DELETE" })).toEqual({});
    await call(`/v1/convai/agents/${agentId}/drafts?branch_id=main`, { method: "DELETE" }, 404);
    await call(`/v1/convai/agents/${agentId}/drafts`, { method: "POST", json: { ...draftBody, branch_id: "agtbrch_nope" } }, 404);
    await call(`/v1/convai/agents/${agentId}/drafts`, { method: "POST", json: { branch_id: "main", name: "x" } }, 422);
    const { branch_id: _, ...withoutBranch } = draftBody;
    await call(`/v1/convai/agents/${agentId}/drafts`, { method: "POST", json: withoutBranch }, 422);
    // The SDK names the branch in the query.
    expect(await call(`/v1/convai/agents/${agentId}/drafts?branch_id=main`, { method: "POST", json: withoutBranch })).toMatchObject({ branch_id: "main" });
  }, 60_000);

  it("deploys traffic splits that add up to 100 and sends each conversation to the branch its id picks, recording it", async () => {
    const agentId = await newAgent();
    const b = await newBranch(agentId, "B", { agent: { first_message: "Welcome to B." } });
    const deployment = (split: Record<string, number>) => ({ deployment_request: { requests: Object.entries(split).map(([branch_id, traffic_percentage]) => ({ branch_id, deployment_strategy: { type: "percentage", traffic_percentage } })) } });

    // Nothing deployed: main has everything.
    const before = await talk(agentId);
    expect(before.first).toBe("Welcome to main.");
    expect(before.saved).toMatchObject({ branch_id: "main", version_id: (await call<Agent>(`/v1/convai/agents/${agentId}`)).version_id });

    for (const [split, status] of [
      [{ main: 50, [b.created_branch_id]: 40 }, 422],
      [{ main: 150, [b.created_branch_id]: -50 }, 422],
      [{ main: 50, agtbrch_nope: 50 }, 404],
    ] as const) {
      await call(`/v1/convai/agents/${agentId}/deployments`, { method: "POST", json: deployment(split) }, status);
    }
    const invalid = await call<{ detail: { status: string; message: string } }>(`/v1/convai/agents/${agentId}/deployments`, { method: "POST", json: deployment({ main: 60 }) }, 422);
    expect(invalid.detail).toEqual({ status: "invalid_traffic_split", message: BRANCH_TEXTS.trafficSum(60) });

    expect(await call(`/v1/convai/agents/${agentId}/deployments`, { method: "POST", json: deployment({ main: 0, [b.created_branch_id]: 100 }) })).toEqual({ traffic_percentage_branch_id_map: { [b.created_branch_id]: 100 } });
    const onB = await talk(agentId);
    expect(onB.first).toBe("Welcome to B.");
    expect(onB.saved).toMatchObject({ branch_id: b.created_branch_id, version_id: b.created_version_id });

    // Half and half: each conversation where its id's point falls.
    const half = { main: 50, [b.created_branch_id]: 50 };
    await call(`/v1/convai/agents/${agentId}/deployments`, { method: "POST", json: deployment(half) });
    for (let i = 0; i < 3; i++) {
      const conversation = await talk(agentId);
      const expected = pickBranch(half, conversation.id);
      expect(conversation.saved.branch_id).toBe(expected);
      expect(conversation.first).toBe(expected === "main" ? "Welcome to main." : "Welcome to B.");
    }
    const onBranch = await call<{ conversations: Json[] }>(`/v1/convai/conversations?agent_id=${agentId}&branch_id=${b.created_branch_id}`);
    expect(onBranch.conversations.length).toBeGreaterThanOrEqual(1);
    expect(onBranch.conversations.every((c) => c.branch_id === b.created_branch_id)).toBe(true);

    const history = await call<{ results: Json[]; meta: Json }>(`/v1/convai/agents/${agentId}/deployments?page_size=2`);
    expect(history.meta).toMatchObject({ total: 2, page: 1, page_size: 2 });
    expect(history.results).toMatchObject([
      { traffic_percentage_branch_id_map: half, is_active: true, source: "manual" },
      { traffic_percentage_branch_id_map: { [b.created_branch_id]: 100 }, is_active: false },
    ]);
    expect((await call<{ results: Json[] }>(`/v1/convai/agents/${agentId}/branches`)).results.map((r) => r.current_live_percentage)).toEqual([50, 50]);
    // A branch with traffic is not archived.
    await call(`/v1/convai/agents/${agentId}/branches/${b.created_branch_id}`, { method: "PATCH", json: { is_archived: true } }, 409);
  }, 120_000);

  it("merges a branch into main by field, refusing conflicts unless forced, and moves an archived source's traffic", async () => {
    const agentId = await newAgent();
    const b = await newBranch(agentId, "Prompt", { agent: { prompt: { prompt: "You help shoppers kindly." } } });
    // Main moves on in another field: no conflict.
    await call(`/v1/convai/agents/${agentId}`, { method: "PATCH", json: { conversation_config: { agent: { language: "de" } } } });
    const preview = await call<Agent & { conflicts: Json[]; overridden_fields: string[]; source_identical_to_target: boolean }>(`/v1/convai/agents/${agentId}/branches/${b.created_branch_id}/merge-preview?target_branch_id=main`);
    expect(preview).toMatchObject({ branch_id: "main", conflicts: [], overridden_fields: ["conversation_config.agent.prompt.prompt"], source_identical_to_target: false });
    expect(preview.conversation_config.agent).toMatchObject({ language: "de", prompt: { prompt: "You help shoppers kindly." } });
    // The preview wrote nothing.
    expect((await call<Agent>(`/v1/convai/agents/${agentId}`)).conversation_config.agent.prompt.prompt).toBe("You help shoppers.");

    await call(`/v1/convai/agents/${agentId}/deployments`, { method: "POST", json: { deployment_request: { requests: [{ branch_id: "main", deployment_strategy: { traffic_percentage: 70 } }, { branch_id: b.created_branch_id, deployment_strategy: { traffic_percentage: 30 } }] } } });
    const merged = await call<{ branch_id: string; version_id: string }>(`/v1/convai/agents/${agentId}/branches/${b.created_branch_id}/merge?target_branch_id=main`, { method: "POST", json: { archive_source_branch: true } });
    expect(merged.branch_id).toBe("main");
    const main = await call<Agent>(`/v1/convai/agents/${agentId}`);
    expect(main.version_id).toBe(merged.version_id);
    expect(main.conversation_config.agent).toMatchObject({ language: "de", prompt: { prompt: "You help shoppers kindly." } });
    expect(await call(`/v1/convai/agents/${agentId}/versions/${merged.version_id}`)).toMatchObject({ version_description: BRANCH_TEXTS.merged("Prompt"), parents: { merged_from_version_id: b.created_version_id } });
    expect(await call(`/v1/convai/agents/${agentId}/branches/${b.created_branch_id}`)).toMatchObject({ is_archived: true, current_live_percentage: 0 });
    const live = await call<{ results: Json[] }>(`/v1/convai/agents/${agentId}/deployments`);
    expect(live.results[0]).toMatchObject({ traffic_percentage_branch_id_map: { main: 100 }, is_active: true, source: "branch_merge" });

    // Both change the same field: refused (409, nothing written) unless forced.
    const c = await newBranch(agentId, "Greeting", { agent: { first_message: "Hi from C." } });
    await call(`/v1/convai/agents/${agentId}`, { method: "PATCH", json: { conversation_config: { agent: { first_message: "Hi from main." } } } });
    const conflicted = await call<{ conflicts: Json[] }>(`/v1/convai/agents/${agentId}/branches/${c.created_branch_id}/merge-preview?target_branch_id=main`);
    expect(conflicted.conflicts).toEqual([{ path: "conversation_config.agent.first_message", section: "conversation_config", base_value: "Welcome to main.", source_value: "Hi from C.", target_value: "Hi from main." }]);
    const before = (await call<Agent>(`/v1/convai/agents/${agentId}`)).version_id;
    const refused = await call<{ detail: { status: string } }>(`/v1/convai/agents/${agentId}/branches/${c.created_branch_id}/merge?target_branch_id=main`, { method: "POST", json: {} }, 409);
    expect(refused.detail.status).toBe("merge_conflict");
    expect((await call<Agent>(`/v1/convai/agents/${agentId}`)).version_id).toBe(before);
    await call(`/v1/convai/agents/${agentId}/branches/${c.created_branch_id}/merge?target_branch_id=main`, { method: "POST", json: { force: true } });
    expect((await call<Agent>(`/v1/convai/agents/${agentId}`)).conversation_config.agent.first_message).toBe("Hi from C.");

    // Rebasing a branch onto main takes main's changes and keeps the branch's own.
    const d = await newBranch(agentId, "Late", { agent: { first_message: "Hi from D." } });
    await call(`/v1/convai/agents/${agentId}`, { method: "PATCH", json: { conversation_config: { agent: { language: "it", first_message: "Ciao." } } } });
    await call(`/v1/convai/agents/${agentId}/branches/${d.created_branch_id}/rebase`, { method: "POST" });
    expect((await call<Agent>(`/v1/convai/agents/${agentId}?branch_id=${d.created_branch_id}`)).conversation_config.agent).toMatchObject({ language: "it", first_message: "Hi from D." });

    await call(`/v1/convai/agents/${agentId}/branches/main/merge?target_branch_id=main`, { method: "POST", json: {} }, 400);
    await call(`/v1/convai/agents/${agentId}/branches/agtbrch_nope/merge?target_branch_id=main`, { method: "POST", json: {} }, 404);
    await call(`/v1/convai/agents/${agentId}/branches/${d.created_branch_id}/merge`, { method: "POST", json: {} }, 422);
  });
  it("lets a conversation choose its branch (a signed URL's branch_id, the socket's with a key): it talks with that tip, recorded and listed under it", async () => {
    const agentId = await newAgent();
    const b = await newBranch(agentId, "Chosen", { agent: { first_message: "Welcome to the chosen branch." } });
    // Nothing is deployed, so the split alone would send every conversation to main.
    const { signed_url } = await call<{ signed_url: string }>(`/v1/convai/conversation/get-signed-url?agent_id=${agentId}&branch_id=${b.created_branch_id}`);
    const signedPath = new URL(signed_url).pathname + new URL(signed_url).search;
    const bySignature = await talk(agentId, signedPath, {});
    expect(bySignature.first).toBe("Welcome to the chosen branch.");
    expect(bySignature.saved).toMatchObject({ branch_id: b.created_branch_id, version_id: b.created_version_id });
    const byKey = await talk(agentId, `/v1/convai/conversation?agent_id=${agentId}&branch_id=${b.created_branch_id}`);
    expect(byKey.first).toBe("Welcome to the chosen branch.");
    expect((await talk(agentId, `/v1/convai/conversation?agent_id=${agentId}&branch_id=main`)).saved).toMatchObject({ branch_id: "main" });

    const listed = await call<{ conversations: Json[] }>(`/v1/convai/conversations?agent_id=${agentId}&branch_id=${b.created_branch_id}`);
    expect(listed.conversations.map((c) => c.conversation_id).sort()).toEqual([bySignature.id, byKey.id].sort());
    expect((await call<{ conversations: Json[] }>(`/v1/convai/conversations?agent_id=${agentId}&branch_id=main`)).conversations.map((c) => c.conversation_id)).not.toContain(byKey.id);

    // The branch is part of the signature: another branch in the query, or the signature without it, is not that link.
    const refusedWith = async (path: string, headers: Record<string, string>) => {
      const opened = await connectAs(path, headers);
      await opened.closed;
      return (opened.messages.find((m) => m.type === "error") as { error: string }).error;
    };
    expect(await refusedWith(`${signedPath}&branch_id=main`, {})).toBe(AGENT_TEXTS.signedUrlInvalid);
    expect(await refusedWith(signedPath.replace(`.${b.created_branch_id}`, ""), {})).toBe(AGENT_TEXTS.signedUrlInvalid);

    // An unknown branch, another agent's, another workspace's agent: 404 with detail when the URL is asked for.
    const notFound = await call<{ detail: Json }>(`/v1/convai/conversation/get-signed-url?agent_id=${agentId}&branch_id=agtbrch_nope`, {}, 404);
    expect(notFound.detail).toEqual({ status: "not_found", message: BRANCH_TEXTS.branchNotFound });
    const other = await newAgent();
    await call(`/v1/convai/conversation/get-signed-url?agent_id=${other}&branch_id=${b.created_branch_id}`, {}, 404);
    expect((await api(`/v1/convai/conversation/get-signed-url?agent_id=${agentId}&branch_id=${b.created_branch_id}`, { key: otherKey })).status).toBe(404);
    expect(await refusedWith(`/v1/convai/conversation?agent_id=${other}&branch_id=${b.created_branch_id}`, { "xi-api-key": key })).toBe(BRANCH_TEXTS.branchNotFound);

    // An archived branch takes no conversations, even by a URL made before.
    await call(`/v1/convai/agents/${agentId}/branches/${b.created_branch_id}`, { method: "PATCH", json: { is_archived: true } });
    expect((await call<{ detail: Json }>(`/v1/convai/conversation/get-signed-url?agent_id=${agentId}&branch_id=${b.created_branch_id}`, {}, 409)).detail).toMatchObject({ status: "branch_archived" });
    expect(await refusedWith(signedPath, {})).toBe(BRANCH_TEXTS.archived);
  }, 60_000);

  it("refuses to delete a tool, document or secret that a branch other than main or a draft uses, naming the agent and branch", async () => {
    const tool = await call<{ id: string }>("/v1/convai/tools", { method: "POST", json: { tool_config: { type: "webhook", name: "stock", description: "Stock of a product", api_schema: { url: "http://tools.test/stock", method: "GET" } } } });
    const documentId = (await call<{ id: string }>("/v1/convai/knowledge-base/text", { method: "POST", json: { text: "Stock is counted nightly.", name: "Stock facts" } })).id;
    const secret = await call<{ secret_id: string }>("/v1/convai/secrets", { method: "POST", json: { type: "new", name: "Stock token", value: "Bearer stock-1" } });
    const uses = { tool_ids: [tool.id], knowledge_base: [{ type: "text", id: documentId, name: "Stock facts" }], tools: [{ type: "webhook", name: "orders", description: "Orders", api_schema: { url: "http://tools.test/orders", method: "GET", request_headers: { authorization: { secret_id: secret.secret_id } } } }] };
    // Main uses none of them; the branch uses all three.
    const agentId = await newAgent();
    const b = await newBranch(agentId, "Stock", { agent: { prompt: uses } });
    const refusal = async (path: string) => (await call<{ detail: Json }>(path, { method: "DELETE" }, 400)).detail;
    const paths = { tool: `/v1/convai/tools/${tool.id}`, document: `/v1/convai/knowledge-base/${documentId}`, secret: `/v1/convai/secrets/${secret.secret_id}` };
    expect(await refusal(paths.tool)).toEqual({ status: "tool_in_use", message: WORKSPACE_TOOL_TEXTS.inUse(["Shop (branch Stock)"]) });
    expect(await refusal(paths.document)).toEqual({ status: "document_in_use", message: AGENT_TEXTS.documentInUse(["Shop (branch Stock)"]) });
    expect(await refusal(paths.secret)).toEqual({ status: "secret_in_use", message: SECRET_TEXTS.inUse(["Shop (branch Stock)"]) });

    // The branch lets go of them; a draft on main that names them holds them instead.
    await call(`/v1/convai/agents/${agentId}?branch_id=${b.created_branch_id}`, { method: "PATCH", json: { conversation_config: { agent: { prompt: { tool_ids: [], knowledge_base: [], tools: [] } } } } });
    await call(`/v1/convai/agents/${agentId}/drafts`, { method: "POST", json: { branch_id: "main", name: "Shop", conversation_config: { agent: { prompt: uses } }, platform_settings: {}, workflow: {} } });
    expect(await refusal(paths.tool)).toEqual({ status: "tool_in_use", message: WORKSPACE_TOOL_TEXTS.inUse(["Shop (draft on Main)"]) });
    expect(await refusal(paths.secret)).toEqual({ status: "secret_in_use", message: SECRET_TEXTS.inUse(["Shop (draft on Main)"]) });

    // Discarded: nothing uses them any more.
    await call(`/v1/convai/agents/${agentId}/drafts?branch_id=main`, { method: "DELETE" });
    for (const path of Object.values(paths)) await call(path, { method: "DELETE" });
  });

  it("keeps MCP servers with their approvals and tool overrides, names the agents using them, and hides them from other workspaces", async () => {
    const base = "/v1/convai/mcp-servers";
    const created = await call<{ id: string; config: Json; metadata: { created_at: number }; dependent_agents: Json[] }>(base, { method: "POST", json: { config: { name: "Docs", url: "https://mcp.example.com/sse", description: "Our docs" } } });
    expect(created.id).toMatch(/^mcp_/);
    expect(created.config).toMatchObject({ name: "Docs", url: "https://mcp.example.com/sse", approval_policy: "require_approval_all", transport: "SSE", tool_approval_hashes: [], tool_config_overrides: [] });
    expect(created.dependent_agents).toEqual([]);
    const agentId = (await call<{ agent_id: string }>("/v1/convai/agents/create", { method: "POST", json: { name: "Uses MCP", conversation_config: { agent: { prompt: { mcp_server_ids: [created.id] } } } } })).agent_id;
    expect((await call<{ dependent_agents: Json[] }>(`${base}/${created.id}`)).dependent_agents).toMatchObject([{ type: "available", id: agentId, name: "Uses MCP" }]);
    expect((await call<{ mcp_servers: Json[] }>(base)).mcp_servers.map((m) => m.id)).toContain(created.id);

    expect((await call<{ config: Json }>(`${base}/${created.id}`, { method: "PATCH", json: { transport: "STREAMABLE_HTTP", response_timeout_secs: 20 } })).config).toMatchObject({ name: "Docs", transport: "STREAMABLE_HTTP", response_timeout_secs: 20 });
    expect((await call<{ config: Json }>(`${base}/${created.id}/approval-policy`, { method: "PATCH", json: { approval_policy: "require_approval_per_tool" } })).config.approval_policy).toBe("require_approval_per_tool");
    const approved = await call<{ config: { tool_approval_hashes: Json[] } }>(`${base}/${created.id}/tool-approvals`, { method: "POST", json: { tool_name: "search", tool_description: "Search the docs", approval_policy: "auto_approved" } });
    expect(approved.config.tool_approval_hashes).toEqual([{ tool_name: "search", tool_hash: expect.stringMatching(/^[0-9a-f]{64}$/), approval_policy: "auto_approved" }]);
    expect((await call<{ config: { tool_approval_hashes: Json[] } }>(`${base}/${created.id}/tool-approvals/search`, { method: "DELETE" })).config.tool_approval_hashes).toEqual([]);
    await call(`${base}/${created.id}/tool-approvals/search`, { method: "DELETE" }, 404);

    await call(`${base}/${created.id}/tool-configs`, { method: "POST", json: { tool_name: "search", response_timeout_secs: 5 } });
    await call(`${base}/${created.id}/tool-configs`, { method: "POST", json: { tool_name: "search" } }, 409);
    await call(`${base}/${created.id}/tool-configs/search`, { method: "PATCH", json: { disable_interruptions: true } });
    expect(await call(`${base}/${created.id}/tool-configs/search`)).toEqual({ tool_name: "search", response_timeout_secs: 5, disable_interruptions: true });
    await call(`${base}/${created.id}/tool-configs/search`, { method: "DELETE" });
    await call(`${base}/${created.id}/tool-configs/search`, {}, 404);

    // Bad input, unknown secrets, another workspace.
    await call(base, { method: "POST", json: { config: { name: "x", url: "ftp://x" } } }, 422);
    await call(base, { method: "POST", json: { config: { url: "https://x.example" } } }, 422);
    await call(base, { method: "POST", json: { config: { name: "x", url: { secret_id: "nope" } } } }, 400);
    await call(`${base}/${created.id}/approval-policy`, { method: "PATCH", json: { approval_policy: "sometimes" } }, 422);
    expect((await api(`${base}/${created.id}`, { key: otherKey })).status).toBe(404);
    expect((await api(`${base}/${created.id}`, { method: "DELETE", key: otherKey })).status).toBe(404);
    expect(await (await api(base, { key: otherKey })).json()).toEqual({ mcp_servers: [] });
    expect(await call(`${base}/${created.id}`, { method: "DELETE" })).toEqual({});
    await call(`${base}/${created.id}`, {}, 404);
  });

  describe("merge proposals (decision 0089)", () => {
    // The agents-branches account is the workspace's admin; an editor joins it to open, review and merge proposals.
    let editorKey: string;
    let adminId: string;
    let editorId: string;
    beforeAll(async () => {
      const workspaceId = ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
      await signUp("agents-proposals-editor@example.com");
      const userId = async (email: string) => (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<string>("id"))!;
      [adminId, editorId] = [await userId("agents-branches@example.com"), await userId("agents-proposals-editor@example.com")];
      await env.DB.batch([
        env.DB.prepare("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (?, ?, 'editor')").bind(workspaceId, editorId),
        env.DB.prepare("UPDATE users SET active_workspace_id = ? WHERE id = ?").bind(workspaceId, editorId),
      ]);
      editorKey = await createKey(sessionCookieFrom(await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ email: "agents-proposals-editor@example.com", password: STRONG_PASSWORD }))));
    });

    type Proposal = { id: string; status?: string; title: string; description?: string; reviews: Json[]; comments: Json[]; outcome: Json; requested_reviewer_user_ids: string[]; author_user_id: string; source_tip_version_id_at_creation: string };
    const base = (agentId: string) => `/v1/convai/agents/${agentId}/merge-proposals`;
    const as = (who: string) => ({ key: who });
    const propose = async (agentId: string, json: Json, who = key) => (await call<{ created_merge_proposal_id: string }>(base(agentId), { method: "POST", json, ...as(who) })).created_merge_proposal_id;
    const review = (agentId: string, id: string, json: Json, who: string, status = 200) => call<Proposal>(`${base(agentId)}/${id}/reviews`, { method: "POST", json, ...as(who) }, status);
    const merge = (agentId: string, id: string, who: string, status = 200, json: Json = {}) => call<Proposal & { detail: { status: string } }>(`${base(agentId)}/${id}/merge`, { method: "POST", json, ...as(who) }, status);

    it("is opened by an editor, reviewed by another member (never its author), commented on, and merged once approved", async () => {
      const agentId = await newAgent();
      const b = await newBranch(agentId, "Kind", { agent: { prompt: { prompt: "You help shoppers kindly." } } });
      const id = await propose(agentId, { source_branch_id: b.created_branch_id, target_branch_id: "main", title: "Kinder prompt", description: "Warmer words.", requested_reviewer_user_ids: [adminId, adminId] }, editorKey);
      expect(id).toMatch(/^agtmprop_/);
      const opened = await call<Proposal>(`${base(agentId)}/${id}`);
      expect(opened).toMatchObject({ title: "Kinder prompt", description: "Warmer words.", requested_reviewer_user_ids: [adminId], author_user_id: editorId, source_tip_version_id_at_creation: b.created_version_id, reviews: [], comments: [], outcome: { status: "open" } });
      // One open proposal per source and target.
      expect((await call<{ detail: { status: string } }>(base(agentId), { method: "POST", json: { source_branch_id: b.created_branch_id, target_branch_id: "main", title: "Again" } }, 409)).detail.status).toBe("merge_proposal_exists");

      // The author cannot review their own; without another member's approval an editor cannot merge, and nothing is written.
      expect((await call<{ detail: { status: string } }>(`${base(agentId)}/${id}/reviews`, { method: "POST", json: { state: "approved" }, key: editorKey }, 403)).detail.status).toBe("own_merge_proposal");
      const mainBefore = (await call<Agent>(`/v1/convai/agents/${agentId}`)).version_id;
      expect((await merge(agentId, id, editorKey, 409)).detail.status).toBe("approval_required");
      const changes = await review(agentId, id, { state: "changes_requested", comment: "Say please." }, key);
      expect(changes.reviews).toMatchObject([{ user_id: adminId, state: "changes_requested", comment: "Say please.", reviewer_role: "admin" }]);
      expect((await merge(agentId, id, editorKey, 409)).detail.status).toBe("changes_requested");
      expect((await call<Agent>(`/v1/convai/agents/${agentId}`)).version_id).toBe(mainBefore);

      // The admin's approval replaces their request for changes; comments accumulate.
      expect((await review(agentId, id, { state: "approved" }, key)).reviews).toMatchObject([{ user_id: adminId, state: "approved" }]);
      await call(`${base(agentId)}/${id}/comments`, { method: "POST", json: { body: "Thanks!" }, ...as(editorKey) });
      const merged = await merge(agentId, id, editorKey);
      const main = await call<Agent>(`/v1/convai/agents/${agentId}`);
      expect(main.conversation_config.agent.prompt.prompt).toBe("You help shoppers kindly.");
      expect(merged.outcome).toEqual({ status: "merged", version_id: main.version_id, at: expect.any(Number), by_user_id: editorId });
      expect(merged.comments).toMatchObject([{ user_id: editorId, body: "Thanks!" }]);
      expect(await call(`/v1/convai/agents/${agentId}/versions/${main.version_id}`)).toMatchObject({ parents: { merged_from_version_id: b.created_version_id } });

      // Merged: no more edits, reviews or merges (409); comments still.
      for (const [path, json] of [[`${id}/merge`, {}], [`${id}/reviews`, { state: "approved" }]] as const) {
        expect((await call<{ detail: { status: string } }>(`${base(agentId)}/${path}`, { method: "POST", json }, 409)).detail.status).toBe("merge_proposal_not_open");
      }
      await call(`${base(agentId)}/${id}`, { method: "PATCH", json: { title: "Late" } }, 409);
      expect((await call<Proposal>(`${base(agentId)}/${id}/comments`, { method: "POST", json: { body: "Shipped." } })).comments).toHaveLength(2);
    });

    it("refuses a conflicting merge with nothing written (the proposal stays open) until forced; a protected target needs an admin", async () => {
      const agentId = await newAgent();
      const c = await newBranch(agentId, "Greeting", { agent: { first_message: "Hi from C." } });
      await call(`/v1/convai/agents/${agentId}`, { method: "PATCH", json: { conversation_config: { agent: { first_message: "Hi from main." } } } });
      const id = await propose(agentId, { source_branch_id: c.created_branch_id, target_branch_id: "main", title: "Greeting" });
      const before = (await call<Agent>(`/v1/convai/agents/${agentId}`)).version_id;
      expect((await merge(agentId, id, key, 409)).detail.status).toBe("merge_conflict");
      expect((await call<Agent>(`/v1/convai/agents/${agentId}`)).version_id).toBe(before);
      expect((await call<Proposal>(`${base(agentId)}/${id}`)).outcome).toEqual({ status: "open" });
      // The admin merges without an approval, forcing the source's values.
      expect((await merge(agentId, id, key, 200, { force: true })).outcome).toMatchObject({ status: "merged", by_user_id: adminId });
      expect((await call<Agent>(`/v1/convai/agents/${agentId}`)).conversation_config.agent.first_message).toBe("Hi from C.");

      // Main protected: an approved editor still cannot merge into it; the admin can.
      const d = await newBranch(agentId, "Language", { agent: { language: "de" } });
      await call(`/v1/convai/agents/${agentId}/branches/main`, { method: "PATCH", json: { protection_status: "admin_perms_required" } });
      const protectedId = await propose(agentId, { source_branch_id: d.created_branch_id, target_branch_id: "main", title: "German" }, editorKey);
      await review(agentId, protectedId, { state: "approved" }, key);
      expect((await merge(agentId, protectedId, editorKey, 403)).detail.status).toBe("branch_protected");
      expect((await call<Proposal>(`${base(agentId)}/${protectedId}`)).outcome).toEqual({ status: "open" });
      expect((await merge(agentId, protectedId, key, 200, { archive_source_branch: true })).outcome).toMatchObject({ status: "merged" });
      expect(await call(`/v1/convai/agents/${agentId}/branches/${d.created_branch_id}`)).toMatchObject({ is_archived: true });
    });

    it("is edited and closed (withdrawn by its author, rejected by another), closed when a branch is archived, and listed newest first with filters and cursors", async () => {
      const agentId = await newAgent();
      const [x, y] = [await newBranch(agentId, "X"), await newBranch(agentId, "Y")];
      const first = await propose(agentId, { source_branch_id: x.created_branch_id, target_branch_id: "main", title: "First" }, editorKey);
      const edited = await call<Proposal>(`${base(agentId)}/${first}`, { method: "PATCH", json: { title: "First, edited", description: "Now described", requested_reviewer_user_ids: [editorId] } });
      expect(edited).toMatchObject({ title: "First, edited", description: "Now described", requested_reviewer_user_ids: [editorId] });
      expect((await call<Proposal>(`${base(agentId)}/${first}`, { method: "PATCH", json: { close: true } })).outcome).toEqual({ status: "closed", reason: "rejected", at: expect.any(Number), by_user_id: adminId });
      const second = await propose(agentId, { source_branch_id: x.created_branch_id, target_branch_id: "main", title: "Second" }, editorKey);
      expect((await call<Proposal>(`${base(agentId)}/${second}`, { method: "PATCH", json: { close: true }, ...as(editorKey) })).outcome).toMatchObject({ status: "closed", reason: "withdrawn", by_user_id: editorId });
      const third = await propose(agentId, { source_branch_id: y.created_branch_id, target_branch_id: x.created_branch_id, title: "Third: Y into X", description: "SEARCHABLE words" });
      await call(`/v1/convai/agents/${agentId}/branches/${x.created_branch_id}`, { method: "PATCH", json: { is_archived: true } });
      expect((await call<Proposal>(`${base(agentId)}/${third}`)).outcome).toEqual({ status: "closed", reason: "branch_archived", at: expect.any(Number) });
      // An archived branch takes no new proposals.
      expect((await call<{ detail: { status: string } }>(base(agentId), { method: "POST", json: { source_branch_id: y.created_branch_id, target_branch_id: x.created_branch_id, title: "Again" } }, 409)).detail.status).toBe("branch_archived");
      const fourth = await propose(agentId, { source_branch_id: y.created_branch_id, target_branch_id: "main", title: "Fourth" });

      type Page = { results: Proposal[]; next_cursor?: string; has_more: boolean };
      expect((await call<Page>(base(agentId))).results.map((p) => p.id)).toEqual([fourth, third, second, first]);
      expect((await call<Page>(`${base(agentId)}?status=open`)).results.map((p) => p.id)).toEqual([fourth]);
      expect((await call<Page>(`${base(agentId)}?status=closed&source_branch_id=${x.created_branch_id}`)).results.map((p) => p.id)).toEqual([second, first]);
      expect((await call<Page>(`${base(agentId)}?target_branch_id=${x.created_branch_id}`)).results.map((p) => p.id)).toEqual([third]);
      expect((await call<Page>(`${base(agentId)}?search=searchable`)).results.map((p) => p.id)).toEqual([third]);
      const seen: string[] = [];
      let page = await call<Page>(`${base(agentId)}?page_size=3`);
      seen.push(...page.results.map((p) => p.id));
      expect(page.has_more).toBe(true);
      page = await call<Page>(`${base(agentId)}?page_size=3&cursor=${page.next_cursor}`);
      seen.push(...page.results.map((p) => p.id));
      expect(page).toMatchObject({ has_more: false });
      expect(page.next_cursor).toBeUndefined();
      expect(seen).toEqual([fourth, third, second, first]);
    });

    it("answers bad input 422/400 and another workspace's agent or another agent's proposal 404, writing nothing", async () => {
      const agentId = await newAgent();
      const b = await newBranch(agentId, "B");
      const id = await propose(agentId, { source_branch_id: b.created_branch_id, target_branch_id: "main", title: "B" });
      for (const json of [{ source_branch_id: b.created_branch_id, target_branch_id: "main", title: " " }, { source_branch_id: b.created_branch_id, title: "x" }, { source_branch_id: b.created_branch_id, target_branch_id: "main", title: "x".repeat(201) }]) {
        await call(base(agentId), { method: "POST", json }, 422);
      }
      await call(base(agentId), { method: "POST", body: "{", headers: { "content-type": "application/json" } }, 422);
      for (const query of ["status=pending", "page_size=0", "cursor=nope!", "page_size=101"]) await call(`${base(agentId)}?${query}`, {}, 422);
      await review(agentId, id, { state: "maybe" }, key, 422);
      await call(`${base(agentId)}/${id}/comments`, { method: "POST", json: { body: "  " } }, 422);
      await call(`${base(agentId)}/${id}`, { method: "PATCH", json: { close: "yes" } }, 422);
      await call(`${base(agentId)}/${id}/merge`, { method: "POST", json: { force: "yes" } }, 422);
      const refusal = async (json: Json, status: number) => (await call<{ detail: { status: string } }>(base(agentId), { method: "POST", json: { title: "x", ...json } }, status)).detail.status;
      expect(await refusal({ source_branch_id: "main", target_branch_id: "main" }, 400)).toBe("invalid_request");
      expect(await refusal({ source_branch_id: "agtbrch_nope", target_branch_id: "main" }, 404)).toBe("not_found");
      expect(await refusal({ source_branch_id: "main", target_branch_id: b.created_branch_id, requested_reviewer_user_ids: ["user_nope"] }, 400)).toBe("reviewer_not_found");
      expect(await refusal({ source_branch_id: "main", target_branch_id: b.created_branch_id, triage_ticket_id: "ticket_1" }, 400)).toBe("triage_ticket_not_found");
      await call(`${base(agentId)}/${id}`, { method: "PATCH", json: { requested_reviewer_user_ids: ["user_nope"] } }, 400);
      await call(`${base(agentId)}/agtmprop_nope`, {}, 404);
      await call(`${base(agentId)}/agtmprop_nope/merge`, { method: "POST", json: {} }, 404);

      // Another workspace: not its agent. Another agent of the workspace: not its proposal.
      for (const [path, method, json] of [
        [base(agentId), "GET", undefined],
        [base(agentId), "POST", { source_branch_id: "main", target_branch_id: b.created_branch_id, title: "Theirs" }],
        [`${base(agentId)}/${id}`, "GET", undefined],
        [`${base(agentId)}/${id}`, "PATCH", { close: true }],
        [`${base(agentId)}/${id}/reviews`, "POST", { state: "approved" }],
        [`${base(agentId)}/${id}/comments`, "POST", { body: "Hi" }],
        [`${base(agentId)}/${id}/merge`, "POST", {}],
      ] as const) {
        expect((await api(path, { method, key: otherKey, json })).status, `${method} ${path}`).toBe(404);
      }
      const other = await newAgent();
      await call(`${base(other)}/${id}`, {}, 404);
      await call(`${base(other)}/${id}/merge`, { method: "POST", json: {} }, 404);
      // Nothing the refusals touched was written.
      expect(await call<Proposal>(`${base(agentId)}/${id}`)).toMatchObject({ title: "B", reviews: [], comments: [], outcome: { status: "open" }, requested_reviewer_user_ids: [] });
      expect((await call<{ results: Proposal[] }>(base(agentId))).results.map((p) => p.id)).toEqual([id]);
      expect((await call<{ results: Json[] }>(`/v1/convai/agents/${agentId}/branches`)).results.map((r) => r.is_archived)).toEqual([false, false]);
    });
  });
  it("lets a conversation choose a version (a signed URL's version_id bound into its signature, the socket's with a key): it talks with exactly that version, recorded with its branch", async () => {
    const agentId = await newAgent();
    const first = (await call<Agent>(`/v1/convai/agents/${agentId}`)).version_id;
    await call(`/v1/convai/agents/${agentId}`, { method: "PATCH", json: { conversation_config: { agent: { first_message: "Welcome to the new main." } } } });
    const signedPathOf = async (query: string) => {
      const { signed_url } = await call<{ signed_url: string }>(`/v1/convai/conversation/get-signed-url?agent_id=${agentId}&${query}`);
      return new URL(signed_url).pathname + new URL(signed_url).search;
    };
    // Main's older version answers with its first message, not the tip's.
    const signedPath = await signedPathOf(`version_id=${first}`);
    const older = await talk(agentId, signedPath, {});
    expect(older.first).toBe("Welcome to main.");
    expect(older.saved).toMatchObject({ branch_id: "main", version_id: first });
    expect((await talk(agentId)).first).toBe("Welcome to the new main.");
    expect((await call<{ conversations: Json[] }>(`/v1/convai/conversations?agent_id=${agentId}&version_id=${first}`)).conversations.map((c) => c.conversation_id)).toEqual([older.id]);

    // A branch's older version by key, and with its branch named beside it; recorded under that branch.
    const b = await newBranch(agentId, "Versions", { agent: { first_message: "Welcome to the branch." } });
    await call(`/v1/convai/agents/${agentId}?branch_id=${b.created_branch_id}`, { method: "PATCH", json: { conversation_config: { agent: { first_message: "Welcome to the branch, again." } } } });
    const byKey = await talk(agentId, `/v1/convai/conversation?agent_id=${agentId}&version_id=${b.created_version_id}`);
    expect(byKey.first).toBe("Welcome to the branch.");
    expect(byKey.saved).toMatchObject({ branch_id: b.created_branch_id, version_id: b.created_version_id });
    expect((await talk(agentId, await signedPathOf(`branch_id=${b.created_branch_id}&version_id=${b.created_version_id}`), {})).first).toBe("Welcome to the branch.");

    // The version is part of the signature: another version, or none, in its place or in the query is not that link.
    const refusedWith = async (path: string, headers: Record<string, string>) => {
      const opened = await connectAs(path, headers);
      await opened.closed;
      return (opened.messages.find((m) => m.type === "error") as { error: string }).error;
    };
    expect(await refusedWith(signedPath.replace(first, b.created_version_id), {})).toBe(AGENT_TEXTS.signedUrlInvalid);
    expect(await refusedWith(signedPath.replace(`.${first}`, ""), {})).toBe(AGENT_TEXTS.signedUrlInvalid);
    expect(await refusedWith(`${signedPath}&version_id=${b.created_version_id}`, {})).toBe(AGENT_TEXTS.signedUrlInvalid);

    // Unknown, another agent's, not on the branch named: 404; malformed: 422; the socket with a key refuses the same.
    const signedUrl = `/v1/convai/conversation/get-signed-url?agent_id=${agentId}`;
    expect((await call<{ detail: Json }>(`${signedUrl}&version_id=agtvrsn_nope`, {}, 404)).detail).toEqual({ status: "not_found", message: BRANCH_TEXTS.versionNotFound });
    const other = await newAgent();
    await call(`/v1/convai/conversation/get-signed-url?agent_id=${other}&version_id=${first}`, {}, 404);
    expect((await api(`${signedUrl}&version_id=${first}`, { key: otherKey })).status).toBe(404);
    expect((await call<{ detail: Json }>(`${signedUrl}&version_id=${first}&branch_id=${b.created_branch_id}`, {}, 404)).detail).toEqual({ status: "not_found", message: BRANCH_TEXTS.versionNotOnBranch });
    await call(`${signedUrl}&version_id=`, {}, 422);
    await call(`${signedUrl}&version_id=${"v".repeat(101)}`, {}, 422);
    expect(await refusedWith(`/v1/convai/conversation?agent_id=${other}&version_id=${first}`, { "xi-api-key": key })).toBe(BRANCH_TEXTS.versionNotFound);

    // A version never changes, so an archived branch's may still be chosen (its branch takes no other conversations).
    await call(`/v1/convai/agents/${agentId}/branches/${b.created_branch_id}`, { method: "PATCH", json: { is_archived: true } });
    await call(`${signedUrl}&branch_id=${b.created_branch_id}`, {}, 409);
    expect((await talk(agentId, await signedPathOf(`version_id=${b.created_version_id}`), {})).saved).toMatchObject({ branch_id: b.created_branch_id, version_id: b.created_version_id });
  }, 90_000);

  it("lists as a document's, a tool's, a secret's and an MCP server's dependents the agents using them on a branch or in a draft, naming the branch, as the delete refusal does", async () => {
    const tool = await call<{ id: string }>("/v1/convai/tools", { method: "POST", json: { tool_config: { type: "webhook", name: "stock", description: "Stock of a product", api_schema: { url: "http://tools.test/stock", method: "GET" } } } });
    const documentId = (await call<{ id: string }>("/v1/convai/knowledge-base/text", { method: "POST", json: { text: "Stock is counted nightly.", name: "Stock facts" } })).id;
    const secret = await call<{ secret_id: string }>("/v1/convai/secrets", { method: "POST", json: { type: "new", name: "Stock token", value: "Bearer stock-1" } });
    const mcp = await call<{ id: string }>("/v1/convai/mcp-servers", { method: "POST", json: { config: { name: "Stock MCP", url: "https://mcp.example.com/sse" } } });
    const uses = { tool_ids: [tool.id], mcp_server_ids: [mcp.id], knowledge_base: [{ type: "text", id: documentId, name: "Stock facts" }], tools: [{ type: "webhook", name: "orders", description: "Orders", api_schema: { url: "http://tools.test/orders", method: "GET", request_headers: { authorization: { secret_id: secret.secret_id } } } }] };
    const agentId = await newAgent();
    const b = await newBranch(agentId, "Listed", { agent: { prompt: uses } });
    const lists = async () => ({
      tool: await call<{ agents: Json[]; branches: Json[] }>(`/v1/convai/tools/${tool.id}/dependent-agents`),
      document: await call<{ agents: Json[]; branches: Json[] }>(`/v1/convai/knowledge-base/${documentId}/dependent-agents`),
      documents: await call<{ agents: Json[]; branches: Json[] }>("/v1/convai/knowledge-base/dependent-agents", { method: "POST", json: { document_ids: [documentId] } }),
      summary: (await call<{ documents: { id: string; dependent_agents: Json[] }[] }>("/v1/convai/knowledge-base?page_size=100")).documents.find((d) => d.id === documentId)!.dependent_agents,
      secret: (await call<{ used_by: { agents: Json[] } }>(`/v1/convai/secrets/${secret.secret_id}`)).used_by.agents,
      secretAgents: (await call<{ dependencies: Json[] }>(`/v1/convai/secrets/${secret.secret_id}/dependencies/agents`)).dependencies,
      mcp: (await call<{ dependent_agents: Json[] }>(`/v1/convai/mcp-servers/${mcp.id}`)).dependent_agents,
      mcpListed: (await call<{ mcp_servers: { id: string; dependent_agents: Json[] }[] }>("/v1/convai/mcp-servers")).mcp_servers.find((m) => m.id === mcp.id)!.dependent_agents,
    });
    // Main uses none of them: the branch's tip does, and is named.
    const listed = await lists();
    const agent = { type: "available", id: agentId, name: "Shop" };
    const branch = { agent_id: agentId, agent_name: "Shop", branch_id: b.created_branch_id, branch_name: "Listed", is_main: false };
    for (const found of [listed.tool, listed.document, listed.documents]) expect(found).toMatchObject({ agents: [agent], branches: [branch], has_more: false });
    for (const found of [listed.summary, listed.secret, listed.secretAgents, listed.mcp, listed.mcpListed]) expect(found).toMatchObject([agent]);

    // The branch lets go and main's draft holds them: main is named through its draft.
    await call(`/v1/convai/agents/${agentId}?branch_id=${b.created_branch_id}`, { method: "PATCH", json: { conversation_config: { agent: { prompt: { tool_ids: [], mcp_server_ids: [], knowledge_base: [], tools: [] } } } } });
    await call(`/v1/convai/agents/${agentId}/drafts`, { method: "POST", json: { branch_id: "main", name: "Shop", conversation_config: { agent: { prompt: uses } }, platform_settings: {}, workflow: {} } });
    const drafted = await lists();
    expect(drafted.tool).toMatchObject({ agents: [agent], branches: [{ ...branch, branch_id: "main", branch_name: "Main", is_main: true }] });
    expect(drafted.mcp).toMatchObject([agent]);

    // Discarded: every list is empty and the deletes go through, as the refusal and the lists agree.
    await call(`/v1/convai/agents/${agentId}/drafts?branch_id=main`, { method: "DELETE" });
    const empty = await lists();
    for (const found of [empty.tool, empty.document, empty.documents]) expect(found).toMatchObject({ agents: [], branches: [] });
    for (const found of [empty.summary, empty.secret, empty.secretAgents, empty.mcp, empty.mcpListed]) expect(found).toEqual([]);
    for (const path of [`/v1/convai/tools/${tool.id}`, `/v1/convai/knowledge-base/${documentId}`, `/v1/convai/secrets/${secret.secret_id}`, `/v1/convai/mcp-servers/${mcp.id}`]) await call(path, { method: "DELETE" });
  });

  describe("the Branches tab of the agent page (decision 0094)", () => {
    // A workspace of its own: its admin, and an editor who joins it to branch, propose and merge from the page.
    let adminCookie: string;
    let adminKey: string;
    let editorCookie: string;
    let theirCookie: string;
    type Result = { intent: string; target?: string; notice?: string; errors?: Record<string, string> };
    const pageOf = (agentId: string) => `/app/conversational-ai/agents/${agentId}?tab=branches`;
    const post = async (agentId: string, fields: Record<string, string>, cookie = editorCookie) => {
      const sent = await fetcherPost(pageOf(agentId), fields, cookie);
      return { status: sent.status, result: sent.data as Result };
    };
    const html = async (agentId: string, query = "", cookie = editorCookie) => (await SELF.fetch(`${ORIGIN}${pageOf(agentId)}${query}`, { headers: { cookie } })).text();
    const asAdmin = async <T = Json>(path: string, init: Parameters<typeof api>[1] = {}) => (await (await api(path, { key: adminKey, ...init })).json()) as T;
    const branchId = async (agentId: string, name: string) => (await asAdmin<{ results: { id: string; name: string }[] }>(`/v1/convai/agents/${agentId}/branches?include_archived=true`)).results.find((b) => b.name === name)!.id;
    const proposalId = async (agentId: string, title: string) => (await asAdmin<{ results: { id: string; title: string }[] }>(`/v1/convai/agents/${agentId}/merge-proposals?status=open`)).results.find((p) => p.title === title)!.id;
    const firstMessage = async (agentId: string) => (await asAdmin<Agent>(`/v1/convai/agents/${agentId}`)).conversation_config.agent.first_message;
    /** Each branch's versions ahead of and behind main, as the API lists them. */
    const apart = async (agentId: string) => (await asAdmin<{ results: { id: string; commits_ahead: number | null; commits_behind: number | null }[] }>(`/v1/convai/agents/${agentId}/branches?include_archived=true`)).results.map((b) => [b.id, b.commits_ahead, b.commits_behind]);

    beforeAll(async () => {
      adminCookie = await signUp("branch-page@example.com");
      adminKey = await createKey(adminCookie);
      const workspaceId = (await asAdmin<{ workspace_id: string }>("/v1/workspace")).workspace_id;
      await signUp("branch-page-editor@example.com");
      const editorId = (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind("branch-page-editor@example.com").first<string>("id"))!;
      await env.DB.batch([
        env.DB.prepare("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (?, ?, 'editor')").bind(workspaceId, editorId),
        env.DB.prepare("UPDATE users SET active_workspace_id = ? WHERE id = ?").bind(workspaceId, editorId),
      ]);
      editorCookie = sessionCookieFrom(await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ email: "branch-page-editor@example.com", password: STRONG_PASSWORD })));
      theirCookie = await signUp("branch-page-other@example.com");
    });

    it("creates a branch from main, opens a proposal into main, refuses the author's own review and an unapproved merge, and merges once another member approved", async () => {
      const agentId = (await asAdmin<{ agent_id: string }>("/v1/convai/agents/create", { method: "POST", json: { name: "Shop", conversation_config: { agent: { first_message: "Welcome to main." } } } })).agent_id;
      expect(await html(agentId)).toContain(BRANCH_PAGE_TEXTS.noSourceBranch);
      expect(await post(agentId, { intent: "create-branch", name: "Kind", description: "Warmer words" })).toMatchObject({ status: 200, result: { notice: BRANCH_PAGE_TEXTS.branchCreated("Kind") } });
      const kind = await branchId(agentId, "Kind");
      expect(await asAdmin(`/v1/convai/agents/${agentId}/branches/${kind}`)).toMatchObject({ description: "Warmer words", is_archived: false, current_live_percentage: 0 });
      // The branch is changed through the API (the page only branches), then proposed into main.
      expect((await api(`/v1/convai/agents/${agentId}?branch_id=${kind}`, { method: "PATCH", key: adminKey, json: { conversation_config: { agent: { first_message: "Welcome, kindly." } } } })).status).toBe(200);
      expect(await post(agentId, { intent: "propose", source_branch_id: kind, title: "Kinder welcome", description: "Say it warmly." })).toMatchObject({ status: 200, result: { notice: BRANCH_PAGE_TEXTS.proposalOpened("Kinder welcome") } });
      const id = await proposalId(agentId, "Kinder welcome");
      const listed = await html(agentId);
      expect(listed.match(/data-testid="branch-row"/g)).toHaveLength(2);
      // Its first version and the change are ahead of main; main has not moved since.
      expect(await apart(agentId)).toEqual([
        ["main", 0, 0],
        [kind, 2, 0],
      ]);
      expect(listed).toContain(BRANCH_PAGE_TEXTS.apart(2, 0));
      expect(listed.match(/data-testid="merge-proposal"/g)).toHaveLength(1);
      expect(listed).toContain("Say it warmly.");

      // The API's refusals, with its status and words, answered to the form that was sent.
      expect(await post(agentId, { intent: "approve", proposal_id: id, body: "" })).toMatchObject({ status: 403, result: { target: id, errors: { form: MERGE_PROPOSAL_TEXTS.ownReview } } });
      expect(await post(agentId, { intent: "merge", proposal_id: id })).toMatchObject({ status: 409, result: { target: id, errors: { form: MERGE_PROPOSAL_TEXTS.needsApproval } } });
      expect((await post(agentId, { intent: "request-changes", proposal_id: id, body: "Say please." }, adminCookie)).status).toBe(200);
      expect(await post(agentId, { intent: "merge", proposal_id: id })).toMatchObject({ status: 409, result: { errors: { form: MERGE_PROPOSAL_TEXTS.changesRequested } } });
      expect(await firstMessage(agentId)).toBe("Welcome to main.");
      expect(await post(agentId, { intent: "approve", proposal_id: id, body: "" }, adminCookie)).toMatchObject({ status: 200, result: { notice: BRANCH_PAGE_TEXTS.reviewed.approved } });
      expect(await post(agentId, { intent: "comment", proposal_id: id, body: "Thanks!" })).toMatchObject({ status: 200, result: { notice: BRANCH_PAGE_TEXTS.commented } });
      const reviewed = await html(agentId);
      expect(reviewed).toContain("branch-page@example.com");
      expect(reviewed).toContain("Thanks!");
      expect(await post(agentId, { intent: "merge", proposal_id: id, archive_source: "true" })).toMatchObject({ status: 200, result: { notice: BRANCH_PAGE_TEXTS.merged("Kinder welcome") } });
      expect(await firstMessage(agentId)).toBe("Welcome, kindly.");
      expect(await asAdmin(`/v1/convai/agents/${agentId}/merge-proposals/${id}`)).toMatchObject({ outcome: { status: "merged" }, comments: [{ body: "Thanks!" }] });
      expect(await asAdmin(`/v1/convai/agents/${agentId}/branches/${kind}`)).toMatchObject({ is_archived: true });
      // Merged: nothing of the branch is missing from main, whose merge version the branch lacks.
      expect(await apart(agentId)).toEqual([
        ["main", 0, 0],
        [kind, 0, 1],
      ]);
      expect(await html(agentId)).toContain(BRANCH_PAGE_TEXTS.noProposals);
    });

    it("shows conflicts and a protected target as messages, archives and closes, lists a branch's procedures, and refuses bad input 400 and another workspace 404", async () => {
      const agentId = (await asAdmin<{ agent_id: string }>("/v1/convai/agents/create", { method: "POST", json: { name: "Shop", conversation_config: { agent: { first_message: "Welcome to main." } } } })).agent_id;
      expect((await post(agentId, { intent: "create-branch", name: "Greeting", description: "" })).status).toBe(200);
      const greeting = await branchId(agentId, "Greeting");
      expect(await post(agentId, { intent: "create-branch", name: "Greeting", description: "" })).toMatchObject({ status: 409, result: { errors: { form: BRANCH_TEXTS.nameTaken("Greeting") } } });
      await api(`/v1/convai/agents/${agentId}?branch_id=${greeting}`, { method: "PATCH", key: adminKey, json: { conversation_config: { agent: { first_message: "Hi from the branch." } } } });
      await api(`/v1/convai/agents/${agentId}`, { method: "PATCH", key: adminKey, json: { conversation_config: { agent: { first_message: "Hi from main." } } } });
      expect(await html(agentId)).toContain(BRANCH_PAGE_TEXTS.apart(2, 1));
      expect((await post(agentId, { intent: "propose", source_branch_id: greeting, title: "Greeting", description: "" })).status).toBe(200);
      const id = await proposalId(agentId, "Greeting");
      expect(await post(agentId, { intent: "propose", source_branch_id: greeting, title: "Again", description: "" })).toMatchObject({ status: 409, result: { errors: { form: MERGE_PROPOSAL_TEXTS.alreadyOpen } } });
      // The admin needs no approval, but both branches changed the first message.
      const conflict = await post(agentId, { intent: "merge", proposal_id: id }, adminCookie);
      expect(conflict).toMatchObject({ status: 409, result: { target: id, errors: { form: expect.stringContaining("first_message") } } });
      // Main protected: an approved editor still cannot merge into it.
      await api(`/v1/convai/agents/${agentId}/branches/main`, { method: "PATCH", key: adminKey, json: { protection_status: "admin_perms_required" } });
      await post(agentId, { intent: "approve", proposal_id: id, body: "" }, adminCookie);
      expect(await post(agentId, { intent: "merge", proposal_id: id, force: "true" })).toMatchObject({ status: 403, result: { errors: { form: BRANCH_TEXTS.protected } } });
      expect(await firstMessage(agentId)).toBe("Hi from main.");
      expect(await html(agentId)).toContain(BRANCH_PAGE_TEXTS.protected);
      expect(await post(agentId, { intent: "close-proposal", proposal_id: id })).toMatchObject({ status: 200, result: { notice: BRANCH_PAGE_TEXTS.closed("Greeting") } });
      expect(await asAdmin(`/v1/convai/agents/${agentId}/merge-proposals/${id}`)).toMatchObject({ outcome: { status: "closed", reason: "withdrawn" } });
      expect((await post(agentId, { intent: "close-proposal", proposal_id: id })).status).toBe(409);

      // A branch's procedures, read only: the draft made through the API is listed under its branch.
      await api(`/v1/convai/agents/${agentId}/branches/${greeting}/procedures`, { method: "POST", key: adminKey, json: { name: "Refunds", content: "Ask for the order ID.", type: "free_form", description: "When the user asks for a refund" } });
      expect(await html(agentId)).toContain(BRANCH_PAGE_TEXTS.noProcedures);
      const procedures = await html(agentId, `&branch=${greeting}`);
      expect(procedures.match(/data-testid="procedure-row"/g)).toHaveLength(1);
      expect(procedures).toContain("Refunds");
      expect((await SELF.fetch(`${ORIGIN}${pageOf(agentId)}&branch=agtbrch_nope`, { headers: { cookie: editorCookie } })).status).toBe(404);

      expect(await post(agentId, { intent: "archive-branch", branch_id: "main" })).toMatchObject({ status: 400, result: { target: "main", errors: { form: BRANCH_TEXTS.mainCannotArchive } } });
      expect(await post(agentId, { intent: "archive-branch", branch_id: greeting })).toMatchObject({ status: 200, result: { notice: BRANCH_PAGE_TEXTS.branchArchived("Greeting") } });
      expect(await html(agentId)).toContain(BRANCH_PAGE_TEXTS.noSourceBranch);

      // Bad input: 400 with the field's words, nothing written.
      expect(await post(agentId, { intent: "create-branch", name: " ", description: "" })).toMatchObject({ status: 400, result: { errors: { name: BRANCH_PAGE_TEXTS.nameMissing } } });
      expect(await post(agentId, { intent: "propose", source_branch_id: greeting, title: "", description: "" })).toMatchObject({ status: 400, result: { errors: { title: BRANCH_PAGE_TEXTS.titleMissing } } });
      expect(await post(agentId, { intent: "comment", proposal_id: id, body: "  " })).toMatchObject({ status: 400, result: { target: id, errors: { body: BRANCH_PAGE_TEXTS.commentMissing } } });
      expect((await post(agentId, { intent: "create-branch", name: "x".repeat(101), description: "" })).status).toBe(400);
      expect((await post(agentId, { intent: "approve", proposal_id: "agtmprop_nope", body: "" })).status).toBe(404);
      expect((await asAdmin<{ results: unknown[] }>(`/v1/convai/agents/${agentId}/branches?include_archived=true`)).results).toHaveLength(2);

      // Another workspace: its member finds no agent to show or change.
      expect((await SELF.fetch(`${ORIGIN}${pageOf(agentId)}`, { headers: { cookie: theirCookie } })).status).toBe(404);
      expect((await postForm(pageOf(agentId), { intent: "create-branch", name: "Theirs", description: "" }, theirCookie)).status).toBe(404);
      expect((await postForm(pageOf(agentId), { intent: "close-proposal", proposal_id: id }, theirCookie)).status).toBe(404);
      expect((await asAdmin<{ results: unknown[] }>(`/v1/convai/agents/${agentId}/branches?include_archived=true`)).results).toHaveLength(2);
    });
  });
});

describe("agents-procedures", () => {
  // Procedures on an agent's branch (decision 0090): drafted through the procedures API, published by the branch's
  // commit (PATCH the agent with branch_id), carried by each agent version and by branches started from one.
  let key: string;
  let otherKey: string;
  beforeAll(async () => {
    key = await createKey(await signUp("agents-procedures@example.com"));
    otherKey = await createKey(await signUp("agents-procedures-other@example.com"));
  });

  type Json = Record<string, unknown>;
  type Item = { procedure_id: string; version_id?: string; name: string; type: string; trigger: string; has_draft: boolean; referenced_procedure_ids: string[]; referenced_dynamic_variables: string[]; folder_parent_id?: string };
  const call = async <T = Json>(path: string, init: Parameters<typeof api>[1] = {}, status = 200): Promise<T> => {
    const response = await api(path, { key, ...init });
    const body = response.headers.get("content-type")?.includes("json") ? await response.json() : await response.text();
    expect(response.status, `${init.method ?? "GET"} ${path}: ${JSON.stringify(body)}`).toBe(status);
    return body as T;
  };
  const newAgent = async () => (await call<{ agent_id: string }>("/v1/convai/agents/create", { method: "POST", json: { name: "Shop", conversation_config: { agent: { prompt: { prompt: "You help shoppers." } } } } })).agent_id;
  const base = (agentId: string, branchId = "main") => `/v1/convai/agents/${agentId}/branches/${branchId}/procedures`;
  const list = async (agentId: string, branchId = "main", query = "") => (await call<{ procedures: Item[] }>(`${base(agentId, branchId)}${query}`)).procedures;
  const create = async (agentId: string, body: Json, branchId = "main") => (await call<{ procedure_id: string }>(base(agentId, branchId), { method: "POST", json: body })).procedure_id;
  const commit = async (agentId: string, branchId = "main", status = 200) => call<{ version_id: string }>(`/v1/convai/agents/${agentId}?branch_id=${branchId}`, { method: "PATCH", json: { version_description: "Publish procedures" } }, status);

  it("drafts, publishes with the branch's commit, edits, discards and removes a procedure; each agent version keeps what it carried", async () => {
    const agentId = await newAgent();
    const before = (await call<{ version_id: string }>(`/v1/convai/agents/${agentId}`)).version_id;
    const id = await create(agentId, { name: "Refunds", content: "1. Ask {{user_name}} for the order ID.\n2. Explain the refund timeline.", type: "free_form", description: "When the user asks for a refund" });
    expect(id).toMatch(/^agtprc_/);

    // A draft: listed with has_draft and no version; read through get and drafts.get alike.
    expect(await list(agentId)).toEqual([expect.objectContaining({ procedure_id: id, name: "Refunds", type: "free_form", trigger: "When the user asks for a refund", has_draft: true, referenced_dynamic_variables: ["user_name"] })]);
    expect((await list(agentId))[0]!.version_id).toBeUndefined();
    expect(await call(`${base(agentId)}/${id}`)).toEqual({ procedure_id: id, name: "Refunds", content: expect.stringContaining("order ID"), type: "free_form", trigger: "When the user asks for a refund" });
    expect(await call(`${base(agentId)}/${id}/draft`)).toMatchObject({ procedure_id: id, name: "Refunds" });

    // The whole draft is replaced, except a trigger left out, which is kept.
    expect(await call(`${base(agentId)}/${id}/draft`, { method: "PATCH", json: { name: "Refund requests", content: "Confirm the order. Check eligibility.", type: "free_form" } })).toMatchObject({ name: "Refund requests", content: "Confirm the order. Check eligibility.", trigger: "When the user asks for a refund" });
    const compiled = await call<{ workflow: { nodes: Json; edges: Json } }>(`${base(agentId)}/compile`, { method: "POST" });
    expect(Object.keys(compiled.workflow.nodes)).toEqual(["start_node"]);

    // Committing the branch publishes it: a version, no draft left.
    const first = await commit(agentId);
    const [published] = await list(agentId);
    expect(published).toMatchObject({ procedure_id: id, name: "Refund requests", has_draft: false, version_id: expect.stringMatching(/^prcvrsn_/) });
    await call(`${base(agentId)}/compile`, { method: "POST" }, 400);
    expect(await list(agentId, "main", `?agent_version_id=${before}`)).toEqual([]);

    // An edit is a draft over the published version until the next commit; discarding it goes back.
    await call(`${base(agentId)}/${id}/draft`, { method: "PATCH", json: { name: "Refunds v2", content: "New steps.", type: "free_form", trigger: "When the user wants money back" } });
    expect(await list(agentId)).toMatchObject([{ name: "Refunds v2", has_draft: true }]);
    expect((await call<Json>(`${base(agentId)}/${id}?version_id=${published!.version_id}`)).name).toBe("Refund requests");
    await call(`${base(agentId)}/${id}/draft`, { method: "DELETE" });
    expect(await list(agentId)).toMatchObject([{ name: "Refund requests", has_draft: false, version_id: published!.version_id }]);
    await call(`${base(agentId)}/${id}/draft`, { method: "DELETE" }, 404);

    // A committed edit is a new version; the earlier agent version still carries the earlier one.
    await call(`${base(agentId)}/${id}/draft`, { method: "PATCH", json: { name: "Refunds v2", content: "New steps.", type: "free_form" } });
    const second = await commit(agentId);
    const [edited] = await list(agentId);
    expect(edited).toMatchObject({ name: "Refunds v2", has_draft: false });
    expect(edited!.version_id).not.toBe(published!.version_id);
    expect(await call(`${base(agentId)}/${id}?agent_version_id=${first.version_id}`)).toMatchObject({ version_id: published!.version_id, name: "Refund requests" });
    expect(await call(`${base(agentId)}/${id}?agent_version_id=${second.version_id}`)).toMatchObject({ version_id: edited!.version_id, name: "Refunds v2" });

    // A removal is staged until the commit; versions are history and stay readable.
    await call(`${base(agentId)}/${id}`, { method: "DELETE" });
    expect(await list(agentId)).toEqual([]);
    await call(`${base(agentId)}/${id}`, {}, 404);
    await commit(agentId);
    expect(await list(agentId)).toEqual([]);
    expect(await list(agentId, "main", `?agent_version_id=${second.version_id}`)).toMatchObject([{ procedure_id: id, version_id: edited!.version_id }]);
    expect(await call(`${base(agentId)}/${id}?version_id=${edited!.version_id}`)).toMatchObject({ name: "Refunds v2" });

    // A procedure never published goes with its draft.
    const scratch = await create(agentId, { name: "Scratch", content: "Nothing yet.", trigger: "Never" });
    await call(`${base(agentId)}/${scratch}/draft`, { method: "DELETE" });
    await call(`${base(agentId)}/${scratch}/draft`, {}, 404);
  });

  it("a branch starts with the procedures of the version it came from and keeps its own after", async () => {
    const agentId = await newAgent();
    const id = await create(agentId, { name: "Greeting", content: "Greet warmly.", trigger: "At the start" });
    const committed = await commit(agentId);
    const branch = await call<{ created_branch_id: string }>(`/v1/convai/agents/${agentId}/branches`, { method: "POST", json: { parent_version_id: committed.version_id, name: "Formal", description: "" } });
    const branchId = branch.created_branch_id;
    expect(await list(agentId, branchId)).toMatchObject([{ procedure_id: id, name: "Greeting", has_draft: false }]);

    await call(`${base(agentId, branchId)}/${id}/draft`, { method: "PATCH", json: { name: "Greeting", content: "Greet formally.", type: "free_form" } });
    const extra = await create(agentId, { name: "Farewell", content: "Say goodbye.", trigger: "At the end" }, branchId);
    await commit(agentId, branchId);
    expect((await list(agentId, branchId)).map((p) => [p.name, p.has_draft])).toEqual([["Farewell", false], ["Greeting", false]]);
    expect((await call<Json>(`${base(agentId, branchId)}/${id}`)).content).toBe("Greet formally.");
    // Main is untouched: its procedure as published, and nothing of the branch's.
    expect((await call<Json>(`${base(agentId)}/${id}`)).content).toBe("Greet warmly.");
    await call(`${base(agentId)}/${extra}`, {}, 404);
  });

  it("compile and the commit refuse procedures that are not valid; folders, hand-offs and bad input", async () => {
    const agentId = await newAgent();
    const head = (await call<{ version_id: string }>(`/v1/convai/agents/${agentId}`)).version_id;
    const structured = await create(agentId, { name: "Verify", type: "deterministic", trigger: "When the caller must be verified", content: JSON.stringify({ steps: [{ type: "ask" }, { type: "tool_call", tool_id: "tool_missing" }] }) });
    const free = await create(agentId, { name: "Refunds", content: 'Run [procedure id="agtprc_gone" name="Gone"].', trigger: "Refunds" });
    const failed = await call<{ detail: { status: string }; errors: Record<string, { path: string; message: string }[]> }>(`${base(agentId)}/compile`, { method: "POST" }, 400);
    expect(failed.detail.status).toBe("procedure_validation_failed");
    expect(failed.errors[structured]!.map((e) => e.path)).toEqual(["steps[0].instruction", "steps[1].tool_id"]);
    expect(failed.errors[free]).toEqual([{ path: "content", message: "Procedure agtprc_gone is not on this branch." }]);
    // Nothing is committed while they are not valid.
    expect(await commit(agentId, "main", 400)).toMatchObject({ detail: { status: "procedure_validation_failed" } });
    expect((await call<{ version_id: string }>(`/v1/convai/agents/${agentId}`)).version_id).toBe(head);

    await call(`${base(agentId)}/${structured}/draft`, { method: "PATCH", json: { name: "Verify", type: "deterministic", content: JSON.stringify({ steps: [{ type: "ask", instruction: "Ask for the date of birth." }, { type: "say", message: "Thank you." }] }) } });
    await call(`${base(agentId)}/${free}/draft`, { method: "PATCH", json: { name: "Refunds", type: "free_form", content: `Verify first with [procedure id="${structured}" name="Verify"].` } });
    const compiled = await call<{ workflow: { nodes: Record<string, Json> } }>(`${base(agentId)}/compile`, { method: "POST" });
    expect(compiled.workflow.nodes[structured]).toMatchObject({ type: "override_agent", label: "Verify" });
    // The type never changes.
    await call(`${base(agentId)}/${free}/draft`, { method: "PATCH", json: { name: "Refunds", type: "deterministic", content: "{}" } }, 400);

    // Folders: a procedure goes only into a folder; removing a folder takes its subtree, not while others hand off into it.
    const folder = await create(agentId, { name: "Identity", type: "folder" });
    await call(base(agentId), { method: "POST", json: { name: "Nowhere", folder_parent_id: free } }, 400);
    await call(base(agentId), { method: "POST", json: { name: "Full folder", type: "folder", content: "text" } }, 400);
    await call(`${base(agentId)}/${structured}/draft`, { method: "PATCH", json: { name: "Verify", type: "deterministic", content: JSON.stringify({ steps: [{ type: "say", message: "Hi." }] }), folder_parent_id: folder } });
    expect(await list(agentId)).toEqual(expect.arrayContaining([expect.objectContaining({ procedure_id: structured, folder_parent_id: folder }), expect.objectContaining({ procedure_id: free, referenced_procedure_ids: [structured] })]));
    expect(await call(`${base(agentId)}/${folder}`, { method: "DELETE" }, 409)).toMatchObject({ detail: { status: "procedure_referenced" } });
    await call(`${base(agentId)}/${free}`, { method: "DELETE" });
    await call(`${base(agentId)}/${folder}`, { method: "DELETE" });
    expect(await list(agentId)).toEqual([]);

    // Bad input is 422; unknown branches, procedures and versions are 404; another workspace finds nothing.
    await call(base(agentId), { method: "POST", json: { name: "Bad", type: "bogus" } }, 422);
    await call(base(agentId), { method: "POST", json: { content: "x".repeat(50_001) } }, 422);
    await call(`${base(agentId)}/${free}/draft`, { method: "PATCH", json: { name: "No type", content: "" } }, 422);
    await call(base(agentId, "agtbrch_unknown"), {}, 404);
    await call(`${base(agentId)}/agtprc_unknown`, {}, 404);
    await call(`${base(agentId)}/agtprc_unknown/draft`, { method: "PATCH", json: { name: "x", content: "y", type: "free_form" } }, 404);
    await call(`${base(agentId)}?agent_version_id=agtvrsn_unknown`, {}, 404);
    await call(base(agentId), { key: otherKey }, 404);
    await call(base(agentId), { key: otherKey, method: "POST", json: { name: "Theirs" } }, 404);
    await call(`${base(agentId)}/compile`, { key: otherKey, method: "POST" }, 404);

    // An archived branch takes no drafts.
    const branch = await call<{ created_branch_id: string }>(`/v1/convai/agents/${agentId}/branches`, { method: "POST", json: { parent_version_id: head, name: "Old", description: "" } });
    await call(`/v1/convai/agents/${agentId}/branches/${branch.created_branch_id}`, { method: "PATCH", json: { is_archived: true } });
    await call(base(agentId, branch.created_branch_id), { method: "POST", json: { name: "Late" } }, 409);
  });

  it("a conversation is offered the published procedures: start_procedure loads one's instructions, end_procedure closes it", async () => {
    // The OpenAI-compatible stand-in (model llama3.2) calls a tool named in the user's message with its key=value pairs.
    const agentId = (await call<{ agent_id: string }>("/v1/convai/agents/create", { method: "POST", json: { name: "Model", conversation_config: { agent: { first_message: "", prompt: { prompt: "You help.", llm: "llama3.2" } }, conversation: { text_only: true } } } })).agent_id;
    const id = await create(agentId, { name: "Refunds", content: "Ask for the order number first.", trigger: "When the user asks for a refund" });
    await commit(agentId);
    const drafted = await create(agentId, { name: "Unpublished", content: "Not yet.", trigger: "Never" });

    const opened = await connectAs(`/v1/convai/conversation?agent_id=${agentId}`, { "xi-api-key": key });
    opened.send({ type: "conversation_initiation_client_data" });
    const metadata = await opened.until((m) => m.type === "conversation_initiation_metadata");
    const conversationId = (metadata.conversation_initiation_metadata_event as { conversation_id: string }).conversation_id;
    const ask = async (text: string) => {
      const before = opened.messages.length;
      opened.send({ type: "user_message", text });
      const answer = await opened.until((m) => m.type === "agent_response", before);
      return (answer.agent_response_event as { agent_response: string }).agent_response;
    };
    expect(await ask(`start_procedure procedure_id=${id}`)).toBe(`The start_procedure tool answered: ${JSON.stringify({ status: "success", procedure_id: id, procedure_name: "Refunds", message: "Ask for the order number first." })}`);
    expect(await ask(`start_procedure procedure_id=${id}`)).toContain('"status":"already_active"');
    // A draft is never offered to a conversation.
    expect(await ask(`start_procedure procedure_id=${drafted}`)).toContain('"status":"not_found"');
    expect(await ask(`end_procedure procedure_id=${id}`)).toContain('"status":"success"');
    opened.socket.close(1000, "bye");
    const saved = await savedAs(conversationId, key);
    const calls = (saved.transcript as { tool_calls?: { type: string; tool_name: string }[] }[]).flatMap((t) => t.tool_calls ?? []);
    expect(calls.map((c) => [c.type, c.tool_name])).toEqual([["system", "start_procedure"], ["system", "start_procedure"], ["system", "start_procedure"], ["system", "end_procedure"]]);
  }, 30_000);
});

describe("agents-triage", () => {
  // Triage tickets (decision 0095): tickets about an agent's performance on a conversation or raised by hand,
  // triaged by the workspace's members and merged. The admin's workspace has an editor (agents access through a
  // group) and a member without agents access; another workspace sees none of it.
  let key: string;
  let adminCookie: string;
  let editorKey: string;
  let otherKey: string;
  let workspaceId: string;
  let adminId: string;
  let editorId: string;
  let outsiderId: string;
  beforeAll(async () => {
    adminCookie = await signUp("agents-triage@example.com");
    key = await createKey(adminCookie);
    otherKey = await createKey(await signUp("agents-triage-other@example.com"));
    workspaceId = ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
    await signUp("agents-triage-editor@example.com");
    await signUp("agents-triage-outsider@example.com");
    const userId = async (email: string) => (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<string>("id"))!;
    [adminId, editorId, outsiderId] = [await userId("agents-triage@example.com"), await userId("agents-triage-editor@example.com"), await userId("agents-triage-outsider@example.com")];
    const others = GROUP_PERMISSIONS.filter((p) => p !== "conversational_ai");
    await env.DB.batch([
      ...[editorId, outsiderId].flatMap((id) => [
        env.DB.prepare("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (?, ?, 'editor')").bind(workspaceId, id),
        env.DB.prepare("UPDATE users SET active_workspace_id = ? WHERE id = ?").bind(workspaceId, id),
      ]),
      env.DB.prepare("UPDATE workspaces SET all_members_permissions = ? WHERE id = ?").bind(JSON.stringify(others), workspaceId),
      env.DB.prepare("INSERT INTO workspace_groups (id, workspace_id, name, permissions, created_at) VALUES ('grp_triage', ?, 'Agents', '[\"conversational_ai\"]', 0)").bind(workspaceId),
      env.DB.prepare("INSERT INTO workspace_group_members (group_id, user_id, added_at) VALUES ('grp_triage', ?, 0)").bind(editorId),
    ]);
    editorKey = await createKey(sessionCookieFrom(await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ email: "agents-triage-editor@example.com", password: STRONG_PASSWORD }))));
  });

  type Json = Record<string, unknown>;
  type Ticket = {
    agentqa_ticket_id: string;
    agent_id: string;
    title: string;
    status: string;
    priority: string | null;
    source: string;
    conversation_ids: string[];
    qa_comment: string | null;
    ticket_comments: Json[];
    turn_comments: Json[];
    status_changes: Json[];
    priority_changes: Json[];
    merged_into_ticket_id: string | null;
    assignee_user_id: string | null;
    search_match?: Json;
  };
  type Page = { agent_conversation_tickets: Ticket[]; next_cursor: string | null; has_more: boolean };
  type Refusal = { detail: { status: string; message: string } | { loc: string[]; msg: string }[] };
  const call = async <T = Json>(path: string, init: Parameters<typeof api>[1] = {}, status = 200): Promise<T> => {
    const response = await api(path, { key, ...init });
    const body = response.headers.get("content-type")?.includes("json") ? await response.json() : await response.text();
    expect(response.status, `${init.method ?? "GET"} ${path}: ${JSON.stringify(body)}`).toBe(status);
    return body as T;
  };
  const refusal = async (path: string, init: Parameters<typeof api>[1], status: number) => ((await call<Refusal>(path, init, status)).detail as { status: string }).status;
  const newAgent = async (who = key) => (await call<{ agent_id: string }>("/v1/convai/agents/create", { method: "POST", key: who, json: { name: "Shop", conversation_config: { agent: { prompt: { prompt: "You help shoppers." } } } } })).agent_id;
  let conversations = 0;
  /** A finished conversation of the agent with three turns, stored as a conversation ends. */
  const newConversation = async (agentId: string, workspace = workspaceId) => {
    const id = `conv_triage_${++conversations}`;
    const transcript = [
      { role: "agent", message: "Welcome to the shop.", time_in_call_secs: 0 },
      { role: "user", message: "What does shipping cost?", time_in_call_secs: 2 },
      { role: "agent", message: "Shipping is free on the moon.", time_in_call_secs: 4 },
    ];
    await env.DB.prepare("INSERT INTO conversations (id, workspace_id, agent_id, agent_name, status, started_at, transcript) VALUES (?, ?, ?, 'Shop', 'done', ?, ?)")
      .bind(id, workspace, agentId, 1_790_000_000_000 + conversations * 1000, JSON.stringify(transcript))
      .run();
    return id;
  };
  const raise = (json: Json, who = key, status = 200) => call<Ticket>("/v1/convai/triage-tickets", { method: "POST", json, key: who }, status);
  const ticketPath = (id: string) => `/v1/convai/triage-tickets/${id}`;
  const update = (id: string, json: Json, who = key, status = 200) => call<Ticket>(ticketPath(id), { method: "PATCH", json, key: who }, status);

  it("raises a ticket on a conversation with turn comments, comments on it and on a turn, and reads it back", async () => {
    const agentId = await newAgent();
    const conversationId = await newConversation(agentId);
    const ticket = await raise({ conversation_id: conversationId, qa_comment: "The agent made up a shipping policy.\nIt should say shipping costs 5 EUR.", turn_comments: [{ turn_index: 2, comment: "Invented." }], priority: "high" });
    expect(ticket).toMatchObject({
      agentqa_ticket_id: expect.stringMatching(/^agtqa_/),
      agent_id: agentId,
      workspace_id: workspaceId,
      owner_user_id: adminId,
      title: "The agent made up a shipping policy.",
      status: "open",
      priority: "high",
      source: "qa",
      conversation_ids: [conversationId],
      first_seen_unix_secs: expect.any(Number),
      turn_comments: [{ turn_index: 2, comment: "Invented.", owner_user_id: adminId, created_at_unix_secs: expect.any(Number) }],
      ticket_comments: [],
      needs_clustering: false,
      labels: [],
    });
    const id = ticket.agentqa_ticket_id;
    await call(`${ticketPath(id)}/comments`, { method: "POST", json: { comment: "Add the shipping page to the knowledge base." }, key: editorKey });
    const turned = await call<Ticket>(`${ticketPath(id)}/turn-comments`, { method: "POST", json: { turn_index: 1, comment: "Fair question." }, key: editorKey });
    expect(turned.ticket_comments).toMatchObject([{ comment: "Add the shipping page to the knowledge base.", owner_user_id: editorId }]);
    expect(turned.turn_comments.map((c) => c.turn_index)).toEqual([2, 1]);
    expect(await call<Ticket>(ticketPath(id))).toEqual(turned);

    // A title given is kept; a ticket with only turn comments takes its title from the first.
    expect((await raise({ conversation_id: conversationId, title: "Shipping", qa_comment: "Wrong." })).title).toBe("Shipping");
    expect((await raise({ conversation_id: conversationId, turn_comments: [{ turn_index: 0, comment: "Greets without the shop's name." }] })).title).toBe("Greets without the shop's name.");

    // Turns are counted in the conversation's transcript.
    expect(await refusal(`${ticketPath(id)}/turn-comments`, { method: "POST", json: { turn_index: 3, comment: "Past the end." } }, 400)).toBe("turn_index_out_of_range");
    expect(await refusal("/v1/convai/triage-tickets", { method: "POST", json: { conversation_id: conversationId, turn_comments: [{ turn_index: 9, comment: "x" }] } }, 400)).toBe("turn_index_out_of_range");
  });

  it("raises a ticket by hand on an agent; it has no conversation or turns to comment on", async () => {
    const agentId = await newAgent();
    const manual = await call<Ticket>(`/v1/convai/agents/${agentId}/triage-tickets`, { method: "POST", json: { qa_comment: "Add the KB about returns" } });
    expect(manual).toMatchObject({ title: "Add the KB about returns", source: "manual", conversation_ids: [], priority: null, first_seen_unix_secs: null });
    expect(await refusal(`${ticketPath(manual.agentqa_ticket_id)}/turn-comments`, { method: "POST", json: { turn_index: 0, comment: "x" } }, 400)).toBe("invalid_request");
  });

  it("refuses bad input with clear messages (422 or 400)", async () => {
    const agentId = await newAgent();
    const conversationId = await newConversation(agentId);
    const detail = async (path: string, json: Json, method = "POST") => (await call<Refusal>(path, { method, json }, 422)).detail as { loc: string[]; msg: string }[];
    expect((await detail("/v1/convai/triage-tickets", { qa_comment: "No conversation." }))[0]!.loc).toEqual(["body", "conversation_id"]);
    expect((await detail("/v1/convai/triage-tickets", { conversation_id: conversationId, priority: "critical" }))[0]!.loc).toEqual(["body", "priority"]);
    expect((await detail("/v1/convai/triage-tickets", { conversation_id: conversationId, turn_comments: [{ turn_index: -1, comment: "x" }] }))[0]!.msg).toContain("zero-based");
    expect((await detail(`/v1/convai/agents/${agentId}/triage-tickets`, { qa_comment: "   " }))[0]!.msg).toBe("qa_comment must not be empty.");
    // Nothing said about what went wrong.
    const silent = (await call<Refusal>("/v1/convai/triage-tickets", { method: "POST", json: { conversation_id: conversationId } }, 400)).detail as { status: string; message: string };
    expect(silent.message).toBe(TRIAGE_TEXTS.nothingToSay);
    const ticket = await raise({ conversation_id: conversationId, qa_comment: "Wrong." });
    expect((await detail(ticketPath(ticket.agentqa_ticket_id), { status: "merged" }, "PATCH"))[0]!.msg).toContain("merging sets merged");
    expect((await detail(`${ticketPath(ticket.agentqa_ticket_id)}/merge`, { source_ticket_ids: [] }))[0]!.msg).toBe("source_ticket_ids must name at least one ticket.");
    expect((await detail(`${ticketPath(ticket.agentqa_ticket_id)}/comments`, { comment: "" }))[0]!.loc).toEqual(["body", "comment"]);
    expect((await call<Refusal>(`/v1/convai/agents/${agentId}/triage-tickets?sort_by=priority&cursor=bm9wZQ`, {}, 422)).detail).toMatchObject([{ loc: ["query", "cursor"], msg: TRIAGE_TEXTS.badCursor }]);
    expect((await call<Refusal>(`/v1/convai/triage-tickets?priorities=low&priorities=severe`, {}, 422)).detail).toMatchObject([{ loc: ["query", "priorities", 1] }]);
  });

  it("answers 404 for another workspace's ticket, agent and conversation", async () => {
    const agentId = await newAgent();
    const conversationId = await newConversation(agentId);
    const ticket = await raise({ conversation_id: conversationId, qa_comment: "Ours." });
    const id = ticket.agentqa_ticket_id;
    const theirs = await newAgent(otherKey);
    const theirTicket = await call<Ticket>(`/v1/convai/agents/${theirs}/triage-tickets`, { method: "POST", json: { qa_comment: "Theirs." }, key: otherKey });
    for (const [path, init] of [
      [ticketPath(id), {}],
      [ticketPath(id), { method: "PATCH", json: { status: "resolved" } }],
      [ticketPath(id), { method: "DELETE" }],
      [`${ticketPath(id)}/comments`, { method: "POST", json: { comment: "Hi" } }],
      [`${ticketPath(id)}/turn-comments`, { method: "POST", json: { turn_index: 0, comment: "Hi" } }],
      [`${ticketPath(id)}/merge`, { method: "POST", json: { source_ticket_ids: [theirTicket.agentqa_ticket_id] } }],
      [`/v1/convai/agents/${agentId}/triage-tickets`, {}],
      [`/v1/convai/agents/${agentId}/triage-tickets`, { method: "POST", json: { qa_comment: "Hi" } }],
      [`/v1/convai/agents/${agentId}/triage-tickets/assignable-users`, {}],
      [`/v1/convai/triage-tickets?agent_id=${agentId}`, {}],
      ["/v1/convai/triage-tickets", { method: "POST", json: { conversation_id: conversationId, qa_comment: "Hi" } }],
    ] as const)
      expect(await refusal(path, { ...init, key: otherKey }, 404), `${"method" in init ? init.method : "GET"} ${path}`).toBe("not_found");
    // Their ticket is not ours to merge in, and neither list shows the other's.
    expect(await refusal(`${ticketPath(id)}/merge`, { method: "POST", json: { source_ticket_ids: [theirTicket.agentqa_ticket_id] } }, 400)).toBe("ticket_not_found");
    const ids = (await call<Page>("/v1/convai/triage-tickets?page_size=100")).agent_conversation_tickets.map((t) => t.agentqa_ticket_id);
    expect(ids).toContain(id);
    expect(ids).not.toContain(theirTicket.agentqa_ticket_id);
    expect((await call<Page>("/v1/convai/triage-tickets", { key: otherKey })).agent_conversation_tickets.map((t) => t.agentqa_ticket_id)).toEqual([theirTicket.agentqa_ticket_id]);
  });

  it("changes status, priority, title and assignee with their history; assignees must have agents access", async () => {
    const agentId = await newAgent();
    const ticket = await raise({ conversation_id: await newConversation(agentId), qa_comment: "Slow answers." });
    const id = ticket.agentqa_ticket_id;
    const changed = await update(id, { status: "in_progress", priority: "urgent", title: "Slow answers on shipping", assignee_user_id: editorId }, editorKey);
    expect(changed).toMatchObject({ status: "in_progress", priority: "urgent", title: "Slow answers on shipping", assignee_user_id: editorId });
    expect(changed.status_changes).toMatchObject([{ status: "in_progress", changed_by_user_id: editorId }]);
    expect(changed.priority_changes).toMatchObject([{ priority: "urgent", changed_by_user_id: editorId }]);
    // The same status again records nothing; resolving, then reopening, does.
    await update(id, { status: "in_progress" });
    await update(id, { status: "resolved" });
    expect((await update(id, { status: "open", assignee_user_id: "" })).status_changes.map((c) => c.status)).toEqual(["in_progress", "resolved", "open"]);
    expect((await call<Ticket>(ticketPath(id))).assignee_user_id).toBeNull();

    expect(await refusal(ticketPath(id), { method: "PATCH", json: { assignee_user_id: outsiderId } }, 400)).toBe("assignee_no_access");
    expect(await refusal(ticketPath(id), { method: "PATCH", json: { assignee_user_id: "usr_nobody" } }, 400)).toBe("assignee_not_found");
    const users = await call<Json[]>(`/v1/convai/agents/${agentId}/triage-tickets/assignable-users`);
    expect(users).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ user_id: adminId, email: "agents-triage@example.com", is_service_account: false, has_access: true }),
        expect.objectContaining({ user_id: editorId, has_access: true }),
        expect.objectContaining({ user_id: outsiderId, has_access: false }),
      ]),
    );
    expect(users).toHaveLength(3);
  });

  it("merges open tickets of the same agent: conversations move, the priority rises, the others stay as merged", async () => {
    const agentId = await newAgent();
    const [c1, c2, c3] = [await newConversation(agentId), await newConversation(agentId), await newConversation(agentId)];
    const target = await raise({ conversation_id: c1, qa_comment: "Shipping made up.", priority: "low" });
    const a = await raise({ conversation_id: c2, qa_comment: "Shipping again.", priority: "high" }, editorKey);
    const b = await raise({ conversation_id: c3, qa_comment: "And again." });
    await update(b.agentqa_ticket_id, { status: "in_progress" });
    const merged = await call<Ticket>(`${ticketPath(target.agentqa_ticket_id)}/merge`, { method: "POST", json: { source_ticket_ids: [a.agentqa_ticket_id, b.agentqa_ticket_id, a.agentqa_ticket_id] }, key: editorKey });
    expect(merged).toMatchObject({ status: "open", priority: "high", priority_changes: [{ priority: "high", changed_by_user_id: editorId }] });
    expect([...merged.conversation_ids].sort()).toEqual([c1, c2, c3].sort());
    const source = await call<Ticket>(ticketPath(a.agentqa_ticket_id));
    expect(source).toMatchObject({ status: "merged", merged_into_ticket_id: target.agentqa_ticket_id, conversation_ids: [], status_changes: [{ status: "merged", changed_by_user_id: editorId }] });
    const listed = await call<Page>(`/v1/convai/agents/${agentId}/triage-tickets?merged_into_ticket_id=${target.agentqa_ticket_id}`);
    expect(listed.agent_conversation_tickets.map((t) => t.agentqa_ticket_id).sort()).toEqual([a.agentqa_ticket_id, b.agentqa_ticket_id].sort());
    expect((await call<Page>(`/v1/convai/agents/${agentId}/triage-tickets?conversation_id=${c2}`)).agent_conversation_tickets.map((t) => t.agentqa_ticket_id)).toEqual([target.agentqa_ticket_id]);

    // A merged ticket changes no more, and merges no more; nor into itself, from another agent, or into a cancelled one.
    expect(await refusal(ticketPath(a.agentqa_ticket_id), { method: "PATCH", json: { status: "open" } }, 409)).toBe("ticket_merged");
    const more = await raise({ conversation_id: c1, qa_comment: "Once more." });
    expect(await refusal(`${ticketPath(more.agentqa_ticket_id)}/merge`, { method: "POST", json: { source_ticket_ids: [a.agentqa_ticket_id] } }, 409)).toBe("ticket_not_open");
    expect(await refusal(`${ticketPath(more.agentqa_ticket_id)}/merge`, { method: "POST", json: { source_ticket_ids: [more.agentqa_ticket_id] } }, 400)).toBe("invalid_request");
    const elsewhere = await call<Ticket>(`/v1/convai/agents/${await newAgent()}/triage-tickets`, { method: "POST", json: { qa_comment: "Another agent." } });
    expect(await refusal(`${ticketPath(more.agentqa_ticket_id)}/merge`, { method: "POST", json: { source_ticket_ids: [elsewhere.agentqa_ticket_id] } }, 400)).toBe("ticket_other_agent");
    await update(more.agentqa_ticket_id, { status: "cancelled" });
    expect(await refusal(`${ticketPath(more.agentqa_ticket_id)}/merge`, { method: "POST", json: { source_ticket_ids: [b.agentqa_ticket_id] } }, 409)).toBe("ticket_not_mergeable");

    // Only the creator or an admin deletes; the tickets merged into it go with it.
    expect(await refusal(ticketPath(target.agentqa_ticket_id), { method: "DELETE", key: editorKey }, 403)).toBe("not_ticket_owner");
    await call(ticketPath(target.agentqa_ticket_id), { method: "DELETE" });
    for (const gone of [target, a, b]) await call(ticketPath(gone.agentqa_ticket_id), {}, 404);
    const own = await raise({ conversation_id: c1, qa_comment: "Mine." }, editorKey);
    await call(ticketPath(own.agentqa_ticket_id), { method: "DELETE", key: editorKey });
  });

  it("lists newest first or by priority a page at a time, filters and searches", async () => {
    const agentId = await newAgent();
    const conversationId = await newConversation(agentId);
    const low = await raise({ conversation_id: conversationId, qa_comment: "Low one.", priority: "low" });
    const urgent = await call<Ticket>(`/v1/convai/agents/${agentId}/triage-tickets`, { method: "POST", json: { qa_comment: "Urgent one.", priority: "urgent" }, key: editorKey });
    const none = await raise({ conversation_id: conversationId, qa_comment: "No priority.", turn_comments: [{ turn_index: 2, comment: "The moon is not a shipping zone." }] });
    // Created a second apart, so that newest first does not depend on the clock's resolution.
    await env.DB.batch([low, urgent, none].map((t, i) => env.DB.prepare("UPDATE agent_triage_tickets SET created_at = ? WHERE id = ?").bind(1_790_000_000_000 + i * 1000, t.agentqa_ticket_id)));
    const list = async (query: string) => call<Page>(`/v1/convai/agents/${agentId}/triage-tickets?${query}`);
    const ids = (page: Page) => page.agent_conversation_tickets.map((t) => t.agentqa_ticket_id);

    const first = await list("page_size=2");
    expect(first.has_more).toBe(true);
    const rest = await list(`page_size=2&cursor=${first.next_cursor}`);
    expect([...ids(first), ...ids(rest)]).toEqual([none, urgent, low].map((t) => t.agentqa_ticket_id));
    expect(rest).toMatchObject({ has_more: false, next_cursor: null });
    const byPriority = await list("sort_by=priority&page_size=1");
    const second = await list(`sort_by=priority&page_size=2&cursor=${byPriority.next_cursor}`);
    expect([...ids(byPriority), ...ids(second)]).toEqual([urgent, low, none].map((t) => t.agentqa_ticket_id));
    // A cursor of the other sort is refused.
    await call(`/v1/convai/agents/${agentId}/triage-tickets?cursor=${byPriority.next_cursor}`, {}, 422);

    expect(ids(await list("sources=manual"))).toEqual([urgent.agentqa_ticket_id]);
    expect(ids(await list("priorities=low&priorities=urgent"))).toEqual([urgent, low].map((t) => t.agentqa_ticket_id));
    expect(ids(await list(`owner_user_id=${editorId}`))).toEqual([urgent.agentqa_ticket_id]);
    expect(ids(await list("status=resolved"))).toEqual([]);
    expect(ids(await list("issue_type=knowledge_gap"))).toEqual([]);
    expect(ids(await list("label=shipping"))).toEqual([]);
    const searched = await list("search=MOON");
    expect(searched.agent_conversation_tickets).toMatchObject([{ agentqa_ticket_id: none.agentqa_ticket_id, search_match: { field: "turn_comment", turn_index: 2, snippet: "The moon is not a shipping zone.", highlight_start: 4, highlight_end: 8 } }]);
    expect((await list("")).agent_conversation_tickets[0]!.search_match).toBeUndefined();
    // The workspace's list spans its agents and filters by one.
    expect(ids(await call<Page>(`/v1/convai/triage-tickets?agent_id=${agentId}&assignee_user_id=${adminId}`))).toEqual([]);
    expect(ids(await call<Page>(`/v1/convai/triage-tickets?agent_id=${agentId}&sort_by=priority`))).toEqual([urgent, low, none].map((t) => t.agentqa_ticket_id));
  });

  it("links a merge proposal to a ticket of its agent; merging the proposal resolves the ticket", async () => {
    const agentId = await newAgent();
    const ticket = await raise({ conversation_id: await newConversation(agentId), qa_comment: "Needs a kinder prompt." });
    const main = await call<{ version_id: string }>(`/v1/convai/agents/${agentId}`);
    const branch = await call<{ created_branch_id: string }>(`/v1/convai/agents/${agentId}/branches`, { method: "POST", json: { parent_version_id: main.version_id, name: "Kind", description: "Kinder", conversation_config: { agent: { prompt: { prompt: "You help shoppers kindly." } } } } });
    const proposals = `/v1/convai/agents/${agentId}/merge-proposals`;
    const elsewhere = await call<Ticket>(`/v1/convai/agents/${await newAgent()}/triage-tickets`, { method: "POST", json: { qa_comment: "Another agent's." } });
    const json = { source_branch_id: branch.created_branch_id, target_branch_id: "main", title: "Kinder prompt" };
    expect(await refusal(proposals, { method: "POST", json: { ...json, triage_ticket_id: elsewhere.agentqa_ticket_id } }, 400)).toBe("triage_ticket_not_found");
    const { created_merge_proposal_id: id } = await call<{ created_merge_proposal_id: string }>(proposals, { method: "POST", json: { ...json, triage_ticket_id: ticket.agentqa_ticket_id } });
    expect(await call(`${proposals}/${id}`)).toMatchObject({ triage_ticket_id: ticket.agentqa_ticket_id });
    await call(`${proposals}/${id}/merge`, { method: "POST", json: {} });
    expect(await call<Ticket>(ticketPath(ticket.agentqa_ticket_id))).toMatchObject({ status: "resolved", status_changes: [{ status: "resolved", changed_by_user_id: adminId }] });
  });
  it("the agent page lists its open tickets and raises one from a conversation with a plain form (no script)", async () => {
    const agentId = await newAgent();
    const conversationId = await newConversation(agentId);
    const page = `/app/conversational-ai/agents/${agentId}?tab=history`;
    type Result = { intent: string; notice?: string; errors?: Record<string, string> };
    const post = async (fields: Record<string, string>) => {
      const sent = await fetcherPost(page, fields, adminCookie);
      return { status: sent.status, result: sent.data as Result };
    };
    const html = async () => (await SELF.fetch(`${ORIGIN}${page}`, { headers: { cookie: adminCookie } })).text();
    const before = await html();
    expect(before).toContain(TRIAGE_PAGE_TEXTS.raise);
    expect(before).toContain(TRIAGE_PAGE_TEXTS.none);

    expect(await post({ intent: "raise-ticket", conversation_id: conversationId, qa_comment: " ", priority: "" })).toMatchObject({ status: 400, result: { errors: { qa_comment: TRIAGE_PAGE_TEXTS.commentMissing } } });
    expect(await post({ intent: "raise-ticket", conversation_id: "conv_elsewhere", qa_comment: "Wrong." })).toMatchObject({ status: 404, result: { errors: { form: TRIAGE_TEXTS.conversationNotFound } } });
    // A plain document post (before any script) raises it too, the page answering with the notice.
    const plain = await postForm(page, { intent: "raise-ticket", conversation_id: conversationId, qa_comment: "Quoted moon shipping.", priority: "high" }, adminCookie);
    expect(plain.status).toBe(200);
    expect(await plain.text()).toContain(TRIAGE_PAGE_TEXTS.raised("Quoted moon shipping."));
    const [ticket] = (await call<Page>(`/v1/convai/agents/${agentId}/triage-tickets`)).agent_conversation_tickets;
    expect(ticket).toMatchObject({ title: "Quoted moon shipping.", priority: "high", conversation_ids: [conversationId], owner_user_id: adminId });
    expect(await html()).toContain("Quoted moon shipping.");

    // Another agent's ticket is not resolved from this page; this one's is, and leaves the list.
    const elsewhere = await call<Ticket>(`/v1/convai/agents/${await newAgent()}/triage-tickets`, { method: "POST", json: { qa_comment: "Elsewhere." } });
    expect((await post({ intent: "resolve-ticket", ticket_id: elsewhere.agentqa_ticket_id })).status).toBe(404);
    expect(await post({ intent: "resolve-ticket", ticket_id: ticket!.agentqa_ticket_id })).toMatchObject({ status: 200, result: { notice: TRIAGE_PAGE_TEXTS.resolved("Quoted moon shipping.") } });
    expect((await call<Ticket>(ticketPath(ticket!.agentqa_ticket_id))).status).toBe("resolved");
    expect(await html()).toContain(TRIAGE_PAGE_TEXTS.none);
  });
});

describe("agents-media", () => {
  // An agent's avatar and hold audio, a conversation's files, batch exports, the paged phone numbers and topics (decision 0096).
  let key: string;
  let otherKey: string;
  beforeAll(async () => {
    key = await createKey(await signUp("agents-media@example.com"));
    otherKey = await createKey(await signUp("agents-media-other@example.com"));
  });
  const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (ch) => ch.charCodeAt(0));
  const upload = (path: string, field: string, file: Blob, name: string, as = key, method = "POST") => {
    const body = new FormData();
    body.append(field, file, name);
    return api(path, { method, key: as, body });
  };
  async function newAgent(config: Record<string, unknown> = {}, platform: Record<string, unknown> = {}): Promise<string> {
    const response = await api("/v1/convai/agents/create", { method: "POST", key, json: { conversation_config: config, platform_settings: platform, name: "Media agent" } });
    expect(response.status).toBe(200);
    return (await json<{ agent_id: string }>(response)).agent_id;
  }
  const error = async (response: Response) => ({ status: response.status, detail: ((await response.json()) as { detail: { status: string; message: string } | { msg: string }[] }).detail });

  it("sets the widget's avatar: stored, named in the settings and the widget's configuration, served while it is the avatar", async () => {
    const agentId = await newAgent({}, { auth: { allowlist: [{ hostname: "shop.example" }] } });
    const set = await upload(`/v1/convai/agents/${agentId}/avatar`, "avatar_file", new Blob([PNG], { type: "image/png" }), "face.png");
    expect(set.status).toBe(200);
    const { avatar_url } = await json<{ agent_id: string; avatar_url: string }>(set);
    expect(avatar_url).toMatch(new RegExp(`^${ORIGIN}/convai/agent-media/${agentId}/avatar-\\w+\\.png$`));
    const agent = await json<{ platform_settings: { widget: { avatar: unknown } } }>(await api(`/v1/convai/agents/${agentId}`, { key }));
    expect(agent.platform_settings.widget.avatar).toEqual({ type: "image", url: avatar_url });
    const widget = await SELF.fetch(`${ORIGIN}/convai/widget/${agentId}`, { headers: { origin: "https://shop.example" } });
    expect(await widget.json()).toMatchObject({ agent_id: agentId, avatar_url });
    const image = await SELF.fetch(avatar_url);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
    // The widget script shows it.
    expect(await (await SELF.fetch(`${ORIGIN}/convai/widget.js`)).text()).toContain("config.avatar_url");

    // A new avatar replaces the old one, which is no longer served.
    const again = await json<{ avatar_url: string }>(await upload(`/v1/convai/agents/${agentId}/avatar`, "avatar_file", new Blob([PNG]), "face2.png"));
    expect(again.avatar_url).not.toBe(avatar_url);
    expect((await SELF.fetch(avatar_url)).status).toBe(404);
    expect((await SELF.fetch(again.avatar_url)).status).toBe(200);
    expect((await SELF.fetch(`${ORIGIN}/convai/agent-media/${agentId}/avatar-nope.png`)).status).toBe(404);

    // Type by the bytes (415), size (413), the field (422), another workspace (404).
    expect(await error(await upload(`/v1/convai/agents/${agentId}/avatar`, "avatar_file", new Blob(["<svg/>"], { type: "image/svg+xml" }), "x.svg"))).toEqual({ status: 415, detail: { status: "unsupported_image_type", message: AGENT_MEDIA_TEXTS.avatarType } });
    const big = new Uint8Array(AGENT_MEDIA_LIMITS.avatarBytes + 1);
    big.set(PNG);
    expect(await error(await upload(`/v1/convai/agents/${agentId}/avatar`, "avatar_file", new Blob([big]), "big.png"))).toEqual({ status: 413, detail: { status: "avatar_too_large", message: AGENT_MEDIA_TEXTS.avatarTooLarge } });
    expect((await upload(`/v1/convai/agents/${agentId}/avatar`, "file", new Blob([PNG]), "face.png")).status).toBe(422);
    expect((await upload(`/v1/convai/agents/${agentId}/avatar`, "avatar_file", new Blob([PNG]), "face.png", otherKey)).status).toBe(404);

    // Deleting the agent deletes its media.
    expect((await api(`/v1/convai/agents/${agentId}`, { method: "DELETE", key })).status).toBe(200);
    expect((await env.MEDIA.list({ prefix: `agent-media/${agentId}/` })).objects).toEqual([]);
  });

  it("sets hold audio, read-only in the settings, and plays it to the client while a tool keeps the conversation waiting", async () => {
    const tone = new Int16Array(16000).map((_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 16000)));
    const openPage = { type: "client", name: "open_page", description: "Opens a page of the site", parameters: { type: "object", properties: { page: { type: "string" } } }, expects_response: true, response_timeout_secs: 10 };
    const agentId = await newAgent({ agent: { first_message: "", prompt: { prompt: "You help.", tools: [openPage] } } });
    const set = await upload(`/v1/convai/agents/${agentId}/hold-audio`, "hold_audio_file", new Blob([wavFile(tone, 16000) as Uint8Array<ArrayBuffer>], { type: "audio/wav" }), "music.wav");
    expect(set.status).toBe(200);
    const { hold_audio } = await json<{ hold_audio: { audio_path: string; audio_url: string; original_filename: string; duration_secs: number; size_bytes: number } }>(set);
    expect(hold_audio).toMatchObject({ original_filename: "music.wav", duration_secs: 1, size_bytes: 44 + 32000 });
    expect((await SELF.fetch(hold_audio.audio_url)).headers.get("content-type")).toBe("audio/wav");
    // Read-only: an update that sends hold_audio does not change it.
    await api(`/v1/convai/agents/${agentId}`, { method: "PATCH", key, json: { platform_settings: { queueing_config: { hold_audio: { audio_path: "x", audio_url: "https://evil.example/x.mp3" } } } } });
    const agent = await json<{ platform_settings: { queueing_config: { hold_audio: unknown } } }>(await api(`/v1/convai/agents/${agentId}`, { key }));
    expect(agent.platform_settings.queueing_config.hold_audio).toEqual(hold_audio);

    // While the client runs its tool, the hold audio arrives as the conversation's audio, from its first sample.
    const call = await connectAs(`/v1/convai/conversation?agent_id=${agentId}`, { "xi-api-key": key });
    call.send({ type: "conversation_initiation_client_data" });
    await call.until((m) => m.type === "conversation_initiation_metadata");
    call.send({ type: "user_message", text: "open_page page=pricing" });
    const request = await call.until((m) => m.type === "client_tool_call");
    const asked = call.messages.indexOf(request);
    await call.until((m) => m.type === "audio", asked);
    const held = () => call.messages.slice(asked).filter((m) => m.type === "audio").map((m) => fromBase64((m.audio_event as { audio_base_64: string }).audio_base_64));
    const first = held()[0]!;
    expect(first).toEqual(new Uint8Array(tone.buffer).subarray(0, first.byteLength));
    call.send({ type: "client_tool_result", tool_call_id: (request.client_tool_call as { tool_call_id: string }).tool_call_id, result: "Opened.", is_error: false });
    await call.until((m) => m.type === "agent_response", asked);
    call.socket.close(1000, "bye");

    // Removed: gone from the settings and no longer served; a second removal says there is none.
    expect(await json(await api(`/v1/convai/agents/${agentId}/hold-audio`, { method: "DELETE", key }))).toEqual({ agent_id: agentId });
    expect((await SELF.fetch(hold_audio.audio_url)).status).toBe(404);
    expect(await error(await api(`/v1/convai/agents/${agentId}/hold-audio`, { method: "DELETE", key }))).toEqual({ status: 404, detail: { status: "hold_audio_not_found", message: AGENT_MEDIA_TEXTS.noHoldAudio } });
    // Bad files and another workspace.
    expect((await error(await upload(`/v1/convai/agents/${agentId}/hold-audio`, "hold_audio_file", new Blob(["not audio"]), "x.txt"))).status).toBe(415);
    expect((await upload(`/v1/convai/agents/${agentId}/hold-audio`, "hold_audio_file", new Blob([new Uint8Array(AGENT_MEDIA_LIMITS.holdAudioBytes + 1)]), "big.wav")).status).toBe(413);
    expect((await upload(`/v1/convai/agents/${agentId}/hold-audio`, "hold_audio_file", new Blob([wavFile(tone, 16000) as Uint8Array<ArrayBuffer>]), "m.wav", otherKey)).status).toBe(404);
    expect((await api(`/v1/convai/agents/${agentId}/hold-audio`, { method: "DELETE", key: otherKey })).status).toBe(404);
  }, 30_000);

  it("uploads and removes the avatar and hold audio from the agent page's Widget tab (plain multipart forms), with the API's refusals under them", async () => {
    const cookie = await signUp("agents-media-page@example.com");
    const pageKey = await createKey(cookie);
    const theirCookie = await signUp("agents-media-page-other@example.com");
    const agentId = (await json<{ agent_id: string }>(await api("/v1/convai/agents/create", { method: "POST", key: pageKey, json: { name: "Page media", conversation_config: {} } }))).agent_id;
    const page = `/app/conversational-ai/agents/${agentId}?tab=widget`;
    const formOf = (intent: string, file?: [string, Blob, string]) => {
      const body = new FormData();
      body.append("intent", intent);
      if (file) body.append(...file);
      return body;
    };
    type Result = { intent: string; notice?: string; errors?: { form: string } };
    const post = async (body: FormData, as = cookie) => {
      const sent = await fetcherPost(page, body, as);
      return { status: sent.status, result: sent.data as Result };
    };
    const html = async () => (await SELF.fetch(`${ORIGIN}${page}`, { headers: { cookie } })).text();
    /** The post a browser without scripts makes: to the document, which answers the page. */
    const documentPost = (body: FormData, as = cookie) => SELF.fetch(`${ORIGIN}${page}`, { method: "POST", body, headers: { cookie: as, origin: ORIGIN, host: new URL(ORIGIN).host } });
    type Platform = { widget?: { avatar?: { url: string } }; queueing_config?: { hold_audio?: { audio_url: string } } };
    const platform = async () => (await json<{ platform_settings: Platform }>(await api(`/v1/convai/agents/${agentId}`, { key: pageKey }))).platform_settings;
    const svg = (): [string, Blob, string] => ["avatar_file", new Blob(["<svg/>"], { type: "image/svg+xml" }), "x.svg"];

    const empty = await html();
    expect(empty).toContain(AGENT_MEDIA_PAGE_TEXTS.noAvatar);
    expect(empty).toContain(AGENT_MEDIA_PAGE_TEXTS.noHoldAudio);
    expect(empty).toContain(AGENT_MEDIA_PAGE_TEXTS.holdIntro);
    expect(empty.match(/enctype="multipart\/form-data"/gi)).toHaveLength(2);

    // The avatar: uploaded, shown, and refused as the API refuses (415, 413), or without a file (400).
    expect(await post(formOf("upload-avatar", ["avatar_file", new Blob([PNG], { type: "image/png" }), "face.png"]))).toMatchObject({ status: 200, result: { notice: AGENT_MEDIA_PAGE_TEXTS.avatarUploaded } });
    const avatarUrl = (await platform()).widget!.avatar!.url;
    expect((await SELF.fetch(avatarUrl)).status).toBe(200);
    expect(await html()).toContain(`src="${avatarUrl}"`);
    expect(await post(formOf("upload-avatar", svg()))).toMatchObject({ status: 415, result: { intent: "upload-avatar", errors: { form: AGENT_MEDIA_TEXTS.avatarType } } });
    const big = new Uint8Array(AGENT_MEDIA_LIMITS.avatarBytes + 1);
    big.set(PNG);
    expect(await post(formOf("upload-avatar", ["avatar_file", new Blob([big]), "big.png"]))).toMatchObject({ status: 413, result: { errors: { form: AGENT_MEDIA_TEXTS.avatarTooLarge } } });
    // A file field left empty sends a nameless, empty part.
    expect(await post(formOf("upload-avatar", ["avatar_file", new Blob([]), ""]))).toMatchObject({ status: 400, result: { errors: { form: AGENT_MEDIA_PAGE_TEXTS.avatarMissing } } });
    // Without scripts the browser posts the document: the page comes back with the refusal under the form.
    const noScript = await documentPost(formOf("upload-avatar", svg()));
    expect(noScript.status).toBe(415);
    expect(await noScript.text()).toContain(AGENT_MEDIA_TEXTS.avatarType);
    expect((await platform()).widget!.avatar!.url).toBe(avatarUrl);

    // Hold audio: uploaded and playable on the page; not audio 415, no sound 400.
    const tone = new Int16Array(8000).map((_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 16000)));
    expect(await post(formOf("upload-hold-audio", ["hold_audio_file", new Blob([wavFile(tone, 16000) as Uint8Array<ArrayBuffer>], { type: "audio/wav" }), "tone.wav"]))).toMatchObject({ status: 200, result: { notice: AGENT_MEDIA_PAGE_TEXTS.holdAudioUploaded } });
    const holdUrl = (await platform()).queueing_config!.hold_audio!.audio_url;
    const withAudio = await html();
    expect(withAudio).toContain(`src="${holdUrl}"`);
    expect(withAudio).toContain(AGENT_MEDIA_PAGE_TEXTS.holdAudioDetails("tone.wav", 0.5));
    expect(await post(formOf("upload-hold-audio", ["hold_audio_file", new Blob(["not audio"]), "x.txt"]))).toMatchObject({ status: 415, result: { errors: { form: AGENT_MEDIA_TEXTS.holdAudioType } } });
    expect(await post(formOf("upload-hold-audio", ["hold_audio_file", new Blob([wavFile(new Int16Array(0), 16000) as Uint8Array<ArrayBuffer>]), "silence.wav"]))).toMatchObject({ status: 400, result: { errors: { form: AGENT_MEDIA_TEXTS.holdAudioEmpty } } });
    expect(await post(formOf("upload-hold-audio"))).toMatchObject({ status: 400, result: { errors: { form: AGENT_MEDIA_PAGE_TEXTS.holdAudioMissing } } });

    // Another workspace finds no agent to change.
    expect((await documentPost(formOf("remove-avatar"), theirCookie)).status).toBe(404);
    expect((await documentPost(formOf("upload-hold-audio", ["hold_audio_file", new Blob([wavFile(tone, 16000) as Uint8Array<ArrayBuffer>]), "theirs.wav"]), theirCookie)).status).toBe(404);
    expect((await platform()).queueing_config!.hold_audio!.audio_url).toBe(holdUrl);

    // Removed: gone from the settings, no longer served, the bytes deleted; a second removal says there is none.
    expect(await post(formOf("remove-hold-audio"))).toMatchObject({ status: 200, result: { notice: AGENT_MEDIA_PAGE_TEXTS.holdAudioRemoved } });
    expect(await post(formOf("remove-avatar"))).toMatchObject({ status: 200, result: { notice: AGENT_MEDIA_PAGE_TEXTS.avatarRemoved } });
    expect(await platform()).not.toHaveProperty("widget.avatar");
    expect((await platform()).queueing_config?.hold_audio).toBeUndefined();
    for (const url of [avatarUrl, holdUrl]) expect((await SELF.fetch(url)).status).toBe(404);
    expect((await env.MEDIA.list({ prefix: `agent-media/${agentId}/` })).objects).toEqual([]);
    expect(await post(formOf("remove-avatar"))).toMatchObject({ status: 404, result: { errors: { form: AGENT_MEDIA_TEXTS.noAvatar } } });
    expect(await post(formOf("remove-hold-audio"))).toMatchObject({ status: 404, result: { errors: { form: AGENT_MEDIA_TEXTS.noHoldAudio } } });
    const after = await html();
    expect(after).toContain(AGENT_MEDIA_PAGE_TEXTS.noAvatar);
    expect(after).toContain(AGENT_MEDIA_PAGE_TEXTS.noHoldAudio);
  }, 30_000);

  it("attaches text files to a conversation in progress: the agent answers from them; a read file stays, another workspace sees nothing", async () => {
    const agentId = await newAgent({ agent: { first_message: "", prompt: { prompt: "You help shoppers." } }, conversation: { text_only: true } });
    const call = await connectAs(`/v1/convai/conversation?agent_id=${agentId}`, { "xi-api-key": key });
    call.send({ type: "conversation_initiation_client_data" });
    const metadata = await call.until((m) => m.type === "conversation_initiation_metadata");
    const conversationId = (metadata.conversation_initiation_metadata_event as { conversation_id: string }).conversation_id;
    const ask = async (text: string) => {
      const before = call.messages.length;
      call.send({ type: "user_message", text });
      return responses([await call.until((m) => m.type === "agent_response", before)])[0];
    };
    const files = `/v1/convai/conversations/${conversationId}/files`;
    expect(await ask("How many days for returns?")).not.toContain("thirty days");

    const added = await upload(files, "file", new Blob(["Returns are accepted within thirty days of delivery.\n\nGift cards cannot be returned."], { type: "text/plain" }), "returns.txt");
    expect(added.status).toBe(200);
    const { file_id } = await json<{ file_id: string }>(added);
    expect(file_id).toMatch(/^cfile_/);
    const unread = await json<{ file_id: string }>(await upload(files, "file", new Blob(["Nothing"]), "later.md"));
    // A file not read yet can be removed; another workspace finds neither the conversation nor its files.
    expect((await api(`${files}/${unread.file_id}`, { method: "DELETE", key: otherKey })).status).toBe(404);
    expect((await upload(files, "file", new Blob(["x"]), "x.txt", otherKey)).status).toBe(404);
    expect(await json(await api(`${files}/${unread.file_id}`, { method: "DELETE", key }))).toEqual({ file_id: unread.file_id });
    expect(await error(await api(`${files}/${unread.file_id}`, { method: "DELETE", key }))).toEqual({ status: 404, detail: { status: "file_not_found", message: CONVERSATION_FILE_TEXTS.fileNotFound } });

    // The next answer reads the file; once read, it cannot be removed.
    expect(await ask("How many days for returns?")).toBe("Returns are accepted within thirty days of delivery.");
    expect(await error(await api(`${files}/${file_id}`, { method: "DELETE", key }))).toEqual({ status: 409, detail: { status: "file_already_used", message: CONVERSATION_FILE_TEXTS.alreadyUsed } });

    // Text files only (by name or type, and by their bytes), 1 MB, and a field named file.
    expect(await error(await upload(files, "file", new Blob([PNG], { type: "image/png" }), "face.png"))).toEqual({ status: 415, detail: { status: "unsupported_file_type", message: CONVERSATION_FILE_TEXTS.fileType } });
    expect((await upload(files, "file", new Blob([PNG], { type: "text/plain" }), "face.txt")).status).toBe(415);
    expect((await upload(files, "file", new Blob(["a".repeat(CONVERSATION_FILE_LIMITS.bytes + 1)]), "big.txt")).status).toBe(413);
    expect((await upload(files, "attachment", new Blob(["a"]), "a.txt")).status).toBe(422);

    // An ended conversation takes no more files; deleting it deletes its files.
    call.socket.close(1000, "bye");
    await savedConversation(conversationId, key);
    expect(await error(await upload(files, "file", new Blob(["Late"]), "late.txt"))).toEqual({ status: 409, detail: { status: "conversation_not_in_progress", message: CONVERSATION_FILE_TEXTS.notLive } });
    expect((await env.MEDIA.list({ prefix: "conversation-files/" })).objects.some((o) => o.key.includes(conversationId))).toBe(true);
    expect((await api(`/v1/convai/conversations/${conversationId}`, { method: "DELETE", key })).status).toBe(200);
    expect((await env.MEDIA.list({ prefix: "conversation-files/" })).objects.some((o) => o.key.includes(conversationId))).toBe(false);
  }, 30_000);

  it("finds an agent's topics in what its callers said, with counts and success rates, in a window and pages", async () => {
    const agentId = await newAgent({ agent: { first_message: "", prompt: { prompt: "You help shoppers. Delivery takes three days." } }, conversation: { text_only: true } });
    const talk = async (text: string) => {
      const call = await connectAs(`/v1/convai/conversation?agent_id=${agentId}`, { "xi-api-key": key });
      call.send({ type: "conversation_initiation_client_data" });
      const metadata = await call.until((m) => m.type === "conversation_initiation_metadata");
      call.send({ type: "user_message", text });
      await call.until((m) => m.type === "agent_response");
      call.socket.close(1000, "bye");
      return savedConversation((metadata.conversation_initiation_metadata_event as { conversation_id: string }).conversation_id, key);
    };
    for (const text of ["Where is my delivery?", "How long does delivery take?", "When does delivery arrive?", "I want a refund please", "Can I get a refund?", "Hello"]) await talk(text);

    type Topics = { topics: { topic_id: string; label: string; description: string; conversation_count: number; metrics: { conversation_count: number; evaluation_criteria?: unknown[] } }[]; window_start_unix_secs: number; window_end_unix_secs: number; has_more: boolean; next_cursor?: string };
    const topics = async (query = "", as = key) => api(`/v1/convai/agents/${agentId}/topics${query}`, { key: as });
    const all = await json<Topics>(await topics());
    expect(all.topics.map((t) => [t.topic_id, t.label, t.conversation_count])).toEqual([
      ["topic_deliver", "Delivery", 3],
      ["topic_refund", "Refund", 2],
    ]);
    expect(all.topics[0]).toMatchObject({ description: "Where is my delivery?", metrics: { conversation_count: 3, evaluation_criteria: [] } });
    expect(all.window_end_unix_secs - all.window_start_unix_secs).toBeGreaterThanOrEqual(30 * 86_400);
    const paged = await json<Topics>(await topics("?page_size=1&sort_direction=asc&include_evaluation_criteria=false"));
    expect(paged).toMatchObject({ topics: [{ topic_id: "topic_refund", metrics: { conversation_count: 2 } }], has_more: true, next_cursor: "1" });
    expect(paged.topics[0]!.metrics.evaluation_criteria).toBeUndefined();
    expect((await json<Topics>(await topics("?page_size=1&sort_direction=asc&cursor=1"))).topics.map((t) => t.topic_id)).toEqual(["topic_deliver"]);
    // A window before these conversations has none.
    expect((await json<Topics>(await topics("?from_unix_secs=86400&to_unix_secs=172800"))).topics).toEqual([]);
    expect(await error(await topics("?sort_by=volume"))).toMatchObject({ status: 422 });
    expect((await error(await topics("?from_unix_secs=200&to_unix_secs=100"))).detail).toEqual([expect.objectContaining({ msg: "from_unix_secs must not be after to_unix_secs" })]);
    expect((await topics("", otherKey)).status).toBe(404);
  }, 60_000);
});
