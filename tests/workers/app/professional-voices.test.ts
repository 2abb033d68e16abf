// Professional cloning, verification and similar voices through /v1 (decision 0035): samples the platform
// itself spoke, the plan gates, bad input and another workspace's voices.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, createKey, signUp } from "./helpers";

const ROGER = "pv02roger00000000000";
const ARIA = "pv01aria000000000000";

type Caller = { key: string; workspace: string };
type Voice = { voice_id: string; category: string; samples?: { sample_id: string; file_name: string; duration_secs: number }[]; fine_tuning?: { state: Record<string, string>; verification_attempts_count: number; verification_failures: string[] }; voice_verification: { is_verified: boolean } };
type Similar = { voices: { voice_id: string; name: string; category: string; similarity_distance: number; preview_url: string }[]; has_more: boolean };

async function caller(email: string, tier: string): Promise<Caller> {
  const key = await createKey(await signUp(email));
  const workspace = ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
  await env.DB.prepare("UPDATE workspaces SET tier = ?, status = 'active', character_limit = 1000000, character_count_reset_at = 2000000000 WHERE id = ?").bind(tier, workspace).run();
  return { key, workspace };
}

async function spoken(key: string, voiceId: string, text: string): Promise<Uint8Array> {
  const response = await api(`/v1/text-to-speech/${voiceId}?output_format=mp3_44100_128`, { method: "POST", key, json: { text } });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

const file = (name: string, bytes: Uint8Array, type = "audio/mpeg") => new File([bytes as Uint8Array<ArrayBuffer>], name, { type });
function formOf(fields: Record<string, string | File | File[]>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  return body;
}
const detail = async (response: Response) => ((await response.json()) as { detail: { status: string; message: string } }).detail;
const voiceOf = async (key: string, voiceId: string) => (await (await api(`/v1/voices/${voiceId}`, { key })).json()) as Voice;

let creator: Caller;
let starter: Caller;
let stranger: Caller;
const rogerSamples: Uint8Array[] = [];
let ariaSample: Uint8Array;
let rogerRecording: Uint8Array;

beforeAll(async () => {
  creator = await caller("pvc-creator@example.com", "creator");
  starter = await caller("pvc-starter@example.com", "starter");
  stranger = await caller("pvc-stranger@example.com", "pro");
  for (const text of [
    "Hello! This is how I sound. I can read your stories, articles and scripts aloud, one page after another.",
    "The evening was calm and the river was quiet. We walked along the water and talked about the summer holidays.",
    "Every morning the baker opens his shop at six, and the whole street smells of warm bread and coffee.",
  ])
    rogerSamples.push(await spoken(creator.key, ROGER, text));
  ariaSample = await spoken(creator.key, ARIA, "Hello! This is how I sound. I can read your stories, articles and scripts aloud, one page after another.");
  rogerRecording = await spoken(creator.key, ROGER, "I am recording this sentence today to confirm that this professional voice is my own.");
});

describe("POST /v1/similar-voices", () => {
  it("finds the premade voice that spoke the sample among the nearest, nearest first, with its public preview", async () => {
    const response = await api("/v1/similar-voices", { method: "POST", key: starter.key, body: formOf({ audio_file: file("roger.mp3", rogerSamples[1]!), top_k: "3" }) });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Similar;
    expect(body.voices).toHaveLength(3);
    // The vector tells pitch and vocal-tract length, not the voice: other men of close pitch may come first.
    const roger = body.voices.find((v) => v.voice_id === ROGER);
    expect(roger?.preview_url).toMatch(/\/v1\/voices\/previews\/voice_preview_roger\.mp3$/);
    const distances = body.voices.map((v) => v.similarity_distance);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    // A woman's voice is not among a man's nearest.
    expect(body.voices.map((v) => v.voice_id)).not.toContain(ARIA);
  });

  it("keeps only voices within the threshold", async () => {
    const body = (await (await api("/v1/similar-voices", { method: "POST", key: starter.key, body: formOf({ audio_file: file("aria.mp3", ariaSample), similarity_threshold: "0.3" }) })).json()) as Similar;
    expect(body.voices.length).toBeGreaterThan(0);
    expect(body.voices.every((v) => v.similarity_distance <= 0.3)).toBe(true);
    expect(body.voices.map((v) => v.voice_id)).not.toContain(ROGER);
  });

  it("refuses a missing file, another type, silence-only audio and out-of-range parameters", async () => {
    expect(await detail(await api("/v1/similar-voices", { method: "POST", key: starter.key, body: formOf({ top_k: "3" }) }))).toMatchObject({ status: "audio_file_missing" });
    const text = await api("/v1/similar-voices", { method: "POST", key: starter.key, body: formOf({ audio_file: file("notes.txt", new TextEncoder().encode("hello"), "text/plain") }) });
    expect(text.status).toBe(415);
    expect((await api("/v1/similar-voices", { method: "POST", key: starter.key, body: formOf({ audio_file: file("roger.mp3", rogerSamples[0]!), top_k: "500" }) })).status).toBe(422);
    expect((await api("/v1/similar-voices", { method: "POST", body: formOf({ audio_file: file("roger.mp3", rogerSamples[0]!) }) })).status).toBe(401);
  });

  it("never lists another workspace's private voice", async () => {
    const added = await api("/v1/voices/add", { method: "POST", key: stranger.key, body: formOf({ name: "Private Roger", files: file("roger.mp3", rogerSamples[0]!) }) });
    expect(added.status).toBe(200);
    const privateId = ((await added.json()) as { voice_id: string }).voice_id;
    const body = (await (await api("/v1/similar-voices", { method: "POST", key: starter.key, body: formOf({ audio_file: file("roger.mp3", rogerSamples[0]!), top_k: "100" }) })).json()) as Similar;
    expect(body.voices.map((v) => v.voice_id)).not.toContain(privateId);
  });
});

describe("professional voice cloning", () => {
  let voiceId: string;

  it("starts with the Creator plan", async () => {
    const response = await api("/v1/voices/pvc", { method: "POST", key: starter.key, json: { name: "Mine", language: "en" } });
    expect(response.status).toBe(403);
    expect((await detail(response)).status).toBe("can_not_use_professional_voice_cloning");
  });

  it("creates an empty voice, not started, that cannot speak yet", async () => {
    expect((await detail(await api("/v1/voices/pvc", { method: "POST", key: creator.key, json: { name: "Mine", language: "xx" } }))).status).toBe("unsupported_language");
    expect((await api("/v1/voices/pvc", { method: "POST", key: creator.key, json: { language: "en" } })).status).toBe(422);
    const response = await api("/v1/voices/pvc", { method: "POST", key: creator.key, json: { name: "My professional Roger", language: "en", labels: { accent: "american" } } });
    expect(response.status).toBe(200);
    voiceId = ((await response.json()) as { voice_id: string }).voice_id;
    expect(voiceId).toMatch(/^[A-Za-z0-9]{20}$/);
    const voice = await voiceOf(creator.key, voiceId);
    expect(voice.category).toBe("professional");
    expect(voice.fine_tuning!.state).toEqual({ parlance_multilingual_v1: "not_started" });
    const speak = await api(`/v1/text-to-speech/${voiceId}`, { method: "POST", key: creator.key, json: { text: "Not yet." } });
    expect(speak.status).toBe(400);
    expect((await detail(speak)).status).toBe("voice_not_fine_tuned");
  });

  it("keeps one professional voice on Creator", async () => {
    expect((await detail(await api("/v1/voices/pvc", { method: "POST", key: creator.key, json: { name: "Second", language: "en" } }))).status).toBe("professional_voice_limit_reached");
  });

  it("adds measured samples, renames one, refuses speaker separation, and never another workspace's", async () => {
    expect((await detail(await api(`/v1/voices/pvc/${voiceId}/train`, { method: "POST", key: creator.key, json: {} }))).status).toBe("voice_not_verified");
    expect((await detail(await api(`/v1/voices/pvc/${voiceId}/captcha`, { key: creator.key }))).status).toBe("no_samples");
    const response = await api(`/v1/voices/pvc/${voiceId}/samples`, { method: "POST", key: creator.key, body: formOf({ files: rogerSamples.map((bytes, i) => file(`roger-${i}.mp3`, bytes)) }) });
    expect(response.status).toBe(200);
    const samples = (await response.json()) as { sample_id: string; duration_secs: number }[];
    expect(samples).toHaveLength(3);
    expect(samples.every((s) => s.duration_secs > 4)).toBe(true);
    const sampleId = samples[0]!.sample_id;
    expect((await api(`/v1/voices/pvc/${voiceId}/samples/${sampleId}`, { method: "POST", key: creator.key, json: { file_name: "first.mp3" } })).status).toBe(200);
    expect((await voiceOf(creator.key, voiceId)).samples!.find((s) => s.sample_id === sampleId)!.file_name).toBe("first.mp3");
    expect((await detail(await api(`/v1/voices/pvc/${voiceId}/samples/${sampleId}`, { method: "POST", key: creator.key, json: { selected_speaker_ids: ["s1"] } }))).status).toBe("speaker_separation_unavailable");
    expect((await detail(await api(`/v1/voices/pvc/${voiceId}/samples/${sampleId}`, { method: "POST", key: creator.key, json: { trim_start_time: 5, trim_end_time: 2 } }))).status).toBe("invalid_trim");
    expect((await api(`/v1/voices/pvc/${voiceId}/samples`, { method: "POST", key: stranger.key, body: formOf({ files: file("x.mp3", rogerSamples[0]!) }) })).status).toBe(404);
    expect((await api(`/v1/voices/pvc/${voiceId}/captcha`, { key: stranger.key })).status).toBe(404);
    expect((await api(`/v1/voices/pvc/${voiceId}/train`, { method: "POST", key: stranger.key, json: {} })).status).toBe(404);
    expect((await api(`/v1/voices/pvc/${voiceId}/samples/${sampleId}`, { method: "DELETE", key: stranger.key })).status).toBe(404);
  });

  it("verifies by a recording of the shown text: another speaker fails (recorded), the same speaker passes", async () => {
    expect((await detail(await api(`/v1/voices/pvc/${voiceId}/captcha`, { method: "POST", key: creator.key, body: formOf({ recording: file("r.mp3", rogerRecording) }) }))).status).toBe(
      "verification_challenge_not_found",
    );
    const challenge = await api(`/v1/voices/pvc/${voiceId}/captcha`, { key: creator.key });
    expect(challenge.status).toBe(200);
    expect(((await challenge.json()) as { text: string }).text.length).toBeGreaterThan(20);
    const wrong = await api(`/v1/voices/pvc/${voiceId}/captcha`, { method: "POST", key: creator.key, body: formOf({ recording: file("aria.mp3", ariaSample) }) });
    expect(wrong.status).toBe(400);
    expect((await detail(wrong)).status).toBe("voice_verification_failed");
    let voice = await voiceOf(creator.key, voiceId);
    expect(voice.voice_verification.is_verified).toBe(false);
    expect(voice.fine_tuning!.verification_attempts_count).toBe(1);
    expect(voice.fine_tuning!.verification_failures).toHaveLength(1);
    const right = await api(`/v1/voices/pvc/${voiceId}/captcha`, { method: "POST", key: creator.key, body: formOf({ recording: file("roger.mp3", rogerRecording) }) });
    expect(right.status).toBe(200);
    voice = await voiceOf(creator.key, voiceId);
    expect(voice.voice_verification.is_verified).toBe(true);
  });

  it("trains in the background through queued and fine_tuning to fine_tuned, then speaks at the samples' pitch", async () => {
    expect((await detail(await api(`/v1/voices/pvc/${voiceId}/train`, { method: "POST", key: creator.key, json: { model_id: "eleven_v3" } }))).status).toBe("model_not_trainable");
    const response = await api(`/v1/voices/pvc/${voiceId}/train`, { method: "POST", key: creator.key, json: {} });
    expect(response.status).toBe(200);
    const seen = new Set<string>();
    let state = "";
    for (let i = 0; i < 100 && state !== "fine_tuned" && state !== "failed"; i++) {
      state = (await voiceOf(creator.key, voiceId)).fine_tuning!.state.parlance_multilingual_v1!;
      seen.add(state);
      if (state !== "fine_tuned") await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(state).toBe("fine_tuned");
    const row = await env.DB.prepare("SELECT engine_parameters, speaker_features FROM voices WHERE voice_id = ?").bind(voiceId).first<{ engine_parameters: string; speaker_features: string }>();
    const features = JSON.parse(row!.speaker_features) as { pitchMedianHz: number; voicedSeconds: number };
    expect(features.voicedSeconds).toBeGreaterThan(10);
    expect(features.pitchMedianHz).toBeLessThan(160); // Roger, a man's voice
    const speak = await api(`/v1/text-to-speech/${voiceId}`, { method: "POST", key: creator.key, json: { text: "Now I can speak." } });
    expect(speak.status).toBe(200);
  });

  it("deletes a sample of its own voice", async () => {
    const sampleId = (await voiceOf(creator.key, voiceId)).samples![2]!.sample_id;
    expect((await api(`/v1/voices/pvc/${voiceId}/samples/${sampleId}`, { method: "DELETE", key: creator.key })).status).toBe(200);
    expect((await voiceOf(creator.key, voiceId)).samples).toHaveLength(2);
  });
});

describe("GET /v1/voices/accents", () => {
  it("lists the library's accents by language, from published voices only", async () => {
    const add = (name: string, accent: string) =>
      api("/v1/voices/add", { method: "POST", key: stranger.key, body: formOf({ name, labels: JSON.stringify({ accent, language: "en" }), files: file("roger.mp3", rogerSamples[2]!) }) });
    const published = ((await (await add("Shared Roger", "Scottish")).json()) as { voice_id: string }).voice_id;
    await add("Hidden Roger", "Welsh");
    expect((await api(`/v1/voices/${published}/sharing`, { method: "POST", key: stranger.key, json: { published: true } })).status).toBe(200);
    const response = await api("/v1/voices/accents?language=en", { key: starter.key });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { accents: { accent: string; language: string; code: string; name: string }[] };
    expect(Array.isArray(body.accents)).toBe(true);
    expect(body.accents).toContainEqual({ accent: "scottish", language: "en", code: "en-scottish", name: "Scottish" });
    expect(body.accents.map((a) => a.accent)).not.toContain("welsh");
    expect(body.accents.every((a) => a.language === "en")).toBe(true);
  });
});
