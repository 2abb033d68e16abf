import { ElevenLabsClient } from "@elevenlabs/elevenlabs-js";
import { Conversation } from "@elevenlabs/elevenlabs-js/api/resources/conversationalAi/conversation/Conversation";
import { AudioInterface } from "@elevenlabs/elevenlabs-js/api/resources/conversationalAi/conversation/AudioInterface";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createApiKeyOverHttp, executeSql, serveFetchHandler, signUpOverHttp, uniqueEmail } from "./http";
import { mcpTestServer } from "../agents/mcp-server";
import { wavFile } from "../../core/audio/wav";

/** The official SDK's conversationalAi (agents, knowledge base, conversations and its realtime client) against the stack. */
const baseUrl = inject("baseUrl");
const stateDir = inject("stateDir");
const ownerEmail = uniqueEmail("sdk-agents");
let client: ElevenLabsClient;
let other: ElevenLabsClient;

beforeAll(async () => {
  client = new ElevenLabsClient({ apiKey: await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, ownerEmail)), baseUrl });
  other = new ElevenLabsClient({ apiKey: await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, uniqueEmail("sdk-agents-other"))), baseUrl });
});

/** A 1×1 PNG: the smallest real image for the widget's avatar. */
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (ch) => ch.charCodeAt(0));

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

    // The widget's avatar and the hold audio (decision 0096): uploaded, named in the settings, served.
    const { avatarUrl } = await client.conversationalAi.agents.widget.avatar.create(agentId, { avatarFile: new File([PNG], "face.png", { type: "image/png" }) });
    expect(avatarUrl).toMatch(new RegExp(`/convai/agent-media/${agentId}/avatar-\\w+\\.png$`));
    expect((await client.conversationalAi.agents.widget.get(agentId)).widgetConfig.avatar).toEqual({ type: "image", url: avatarUrl });
    expect((await fetch(avatarUrl!)).headers.get("content-type")).toBe("image/png");
    await expect(client.conversationalAi.agents.widget.avatar.create(agentId, { avatarFile: new File(["<svg/>"], "x.svg", { type: "image/svg+xml" }) })).rejects.toMatchObject({ statusCode: 415 });
    await expect(other.conversationalAi.agents.widget.avatar.create(agentId, { avatarFile: new File([PNG], "face.png") })).rejects.toMatchObject({ statusCode: 404 });
    const tone = new Int16Array(8000).map((_, i) => Math.round(6000 * Math.sin((2 * Math.PI * 330 * i) / 16000)));
    const hold = await client.conversationalAi.agents.holdAudio.create(agentId, { holdAudioFile: new File([wavFile(tone, 16000) as Uint8Array<ArrayBuffer>], "hold.wav", { type: "audio/wav" }) });
    expect(hold).toMatchObject({ agentId, holdAudio: { originalFilename: "hold.wav", durationSecs: 0.5, sizeBytes: 44 + 16000 } });
    expect((await client.conversationalAi.agents.get(agentId)).platformSettings?.queueingConfig?.holdAudio?.audioUrl).toBe(hold.holdAudio.audioUrl);
    expect(await client.conversationalAi.agents.holdAudio.delete(agentId)).toEqual({ agentId });
    await expect(client.conversationalAi.agents.holdAudio.delete(agentId)).rejects.toMatchObject({ statusCode: 404 });

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
    let answeredAgain: () => void;
    const secondAnswer = new Promise<void>((resolve) => (answered = resolve));
    const thirdAnswer = new Promise<void>((resolve) => (answeredAgain = resolve));
    const conversation = new Conversation({
      conversationClient: client,
      agentId,
      requiresAuth: true,
      audioInterface: audio,
      callbackAgentResponse: (text) => {
        answers.push(text);
        if (answers.length === 2) answered();
        if (answers.length === 3) answeredAgain();
      },
    });
    let conversationId = "";
    conversation.on("conversation_started", (id: string) => (conversationId = id));
    await conversation.startSession();
    await new Promise((resolve) => setTimeout(resolve, 300));
    conversation.sendUserMessage("How long does delivery take?");
    await secondAnswer;
    // A text file attached while the conversation runs is what the next answer reads (decision 0096).
    const files = client.conversationalAi.conversations.files;
    const unused = await files.create(conversationId, { file: new File(["Gift cards never expire."], "gifts.txt", { type: "text/plain" }) });
    expect(await files.delete(conversationId, unused.fileId)).toEqual({ fileId: unused.fileId });
    const { fileId } = await files.create(conversationId, { file: new File(["Returns are accepted within thirty days of delivery."], "returns.txt", { type: "text/plain" }) });
    await expect(other.conversationalAi.conversations.files.create(conversationId, { file: new File(["x"], "x.txt", { type: "text/plain" }) })).rejects.toMatchObject({ statusCode: 404 });
    conversation.sendUserMessage("How many days for returns?");
    await thirdAnswer;
    await expect(files.delete(conversationId, fileId)).rejects.toMatchObject({ statusCode: 409 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    conversation.endSession();
    expect(answers).toEqual(["Hello!", "Parcels are delivered within three working days.", "Returns are accepted within thirty days of delivery."]);
    expect(audio.bytes).toBeGreaterThan(16000);

    let saved;
    for (let i = 0; i < 50; i++) {
      saved = await client.conversationalAi.conversations.get(conversationId);
      if (saved.status === "done") break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(saved!.status).toBe("done");
    expect(saved!.transcript.map((t) => t.message)).toEqual(["Hello!", "How long does delivery take?", "Parcels are delivered within three working days.", "How many days for returns?", "Returns are accepted within thirty days of delivery."]);
    // Topics need a term two conversations share: one conversation has none yet.
    const topics = await client.conversationalAi.conversations.topics.get(agentId, { pageSize: 5 });
    expect(topics).toMatchObject({ topics: [], hasMore: false });
    expect(topics.windowEndUnixSecs - topics.windowStartUnixSecs).toBeGreaterThanOrEqual(30 * 86_400);
    await expect(other.conversationalAi.conversations.topics.get(agentId)).rejects.toMatchObject({ statusCode: 404 });
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

    // Environment variables (decision 0098, the SDK's own namespace): a value per environment, a secret's by id.
    const host = await client.environmentVariables.create({ type: "string", label: "shop_host", values: { production: "shop.example.com", staging: "staging.shop.example.com" } });
    expect(host).toMatchObject({ label: "shop_host", type: "string", values: { production: "shop.example.com", staging: "staging.shop.example.com" } });
    const token = await client.environmentVariables.create({ type: "secret", label: "shop_token", values: { production: { secretId: secret.secretId } } });
    expect(token.values).toEqual({ production: { secretId: secret.secretId } });
    expect(await client.environmentVariables.get(host.id)).toMatchObject({ id: host.id, label: "shop_host" });
    const staging = await client.environmentVariables.list({ environment: "staging" });
    expect(staging.environmentVariables.map((v) => [v.label, v.values])).toEqual([["shop_host", { staging: "staging.shop.example.com" }]]);
    const secrets = await client.environmentVariables.list({ type: "secret", pageSize: 1 });
    expect([secrets.environmentVariables.map((v) => v.id), secrets.hasMore]).toEqual([[token.id], false]);
    // null removes an environment: the SDK's type says undefined, which its serializer leaves out, so null is cast.
    const updated = await client.environmentVariables.update(host.id, { values: { staging: null as unknown as undefined, dev: "dev.shop.example.com" } });
    expect(updated.values).toEqual({ production: "shop.example.com", dev: "dev.shop.example.com" });
    await expect(client.environmentVariables.create({ type: "string", label: "shop_host", values: { production: "x" } })).rejects.toMatchObject({ statusCode: 409 });
    await expect(client.environmentVariables.create({ type: "string", label: "no_production", values: { staging: "x" } })).rejects.toMatchObject({ statusCode: 422 });
    await expect(other.environmentVariables.get(host.id)).rejects.toMatchObject({ statusCode: 404 });
    expect((await client.conversationalAi.conversations.getSignedUrl({ agentId: agent.agentId, environment: "staging" })).signedUrl).toContain("conversation_signature=");
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
    const paged = await client.conversationalAi.phoneNumbers.listV2({ search: "shop line", pageSize: 10 });
    expect(paged.phoneNumbers.map((n) => n.phoneNumberId)).toContain(phoneNumberId);
    expect((await other.conversationalAi.phoneNumbers.listV2()).phoneNumbers).toEqual([]);

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
    // A batch for tomorrow, cancelled: its export lists the recipient as cancelled (decision 0096).
    const batch = await client.conversationalAi.batchCalls.create({ callName: "Tomorrow", agentId, agentPhoneNumberId: phoneNumberId, scheduledTimeUnix: Math.floor(Date.now() / 1000) + 86_400, recipients: [{ phoneNumber: "+14155550124" }] });
    await expect(client.conversationalAi.batchCalls.export(batch.id)).rejects.toMatchObject({ statusCode: 409 });
    await client.conversationalAi.batchCalls.cancel(batch.id);
    const csv = await new Response(await client.conversationalAi.batchCalls.export(batch.id)).text();
    expect(csv.split("\r\n")[1]).toMatch(/^\w+,\+14155550124,cancelled,/);
    await expect(other.conversationalAi.batchCalls.export(batch.id)).rejects.toMatchObject({ statusCode: 404 });
    await client.conversationalAi.phoneNumbers.delete(phoneNumberId);
  }, 120_000);
});

describe("official SDK: the knowledge base, tools, tests and review (decision 0065)", () => {
  it("keeps documents in folders, reads their passages and index, searches them and cleans up", async () => {
    const kb = client.conversationalAi.knowledgeBase;
    const folder = await kb.documents.createFolder({ name: "Policies" });
    const returns = await kb.documents.createFromText({ text: "Returns are accepted within thirty days.\n\nRefunds reach the card in five days.", name: "Returns", parentFolderId: folder.id });
    expect(returns.folderPath?.map((f) => f.id)).toEqual([folder.id]);
    const updated = await kb.documents.update(returns.id, { name: "Returns policy" });
    expect(updated.name).toBe("Returns policy");
    expect(await kb.documents.getContent(returns.id)).toContain("thirty days");
    const chunks = await kb.documents.chunks.list(returns.id, { embeddingModel: "e5_mistral_7b_instruct" });
    expect(chunks.chunks.map((c) => c.content)).toEqual(["Returns are accepted within thirty days.", "Refunds reach the card in five days."]);
    expect((await kb.documents.chunk.get(returns.id, "1")).content).toBe("Refunds reach the card in five days.");
    expect((await client.conversationalAi.getDocumentRagIndexes(returns.id)).indexes[0]).toMatchObject({ id: "lexical", status: "succeeded" });
    await client.conversationalAi.deleteDocumentRagIndex(returns.id, "lexical");
    expect(await kb.document.computeRagIndex(returns.id, { model: "e5_mistral_7b_instruct" })).toMatchObject({ status: "succeeded", progressPercentage: 100 });
    expect((await kb.getOrCreateRagIndexes({ items: [{ documentId: returns.id, createIfMissing: true, model: "e5_mistral_7b_instruct" }] }))[returns.id]).toMatchObject({ status: "success" });
    expect((await client.conversationalAi.ragIndexOverview()).totalUsedBytes).toBeGreaterThan(0);
    const found = await kb.search({ query: "refunds card" });
    expect(found.results[0]?.document.id).toBe(returns.id);
    expect((await kb.documents.summaries.get({ documentIds: [returns.id] }))[returns.id]).toMatchObject({ status: "success" });
    expect((await kb.list({ parentFolderId: folder.id })).documents.map((d) => d.id)).toEqual([returns.id]);
    await kb.documents.move(returns.id, {});
    await kb.documents.bulkMove({ documentIds: [returns.id], moveTo: folder.id });
    const { agentId } = await client.conversationalAi.agents.create({ name: "Returns desk", conversationConfig: { agent: { prompt: { knowledgeBase: [{ type: "text", id: returns.id, name: "Returns" }] } } } });
    expect((await kb.documents.getAgents(returns.id)).agents.map((a) => ("id" in a ? a.id : null))).toEqual([agentId]);
    expect((await kb.documents.getBulkAgents({ documentIds: [folder.id] })).agents).toHaveLength(1);
    expect((await client.conversationalAi.agents.knowledgeBase.size(agentId)).numberOfPages).toBe(1);
    const link = await kb.documents.getSourceFileUrl(returns.id);
    expect((await fetch(link.signedUrl)).status).toBe(200);
    expect(await kb.documents.bulkDelete({ documentIds: [folder.id], force: true })).toMatchObject({ [folder.id]: { status: "success" } });
    await expect(kb.documents.get(returns.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(other.conversationalAi.knowledgeBase.documents.get(folder.id)).rejects.toMatchObject({ statusCode: 404 });
    await client.conversationalAi.agents.delete(agentId);
  });

  it("keeps tools agents reference by id, and runs tests and simulated conversations against an agent", async () => {
    const tool = await client.conversationalAi.tools.create({ toolConfig: { type: "client", name: "open_page", description: "Opens a page of the site", expectsResponse: false } });
    expect(tool.toolConfig).toMatchObject({ type: "client", name: "open_page" });
    const document = await client.conversationalAi.knowledgeBase.documents.createFromText({ text: "Delivery takes three working days.", name: "Delivery" });
    const { agentId } = await client.conversationalAi.agents.create({
      name: "Delivery desk",
      conversationConfig: { agent: { firstMessage: "Hello!", prompt: { knowledgeBase: [{ type: "text", id: document.id, name: "Delivery" }], toolIds: [tool.id] } } },
    });
    expect((await client.conversationalAi.tools.getDependentAgents(tool.id)).agents.map((a) => ("id" in a ? a.id : null))).toEqual([agentId]);
    expect((await client.conversationalAi.tools.list()).tools.map((t) => t.id)).toContain(tool.id);
    expect((await client.conversationalAi.tools.update(tool.id, { toolConfig: { type: "client", name: "open_page", description: "Opens a page" } })).toolConfig).toMatchObject({ description: "Opens a page" });
    expect((await client.conversationalAi.tools.executions.get(tool.id)).executions).toEqual([]);

    const simulated = await client.conversationalAi.agents.simulateConversation(agentId, { simulationSpecification: { simulatedUserConfig: { prompt: { prompt: "How long does delivery take?" } } } });
    expect(simulated.simulatedConversation.map((t) => t.message)).toEqual(["Hello!", "How long does delivery take?", "Delivery takes three working days."]);
    expect(simulated.analysis.callSuccessful).toBe("success");

    const folder = await client.conversationalAi.tests.folders.create({ name: "Delivery" });
    const test = await client.conversationalAi.tests.create({
      type: "llm",
      name: "Delivery time",
      chatHistory: [{ role: "user", message: "How long does delivery take?", timeInCallSecs: 0 }],
      successCondition: "The agent says how long delivery takes",
      successExamples: [{ response: "Delivery takes three working days.", type: "success" }],
      failureExamples: [{ response: "I don't know.", type: "failure" }],
    });
    await client.conversationalAi.tests.move({ entityIds: [test.id], moveTo: folder.id });
    expect(await client.conversationalAi.tests.get(test.id)).toMatchObject({ type: "llm", name: "Delivery time" });
    expect((await client.conversationalAi.tests.folders.get(folder.id)).childrenCount).toBe(1);
    expect((await client.conversationalAi.tests.summaries({ testIds: [test.id] })).tests[test.id]?.name).toBe("Delivery time");
    expect((await client.conversationalAi.tests.list({ parentFolderId: folder.id })).tests.map((t) => t.id)).toEqual([test.id]);
    const invocation = await client.conversationalAi.agents.runTests(agentId, { tests: [{ testId: folder.id }] });
    let run = invocation;
    for (let i = 0; i < 100 && run.testRuns.some((r) => r.status === "pending"); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      run = await client.conversationalAi.tests.invocations.get(invocation.id);
    }
    expect(run.testRuns.map((r) => [r.testName, r.status])).toEqual([["Delivery time", "passed"]]);
    expect((await client.conversationalAi.tests.invocations.list({ agentId })).results[0]).toMatchObject({ id: invocation.id, passedCount: 1 });
    await client.conversationalAi.tests.invocations.resubmit(invocation.id, { testRunIds: [run.testRuns[0]!.testRunId], agentId });
    await client.conversationalAi.tests.invocations.cancel(invocation.id);
    await client.conversationalAi.tests.folders.update(folder.id, { name: "Shipping" });
    await client.conversationalAi.tests.folders.delete(folder.id, { force: true });
    await expect(client.conversationalAi.tests.get(test.id)).rejects.toMatchObject({ statusCode: 404 });
    await client.conversationalAi.tools.delete(tool.id, { force: true });
    await client.conversationalAi.agents.delete(agentId);
  });

  it("reviews conversations (tags, feedback, summary, analysis, search) and reads settings, models, prices and agent details", async () => {
    const document = await client.conversationalAi.knowledgeBase.documents.createFromText({ text: "The shop opens at nine in the morning.", name: "Hours" });
    const { agentId } = await client.conversationalAi.agents.create({ name: "Hours desk", conversationConfig: { agent: { firstMessage: "Hi!", prompt: { knowledgeBase: [{ type: "text", id: document.id, name: "Hours" }] } } } });
    const answers: string[] = [];
    let answered: () => void;
    const secondAnswer = new Promise<void>((resolve) => (answered = resolve));
    const conversation = new Conversation({
      conversationClient: client,
      agentId,
      requiresAuth: true,
      audioInterface: new CountingAudio(),
      callbackAgentResponse: (text) => {
        answers.push(text);
        if (answers.length === 2) answered();
      },
    });
    let conversationId = "";
    conversation.on("conversation_started", (id: string) => (conversationId = id));
    await conversation.startSession();
    await new Promise((resolve) => setTimeout(resolve, 300));
    conversation.sendUserMessage("When does the shop open?");
    await secondAnswer;
    conversation.endSession();
    for (let i = 0; i < 50 && (await client.conversationalAi.conversations.get(conversationId)).status !== "done"; i++) await new Promise((resolve) => setTimeout(resolve, 100));

    const tag = await client.conversationalAi.conversations.tags.create({ title: "Hours" });
    await client.conversationalAi.conversations.tags.assign(conversationId, { tagIds: [tag.tagId] });
    expect((await client.conversationalAi.conversations.list({ tagIds: [tag.tagId] })).conversations.map((c) => c.conversationId)).toEqual([conversationId]);
    expect((await client.conversationalAi.conversations.tags.update(tag.tagId, { title: "Opening hours" })).title).toBe("Opening hours");
    expect((await client.conversationalAi.conversations.tags.list()).conversationTags.map((t) => t.tagId)).toContain(tag.tagId);
    await client.conversationalAi.conversations.tags.unassign(conversationId, tag.tagId);
    await client.conversationalAi.conversations.tags.delete(tag.tagId);
    await client.conversationalAi.conversations.feedback.create(conversationId, { feedback: "like" });
    expect((await client.conversationalAi.conversations.get(conversationId)).metadata.feedback).toMatchObject({ overallScore: "like" });
    expect(await client.conversationalAi.conversations.getSummary(conversationId)).toMatchObject({ conversationId, messageCount: 3 });
    expect((await client.conversationalAi.conversations.analysis.run(conversationId)).analysis?.callSuccessful).toBe("success");
    expect((await client.conversationalAi.conversations.messages.textSearch({ textQuery: "opens at nine" })).results[0]).toMatchObject({ conversationId, transcriptIndex: 2 });
    expect((await client.conversationalAi.conversations.messages.search({ textQuery: "shop open" })).results.map((r) => r.conversationId)).toContain(conversationId);
    expect((await client.conversationalAi.users.list({ agentId })).users[0]).toMatchObject({ conversationCount: 1, lastContactConversationId: conversationId });
    expect((await client.conversationalAi.analytics.liveCount.get({ agentId })).count).toBe(0);

    expect(await client.conversationalAi.settings.update({ ragRetentionPeriodDays: 10 })).toMatchObject({ ragRetentionPeriodDays: 10 });
    expect((await client.conversationalAi.settings.get()).canUseMcpServers).toBe(true);
    await client.conversationalAi.dashboard.settings.update({ charts: [{ name: "Calls", type: "call_success" }] });
    expect((await client.conversationalAi.dashboard.settings.get()).charts).toHaveLength(1);
    expect((await client.conversationalAi.llm.list()).llms.map((l) => l.llm)).toContain("parlance-retrieval-responder");
    expect((await client.conversationalAi.llmUsage.calculate({ promptLength: 500, numberOfPages: 1, ragEnabled: true })).llmPrices[0]).toMatchObject({ pricePerMinute: 600 });
    expect((await client.conversationalAi.agents.llmUsage.calculate(agentId, {})).llmPrices.length).toBeGreaterThan(0);
    expect((await client.conversationalAi.agents.summaries.get({ agentIds: [agentId] }))[agentId]).toMatchObject({ status: "success" });
    expect((await client.conversationalAi.agents.widget.get(agentId)).widgetConfig).toMatchObject({ language: "en", firstMessage: "Hi!" });
    expect((await client.conversationalAi.agents.link.get(agentId)).token?.conversationToken).toMatch(/^[0-9a-f]{48}$/);
    const saved = (await client.conversationalAi.agents.get(agentId)) as { versionId?: string };
    expect(await client.conversationalAi.agents.versions.get(agentId, saved.versionId!)).toMatchObject({ agentId, seqNoInBranch: 1 });
    await client.conversationalAi.agents.delete(agentId);
  });
  it("keeps branches, drafts and deployments through the SDK, merges a branch and sends conversations where the split says", async () => {
    const { agentId } = await client.conversationalAi.agents.create({ name: "Branchy", conversationConfig: { agent: { firstMessage: "Hello from main.", prompt: { prompt: "You help." } } } });
    const main = await client.conversationalAi.agents.get(agentId);
    expect(main).toMatchObject({ branchId: "main", mainBranchId: "main" });
    const { createdBranchId, createdVersionId } = await client.conversationalAi.agents.branches.create(agentId, { parentVersionId: main.versionId!, name: "Friendly", description: "A warmer greeting", conversationConfig: { agent: { first_message: "Hello from the branch." } } });
    expect((await client.conversationalAi.agents.get(agentId, { branchId: createdBranchId })).conversationConfig.agent?.firstMessage).toBe("Hello from the branch.");
    expect(new URL((await client.conversationalAi.conversations.getSignedUrl({ agentId, branchId: createdBranchId })).signedUrl).searchParams.get("conversation_signature")).toMatch(new RegExp(`^[0-9a-f]{48}\\.${createdBranchId}$`));
    await expect(client.conversationalAi.conversations.getSignedUrl({ agentId, branchId: "agtbrch_nope" })).rejects.toMatchObject({ statusCode: 404 });
    const updated = await client.conversationalAi.agents.update(agentId, { branchId: createdBranchId, conversationConfig: { agent: { language: "de" } }, versionDescription: "German" });
    expect(updated.conversationConfig.agent?.language).toBe("de");
    expect((await client.conversationalAi.agents.get(agentId)).conversationConfig.agent?.language).toBe("en");

    const branches = await client.conversationalAi.agents.branches.list(agentId, { includeArchived: true });
    expect(branches.results.map((b) => [b.id, b.currentLivePercentage])).toEqual([["main", 100], [createdBranchId, 0]]);
    const branch = await client.conversationalAi.agents.branches.get(agentId, createdBranchId);
    expect(branch).toMatchObject({ name: "Friendly", parentBranch: { id: "main", name: "Main" } });
    expect(branch.mostRecentVersions?.map((v) => v.versionDescription)).toEqual(["German", "Branched as Friendly"]);
    expect(branch.mostRecentVersions?.[1]?.id).toBe(createdVersionId);
    expect(await client.conversationalAi.agents.branches.update(agentId, createdBranchId, { name: "Friendlier" })).toMatchObject({ name: "Friendlier" });

    await client.conversationalAi.agents.drafts.create(agentId, { branchId: "main", name: "Branchy", conversationConfig: { agent: { first_message: "Draft greeting." } }, platformSettings: {}, workflow: {} });
    expect((await client.conversationalAi.agents.branches.list(agentId)).results[0]).toMatchObject({ id: "main", draftExists: true });
    await client.conversationalAi.agents.drafts.delete(agentId, { branchId: "main" });
    expect((await client.conversationalAi.agents.branches.list(agentId)).results[0]).toMatchObject({ draftExists: false });

    await expect(client.conversationalAi.agents.deployments.create(agentId, { deploymentRequest: { requests: [{ branchId: createdBranchId, deploymentStrategy: { type: "percentage", trafficPercentage: 0.5 } }] } })).rejects.toMatchObject({ statusCode: 422 });
    const deployed = await client.conversationalAi.agents.deployments.create(agentId, { deploymentRequest: { requests: [{ branchId: "main", deploymentStrategy: { type: "percentage", trafficPercentage: 0 } }, { branchId: createdBranchId, deploymentStrategy: { type: "percentage", trafficPercentage: 100 } }] } });
    expect(deployed.trafficPercentageBranchIdMap).toEqual({ [createdBranchId]: 100 });
    expect((await client.conversationalAi.agents.deployments.list(agentId, { page: 1, pageSize: 10 })).results).toMatchObject([{ isActive: true, source: "manual", trafficPercentageBranchIdMap: { [createdBranchId]: 100 } }]);

    // Every conversation now talks with the branch, and says so.
    const answers: string[] = [];
    let answered: () => void;
    const firstAnswer = new Promise<void>((resolve) => (answered = resolve));
    const conversation = new Conversation({ conversationClient: client, agentId, requiresAuth: true, audioInterface: new CountingAudio(), callbackAgentResponse: (text) => (answers.push(text), answered()) });
    let conversationId = "";
    conversation.on("conversation_started", (id: string) => (conversationId = id));
    await conversation.startSession();
    await firstAnswer;
    await new Promise((resolve) => setTimeout(resolve, 500));
    conversation.endSession();
    expect(answers[0]).toBe("Hello from the branch.");
    let saved;
    for (let i = 0; i < 50; i++) {
      saved = await client.conversationalAi.conversations.get(conversationId);
      if (saved.status === "done") break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(saved).toMatchObject({ status: "done", branchId: createdBranchId, versionId: updated.versionId });

    const preview = await client.conversationalAi.agents.branches.previewMerge(agentId, createdBranchId, { targetBranchId: "main" });
    expect(preview).toMatchObject({ branchId: "main", conflicts: [], sourceIdenticalToTarget: false });
    expect(preview.conversationConfig.agent?.firstMessage).toBe("Hello from the branch.");
    await client.conversationalAi.agents.branches.merge(agentId, createdBranchId, { targetBranchId: "main", archiveSourceBranch: true });
    const merged = await client.conversationalAi.agents.get(agentId);
    expect(merged.conversationConfig.agent).toMatchObject({ firstMessage: "Hello from the branch.", language: "de" });
    expect((await client.conversationalAi.agents.deployments.list(agentId)).results[0]).toMatchObject({ isActive: true, source: "branch_merge", trafficPercentageBranchIdMap: { main: 100 } });

    // A conversation on main's first version (decision 0085): the SDK's getSignedUrl with versionId, bound into the
    // signature; it answers with that version's greeting, not the merged one, and records the version.
    expect(new URL((await client.conversationalAi.conversations.getSignedUrl({ agentId, versionId: main.versionId! })).signedUrl).searchParams.get("conversation_signature")).toMatch(new RegExp(`^[0-9a-f]{48}\\.main\\.${main.versionId}$`));
    await expect(client.conversationalAi.conversations.getSignedUrl({ agentId, versionId: "agtvrsn_nope" })).rejects.toMatchObject({ statusCode: 404 });
    const onVersion = { conversationalAi: { conversations: { getSignedUrl: (request: { agentId: string }) => client.conversationalAi.conversations.getSignedUrl({ ...request, versionId: main.versionId! }) } } } as unknown as ElevenLabsClient;
    const olderAnswers: string[] = [];
    let olderAnswered: () => void;
    const olderFirst = new Promise<void>((resolve) => (olderAnswered = resolve));
    const older = new Conversation({ conversationClient: onVersion, agentId, requiresAuth: true, audioInterface: new CountingAudio(), callbackAgentResponse: (text) => (olderAnswers.push(text), olderAnswered()) });
    let olderId = "";
    older.on("conversation_started", (id: string) => (olderId = id));
    await older.startSession();
    await olderFirst;
    older.endSession();
    expect(olderAnswers[0]).toBe("Hello from main.");
    let olderSaved;
    for (let i = 0; i < 50; i++) {
      olderSaved = await client.conversationalAi.conversations.get(olderId);
      if (olderSaved.status === "done") break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(olderSaved).toMatchObject({ status: "done", branchId: "main", versionId: main.versionId });

    const { createdBranchId: late } = await client.conversationalAi.agents.branches.create(agentId, { parentVersionId: merged.versionId!, name: "Late", description: "" });
    await client.conversationalAi.agents.update(agentId, { conversationConfig: { agent: { language: "fr" } } });
    expect((await client.conversationalAi.agents.branches.previewRebase(agentId, late)).conversationConfig.agent?.language).toBe("fr");
    await client.conversationalAi.agents.branches.rebase(agentId, late);
    expect((await client.conversationalAi.agents.get(agentId, { branchId: late })).conversationConfig.agent?.language).toBe("fr");

    await expect(other.conversationalAi.agents.branches.list(agentId)).rejects.toMatchObject({ statusCode: 404 });
    await expect(other.conversationalAi.agents.branches.get(agentId, "main")).rejects.toMatchObject({ statusCode: 404 });
    await expect(client.conversationalAi.agents.branches.get(agentId, "agtbrch_nope")).rejects.toMatchObject({ statusCode: 404 });
    await client.conversationalAi.agents.delete(agentId);
  });
  it("proposes merging a branch, reviews, comments on and merges it through the SDK's merge proposals (decision 0089)", async () => {
    const { agentId } = await client.conversationalAi.agents.create({ name: "Proposals", conversationConfig: { agent: { firstMessage: "Hello from main." } } });
    const main = await client.conversationalAi.agents.get(agentId);
    const { createdBranchId, createdVersionId } = await client.conversationalAi.agents.branches.create(agentId, { parentVersionId: main.versionId!, name: "Warmer", description: "", conversationConfig: { agent: { first_message: "Hello, friend." } } });
    // A second member of the workspace reviews (the author cannot review their own): joined as an operator would.
    const reviewerEmail = uniqueEmail("sdk-agents-reviewer");
    const reviewerCookie = await signUpOverHttp(baseUrl, reviewerEmail);
    const ownerWorkspace = `(SELECT id FROM workspaces WHERE owner_id = (SELECT id FROM users WHERE email = '${ownerEmail}'))`;
    await executeSql(
      stateDir,
      `INSERT OR IGNORE INTO workspace_members (workspace_id, user_id, role) SELECT ${ownerWorkspace}, id, 'editor' FROM users WHERE email = '${reviewerEmail}'; UPDATE users SET active_workspace_id = ${ownerWorkspace} WHERE email = '${reviewerEmail}'`,
    );
    // A key belongs to the workspace the member is in when it is made.
    const reviewer = new ElevenLabsClient({ apiKey: await createApiKeyOverHttp(baseUrl, reviewerCookie), baseUrl });
    const reviewerId = (await reviewer.user.get()).userId;

    const proposals = client.conversationalAi.agents.mergeProposals;
    const { createdMergeProposalId: id } = await proposals.create(agentId, { sourceBranchId: createdBranchId, targetBranchId: "main", title: "A warmer greeting", requestedReviewerUserIds: [reviewerId] });
    expect(await proposals.get(agentId, id)).toMatchObject({ id, agentId, sourceBranchId: createdBranchId, targetBranchId: "main", sourceTipVersionIdAtCreation: createdVersionId, requestedReviewerUserIds: [reviewerId], outcome: { status: "open" } });
    expect(await proposals.update(agentId, id, { description: "First words matter." })).toMatchObject({ description: "First words matter." });
    await expect(proposals.submitReview(agentId, id, { state: "approved" })).rejects.toMatchObject({ statusCode: 403 });
    const reviewed = await reviewer.conversationalAi.agents.mergeProposals.submitReview(agentId, id, { state: "approved", comment: "Lovely." });
    expect(reviewed.reviews).toMatchObject([{ userId: reviewerId, state: "approved", comment: "Lovely.", reviewerRole: "editor" }]);
    expect((await proposals.addComment(agentId, id, { body: "Thanks!" })).comments).toMatchObject([{ body: "Thanks!" }]);
    const listed = await proposals.list(agentId, { status: "open", sourceBranchId: createdBranchId, search: "warmer", pageSize: 10 });
    expect(listed.results.map((p) => p.id)).toEqual([id]);

    const merged = await proposals.merge(agentId, id, { archiveSourceBranch: true });
    const after = await client.conversationalAi.agents.get(agentId);
    expect(after.conversationConfig.agent?.firstMessage).toBe("Hello, friend.");
    expect(merged.outcome).toMatchObject({ status: "merged", versionId: after.versionId });
    await expect(proposals.merge(agentId, id)).rejects.toMatchObject({ statusCode: 409 });
    expect((await proposals.list(agentId, { status: "merged" })).results.map((p) => p.id)).toEqual([id]);
    await expect(other.conversationalAi.agents.mergeProposals.get(agentId, id)).rejects.toMatchObject({ statusCode: 404 });
    await client.conversationalAi.agents.delete(agentId);
  });

  it("raises, triages, comments on, merges and deletes triage tickets through the SDK (decision 0095)", async () => {
    const { agentId } = await client.conversationalAi.agents.create({ name: "Triage", conversationConfig: { agent: { firstMessage: "Hello." } } });
    // Two finished conversations of the agent, stored as a conversation ends (talking is covered above).
    const ownerWorkspace = `(SELECT id FROM workspaces WHERE owner_id = (SELECT id FROM users WHERE email = '${ownerEmail}'))`;
    const transcript = JSON.stringify([
      { role: "agent", message: "Hello.", time_in_call_secs: 0 },
      { role: "user", message: "Do you ship to the moon?", time_in_call_secs: 2 },
    ]);
    const conversationIds = [`conv_sdk_triage_${Date.now()}_1`, `conv_sdk_triage_${Date.now()}_2`];
    await executeSql(
      stateDir,
      conversationIds.map((id, i) => `INSERT INTO conversations (id, workspace_id, agent_id, agent_name, status, started_at, transcript) VALUES ('${id}', ${ownerWorkspace}, '${agentId}', 'Triage', 'done', ${Date.now() - 60_000 + i}, '${transcript}')`).join("; "),
    );
    const tickets = client.conversationalAi.triageTickets;
    const raised = await tickets.create({ conversationId: conversationIds[0]!, qaComment: "Promised moon shipping.", turnComments: [{ turnIndex: 1, comment: "Should say no." }], priority: "medium" });
    expect(raised).toMatchObject({ agentId, status: "open", priority: "medium", source: "qa", title: "Promised moon shipping.", conversationIds: [conversationIds[0]], turnComments: [{ turnIndex: 1, comment: "Should say no." }] });
    const second = await tickets.create({ conversationId: conversationIds[1]!, title: "Moon again", qaComment: "Same story.", priority: "urgent" });
    const manual = await tickets.createManual(agentId, { qaComment: "Add the KB about shipping zones" });
    expect(manual).toMatchObject({ source: "manual", title: "Add the KB about shipping zones", conversationIds: [] });

    const me = (await client.user.get()).userId;
    expect(await tickets.listAssignableUsers(agentId)).toContainEqual(expect.objectContaining({ userId: me, hasAccess: true, isServiceAccount: false }));
    const id = raised.agentqaTicketId;
    expect(await tickets.update(id, { status: "in_progress", assigneeUserId: me })).toMatchObject({ status: "in_progress", assigneeUserId: me, statusChanges: [{ status: "in_progress", changedByUserId: me }] });
    expect((await tickets.addComment(id, { comment: "Add a shipping-zones document." })).ticketComments).toMatchObject([{ comment: "Add a shipping-zones document.", ownerUserId: me }]);
    expect((await tickets.addTurnComment(id, { turnIndex: 0, comment: "A fine greeting." })).turnComments.map((c) => c.turnIndex)).toEqual([1, 0]);
    await expect(tickets.addTurnComment(id, { turnIndex: 5, comment: "Past the end." })).rejects.toMatchObject({ statusCode: 400 });

    const merged = await tickets.merge(id, { sourceTicketIds: [second.agentqaTicketId] });
    expect(merged).toMatchObject({ priority: "urgent", status: "in_progress" });
    expect([...merged.conversationIds].sort()).toEqual([...conversationIds].sort());
    expect(await tickets.get(second.agentqaTicketId)).toMatchObject({ status: "merged", mergedIntoTicketId: id });

    const page = await tickets.list(agentId, { sortBy: "priority", pageSize: 1, status: "in_progress" });
    expect(page).toMatchObject({ hasMore: false, agentConversationTickets: [{ agentqaTicketId: id }] });
    const searched = await tickets.list(agentId, { search: "shipping zones", sources: ["manual"] });
    expect(searched.agentConversationTickets).toMatchObject([{ agentqaTicketId: manual.agentqaTicketId, searchMatch: { field: "title" } }]);
    const workspace = await tickets.listForWorkspace({ agentId, priorities: ["urgent", "medium"], assigneeUserId: me });
    expect(workspace.agentConversationTickets.map((t) => t.agentqaTicketId)).toEqual([id]);

    await expect(other.conversationalAi.triageTickets.get(id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(other.conversationalAi.triageTickets.list(agentId)).rejects.toMatchObject({ statusCode: 404 });
    await tickets.delete(manual.agentqaTicketId);
    await expect(tickets.get(manual.agentqaTicketId)).rejects.toMatchObject({ statusCode: 404 });
    await client.conversationalAi.agents.delete(agentId);
  });

  it("keeps MCP servers through the SDK", async () => {
    const created = await client.conversationalAi.mcpServers.create({ config: { name: "Docs", url: "https://mcp.example.com/sse" } });
    expect(created.config).toMatchObject({ name: "Docs", approvalPolicy: "require_approval_all", transport: "SSE" });
    expect((await client.conversationalAi.mcpServers.list()).mcpServers.map((m) => m.id)).toContain(created.id);
    expect((await client.conversationalAi.mcpServers.update(created.id, { responseTimeoutSecs: 20 })).config.responseTimeoutSecs).toBe(20);
    expect((await client.conversationalAi.mcpServers.approvalPolicy.update(created.id, { approvalPolicy: "require_approval_per_tool" })).config.approvalPolicy).toBe("require_approval_per_tool");
    expect((await client.conversationalAi.mcpServers.toolApprovals.create(created.id, { toolName: "search", toolDescription: "Search the docs" })).config.toolApprovalHashes?.[0]).toMatchObject({ toolName: "search", approvalPolicy: "requires_approval" });
    await client.conversationalAi.mcpServers.toolApprovals.delete(created.id, "search");
    await client.conversationalAi.mcpServers.toolConfigs.create(created.id, { toolName: "search", responseTimeoutSecs: 5 });
    await client.conversationalAi.mcpServers.toolConfigs.update(created.id, "search", { disableInterruptions: true });
    expect(await client.conversationalAi.mcpServers.toolConfigs.get(created.id, "search")).toMatchObject({ toolName: "search", responseTimeoutSecs: 5, disableInterruptions: true });
    await client.conversationalAi.mcpServers.toolConfigs.delete(created.id, "search");
    await expect(other.conversationalAi.mcpServers.get(created.id)).rejects.toMatchObject({ statusCode: 404 });
    await client.conversationalAi.mcpServers.delete(created.id);
    await expect(client.conversationalAi.mcpServers.get(created.id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it("lists a running MCP server's tools over both transports (decision 0084), with approval states", async () => {
    // An MCP server on this machine (allowed in development), speaking Streamable HTTP at /mcp and HTTP+SSE at /sse.
    const server = await serveFetchHandler(mcpTestServer());
    try {
      const streamable = await client.conversationalAi.mcpServers.create({ config: { name: "Weather", url: `${server.url}/mcp`, transport: "STREAMABLE_HTTP", approvalPolicy: "require_approval_per_tool" } });
      await client.conversationalAi.mcpServers.toolApprovals.create(streamable.id, {
        toolName: "get_weather",
        toolDescription: "Tells the weather forecast for a city.",
        inputSchema: { type: "object", properties: { city: { type: "string", description: "The city" } }, required: ["city"] },
        approvalPolicy: "auto_approved",
      });
      const listed = await client.conversationalAi.mcpServers.tools.list(streamable.id);
      expect(listed.success).toBe(true);
      expect(listed.tools.map((t) => t.name)).toEqual(["get_weather", "add", "ledger", "slow"]);
      expect(listed.toolApprovalStatuses?.map((s) => [s.toolId.split(":").at(-1), s.state])).toEqual([
        ["get_weather", "up_to_date"],
        ["add", "not_approved"],
        ["ledger", "not_approved"],
        ["slow", "not_approved"],
      ]);
      const sse = await client.conversationalAi.mcpServers.create({ config: { name: "Weather (SSE)", url: `${server.url}/sse` } });
      expect((await client.conversationalAi.mcpServers.tools.list(sse.id)).tools).toHaveLength(4);
      await expect(other.conversationalAi.mcpServers.tools.list(sse.id)).rejects.toMatchObject({ statusCode: 404 });
    } finally {
      await server.close();
    }
  });

  it("drafts, compiles, publishes and reads agent procedures through the SDK (decision 0090)", async () => {
    const procedures = client.conversationalAi.agents.procedures;
    const { agentId } = await client.conversationalAi.agents.create({ name: "Procedures", conversationConfig: { agent: { prompt: { prompt: "You help shoppers." } } } });
    const { procedureId } = await procedures.create(agentId, "main", { name: "Refunds", type: "free_form", trigger: "When the user asks for a refund", content: "Confirm the order number, then explain the next step." });
    expect((await procedures.list(agentId, "main")).procedures).toEqual([expect.objectContaining({ procedureId, name: "Refunds", hasDraft: true })]);

    const draft = await procedures.drafts.get(agentId, "main", procedureId);
    const edited = await procedures.drafts.update(agentId, "main", procedureId, { name: draft.name, type: "free_form", trigger: draft.trigger, content: "Confirm the order number. Check eligibility. Explain the timeline." });
    expect(edited.content).toContain("Check eligibility");
    const structured = await procedures.create(agentId, "main", { name: "Verify", type: "deterministic", trigger: "When the caller must be verified", content: JSON.stringify({ steps: [{ type: "ask" }] }) });
    await expect(procedures.compile(agentId, "main")).rejects.toMatchObject({ statusCode: 400, body: { errors: { [structured.procedureId]: [{ path: "steps[0].instruction" }] } } });
    await procedures.drafts.delete(agentId, "main", structured.procedureId);
    expect(Object.keys((await procedures.compile(agentId, "main")).workflow.nodes)).toEqual(["start_node"]);

    // Saving the agent on the branch publishes the drafts.
    const published = await client.conversationalAi.agents.update(agentId, { branchId: "main", versionDescription: "Publish refunds" });
    const [item] = (await procedures.list(agentId, "main")).procedures;
    expect(item).toMatchObject({ procedureId, hasDraft: false, versionId: expect.stringMatching(/^prcvrsn_/) });
    expect(await procedures.get(agentId, "main", procedureId, { agentVersionId: published.versionId })).toMatchObject({ procedureId, versionId: item!.versionId, name: "Refunds" });

    await procedures.remove(agentId, "main", procedureId);
    expect((await procedures.list(agentId, "main")).procedures).toEqual([]);
    expect((await procedures.list(agentId, "main", { agentVersionId: published.versionId })).procedures).toHaveLength(1);
    await expect(other.conversationalAi.agents.procedures.list(agentId, "main")).rejects.toMatchObject({ statusCode: 404 });
  });
});
