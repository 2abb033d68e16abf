import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ElevenLabsClient } from "@elevenlabs/elevenlabs-js";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { wavFile } from "../../core/audio/wav";
import { wordErrorRate } from "../../app/transcription/rules/transcription";
import { createApiKeyOverHttp, signUpOverHttp, uniqueEmail, streamBytes } from "./http";

/** The official SDK's speechToText calls, unchanged, against the running stack (its embedded PocketSphinx). */
const baseUrl = inject("baseUrl");
const ARIA = "pv01aria000000000000";
let client: ElevenLabsClient;

/** A real recording with known words from PocketSphinx's test data (the build unpacks its source into the cache). */
const RECORDING = fileURLToPath(new URL("../../node_modules/.cache/parlance-pocketsphinx/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0920.wav", import.meta.url));
const RECORDED = "had he married a more amiable woman he might have been made still more respectable than he was";

type Word = { text: string; start?: number; end?: number; type: string; speakerId?: string };
type Chunk = { languageCode: string; languageProbability: number; text: string; words: Word[]; transcriptionId?: string; additionalFormats?: ({ requestedFormat: string; content: string } | undefined)[] };

beforeAll(async () => {
  client = new ElevenLabsClient({ apiKey: await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, uniqueEmail("sdk-stt"))), baseUrl });
});

describe("official SDK: speech to text", () => {
  it("transcribes a real recording (speechToText.convert): most words right, timed, with SRT", async () => {
    const file = new Blob([readFileSync(RECORDING)], { type: "audio/wav" });
    const chunk = (await client.speechToText.convert({ file, modelId: "scribe_v1", diarize: true, additionalFormats: [{ format: "srt" }] })) as Chunk;
    const wer = wordErrorRate(RECORDED, chunk.text);
    console.log(`recording: heard "${chunk.text}" (word error rate ${(wer * 100).toFixed(0)}%)`);
    expect(wer).toBeLessThan(0.35);
    expect(chunk).toMatchObject({ languageCode: "en", languageProbability: 1 });
    const words = chunk.words.filter((w) => w.type === "word");
    for (let i = 1; i < words.length; i++) expect(words[i]!.start!).toBeGreaterThanOrEqual(words[i - 1]!.end!);
    expect(new Set(chunk.words.map((w) => w.speakerId))).toEqual(new Set(["speaker_0"]));
    expect(chunk.additionalFormats?.[0]).toMatchObject({ requestedFormat: "srt" });
    expect(chunk.additionalFormats![0]!.content).toContain(" --> ");

    const id = chunk.transcriptionId!;
    expect(((await client.speechToText.transcripts.get(id)) as Chunk).text).toBe(chunk.text);
    await client.speechToText.transcripts.delete(id);
    await expect(client.speechToText.transcripts.get(id)).rejects.toMatchObject({ statusCode: 404 });
  }, 60_000);

  it("transcribes the platform's own speech of a known sentence (printed honestly: formant speech is hard for it)", async () => {
    const sentence = "The weather today is sunny and warm in the city.";
    const pcm = await streamBytes(await client.textToSpeech.convert(ARIA, { text: sentence, outputFormat: "pcm_16000" }));
    const wav = wavFile(new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.byteLength / 2)), 16000);
    const chunk = (await client.speechToText.convert({ file: new Blob([wav as Uint8Array<ArrayBuffer>], { type: "audio/wav" }), modelId: "scribe_v1", timestampsGranularity: "word" })) as Chunk;
    console.log(`platform speech: heard "${chunk.text}" for "${sentence}" (word error rate ${(wordErrorRate(sentence, chunk.text) * 100).toFixed(0)}%)`);
    expect(chunk.languageCode).toBe("en");
    expect(chunk.words.filter((w) => w.type === "word").every((w) => w.end! <= pcm.byteLength / 2 / 16000 + 0.05)).toBe(true);
  }, 60_000);

  it("refuses what the embedded engine cannot hear, and bad files, with the SDK's typed errors", async () => {
    const file = new Blob([readFileSync(RECORDING)], { type: "audio/wav" });
    await expect(client.speechToText.convert({ file, modelId: "scribe_v1", languageCode: "de" })).rejects.toMatchObject({ statusCode: 422 });
    await expect(client.speechToText.convert({ file: new Blob(["not audio"], { type: "text/plain" }), modelId: "scribe_v1" })).rejects.toMatchObject({ statusCode: 400 });
  });
});
