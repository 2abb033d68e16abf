// The dubbing studio over /v1/dubbing/resource (decision 0048), on one finished dub shared by the tests: editing a translation marks that segment stale, a re-dub speaks only it again and charges
// its duration once, a render re-mixes the track; the dubbing webhook event; another workspace and bad ids refused.
import { createMessageBatch, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { decodeMp3 } from "../../../core/audio/mp3-decoder";
import { wavFile } from "../../../core/audio/wav";
import { bytesFromInt16 } from "../../../core/audio/pcm";
import { DUBBING_RATE } from "../../../core/dubbing/decoded";
import type { DubRow } from "../../../db/repositories/dubs";
import { dubbingCredits, type DubSegment, type DubSpeaker } from "~/dubbing/rules/dubbing";
import { consumeDubbingJobs } from "../../../queues/dubbing/pipeline";
import { dubLine, lineKey, renderLanguage } from "../../../core/dubbing/dub-audio";
import type { DubbingMessage } from "~/dubbing/dubbing.server";
import { api, createKey, installSpeechToTextModel, signUp, webhookPayloads } from "./helpers";
import { twoSpeakerClip, upload } from "./dubbing-clip";

type Resource = {
  id: string;
  version: number;
  source_language: string;
  target_languages: string[];
  input: { url: string; content_type: string };
  speaker_tracks: Record<string, { id: string; speaker_name: string; voices: Record<string, string>; segments: string[] }>;
  speaker_segments: Record<string, { id: string; start_time: number; end_time: number; text: string; dubs: Record<string, { text: string; audio_stale: boolean }> }>;
  renders: Record<string, { id: string; language: string; type: string; status: string }>;
};

let key = "";
let workspaceId = "";
let dubId = "";
let webhookId = "";

const charged = async () => (await env.DB.prepare("SELECT character_count AS n FROM workspaces WHERE id = ?").bind(workspaceId).first<{ n: number }>())!.n;
const resource = async () => (await (await api(`/v1/dubbing/resource/${dubId}`, { key })).json()) as Resource;
const lineUploaded = async (segment: string) => (await env.MEDIA.head(`dubs/${workspaceId}/${dubId}/es/lines/${segment}.pcm`))?.uploaded.getTime() ?? null;
const studio = (path: string, init: { method?: string; json?: unknown; key?: string } = {}) => api(`/v1/dubbing/resource/${dubId}${path}`, { method: "POST", key, ...init });

/**
 * The dub the tests share, as the pipeline leaves a finished one (its row, the upload, the background and each
 * line spoken by dubLine and mixed by renderLanguage) without running the whole pipeline: that is
 * tests/workers/app/dubbing.test.ts's work, and here it would cost minutes.
 */
async function seedDub(): Promise<void> {
  const { wav, seconds } = await twoSpeakerClip();
  dubId = `dub_studio${Date.now().toString(36)}`;
  const prefix = `dubs/${workspaceId}/${dubId}/`;
  await env.MEDIA.put(`${prefix}source`, wav, { httpMetadata: { contentType: "audio/wav" } });
  const length = Math.round(seconds * DUBBING_RATE);
  const background = Int16Array.from({ length }, (_, i) => Math.round(300 * Math.sin((2 * Math.PI * 100 * i) / DUBBING_RATE)));
  await env.MEDIA.put(`${prefix}background.pcm`, bytesFromInt16(background));
  const speakers: DubSpeaker[] = [
    { id: "speaker_0", name: "Speaker 1", voice: { variant: "m3", basePitch: 40, baseRange: 50, rate: 160 }, pitchHz: 110 },
    { id: "speaker_1", name: "Speaker 2", voice: { variant: "f3", basePitch: 60, baseRange: 50, rate: 160 }, pitchHz: 210 },
  ];
  const segments: DubSegment[] = [
    { id: "seg_0", start: 0.5, end: 3, speakerId: "speaker_0", text: "the weather today is sunny and warm in the city", translations: { es: "el tiempo hoy es soleado y cálido en la ciudad" } },
    { id: "seg_1", start: 4, end: 6.5, speakerId: "speaker_1", text: "i want to visit the old house near the river", translations: { es: "quiero visitar la casa vieja cerca del río" } },
  ];
  const now = Math.floor(Date.now() / 1000);
  await env.DB.prepare(
    `INSERT INTO dubs (id, workspace_id, user_id, name, status, created_at, updated_at, source_lang, detected_source_lang, target_lang, source_key, content_type, had_video, duration_seconds, expected_duration, credits, progress, progress_message, segments, speakers)
     VALUES (?1, ?2, (SELECT user_id FROM workspace_members WHERE workspace_id = ?2 LIMIT 1), 'Studio clip', 'dubbed', ?3, ?3, 'en', 'en', 'es', ?4, 'audio/wav', 0, ?5, 5, ?6, 1, 'Dubbed', ?7, ?8)`,
  )
    .bind(dubId, workspaceId, now, `${prefix}source`, seconds, dubbingCredits(seconds), JSON.stringify(segments), JSON.stringify(speakers))
    .run();
  const row = (await env.DB.prepare("SELECT * FROM dubs WHERE id = ?").bind(dubId).first())!;
  const dub = { id: dubId, workspaceId, startTime: null, endTime: null, hadVideo: false } as unknown as DubRow;
  for (const segment of segments) {
    const { samples } = await dubLine(env, segment.translations.es!, "es", speakers.find((s) => s.id === segment.speakerId)!, Math.round((segment.end - segment.start) * DUBBING_RATE), DUBBING_RATE);
    await env.MEDIA.put(lineKey(dub, "es", segment.id), bytesFromInt16(samples));
  }
  const output = await renderLanguage(env, dub, "es", segments, length, DUBBING_RATE, background, null, null);
  await env.DB.prepare("UPDATE dubs SET outputs = ? WHERE id = ?").bind(JSON.stringify({ es: output }), row.id).run();
}

beforeAll(async () => {
  await installSpeechToTextModel();
  const cookie = await signUp("dub-studio@example.com");
  key = await createKey(cookie);
  workspaceId = ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
  await env.DB.prepare("UPDATE workspaces SET tier = 'starter', status = 'active', character_limit = 30000 WHERE id = ?").bind(workspaceId).run();
  const hook = await api("/v1/workspace/webhooks", { method: "POST", key, json: { settings: { auth_type: "hmac", name: "Dubs", webhook_url: "https://hooks.example.com/dubs", events: ["dubbing"] } } });
  webhookId = ((await hook.json()) as { webhook_id: string }).webhook_id;
  await seedDub();
}, 60_000);

describe("the dubbing studio (/v1/dubbing/resource)", () => {
  it("tells the workspace's dubbing webhook when a dub fails (and is refunded)", async () => {
    const created = await api("/v1/dubbing", { method: "POST", key, body: upload(wavFile(new Int16Array(16000 * 2), 16000), { target_lang: "es" }) });
    const { dubbing_id: failing } = (await created.json()) as { dubbing_id: string };
    const batch = createMessageBatch<DubbingMessage>("dubbing-jobs", [{ id: "fail", timestamp: new Date(), attempts: 1, body: { version: 1, workspaceId, dubId: failing } }]);
    await consumeDubbingJobs(batch, env);
    // The dubbing worker relays the event to the app's emitter (decision 0058): its delivery is queued a moment later.
    expect(await webhookPayloads(webhookId)).toContainEqual(expect.objectContaining({ type: "dubbing", data: expect.objectContaining({ dubbing_id: failing, status: "failed", refunded: true }) }));
    expect((await api(`/v1/dubbing/${failing}`, { method: "DELETE", key })).status).toBe(200);
  }, 60_000);

  it("reads the resource: speakers with their segments, each with its source line and Spanish translation, none stale", async () => {
    const r = await resource();
    expect(r).toMatchObject({ id: dubId, source_language: "en", target_languages: ["es"], input: { url: `/v1/dubbing/${dubId}/audio/original`, content_type: "audio/wav" } });
    expect(Object.keys(r.speaker_tracks)).toEqual(["speaker_0", "speaker_1"]);
    const segments = Object.values(r.speaker_segments);
    expect(segments.length).toBeGreaterThan(0);
    for (const s of segments) expect(s.dubs.es).toMatchObject({ audio_stale: false });
    const owned = Object.values(r.speaker_tracks).flatMap((t) => t.segments);
    expect(owned.sort()).toEqual(segments.map((s) => s.id).sort());
    const original = await api(`/v1/dubbing/${dubId}/audio/original`, { key });
    expect([original.status, original.headers.get("content-type")]).toEqual([200, "audio/wav"]);
  });

  it("marks an edited translation stale, re-dubs only that segment charging its duration once, then renders the new track", async () => {
    const before = await resource();
    const [first, ...rest] = Object.values(before.speaker_segments);
    const linesBefore = await Promise.all(rest.map((s) => lineUploaded(s.id)));
    const chargedBefore = await charged();
    const audioBefore = new Uint8Array(await (await api(`/v1/dubbing/${dubId}/audio/es`, { key })).arrayBuffer());

    const edited = await studio(`/segment/${first!.id}/es`, { method: "PATCH", json: { text: "Hola, buenos días a todos." } });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as { version: number }).version).toBe(before.version + 1);
    const after = await resource();
    expect(after.speaker_segments[first!.id]!.dubs.es).toMatchObject({ text: "Hola, buenos días a todos.", audio_stale: true });
    for (const s of rest) expect(after.speaker_segments[s.id]!.dubs.es!.audio_stale).toBe(false);
    expect(await charged()).toBe(chargedBefore); // editing is free

    await new Promise((r) => setTimeout(r, 5)); // R2's upload times are in milliseconds
    const dubbed = await studio("/dub", { json: { segments: [first!.id], languages: ["es"] } });
    expect(dubbed.status).toBe(200);
    expect(await charged()).toBe(chargedBefore + dubbingCredits(first!.end_time - first!.start_time));
    expect((await resource()).speaker_segments[first!.id]!.dubs.es!.audio_stale).toBe(false);
    expect(await lineUploaded(first!.id)).toBeGreaterThan(0);
    expect(await Promise.all(rest.map((s) => lineUploaded(s.id)))).toEqual(linesBefore);
    // Nothing stale is left: a re-dub of "every stale segment" speaks nothing and charges nothing.
    expect(((await (await studio("/dub", { json: { segments: [] } })).json()) as { version: number }).version).toBeGreaterThan(0);
    expect(await charged()).toBe(chargedBefore + dubbingCredits(first!.end_time - first!.start_time));

    const rendered = await studio("/render/es", { json: { render_type: "mp3" } });
    expect(rendered.status).toBe(200);
    const { render_id } = (await rendered.json()) as { render_id: string };
    expect((await resource()).renders[render_id]).toMatchObject({ language: "es", type: "mp3", status: "complete" });
    const audioAfter = new Uint8Array(await (await api(`/v1/dubbing/${dubId}/audio/es`, { key })).arrayBuffer());
    expect(Buffer.from(audioAfter).equals(Buffer.from(audioBefore))).toBe(false);
    const decoded = await decodeMp3(audioAfter);
    expect(decoded.samples.length / decoded.sampleRate).toBeGreaterThan(before.speaker_segments[first!.id]!.end_time);
    // The upload was audio: there is no video to render.
    expect((await studio("/render/es", { json: { render_type: "mp4" } })).status).toBe(422);
  }, 60_000);

  it("a speaker's new voice marks that speaker's lines stale; segments move between speakers and are deleted", async () => {
    const r = await resource();
    const [speaker] = Object.values(r.speaker_tracks);
    const voices = (await (await api("/v1/voices", { key })).json()) as { voices: { voice_id: string }[] };
    const voiceId = voices.voices[0]!.voice_id;
    expect((await studio(`/speaker/${speaker!.id}`, { method: "PATCH", json: { voice_id: voiceId, speaker_name: "Narrator" } })).status).toBe(200);
    const after = await resource();
    expect(after.speaker_tracks[speaker!.id]).toMatchObject({ speaker_name: "Narrator", voices: { es: voiceId } });
    for (const [id, s] of Object.entries(after.speaker_segments)) expect(s.dubs.es!.audio_stale).toBe(speaker!.segments.includes(id));

    const created = await studio("/speaker", { json: { speaker_name: "Guest" } });
    const { speaker_id } = (await created.json()) as { speaker_id: string };
    const moved = speaker!.segments[0]!;
    expect((await studio("/migrate-segments", { json: { segment_ids: [moved], speaker_id } })).status).toBe(200);
    expect((await resource()).speaker_tracks[speaker_id]!.segments).toEqual([moved]);
    expect((await studio(`/segment/${moved}`, { method: "DELETE" })).status).toBe(200);
    expect((await resource()).speaker_segments[moved]).toBeUndefined();
    expect(await lineUploaded(moved)).toBeNull();
  }, 60_000);

  it("refuses bad ids and bodies with a 4xx, and another workspace's dub as not found", async () => {
    const chargedBefore = await charged();
    const seg = Object.keys((await resource()).speaker_segments)[0]!;
    const cases: [string, { method?: string; json?: unknown }, number, string?][] = [
      ["/segment/seg_999/es", { method: "PATCH", json: { text: "x" } }, 404, "segment_not_found"],
      [`/segment/${seg}/xx`, { method: "PATCH", json: { text: "x" } }, 404, "language_not_found"],
      ["/segment/seg_999", { method: "DELETE" }, 404, "segment_not_found"],
      ["/dub", { json: { segments: ["seg_999"] } }, 404, "segment_not_found"],
      ["/dub", { json: { segments: seg } }, 422],
      ["/dub", { json: { segments: [], languages: ["fr"] } }, 404, "language_not_found"],
      ["/translate", { json: { segments: ["nope"] } }, 404, "segment_not_found"],
      ["/render/es", { json: { render_type: "aaf" } }, 422],
      ["/render/fr", { json: { render_type: "mp3" } }, 404, "language_not_found"],
      ["/speaker/speaker_99", { method: "PATCH", json: { speaker_name: "x" } }, 404, "speaker_not_found"],
      ["/speaker/speaker_0", { method: "PATCH", json: { voice_id: "no-such-voice" } }, 404, "voice_not_found"],
      ["/migrate-segments", { json: { segment_ids: ["seg_999"], speaker_id: "speaker_0" } }, 404, "segment_not_found"],
      ["/language", { json: { language: "es" } }, 409, "language_exists"],
      ["/language", { json: { language: "ja" } }, 422, "unsupported_language"],
    ];
    for (const [path, init, status, code] of cases) {
      const response = await studio(path, init);
      const body = (await response.json()) as { detail: { status?: string } };
      expect([path, response.status, code ? body.detail.status : undefined]).toEqual([path, status, code]);
    }
    const other = await createKey(await signUp("dub-studio-other@example.com"));
    expect((await api(`/v1/dubbing/resource/${dubId}`, { key: other })).status).toBe(404);
    expect((await studio(`/segment/${seg}/es`, { method: "PATCH", key: other, json: { text: "robado" } })).status).toBe(404);
    expect((await studio("/dub", { key: other, json: { segments: [] } })).status).toBe(404);
    expect((await studio("/render/es", { key: other, json: { render_type: "mp3" } })).status).toBe(404);
    expect(await charged()).toBe(chargedBefore);
  }, 60_000);
});
