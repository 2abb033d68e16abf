import { ElevenLabsClient } from "@elevenlabs/elevenlabs-js";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { spawnSync } from "node:child_process";
import { createApiKeyOverHttp, signUpOverHttp, uniqueEmail, streamBytes } from "./http";

/** The official SDK's textToSoundEffects against the running stack. */
const baseUrl = inject("baseUrl");
let client: ElevenLabsClient;
let key: string;

/** Decodes an MP3 with the system's ffmpeg (Debian) into 16-bit mono samples at its own rate. */
function decodeMp3(mp3: Uint8Array): { samples: Int16Array; sampleRate: number } {
  const out = spawnSync("ffmpeg", ["-v", "error", "-i", "pipe:0", "-f", "s16le", "-ac", "1", "-ar", "44100", "pipe:1"], { input: mp3, maxBuffer: 64 << 20 });
  if (out.status !== 0) throw new Error(`ffmpeg could not decode the MP3: ${out.stderr}`);
  return { samples: new Int16Array(out.stdout.buffer, out.stdout.byteOffset, out.stdout.byteLength >> 1), sampleRate: 44100 };
}

beforeAll(async () => {
  key = await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, uniqueEmail("sdk-sfx")));
  client = new ElevenLabsClient({ apiKey: key, baseUrl });
});

describe("official SDK: sound effects", () => {
  it("converts a description to an MP3 of the asked duration, charged and kept in history", async () => {
    const mp3 = await streamBytes(await client.textToSoundEffects.convert({ text: "Crackling campfire", durationSeconds: 3, promptInfluence: 0.5, loop: true }));
    const { samples, sampleRate } = decodeMp3(mp3);
    expect(samples.length / sampleRate).toBeGreaterThan(2.9);
    expect(samples.length / sampleRate).toBeLessThan(3.2);
    const rms = Math.sqrt(samples.reduce((s, v) => s + v * v, 0) / samples.length) / 32768;
    expect(rms).toBeGreaterThan(0.01);
    expect((await client.user.subscription.get()).characterCount).toBe(60);
    const history = (await (await fetch(`${baseUrl}/v1/sound-generation/history`, { headers: { "xi-api-key": key } })).json()) as { history: { text: string; loop: boolean }[] };
    expect(history.history[0]).toMatchObject({ text: "Crackling campfire", loop: true });
  });

  it("takes the SDK's model id and output formats, and picks the duration itself", async () => {
    const pcm = await streamBytes(await client.textToSoundEffects.convert({ text: "a mouse click", modelId: "eleven_text_to_sound_v2", outputFormat: "pcm_16000" }));
    expect(pcm.byteLength).toBe(16000 * 0.5 * 2);
  });

  it("refuses bad input with a 422 the SDK raises", async () => {
    await expect(client.textToSoundEffects.convert({ text: "rain", durationSeconds: 40 })).rejects.toMatchObject({ statusCode: 422 });
    await expect(client.textToSoundEffects.convert({ text: "" })).rejects.toMatchObject({ statusCode: 422 });
  });
});
