// The voice isolator over /v1/audio-isolation: the embedded engine (RNNoise in the speech worker) on speech from
// the platform's own engine plus white noise, the charge by duration, the history, and every refusal.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { SynthesisRequest, SynthesisResult } from "../../../core/engines/speech";
import { decodeMp3 } from "../../../core/audio/mp3-decoder";
import { wavFile } from "../../../core/audio/wav";
import { api, createKey, signUp } from "./helpers";

const speech = env.SPEECH as unknown as { synthesize(request: SynthesisRequest): Promise<SynthesisResult> };

/** A repeatable white noise (a linear congruential generator). */
function addNoise(samples: Int16Array, amplitude: number): Int16Array {
  let state = 7;
  return Int16Array.from(samples, (s) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.max(-32768, Math.min(32767, s + Math.round((state / 2147483648 - 0.5) * 2 * amplitude)));
  });
}

function dbfs(samples: Int16Array, from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += samples[i]! * samples[i]!;
  return 20 * Math.log10(Math.sqrt(sum / Math.max(1, to - from)) / 32768);
}

/** Three seconds of noise alone, then a sentence of the embedded engine's speech in the same noise. */
async function noisyRecording() {
  const spoken = await speech.synthesize({ text: "The quick brown fox jumps over the lazy dog.", engineVoice: "en-us", rate: 175, pitch: 50, range: 50 });
  const rate = spoken.sampleRate;
  const voice = new Int16Array(spoken.pcm.slice().buffer);
  const clean = new Int16Array(rate * 3 + voice.length);
  clean.set(voice, rate * 3);
  return { rate, clean, noisy: addNoise(clean, 1500), speechFrom: rate * 3 };
}

function upload(bytes: Uint8Array, type = "audio/wav", name = "noisy take.wav", fields: Record<string, string> = {}) {
  const body = new FormData();
  body.append("audio", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return body;
}

async function workspaceState(key: string) {
  const { workspace_id } = (await (await api("/v1/workspace", { key })).json()) as { workspace_id: string };
  const row = await env.DB.prepare(
    `SELECT character_count AS charged, (SELECT count(*) FROM audio_isolations WHERE workspace_id = ?1) AS items,
            (SELECT count(*) FROM usage_events WHERE workspace_id = ?1) AS usage, (SELECT count(*) FROM generation_slots WHERE workspace_id = ?1) AS slots
     FROM workspaces WHERE id = ?1`,
  )
    .bind(workspace_id)
    .first<{ charged: number; items: number; usage: number; slots: number }>();
  return { workspaceId: workspace_id, ...row! };
}

describe("POST /v1/audio-isolation", () => {
  it("lowers the noise floor of a noise-only stretch by more than 20 dB and keeps the speech; charges by duration; keeps history", async () => {
    const key = await createKey(await signUp("isolation-good@example.com"));
    const { rate, clean, noisy, speechFrom } = await noisyRecording();
    const response = await api("/v1/audio-isolation", { method: "POST", key, body: upload(wavFile(noisy, rate)) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("audio/mpeg");
    const itemId = response.headers.get("history-item-id")!;
    const seconds = noisy.length / rate;
    expect(Number(response.headers.get("character-cost"))).toBe(Math.ceil((seconds * 1000) / 60));
    const { samples, sampleRate } = await decodeMp3(new Uint8Array(await response.arrayBuffer()));
    expect(sampleRate).toBe(44100);
    expect(Math.abs(samples.length / sampleRate - seconds)).toBeLessThan(0.1);

    // The noise-only stretch (from 0.5 s to 2.5 s) and the speech, before and after.
    const at = (s: number, r: number) => Math.round(s * r);
    const noiseBefore = dbfs(noisy, at(0.5, rate), at(2.5, rate));
    const noiseAfter = dbfs(samples, at(0.5, sampleRate), at(2.5, sampleRate));
    const speechEnd = clean.length / rate;
    const speechClean = dbfs(clean, speechFrom, clean.length);
    const speechAfter = dbfs(samples, at(3, sampleRate), at(speechEnd, sampleRate));
    console.log(`noise-only stretch ${noiseBefore.toFixed(1)} -> ${noiseAfter.toFixed(1)} dBFS; speech ${speechClean.toFixed(1)} dBFS clean, ${speechAfter.toFixed(1)} dBFS isolated`);
    expect(noiseAfter).toBeLessThan(noiseBefore - 20);
    expect(Math.abs(speechAfter - speechClean)).toBeLessThan(6);

    const state = await workspaceState(key);
    expect(state).toMatchObject({ charged: Math.ceil((seconds * 1000) / 60), items: 1, usage: 1, slots: 0 });

    const history = (await (await api("/v1/audio-isolation/history?page_size=10", { key })).json()) as { items: { id: string; title: string; duration_seconds: number; download_url: string }[]; has_more: boolean };
    expect(history.has_more).toBe(false);
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({ id: itemId, title: "noisy take" });
    const download = await api(history.items[0]!.download_url, { key });
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    // Another workspace sees and deletes nothing of it.
    const other = await createKey(await signUp("isolation-other@example.com"));
    expect(((await (await api("/v1/audio-isolation/history", { key: other })).json()) as { items: unknown[] }).items).toEqual([]);
    expect((await api(history.items[0]!.download_url, { key: other })).status).toBe(404);
    expect((await api(`/v1/audio-isolation/history/${itemId}`, { method: "DELETE", key: other })).status).toBe(404);

    expect((await api(`/v1/audio-isolation/history/${itemId}`, { method: "DELETE", key })).status).toBe(200);
    expect(((await (await api("/v1/audio-isolation/history", { key })).json()) as { items: unknown[] }).items).toEqual([]);
    expect((await api(history.items[0]!.download_url, { key })).status).toBe(404);
  }, 30_000);

  it("streams the same audio from /stream and reads raw 16 kHz PCM (file_format=pcm_s16le_16)", async () => {
    const key = await createKey(await signUp("isolation-stream@example.com"));
    const pcm = new Int16Array(16000).map((_, i) => Math.round(3000 * Math.sin(i / 5)));
    const response = await api("/v1/audio-isolation/stream", { method: "POST", key, body: upload(new Uint8Array(pcm.buffer), "application/octet-stream", "raw.pcm", { file_format: "pcm_s16le_16" }) });
    expect(response.status).toBe(200);
    const { samples, sampleRate } = await decodeMp3(new Uint8Array(await response.arrayBuffer()));
    expect(Math.abs(samples.length / sampleRate - 1)).toBeLessThan(0.1);
    expect((await workspaceState(key)).charged).toBe(17);
  });

  it("refuses bad uploads with a 4xx and detail, charging and storing nothing", async () => {
    const key = await createKey(await signUp("isolation-bad@example.com"));
    const { rate, noisy } = await noisyRecording();
    const wav = wavFile(noisy, rate);
    // An MP3 cut short: the platform's own MP3 of the recording, truncated mid-frame.
    const mp3 = await (async () => {
      const whole = await api("/v1/audio-isolation", { method: "POST", key, body: upload(wav) });
      return new Uint8Array(await whole.arrayBuffer());
    })();
    const before = await workspaceState(key);
    const cases: [FormData | string, number, string][] = [
      [upload(new Uint8Array(0)), 400, "empty_file"],
      [upload(mp3.subarray(0, Math.floor(mp3.length / 2) + 7), "audio/mpeg", "cut.mp3"), 400, "invalid_audio"],
      [upload(new TextEncoder().encode("just some text"), "text/plain", "notes.txt"), 400, "invalid_file_type"],
      [upload(new TextEncoder().encode("not really audio"), "audio/wav", "fake.wav"), 400, "invalid_file_type"],
      [upload(new Uint8Array([0x66, 0x4c, 0x61, 0x43, 0, 0, 0, 0x22]), "audio/flac", "song.flac"), 400, "unsupported_audio_codec"],
      [upload(new TextEncoder().encode("RIFF\0\0\0\0AVI LIST"), "video/x-msvideo", "clip.avi"), 400, "unsupported_audio_codec"],
      [upload(wavFile(new Int16Array(16000 * 121), 16000), "audio/wav", "long.wav"), 400, "audio_too_long"],
    ];
    for (const [body, status, code] of cases) {
      const response = await api("/v1/audio-isolation", { method: "POST", key, body: body as FormData });
      const json = (await response.json()) as { detail: { status: string; message: string } };
      expect({ code, status: response.status, detail: json.detail.status }).toEqual({ code, status, detail: code });
      expect(json.detail.message.length).toBeGreaterThan(10);
    }
    const missing = await api("/v1/audio-isolation", { method: "POST", key, body: new FormData() });
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as { detail: { loc: string[] }[] }).detail[0]!.loc).toEqual(["body", "audio"]);
    const badFormat = await api("/v1/audio-isolation", { method: "POST", key, body: upload(wav, "audio/wav", "a.wav", { file_format: "flac" }) });
    expect(badFormat.status).toBe(422);
    const after = await workspaceState(key);
    expect(after).toEqual(before);
    expect((await env.MEDIA.list({ prefix: `isolation/${after.workspaceId}/` })).objects).toHaveLength(1);
  }, 30_000);

  it("refuses a recording longer than the quota has left (401 quota_exceeded), nothing charged", async () => {
    const key = await createKey(await signUp("isolation-quota@example.com"));
    const { workspaceId } = await workspaceState(key);
    await env.DB.prepare("UPDATE workspaces SET character_count = character_limit - 10 WHERE id = ?").bind(workspaceId).run();
    const response = await api("/v1/audio-isolation", { method: "POST", key, body: upload(wavFile(new Int16Array(16000), 16000)) });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { detail: { status: string } }).detail.status).toBe("quota_exceeded");
    expect(await workspaceState(key)).toMatchObject({ items: 0, usage: 0, slots: 0 });
  });
});
