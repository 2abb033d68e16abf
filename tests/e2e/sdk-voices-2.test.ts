// The official SDK's similar-voices and professional-cloning calls against the running stack: samples the
// platform itself spoke, verification by a fresh recording, training in the background (decision 0035); a sample's
// audio, waveform and speakers, and a manual verification request (decision 0087).
import { ElevenLabsClient } from "@elevenlabs/elevenlabs-js";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { newPage, sharedBrowser, signInInBrowser } from "./browser";
import { createApiKeyOverHttp, signUpOverHttp, uniqueEmail, streamBytes } from "./http";
import { subscribeInBrowser } from "./plans";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();
const ROGER = "pv02roger00000000000";
let client: ElevenLabsClient;

const mp3 = (bytes: Uint8Array, name: string) => new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "audio/mpeg" });
const speak = async (text: string) => streamBytes(await client.textToSpeech.convert(ROGER, { text }));

beforeAll(async () => {
  const email = uniqueEmail("sdk-voices-2");
  const cookie = await signUpOverHttp(baseUrl, email);
  const { page, context } = await newPage(browser(), baseUrl);
  await signInInBrowser(page, email);
  await page.waitForURL(/\/app\/home/);
  await subscribeInBrowser(page, "creator", "Creator");
  await context.close();
  client = new ElevenLabsClient({ apiKey: await createApiKeyOverHttp(baseUrl, cookie), baseUrl });
});

describe("official SDK: similar voices and professional cloning", () => {
  it("finds voices similar to a sample, nearest first", async () => {
    const sample = await speak("Hello! This is how I sound. I can read your stories, articles and scripts aloud.");
    const found = await client.voices.findSimilarVoices({ audioFile: mp3(sample, "roger.mp3"), similarityThreshold: 2, topK: 4 });
    expect(found.voices).toHaveLength(4);
    expect(found.voices.map((v) => v.voiceId)).toContain(ROGER);
  });

  it("creates a professional voice, adds samples, verifies it with a recording and trains it", async () => {
    const { voiceId } = await client.voices.pvc.create({ name: "SDK professional", language: "en", description: "Made by the SDK" });
    const samples = await client.voices.pvc.samples.create(voiceId, {
      files: [
        mp3(await speak("The evening was calm and the river was quiet. We walked along the water and talked about the summer holidays."), "one.mp3"),
        mp3(await speak("Every morning the baker opens his shop at six, and the whole street smells of warm bread and coffee."), "two.mp3"),
        mp3(await speak("Hello! This is how I sound. I can read your stories, articles and scripts aloud, one page after another."), "three.mp3"),
      ],
    });
    expect(samples).toHaveLength(3);
    expect(samples[0]!.durationSecs).toBeGreaterThan(3);
    await expect(client.voices.pvc.samples.update(voiceId, samples[0]!.sampleId!, { fileName: "first.mp3" })).resolves.toMatchObject({ voiceId });
    await expect(client.voices.pvc.update(voiceId, { description: "Edited by the SDK" })).resolves.toMatchObject({ voiceId });

    // A request for manual verification is kept, pending (nobody reviews it here, decision 0087).
    const consent = new File([new TextEncoder().encode("%PDF-1.4 consent")], "consent.pdf", { type: "application/pdf" });
    await expect(client.voices.pvc.verification.request(voiceId, { files: [consent], extraText: "My consent" })).resolves.toEqual({ status: "pending" });
    await client.voices.pvc.verification.captcha.get(voiceId);
    const recording = await speak("I am recording this sentence today to confirm that this professional voice is my own.");
    await expect(client.voices.pvc.verification.captcha.verify(voiceId, { recording: mp3(recording, "me.mp3") })).resolves.toMatchObject({ status: "ok" });

    await expect(client.voices.pvc.train(voiceId)).resolves.toMatchObject({ status: "ok" });
    let voice = await client.voices.get(voiceId);
    for (let i = 0; i < 60 && voice.fineTuning?.state?.parlance_multilingual_v1 !== "fine_tuned"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      voice = await client.voices.get(voiceId);
    }
    expect(voice).toMatchObject({ category: "professional", description: "Edited by the SDK", voiceVerification: { isVerified: true } });
    expect(voice.fineTuning?.state?.parlance_multilingual_v1).toBe("fine_tuned");
    expect((await streamBytes(await client.textToSpeech.convert(voiceId, { text: "Trained and speaking." }))).byteLength).toBeGreaterThan(3000);

    // A sample's audio, waveform and speakers (one: Roger alone), as the SDK reads them.
    const sampleId = samples[1]!.sampleId!;
    const heard = await client.voices.pvc.samples.audio.get(voiceId, sampleId, { removeBackgroundNoise: false });
    expect(heard).toMatchObject({ voiceId, sampleId, mediaType: "audio/wav" });
    expect((await client.voices.pvc.samples.waveform.get(voiceId, sampleId)).visualWaveform.length).toBeGreaterThan(30);
    await expect(client.voices.pvc.samples.speakers.separate(voiceId, sampleId)).resolves.toEqual({ status: "pending" });
    let separation = await client.voices.pvc.samples.speakers.get(voiceId, sampleId);
    for (let i = 0; i < 60 && separation.status === "pending"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      separation = await client.voices.pvc.samples.speakers.get(voiceId, sampleId);
    }
    expect(separation.speakers?.speaker_0?.utterances?.length).toBeGreaterThan(0);
    expect((await client.voices.pvc.samples.speakers.audio.get(voiceId, sampleId, "speaker_0")).durationSecs).toBeLessThanOrEqual(heard.durationSecs!);

    await expect(client.voices.pvc.samples.delete(voiceId, samples[2]!.sampleId!)).resolves.toMatchObject({ status: "ok" });
    await client.voices.delete(voiceId);
  });
});
