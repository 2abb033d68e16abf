import { spawnSync } from "node:child_process";
import { ElevenLabsClient } from "@elevenlabs/elevenlabs-js";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createApiKeyOverHttp, signUpOverHttp, uniqueEmail, streamBytes } from "./http";

/** The official SDK's audioIsolation calls, unchanged, against the running stack. */
const baseUrl = inject("baseUrl");
const ARIA = "pv01aria000000000000";
let client: ElevenLabsClient;

/** ffmpeg (a test dependency) decodes the MP3 answer to 16 kHz samples, independently of the platform's decoder. */
function decodeMp3(mp3: Uint8Array): Int16Array {
  const run = spawnSync("ffmpeg", ["-v", "error", "-i", "pipe:0", "-f", "s16le", "-ac", "1", "-ar", "16000", "pipe:1"], { input: mp3, maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`ffmpeg could not decode the answer: ${run.stderr}`);
  return new Int16Array(run.stdout.buffer, run.stdout.byteOffset, run.stdout.byteLength / 2);
}

const dbfs = (s: Int16Array, from: number, to: number) => 20 * Math.log10(Math.sqrt(s.subarray(from, to).reduce((a, v) => a + v * v, 0) / (to - from)) / 32768);

beforeAll(async () => {
  client = new ElevenLabsClient({ apiKey: await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, uniqueEmail("sdk-isolation"))), baseUrl });
});

describe("official SDK: audio isolation", () => {
  it("cleans a noisy sample (audioIsolation.convert), streams one, lists and deletes the history", async () => {
    // Two seconds of white noise, then a sentence of the platform's own speech in the same noise, as 16 kHz PCM.
    const pcm = await streamBytes(await client.textToSpeech.convert(ARIA, { text: "Cleaning a noisy recording with the official SDK.", outputFormat: "pcm_16000" }));
    const speech = new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.byteLength / 2));
    const noisy = new Int16Array(32000 + speech.length);
    noisy.set(speech, 32000);
    let seed = 3;
    for (let i = 0; i < noisy.length; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      noisy[i] = Math.max(-32768, Math.min(32767, noisy[i]! + Math.round((seed / 2147483648 - 0.5) * 3000)));
    }
    const upload = new Blob([new Uint8Array(noisy.buffer)], { type: "application/octet-stream" });

    const cleaned = decodeMp3(await streamBytes(await client.audioIsolation.convert({ audio: upload, fileFormat: "pcm_s16le_16" })));
    expect(Math.abs(cleaned.length - noisy.length)).toBeLessThan(1600);
    const before = dbfs(noisy, 8000, 30000);
    const after = dbfs(cleaned, 8000, 30000);
    console.log(`SDK sample: noise-only stretch ${before.toFixed(1)} -> ${after.toFixed(1)} dBFS`);
    expect(after).toBeLessThan(before - 20);

    const streamed = await streamBytes(await client.audioIsolation.stream({ audio: upload, fileFormat: "pcm_s16le_16" }));
    expect(streamed.byteLength).toBeGreaterThan(5000);

    const history = await client.audioIsolation.list({ pageSize: 10 });
    expect(history.items).toHaveLength(2);
    expect(history.hasMore).toBe(false);
    await client.audioIsolation.delete(history.items[0]!.id);
    expect((await client.audioIsolation.list({})).items).toHaveLength(1);

    // A file that is not audio: the SDK raises the API's 400 with its detail.
    const refused = await client.audioIsolation.convert({ audio: new Blob(["plain text"], { type: "text/plain" }) }).then(
      () => null,
      (error: unknown) => error as { statusCode?: number; body?: { detail?: { status?: string } } },
    );
    expect(refused?.statusCode).toBe(400);
    expect(refused?.body?.detail?.status).toBe("invalid_file_type");
  });
});
