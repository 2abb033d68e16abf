import { ElevenLabsClient } from "@elevenlabs/elevenlabs-js";
import { Conversation } from "@elevenlabs/elevenlabs-js/api/resources/conversationalAi/conversation/Conversation";
import { AudioInterface } from "@elevenlabs/elevenlabs-js/api/resources/conversationalAi/conversation/AudioInterface";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createApiKeyOverHttp, signUpOverHttp, uniqueEmail } from "./http";

/** The official SDK's conversationalAi (agents, knowledge base, conversations and its realtime client) against the stack. */
const baseUrl = inject("baseUrl");
let client: ElevenLabsClient;
let other: ElevenLabsClient;

beforeAll(async () => {
  client = new ElevenLabsClient({ apiKey: await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, uniqueEmail("sdk-agents"))), baseUrl });
  other = new ElevenLabsClient({ apiKey: await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, uniqueEmail("sdk-agents-other"))), baseUrl });
});

/** The SDK's audio interface for a program without a sound card: it counts what the agent says. */
class CountingAudio extends AudioInterface {
  bytes = 0;
  start() {}
  stop() {}
  output(audio: Buffer) {
    this.bytes += audio.byteLength;
  }
  interrupt() {}
}

describe("official SDK: conversational AI", () => {
  it("creates, gets, lists, updates and deletes agents with a knowledge document", async () => {
    const document = await client.conversationalAi.knowledgeBase.documents.createFromText({ text: "Our support line is open from eight to four on weekdays.", name: "Support hours" });
    expect(document.name).toBe("Support hours");
    const { agentId } = await client.conversationalAi.agents.create({
      name: "Support",
      conversationConfig: { agent: { firstMessage: "Hi, this is support.", language: "en", prompt: { prompt: "You answer support questions.", knowledgeBase: [{ type: "text", id: document.id, name: "Support hours" }] } }, tts: { voiceId: "pv01aria000000000000" } },
    });
    const agent = await client.conversationalAi.agents.get(agentId);
    expect(agent.name).toBe("Support");
    expect(agent.conversationConfig.agent?.firstMessage).toBe("Hi, this is support.");
    expect(agent.conversationConfig.agent?.prompt?.knowledgeBase?.[0]?.id).toBe(document.id);

    const updated = await client.conversationalAi.agents.update(agentId, { name: "Support desk", conversationConfig: { agent: { firstMessage: "Hello from the desk." } } });
    expect(updated.name).toBe("Support desk");
    expect(updated.conversationConfig.agent?.prompt?.prompt).toBe("You answer support questions.");
    expect((await client.conversationalAi.agents.list()).agents.map((a) => a.agentId)).toContain(agentId);
    expect((await other.conversationalAi.agents.list()).agents).toEqual([]);

    const documents = await client.conversationalAi.knowledgeBase.list();
    expect(documents.documents.find((d) => d.id === document.id)).toMatchObject({ name: "Support hours", type: "text" });
    const got = await client.conversationalAi.knowledgeBase.documents.get(document.id);
    expect(got).toMatchObject({ type: "text", extractedInnerHtml: "Our support line is open from eight to four on weekdays." });

    await client.conversationalAi.agents.delete(agentId);
    await expect(client.conversationalAi.agents.get(agentId)).rejects.toMatchObject({ statusCode: 404 });
    await client.conversationalAi.knowledgeBase.documents.delete(document.id);
  });

  it("talks with an agent through the SDK's realtime client and finds the conversation afterwards", async () => {
    const document = await client.conversationalAi.knowledgeBase.documents.createFromText({ text: "Parcels are delivered within three working days.", name: "Delivery" });
    const { agentId } = await client.conversationalAi.agents.create({
      name: "Delivery helper",
      conversationConfig: { agent: { firstMessage: "Hello!", prompt: { knowledgeBase: [{ type: "text", id: document.id, name: "Delivery" }] } } },
    });
    const audio = new CountingAudio();
    const answers: string[] = [];
    let answered: () => void;
    const secondAnswer = new Promise<void>((resolve) => (answered = resolve));
    const conversation = new Conversation({
      conversationClient: client,
      agentId,
      requiresAuth: true,
      audioInterface: audio,
      callbackAgentResponse: (text) => {
        answers.push(text);
        if (answers.length === 2) answered();
      },
    });
    let conversationId = "";
    conversation.on("conversation_started", (id: string) => (conversationId = id));
    await conversation.startSession();
    await new Promise((resolve) => setTimeout(resolve, 300));
    conversation.sendUserMessage("How long does delivery take?");
    await secondAnswer;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    conversation.endSession();
    expect(answers).toEqual(["Hello!", "Parcels are delivered within three working days."]);
    expect(audio.bytes).toBeGreaterThan(16000);

    let saved;
    for (let i = 0; i < 50; i++) {
      saved = await client.conversationalAi.conversations.get(conversationId);
      if (saved.status === "done") break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(saved!.status).toBe("done");
    expect(saved!.transcript.map((t) => t.message)).toEqual(["Hello!", "How long does delivery take?", "Parcels are delivered within three working days."]);
    const list = await client.conversationalAi.conversations.list({ agentId });
    expect(list.conversations.map((c) => c.conversationId)).toEqual([conversationId]);
    await expect(other.conversationalAi.conversations.get(conversationId)).rejects.toMatchObject({ statusCode: 404 });
  });

  it("stores workspace secrets for webhook tools' headers and never returns their values", async () => {
    const secret = await client.conversationalAi.secrets.create({ name: "Shop token", value: "Bearer sdk-secret-value" });
    expect(secret).toMatchObject({ type: "stored", name: "Shop token" });
    const agent = await client.conversationalAi.agents.create({
      name: "Secret user",
      conversationConfig: {
        agent: {
          prompt: {
            prompt: "You help.",
            tools: [{ type: "webhook", name: "balance", description: "Balance", apiSchema: { url: "https://shop.example.com/balance", method: "GET", requestHeaders: { authorization: { secretId: secret.secretId } } } }],
          },
        },
      },
    });
    const got = await client.conversationalAi.secrets.get(secret.secretId);
    expect(got.usedBy.agents.map((a) => ("id" in a ? a.id : null))).toEqual([agent.agentId]);
    const listed = await client.conversationalAi.secrets.list();
    expect(listed.secrets.map((s) => s.name)).toContain("Shop token");
    expect(JSON.stringify([got, listed, await client.conversationalAi.agents.get(agent.agentId)])).not.toContain("sdk-secret-value");
    await expect(client.conversationalAi.secrets.delete(secret.secretId)).rejects.toMatchObject({ statusCode: 400 });
    await expect(other.conversationalAi.secrets.get(secret.secretId)).rejects.toMatchObject({ statusCode: 404 });
    expect(await client.conversationalAi.secrets.update(secret.secretId, { name: "Renamed", value: "Bearer new" })).toMatchObject({ secretId: secret.secretId, name: "Renamed" });
    await client.conversationalAi.agents.delete(agent.agentId);
    await client.conversationalAi.secrets.delete(secret.secretId);
    await expect(client.conversationalAi.secrets.get(secret.secretId)).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe("official SDK: phone numbers and outbound calls (the development Twilio stand-in)", () => {
  it("imports a Twilio number, assigns an agent, calls a number and reads the call's conversation", async () => {
    const { agentId } = await client.conversationalAi.agents.create({ name: "Caller", conversationConfig: { agent: { firstMessage: "Hello, this is the shop calling.", language: "en" } } });
    // The stand-in's account (wrangler.toml's TWILIO_ACCOUNT_SID, token dev-phone) owns +1 500 555 00xx.
    const { phoneNumberId } = await client.conversationalAi.phoneNumbers.create({ provider: "twilio", phoneNumber: "+15005550006", label: "Shop line", sid: "AC00000000000000000000000000000001", token: "dev-phone" });
    const assigned = await client.conversationalAi.phoneNumbers.update(phoneNumberId, { agentId });
    expect(assigned).toMatchObject({ phoneNumber: "+15005550006", label: "Shop line", assignedAgent: { agentId, agentName: "Caller" } });
    expect((await client.conversationalAi.phoneNumbers.list()).map((n) => n.phoneNumberId)).toContain(phoneNumberId);
    expect(await other.conversationalAi.phoneNumbers.list()).toEqual([]);

    const call = await client.conversationalAi.twilio.outboundCall({ agentId, agentPhoneNumberId: phoneNumberId, toNumber: "+14155550123" });
    expect(call).toMatchObject({ success: true, callSid: expect.stringMatching(/^CA/) });
    let conversation = await client.conversationalAi.conversations.get(call.conversationId!).catch(() => null);
    for (let i = 0; i < 120 && conversation?.status !== "done"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      conversation = await client.conversationalAi.conversations.get(call.conversationId!).catch(() => null);
    }
    expect(conversation?.status).toBe("done");
    expect(conversation!.transcript[0]).toMatchObject({ role: "agent", message: "Hello, this is the shop calling." });
    // The callee (the stand-in, speaking the platform's own voice over 8 kHz mu-law) was heard.
    expect(conversation!.transcript.some((t) => t.role === "user" && (t.message ?? "").length > 0)).toBe(true);
    await client.conversationalAi.phoneNumbers.delete(phoneNumberId);
  }, 120_000);
});
