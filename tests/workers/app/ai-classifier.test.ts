import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { decodeMp3 } from "../../../core/audio/mp3-decoder";
import { wavFile } from "../../../core/audio/wav";
import { api, createKey, signUp } from "./helpers";
import { ARIA } from "./billing-helpers";

const upload = (key: string, bytes: Uint8Array, name = "clip.wav", type = "audio/wav") => {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return api("/v1/ai-classifier", { method: "POST", key, body: form });
};

type Answer = { probability: number; verdict: string; explanation: string; landmarks: number; aligned_landmarks: number };

describe("AI speech classifier", () => {
  it("recognises the platform's speech after trimming and a volume change, not other audio, and tells nobody whose it was", async () => {
    const key = await createKey(await signUp("classifier@example.com"));
    const clipsBefore = (await env.DB.prepare("SELECT count(*) AS n FROM generated_clips").first<number>("n"))!;
    const speech = await api(`/v1/text-to-speech/${ARIA}?output_format=mp3_44100_128`, { method: "POST", key, json: { text: "Every recording we make is fingerprinted, so it can be recognised later, even after it was cut." } });
    expect(speech.status).toBe(200);
    const mp3 = new Uint8Array(await speech.arrayBuffer());
    // The fingerprint is written after the response: wait for it.
    for (let i = 0; i < 100 && (await env.DB.prepare("SELECT count(*) AS n FROM generated_clips").first<number>("n"))! <= clipsBefore; i++) await new Promise((r) => setTimeout(r, 50));

    const asIs = (await (await upload(key, mp3, "clip.mp3", "audio/mpeg")).json()) as Answer;
    expect(asIs).toMatchObject({ verdict: "made_here" });
    expect(asIs.probability).toBeGreaterThan(0.99);

    const { samples, sampleRate } = await decodeMp3(mp3);
    const cut = Int16Array.from(samples.subarray(Math.round(sampleRate * 0.8), samples.length - sampleRate), (v) => Math.round(v * 0.3));
    const other = await createKey(await signUp("classifier-other@example.com"));
    const copy = (await (await upload(other, wavFile(cut, sampleRate))).json()) as Answer;
    expect(copy.verdict).toBe("made_here");
    expect(copy.probability).toBeGreaterThan(0.9);
    expect(Object.keys(copy).sort()).toEqual(["aligned_landmarks", "analysed_seconds", "explanation", "landmarks", "probability", "verdict"]);

    let x = 7;
    const noise = Int16Array.from({ length: sampleRate * 4 }, () => ((x = (x * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5) * 8000);
    const notHere = (await (await upload(key, wavFile(noise, sampleRate))).json()) as Answer;
    expect(notHere.verdict).toBe("not_recognised");
    expect(notHere.probability).toBeLessThan(0.05);
    const silence = (await (await upload(key, wavFile(new Int16Array(sampleRate), sampleRate))).json()) as Answer;
    expect(silence.verdict).toBe("too_short");
  }, 60_000);

  it("refuses what is not audio", async () => {
    const key = await createKey(await signUp("classifier-bad@example.com"));
    const text = await upload(key, new TextEncoder().encode("hello"), "a.txt", "text/plain");
    expect(text.status).toBe(400);
    expect(((await text.json()) as { detail: { status: string } }).detail.status).toBe("invalid_audio");
    expect((await api("/v1/ai-classifier", { method: "POST", key, body: new FormData() })).status).toBe(422);
  });
});
