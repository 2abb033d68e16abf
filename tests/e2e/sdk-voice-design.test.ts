import { ElevenLabsClient, ElevenLabsError } from "@elevenlabs/elevenlabs-js";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createApiKeyOverHttp, signUpOverHttp, uniqueEmail, streamBytes } from "./http";

/** Voice design (text to voice) through the official SDK, unchanged, against the running stack. */
const baseUrl = inject("baseUrl");
const ARIA = "pv01aria000000000000";
let client: ElevenLabsClient;
let otherClient: ElevenLabsClient;

beforeAll(async () => {
  client = new ElevenLabsClient({ apiKey: await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, uniqueEmail("sdk-design"))), baseUrl });
  otherClient = new ElevenLabsClient({ apiKey: await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, uniqueEmail("sdk-design-other"))), baseUrl });
});

describe("textToVoice with the official SDK", () => {
  it("designs three previews, saves one as a voice and speaks with it", async () => {
    const description = "A deep, calm Scottish man, slightly raspy, a storyteller";
    const designed = await client.textToVoice.createPreviews({ voiceDescription: description, autoGenerateText: true });
    expect(designed.previews).toHaveLength(3);
    expect(designed.text.length).toBeGreaterThanOrEqual(100);
    for (const preview of designed.previews) {
      expect(preview.mediaType).toBe("audio/mpeg");
      expect(preview.durationSecs).toBeGreaterThan(1);
      expect(Buffer.from(preview.audioBase64, "base64").byteLength).toBeGreaterThan(5000);
    }
    const chosen = designed.previews[2]!.generatedVoiceId;
    expect((await streamBytes(await client.textToVoice.preview.stream(chosen))).byteLength).toBeGreaterThan(5000);

    const voice = await client.textToVoice.create({ voiceName: "Hamish", voiceDescription: description, generatedVoiceId: chosen, labels: { use_case: "storytelling" } });
    expect(voice).toMatchObject({ name: "Hamish", category: "generated" });
    expect(voice.labels).toMatchObject({ accent: "scottish", gender: "male", use_case: "storytelling" });

    const listed = await client.voices.getAll();
    expect(listed.voices.some((v) => v.voiceId === voice.voiceId)).toBe(true);
    const spoken = await streamBytes(await client.textToSpeech.convert(voice.voiceId, { text: "Good evening. Let me tell you a story." }));
    expect(spoken.byteLength).toBeGreaterThan(5000);

    // Another workspace can neither save the preview nor speak with the voice.
    await expect(otherClient.textToVoice.create({ voiceName: "Stolen", voiceDescription: description, generatedVoiceId: designed.previews[0]!.generatedVoiceId })).rejects.toMatchObject({ statusCode: 404 });
    await expect(otherClient.textToSpeech.convert(voice.voiceId, { text: "Hello." })).rejects.toBeInstanceOf(ElevenLabsError);
  });

  it("designs with /design and remixes an existing voice", async () => {
    const designed = await client.textToVoice.design({ voiceDescription: "An energetic young Brazilian woman, high and fast", seed: 9 });
    expect(designed.previews.map((p) => p.language)).toEqual(["pt", "pt", "pt"]);
    const remixed = await client.textToVoice.remix(ARIA, { voiceDescription: "Make the voice deeper and much slower, calm" });
    expect(remixed.previews).toHaveLength(3);
    await expect(client.textToVoice.createPreviews({ voiceDescription: "short" })).rejects.toMatchObject({ statusCode: 422 });
  });
});
