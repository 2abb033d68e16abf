// The official SDK's voice calls against the running stack: instant cloning from a sample the platform itself
// spoke, speech with the clone, edit, sample audio, delete.
import { ElevenLabsClient } from "@elevenlabs/elevenlabs-js";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { newPage, sharedBrowser, signInInBrowser } from "./browser";
import { createApiKeyOverHttp, signUpOverHttp, uniqueEmail, streamBytes } from "./http";
import { subscribeInBrowser } from "./plans";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();
const ROGER = "pv02roger00000000000";
let client: ElevenLabsClient;

beforeAll(async () => {
  const email = uniqueEmail("sdk-voices");
  const cookie = await signUpOverHttp(baseUrl, email);
  const { page, context } = await newPage(browser(), baseUrl);
  await signInInBrowser(page, email);
  await page.waitForURL(/\/app\/home/);
  await subscribeInBrowser(page, "starter", "Starter");
  await context.close();
  client = new ElevenLabsClient({ apiKey: await createApiKeyOverHttp(baseUrl, cookie), baseUrl });
});

describe("official SDK: voices", () => {
  it("clones, speaks with the clone, edits, reads a sample and deletes", async () => {
    const sample = await streamBytes(await client.textToSpeech.convert(ROGER, { text: "Hello! This is how I sound. I can read your stories, articles and scripts aloud." }));
    const created = await client.voices.ivc.create({
      name: "SDK clone",
      files: [new File([sample as Uint8Array<ArrayBuffer>], "roger.mp3", { type: "audio/mpeg" })],
      description: "Cloned by the SDK",
      labels: { accent: "american" },
    });
    expect(created.requiresVerification).toBe(false);
    const voiceId = created.voiceId;

    const voice = await client.voices.get(voiceId);
    expect(voice).toMatchObject({ name: "SDK clone", category: "cloned", description: "Cloned by the SDK" });
    expect(voice.samples).toHaveLength(1);

    const speech = await streamBytes(await client.textToSpeech.convert(voiceId, { text: "Speaking as the clone." }));
    expect(speech.byteLength).toBeGreaterThan(3000);

    await expect(client.voices.update(voiceId, { name: "SDK clone, renamed", labels: { age: "middle_aged" } })).resolves.toMatchObject({ status: "ok" });
    const renamed = await client.voices.get(voiceId);
    expect(renamed.name).toBe("SDK clone, renamed");
    expect(renamed.labels).toMatchObject({ accent: "american", age: "middle_aged" });

    const audio = await streamBytes(await client.voices.samples.audio.get(voiceId, renamed.samples![0]!.sampleId!));
    expect(Buffer.from(audio).equals(Buffer.from(sample))).toBe(true);

    await expect(client.voices.delete(voiceId)).resolves.toMatchObject({ status: "ok" });
    await expect(client.voices.get(voiceId)).rejects.toMatchObject({ statusCode: 404 });
  });
});
