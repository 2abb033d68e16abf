import { ElevenLabsClient } from "@elevenlabs/elevenlabs-js";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { wavFile } from "../../core/audio/wav";
import { QUALIFICATION_TESTS, quoteFor } from "../../app/productions/rules/productions";
import { createApiKeyOverHttp, executeSql, signUpOverHttp, uniqueEmail } from "./http";

/** The official SDK's productions.orders against the running stack (decision 0064). */
const baseUrl = inject("baseUrl");
const stateDir = inject("stateDir");
let client: ElevenLabsClient;
let customer: string;

beforeAll(async () => {
  customer = await signUpOverHttp(baseUrl, uniqueEmail("sdk-orders"));
  client = new ElevenLabsClient({ apiKey: await createApiKeyOverHttp(baseUrl, customer), baseUrl });
});

/** 75 seconds of tone as WAV: two billable minutes. */
function episode(): Uint8Array {
  const rate = 8000;
  const samples = new Int16Array(75 * rate);
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(6000 * Math.sin((2 * Math.PI * 330 * i) / rate));
  return wavFile(samples, rate);
}

/** A page's form posted as the browser does, with the session cookie. */
async function post(path: string, cookie: string, body: URLSearchParams | FormData): Promise<number> {
  const response = await fetch(`${baseUrl}${path}`, { method: "POST", body, headers: { cookie, origin: baseUrl }, redirect: "manual" });
  await response.text();
  return response.status;
}

describe("official SDK: productions orders", () => {
  it("orders a dub from uploaded media, submits it once, and lists the deliverable after a producer's work is accepted", async () => {
    const { orderId, sandbox } = await client.productions.orders.create({ sandbox: false });
    expect(sandbox).toBe(false);
    expect(await client.productions.orders.update(orderId, { request: { name: "Spanish Dubs" } })).toEqual({ name: "Spanish Dubs" });

    const bytes = episode();
    const { mediaId } = await client.productions.orders.media.register(orderId, { declaredLanguage: "en", media: { data: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "audio/wav" }), filename: "episode.wav", contentType: "audio/wav" } });
    const media = await client.productions.orders.media.get(orderId, mediaId);
    expect(media).toMatchObject({ mediaId, name: "episode.wav", contentType: "audio/wav", language: "en" });
    // Compared as one buffer: an element-by-element deep equal of a megabyte blocks the event loop for seconds.
    expect(Buffer.from(await (await fetch(media.signedUrl)).arrayBuffer()).equals(bytes)).toBe(true);

    const languages = await client.productions.orders.languages.list("dub");
    expect(languages.kind).toBe("pair");
    const transcriptionLanguages = await client.productions.orders.languages.list("transcription");
    expect(transcriptionLanguages.kind === "single" && transcriptionLanguages.languages.some((l) => l.code === "en")).toBe(true);

    const dub = await client.productions.orders.items.upsert(orderId, {
      request: { item: { kind: "dub", mediaId, sourceLanguage: "en", destinationLanguages: ["es"], includeCaptions: true, includeSourceCaptions: false, instructions: "Native-sounding voices" } },
    });
    expect(dub.quote?.amountUsd).toBe(quoteFor("dub", 2).amount / 100);
    const extra = await client.productions.orders.items.upsert(orderId, { request: { item: { kind: "transcription", mediaIds: [mediaId], sourceLanguage: "en" } } });
    expect((await client.productions.orders.items.remove(orderId, extra.itemId)).success).toBe(true);

    const open = await client.productions.orders.get(orderId);
    expect(open).toMatchObject({ orderId, name: "Spanish Dubs", state: "open", totalAmountUsd: quoteFor("dub", 2).amount / 100 });
    expect(open.items.map((i) => i.itemId)).toEqual([dub.itemId]);
    const [listed] = (await client.productions.orders.list({ status: ["open"], pageSize: 5 })).orders;
    expect(listed).toMatchObject({ orderId, state: "open" });

    const submitted = await client.productions.orders.submit(orderId);
    expect(submitted).toMatchObject({ orderId, state: "submitted" });
    await expect(client.productions.orders.submit(orderId)).rejects.toMatchObject({ statusCode: 409 });
    expect((await client.productions.orders.deliverables.list(orderId)).deliverables).toEqual([]);

    // A producer qualified for dubs claims the task, fetches the source, delivers; the customer accepts.
    const [{ id: taskId }] = await executeSql<{ id: string }>(stateDir, `SELECT t.id FROM production_tasks t JOIN production_requests r ON r.id = t.request_id WHERE r.order_id = '${orderId}'`);
    const producer = await signUpOverHttp(baseUrl, uniqueEmail("sdk-orders-producer"));
    expect(await post("/app/productions/settings?index", producer, new URLSearchParams({ display_name: "Pat Producer", languages: "en, es", bio: "" }))).toBe(200);
    expect(await post("/app/productions/settings/qualifications", producer, new URLSearchParams({ kind: "dub", answer: QUALIFICATION_TESTS.dub.reference }))).toBe(200);
    expect(await post("/app/productions/unclaimed", producer, new URLSearchParams({ task_id: taskId }))).toBe(200);
    const source = await fetch(`${baseUrl}/app/productions/media/${mediaId}`, { headers: { cookie: producer } });
    expect(source.status).toBe(200);
    expect((await source.arrayBuffer()).byteLength).toBe(bytes.byteLength);
    const delivery = new FormData();
    delivery.set("task_id", taskId);
    delivery.set("deliverable", new File(["El doblaje terminado."], "episode-es.txt", { type: "text/plain" }));
    expect(await post("/app/productions/active", producer, delivery)).toBe(200);
    expect(await post("/app/productions?index", customer, new URLSearchParams({ intent: "accept", task_id: taskId }))).toBe(200);

    const { deliverables } = await client.productions.orders.deliverables.list(orderId);
    expect(deliverables).toHaveLength(1);
    expect(deliverables[0]).toMatchObject({ name: "episode-es.txt", contentType: "text/plain", version: 1 });
    expect(await (await fetch(deliverables[0]!.signedUrl)).text()).toBe("El doblaje terminado.");
    expect((await client.productions.orders.get(orderId)).state).toBe("done");
  });

  it("answers bad input and another workspace's order as the SDK's errors", async () => {
    const { orderId } = await client.productions.orders.create({});
    await expect(client.productions.orders.items.upsert(orderId, { request: { item: { kind: "transcription", mediaIds: ["prodmedia_missing"], sourceLanguage: "en" } } })).rejects.toMatchObject({ statusCode: 404 });
    await expect(client.productions.orders.submit(orderId)).rejects.toMatchObject({ statusCode: 409 });
    await expect(client.productions.orders.update(orderId, { request: { name: "" } })).rejects.toMatchObject({ statusCode: 422 });
    const stranger = new ElevenLabsClient({ apiKey: await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, uniqueEmail("sdk-orders-stranger"))), baseUrl });
    await expect(stranger.productions.orders.get(orderId)).rejects.toMatchObject({ statusCode: 404 });
    await expect(stranger.productions.orders.deliverables.list(orderId)).rejects.toMatchObject({ statusCode: 404 });
  });
});
