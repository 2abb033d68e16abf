// The dubbing studio over /v1/dubbing/resource (decision 0048), on one finished dub shared by the tests: editing a translation marks that segment stale, a re-dub speaks only it again and charges
// its duration once, a render re-mixes the track; the dubbing webhook event; another workspace and bad ids refused.
// Then, on a fresh dub: re-hearing segments (transcribe), a speaker's similar voices, and the same dub through the
// project API (/v1/dubbing/project, decision 0063): transcripts, edits, regeneration, language targets.
import { createMessageBatch, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { decodeMp3 } from "../../../core/audio/mp3-decoder";
import { wavFile } from "../../../core/audio/wav";
import { dubbingCredits } from "../../../core/dubbing/dub-rules";
import { consumeDubbingJobs } from "../../../queues/dubbing/pipeline";
import type { DubbingMessage } from "~/dubbing/dubbing.server";
import { api, createKey, installSpeechToTextModel, signUp, webhookPayloads } from "./helpers";
import { seedFinishedDub, upload } from "./dubbing-clip";

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

beforeAll(async () => {
  await installSpeechToTextModel();
  const cookie = await signUp("dub-studio@example.com");
  key = await createKey(cookie);
  workspaceId = ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
  await env.DB.prepare("UPDATE workspaces SET tier = 'starter', status = 'active', character_limit = 30000 WHERE id = ?").bind(workspaceId).run();
  const hook = await api("/v1/workspace/webhooks", { method: "POST", key, json: { settings: { auth_type: "hmac", name: "Dubs", webhook_url: "https://hooks.example.com/dubs", events: ["dubbing"] } } });
  webhookId = ((await hook.json()) as { webhook_id: string }).webhook_id;
  dubId = await seedFinishedDub(workspaceId);
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

type Target = { id: string; speaker_id: string; start_s: number; end_s: number; source_text: string; translation: string | null };
const project = (path: string, init: { method?: string; json?: unknown; key?: string; body?: FormData } = {}) => api(`/v1/dubbing/project${path}`, { key, ...init });
const json = async <T>(response: Response) => (await response.json()) as T;

describe("re-hearing segments and a speaker's similar voices (/v1/dubbing/resource)", () => {
  beforeAll(async () => {
    dubId = await seedFinishedDub(workspaceId);
  }, 60_000);

  it("transcribes a segment again from its stretch of the upload; its translation and line stay", async () => {
    expect((await studio("/segment/seg_0/source", { method: "PATCH", json: { text: "placeholder" } })).status).toBe(200);
    const before = await resource();
    const heard = await studio("/transcribe", { json: { segments: ["seg_0"] } });
    expect(heard.status).toBe(200);
    expect((await json<{ version: number }>(heard)).version).toBe(before.version + 1);
    const after = await resource();
    console.log(`heard again: ${after.speaker_segments.seg_0!.text}`);
    expect(after.speaker_segments.seg_0!.text).not.toBe("placeholder");
    expect(after.speaker_segments.seg_0!.dubs.es).toEqual(before.speaker_segments.seg_0!.dubs.es);
    expect(after.speaker_segments.seg_1!.text).toBe(before.speaker_segments.seg_1!.text);
    expect((await studio("/transcribe", { json: { segments: ["seg_9"] } })).status).toBe(404);
  }, 60_000);

  it("ranks premade and library voices by their distance to a speaker's speech, and tells the two speakers apart", async () => {
    const similar = async (speaker: string) => {
      const response = await studio(`/speaker/${speaker}/similar-voices`, { method: "GET" });
      expect(response.status).toBe(200);
      return (await json<{ voices: { voice_id: string; name: string; category: string; preview_url: string }[] }>(response)).voices;
    };
    const low = await similar("speaker_0");
    const high = await similar("speaker_1");
    expect(low.length).toBeGreaterThan(0);
    expect(low.length).toBeLessThanOrEqual(10);
    expect(low[0]).toMatchObject({ voice_id: expect.any(String), name: expect.any(String), category: expect.any(String), preview_url: expect.stringContaining("http") });
    expect(low.map((v) => v.voice_id)).not.toEqual(high.map((v) => v.voice_id));
    expect((await studio("/speaker/speaker_9/similar-voices", { method: "GET" })).status).toBe(404);
  }, 120_000);
});

describe("dubbing projects (/v1/dubbing/project)", () => {
  beforeAll(async () => {
    dubId = await seedFinishedDub(workspaceId);
  }, 60_000);

  it("reads a dub as a project: its status, languages, outputs and source transcript", async () => {
    const got = await json<{ project_id: string; status: string; language_ids: string[]; revision: number; source_language: string; media: { has_video: boolean } }>(await project(`/${dubId}`));
    expect(got).toMatchObject({ project_id: dubId, status: "ready", language_ids: ["es"], revision: 0, source_language: "en", media: { has_video: false } });
    const listed = await json<{ projects: { project_id: string; language_ids: string[] }[] }>(await project("?status=ready&page_size=100"));
    expect(listed.projects.find((p) => p.project_id === dubId)).toMatchObject({ language_ids: [] });
    expect((await json<{ projects: { project_id: string }[] }>(await project("?status=failed"))).projects.map((p) => p.project_id)).not.toContain(dubId);
    const languages = await json<{ languages: { language_id: string; status: string; outputs: { audio: string } }[] }>(await project(`/${dubId}/language`));
    expect(languages.languages).toEqual([expect.objectContaining({ language_id: "es", status: "completed", outputs: expect.objectContaining({ audio: `/v1/dubbing/${dubId}/audio/es?format=audio` }) })]);
    const transcript = await json<{ language: string; segments: { id: string; text: string; speaker_id: string }[] }>(await project(`/${dubId}/transcript`));
    expect(transcript).toMatchObject({ language: "en", segments: [{ id: "seg_0", speaker_id: "speaker_0" }, { id: "seg_1", speaker_id: "speaker_1" }] });
  });

  it("edits the source and a translation, then regenerates only those lines, charged once, and the language is complete again", async () => {
    const chargedBefore = await charged();
    const edited = await project(`/${dubId}/transcript/segment/seg_1`, { method: "PATCH", json: { text: "i want to see the old house" } });
    expect(edited.status).toBe(200);
    expect(await json(edited)).toMatchObject({ segment: { id: "seg_1", text: "i want to see the old house" }, revision: 1 });
    const translated = await project(`/${dubId}/language/es/transcript/segment/seg_0`, { method: "PATCH", json: { translation: "Hola a todos." } });
    expect(await json(translated)).toMatchObject({ segment: { id: "seg_0", translation: "Hola a todos." }, revision: 2 });
    // A bulk edit naming an unknown segment changes nothing.
    expect((await project(`/${dubId}/language/es/transcript/segments`, { method: "PATCH", json: { segments: { seg_0: { translation: "x" }, seg_9: { translation: "y" } } } })).status).toBe(404);
    const target = await json<{ segments: Target[]; revision: number }>(await project(`/${dubId}/language/es/transcript`));
    expect(target.segments.map((s) => s.translation)).toEqual(["Hola a todos.", null]);
    expect((await json<{ status: string }>(await project(`/${dubId}/language/es`))).status).toBe("stale");
    expect(await charged()).toBe(chargedBefore);

    const regenerated = await project(`/${dubId}/language/es/transcript/regenerate`, { method: "POST" });
    expect(regenerated.status).toBe(200);
    const body = await json<{ regenerated_segment_ids: string[]; regenerated_seconds: number; charged_seconds: number }>(regenerated);
    expect(body.regenerated_segment_ids).toEqual(["seg_0", "seg_1"]);
    expect(body.charged_seconds).toBe(body.regenerated_seconds);
    expect(await charged()).toBe(chargedBefore + dubbingCredits(body.regenerated_seconds));
    const after = await json<{ segments: Target[] }>(await project(`/${dubId}/language/es/transcript`));
    expect(after.segments[1]!.translation).toEqual(expect.stringMatching(/casa/));
    expect(await json(await project(`/${dubId}/language/es`))).toMatchObject({ status: "completed", output_revision: expect.any(Number) });
    const again = await project(`/${dubId}/language/es/transcript/regenerate`, { method: "POST" });
    expect([again.status, (await json<{ detail: { status: string } }>(again)).detail.status]).toEqual([409, "nothing_to_regenerate"]);
    expect(await charged()).toBe(chargedBefore + dubbingCredits(body.regenerated_seconds));
  }, 120_000);

  it("adds, bulk-edits and removes source segments, refusing overlaps and bad spans atomically", async () => {
    const created = await project(`/${dubId}/transcript/segment`, { method: "POST", json: { text: "and then", speaker_id: "speaker_0", start_s: 3.1, end_s: 3.8 } });
    expect(created.status).toBe(200);
    const { segment } = await json<{ segment: { id: string } }>(created);
    const target = await json<{ segments: Target[] }>(await project(`/${dubId}/language/es/transcript`));
    expect(target.segments.find((s) => s.id === segment.id)).toMatchObject({ source_text: "and then", translation: null });
    for (const [span, status] of [[{ start_s: 2.5, end_s: 3.5 }, 400], [{ start_s: 0, end_s: 30 }, 400], [{ start_s: 1, end_s: 1.05 }, 400]] as const) {
      expect((await project(`/${dubId}/transcript/segment`, { method: "POST", json: { text: "x", speaker_id: "speaker_0", ...span } })).status).toBe(status);
    }
    expect((await project(`/${dubId}/transcript/segment`, { method: "POST", json: { text: "x", speaker_id: "speaker_9", start_s: 1, end_s: 2 } })).status).toBe(404);
    const bulk = await project(`/${dubId}/transcript/segments`, { method: "PATCH", json: { segments: { [segment.id]: { speaker_id: "speaker_1" }, seg_0: { start_s: 0.4 } } } });
    expect(await json(bulk)).toMatchObject({ segments: [{ id: "seg_0", start_s: 0.4 }, { id: segment.id, speaker_id: "speaker_1" }] });
    // One bad edit (over seg_1 of speaker_1) and nothing of the request is written.
    const revision = (await json<{ revision: number }>(await project(`/${dubId}/transcript`))).revision;
    expect((await project(`/${dubId}/transcript/segments`, { method: "PATCH", json: { segments: { seg_0: { text: "changed" }, [segment.id]: { start_s: 4.2, end_s: 4.8 } } } })).status).toBe(400);
    expect(await json(await project(`/${dubId}/transcript`))).toMatchObject({ revision, segments: expect.arrayContaining([expect.objectContaining({ id: "seg_0", text: expect.not.stringMatching(/^changed$/) })]) });
    const deleted = await project(`/${dubId}/transcript/segment/${segment.id}`, { method: "DELETE" });
    expect(await json(deleted)).toMatchObject({ revision: revision + 1 });
    expect((await json<{ segments: { id: string }[] }>(await project(`/${dubId}/transcript`))).segments.map((s) => s.id)).toEqual(["seg_0", "seg_1"]);
  }, 60_000);

  it("adds a language target with given translations (dubbed and charged at once), lists and removes it; keeps the last", async () => {
    const chargedBefore = await charged();
    const segments = (await json<{ segments: { id: string; start_s: number; end_s: number }[] }>(await project(`/${dubId}/transcript`))).segments;
    const missing = await project(`/${dubId}/language`, { method: "POST", json: { target_language: "fr", translations: { seg_0: "Bonjour" } } });
    expect([missing.status, (await json<{ detail: { status: string } }>(missing)).detail.status]).toEqual([400, "invalid_translations"]);
    const added = await project(`/${dubId}/language`, { method: "POST", json: { target_language: "fr", translations: { seg_0: "Il fait beau aujourd'hui.", seg_1: "Je veux voir la vieille maison." } } });
    expect(added.status).toBe(200);
    expect(await json(added)).toMatchObject({ language_id: "fr", target_language: "fr", status: "completed", outputs: { audio: `/v1/dubbing/${dubId}/audio/fr?format=audio` } });
    expect(await charged()).toBe(chargedBefore + dubbingCredits(segments.reduce((sum, s) => sum + (s.end_s - s.start_s), 0)));
    expect((await api(`/v1/dubbing/${dubId}/audio/fr`, { key })).status).toBe(200);
    const page = await json<{ languages: { language_id: string }[]; next_cursor: string | null }>(await project(`/${dubId}/language?page_size=1`));
    expect([page.languages.map((l) => l.language_id), page.next_cursor]).toEqual([["es"], "es"]);
    expect((await json<{ languages: { language_id: string }[] }>(await project(`/${dubId}/language?cursor=es`))).languages.map((l) => l.language_id)).toEqual(["fr"]);
    expect((await project(`/${dubId}/language`, { method: "POST", json: { target_language: "fr" } })).status).toBe(409);
    expect((await project(`/${dubId}/language/es`, { method: "DELETE" })).status).toBe(204);
    expect(await json(await project(`/${dubId}`))).toMatchObject({ language_ids: ["fr"] });
    expect(await env.MEDIA.head(`dubs/${workspaceId}/${dubId}/es/audio.mp3`)).toBeNull();
    const last = await project(`/${dubId}/language/fr`, { method: "DELETE" });
    expect([last.status, (await json<{ detail: { status: string } }>(last)).detail.status]).toEqual([409, "last_language"]);
  }, 120_000);

  it("creates a project from an upload (queued with its first language) and refuses bad bodies; another workspace sees nothing; delete", async () => {
    const silent = wavFile(new Int16Array(16000 * 2), 16000);
    const noTarget = await project("", { method: "POST", body: upload(silent, {}) });
    expect(noTarget.status).toBe(422);
    expect((await project("", { method: "POST", body: upload(silent, { target_language: "es", model_id: "dubbing_v9" }) })).status).toBe(422);
    const withTranscript = upload(silent, { target_language: "es" });
    withTranscript.append("transcript", new File(["{}"], "t.json", { type: "application/json" }));
    expect((await project("", { method: "POST", body: withTranscript })).status).toBe(400);
    const created = await project("", { method: "POST", body: upload(silent, { target_language: "es", source_language: "en", reference: "Q3 video" }) });
    expect(created.status).toBe(200);
    const made = await json<{ project_id: string; status: string; reference: string; language_ids: string[] }>(created);
    expect(made).toMatchObject({ status: "queued", reference: "Q3 video", language_ids: ["es"] });
    expect(await json(await project(`/${made.project_id}/language/es`))).toMatchObject({ status: "queued" });
    expect((await project(`/${made.project_id}/transcript`)).status).toBe(409);
    expect((await project(`/${made.project_id}`, { method: "DELETE" })).status).toBe(204);

    const other = await createKey(await signUp("dub-project-other@example.com"));
    expect((await project(`/${dubId}`, { key: other })).status).toBe(404);
    expect((await project(`/${dubId}/transcript`, { key: other })).status).toBe(404);
    expect((await project(`/${dubId}/transcript/segment/seg_0`, { method: "PATCH", key: other, json: { text: "robado" } })).status).toBe(404);
    expect((await project(`/${dubId}`, { method: "DELETE", key: other })).status).toBe(404);
    expect((await project(`/${dubId}`, { method: "DELETE" })).status).toBe(204);
    expect((await project(`/${dubId}`)).status).toBe(404);
  }, 60_000);
});
