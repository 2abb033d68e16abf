import { ElevenLabsClient } from "@elevenlabs/elevenlabs-js";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createApiKeyOverHttp, signUpOverHttp, uniqueEmail, streamBytes } from "./http";

/** The official JavaScript SDK of the commercial service, unchanged, against our running stack. */
const baseUrl = inject("baseUrl");
const ARIA = "pv01aria000000000000";
const ROGER = "pv02roger00000000000";
let client: ElevenLabsClient;
let otherClient: ElevenLabsClient;

beforeAll(async () => {
  client = new ElevenLabsClient({ apiKey: await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, uniqueEmail("sdk"))), baseUrl });
  otherClient = new ElevenLabsClient({ apiKey: await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, uniqueEmail("sdk-other"))), baseUrl });
});

describe("official SDK against the stack", () => {
  it("converts to mp3 and pcm, and counts the characters", async () => {
    const mp3 = await streamBytes(await client.textToSpeech.convert(ARIA, { text: "Hello from the official SDK.", modelId: "eleven_multilingual_v2" }));
    expect(mp3.byteLength).toBeGreaterThan(5000);
    const pcm = await streamBytes(await client.textToSpeech.convert(ARIA, { text: "Raw samples.", outputFormat: "pcm_16000" }));
    const samples = new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.byteLength / 2));
    const rms = Math.sqrt(samples.reduce((s, v) => s + v * v, 0) / samples.length) / 32768;
    expect(rms).toBeGreaterThan(0.02);
    const opus = await streamBytes(await client.textToSpeech.convert(ARIA, { text: "Opus.", outputFormat: "opus_48000_32" }));
    expect(new TextDecoder().decode(opus.subarray(0, 4))).toBe("OggS");
    expect(new TextDecoder().decode(opus.subarray(28, 36))).toBe("OpusHead");
    const subscription = await client.user.subscription.get();
    expect(subscription.characterCount).toBe("Hello from the official SDK.".length + "Raw samples.".length + "Opus.".length);
    expect(subscription.tier).toBe("free");
  });

  it("streams, with and without timestamps", async () => {
    expect((await streamBytes(await client.textToSpeech.stream(ROGER, { text: "One. Two. Three." }))).byteLength).toBeGreaterThan(3000);
    const whole = await client.textToSpeech.convertWithTimestamps(ARIA, { text: "Timed words." });
    expect(whole.alignment?.characters.join("")).toBe("Timed words.");
    let spelled = "";
    let chunks = 0;
    for await (const chunk of await client.textToSpeech.streamWithTimestamps(ARIA, { text: "First. Second." })) {
      chunks++;
      spelled += chunk.alignment?.characters.join("") ?? "";
    }
    expect(chunks).toBeGreaterThanOrEqual(2);
    expect(spelled).toBe("First. Second.");
  });

  it("speaks a dialogue", async () => {
    const audio = await streamBytes(
      await client.textToDialogue.convert({ inputs: [{ text: "Hi.", voiceId: ARIA }, { text: "", voiceId: ROGER }, { text: "Hello!", voiceId: ROGER }] }),
    );
    expect(audio.byteLength).toBeGreaterThan(2000);
  });

  it("lists voices (v1 and paged v2) and models", async () => {
    expect((await client.voices.getAll()).voices.length).toBeGreaterThanOrEqual(10);
    const page = await client.voices.search({ pageSize: 5 });
    expect(page.voices).toHaveLength(5);
    expect(page.hasMore).toBe(true);
    const next = await client.voices.search({ pageSize: 5, nextPageToken: page.nextPageToken ?? undefined });
    expect(next.voices[0]!.voiceId).not.toBe(page.voices[0]!.voiceId);
    expect((await client.models.list()).map((m) => m.modelId)).toContain("parlance_multilingual_v1");
  });

  it("lists, reads, downloads and deletes history, never across workspaces", async () => {
    const { history, hasMore } = await client.history.list({ pageSize: 2 });
    expect(history).toHaveLength(2);
    expect(hasMore).toBe(true);
    const id = history[0]!.historyItemId;
    expect((await client.history.get(id)).voiceId).toBeTruthy();
    expect((await streamBytes(await client.history.getAudio(id))).byteLength).toBeGreaterThan(1000);
    const zip = await streamBytes(await client.history.download({ historyItemIds: [history[0]!.historyItemId, history[1]!.historyItemId] }));
    expect(Buffer.from(zip.subarray(0, 2)).toString()).toBe("PK");
    const wav = await streamBytes(await client.history.download({ historyItemIds: [id], outputFormat: "wav" }));
    expect(Buffer.from(wav.subarray(0, 4)).toString()).toBe("RIFF");
    expect(Buffer.from(wav.subarray(8, 12)).toString()).toBe("WAVE");
    await expect(otherClient.history.get(id)).rejects.toMatchObject({ statusCode: 404 });
    expect((await otherClient.history.list()).history).toHaveLength(0);
    await client.history.delete(id);
    await expect(client.history.get(id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it("reads usage statistics per day and per voice, its own workspace's only", async () => {
    const day = 86_400_000;
    const today = Math.floor(Date.now() / day) * day;
    const window = { startUnix: today - 2 * day, endUnix: today + day - 1 };
    const daily = await client.usage.get({ ...window, aggregationInterval: "day" });
    expect(daily.time).toEqual([today - 2 * day, today - day, today]);
    const spent = (await client.user.subscription.get()).characterCount;
    expect(daily.usage.All).toEqual([0, 0, spent]);
    const byVoice = await client.usage.get({ ...window, aggregationInterval: "cumulative", breakdownType: "voice" });
    expect(Object.keys(byVoice.usage).sort()).toEqual(["Aria", "Roger"]);
    expect((await otherClient.usage.get({ ...window, aggregationInterval: "cumulative" })).usage).toEqual({ All: [0] });
    await expect(client.usage.get({ startUnix: window.endUnix, endUnix: window.startUnix })).rejects.toMatchObject({ statusCode: 422 });
  });

  it("reads the user", async () => {
    const user = await client.user.get();
    expect(user.userId).toBeTruthy();
    expect(user.subscription.characterLimit).toBe(10000);
  });
});
