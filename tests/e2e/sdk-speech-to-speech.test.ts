import { spawnSync } from "node:child_process";
import { ElevenLabsClient } from "@elevenlabs/elevenlabs-js";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createApiKeyOverHttp, signUpOverHttp, uniqueEmail, streamBytes } from "./http";
import { wavFile } from "../../core/audio/wav";

/** The official SDK's speechToSpeech and forcedAlignment calls, unchanged, against the running stack. */
const baseUrl = inject("baseUrl");
const ARIA = "pv01aria000000000000";
const GEORGE = "pv04george0000000000";
let client: ElevenLabsClient;

/** ffmpeg (a test dependency) decodes the MP3 answer to 16 kHz samples, independently of the platform's decoder. */
function decodeMp3(mp3: Uint8Array): Int16Array {
  const run = spawnSync("ffmpeg", ["-v", "error", "-i", "pipe:0", "-f", "s16le", "-ac", "1", "-ar", "16000", "pipe:1"], { input: mp3, maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`ffmpeg could not decode the answer: ${run.stderr}`);
  return new Int16Array(run.stdout.buffer, run.stdout.byteOffset, run.stdout.byteLength / 2);
}

beforeAll(async () => {
  client = new ElevenLabsClient({ apiKey: await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, uniqueEmail("sdk-sts"))), baseUrl });
});

describe("official SDK: speech to speech and forced alignment", () => {
  it("speechToSpeech.convert keeps the duration; .stream answers audio; the history lists it; bad input is a 400", async () => {
    const pcm = await streamBytes(await client.textToSpeech.convert(GEORGE, { text: "Changing a voice with the official SDK keeps the timing.", outputFormat: "pcm_16000" }));
    const speech = new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.byteLength / 2));
    const upload = new Blob([wavFile(speech, 16000) as Uint8Array<ArrayBuffer>], { type: "audio/wav" });
    const converted = decodeMp3(await streamBytes(await client.speechToSpeech.convert(ARIA, { audio: upload, modelId: "eleven_multilingual_sts_v2", outputFormat: "mp3_44100_128" })));
    console.log(`SDK speech to speech: ${(speech.length / 16000).toFixed(2)} s in, ${(converted.length / 16000).toFixed(2)} s out`);
    expect(Math.abs(converted.length - speech.length)).toBeLessThan(1600);

    const streamed = await streamBytes(await client.speechToSpeech.stream(ARIA, { audio: upload, removeBackgroundNoise: true, voiceSettings: JSON.stringify({ stability: 0.5 }) }));
    expect(streamed.byteLength).toBeGreaterThan(5000);
    const history = await client.history.list({ pageSize: 10 });
    expect(history.history.filter((item) => item.source === "STS")).toHaveLength(2);

    const refused = await client.speechToSpeech.convert(ARIA, { audio: new Blob(["plain text"], { type: "text/plain" }) }).then(
      () => null,
      (error: unknown) => error as { statusCode?: number; body?: { detail?: { status?: string } } },
    );
    expect(refused?.statusCode).toBe(400);
    expect(refused?.body?.detail?.status).toBe("invalid_file_type");
  });

  it("forcedAlignment.create on the platform's own speech of a known text: the words in order with sensible times", async () => {
    const text = "The quick brown fox jumps over the lazy dog. Then it runs into the forest.";
    const spoken = await client.textToSpeech.convertWithTimestamps(GEORGE, { text });
    const audio = Uint8Array.from(Buffer.from(spoken.audioBase64, "base64"));
    const aligned = await client.forcedAlignment.create({ file: new Blob([audio], { type: "audio/mpeg" }), text });
    expect(aligned.words.map((w) => w.text)).toEqual(text.split(" "));
    const duration = spoken.alignment!.characterEndTimesSeconds.at(-1)!;
    for (const [i, word] of aligned.words.entries()) {
      expect(word.end).toBeGreaterThan(word.start);
      expect(word.end).toBeLessThanOrEqual(duration + 0.2);
      if (i > 0) expect(word.start).toBeGreaterThanOrEqual(aligned.words[i - 1]!.end);
    }
    // Each word starts within 150 ms of where the engine says it spoke it.
    const chars = spoken.alignment!.characters;
    const starts = chars.flatMap((c, i) => (c !== " " && (i === 0 || chars[i - 1] === " ") ? [spoken.alignment!.characterStartTimesSeconds[i]!] : []));
    const errors = aligned.words.map((w, i) => Math.abs(w.start - starts[i]!)).sort((a, b) => a - b);
    expect(errors[Math.floor(errors.length / 2)]!).toBeLessThan(0.15);
    expect(aligned.characters.map((c) => c.text).join("")).toBe(text);
    expect(aligned.loss).toBeGreaterThan(0);

    const refused = await client.forcedAlignment.create({ file: new Blob([audio], { type: "audio/mpeg" }), text: "word ".repeat(1001) }).then(
      () => null,
      (error: unknown) => error as { statusCode?: number; body?: { detail?: { status?: string } } },
    );
    expect(refused?.statusCode).toBe(400);
    expect(refused?.body?.detail?.status).toBe("text_too_long");
  });
});
