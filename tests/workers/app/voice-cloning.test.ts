import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, createKey, fetcherPost, mailedInviteCode, ORIGIN, postForm, signUp } from "./helpers";
import { SELF } from "cloudflare:test";
import { wavFile } from "../../../core/audio/wav";
import { fromBase64 } from "../../../core/base64";

describe("professional-voices", () => {
  // Professional cloning, verification and similar voices through /v1 (decision 0035): samples the platform
  // itself spoke, the plan gates, bad input and another workspace's voices.
  const ROGER = "pv02roger00000000000";
  const ARIA = "pv01aria000000000000";

  type Caller = { key: string; workspace: string; cookie: string };
  type Voice = { voice_id: string; category: string; samples?: { sample_id: string; file_name: string; duration_secs: number }[]; fine_tuning?: { state: Record<string, string>; verification_attempts_count: number; verification_failures: string[] }; voice_verification: { is_verified: boolean } };
  type Similar = { voices: { voice_id: string; name: string; category: string; similarity_distance: number; preview_url: string }[]; has_more: boolean };

  async function caller(email: string, tier: string): Promise<Caller> {
    const cookie = await signUp(email);
    const key = await createKey(cookie);
    const workspace = ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
    await env.DB.prepare("UPDATE workspaces SET tier = ?, status = 'active', character_limit = 1000000, character_count_reset_at = 2000000000 WHERE id = ?").bind(tier, workspace).run();
    return { key, workspace, cookie };
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

    it("adds measured samples, renames one, refuses speakers not yet separated, and never another workspace's", async () => {
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
      expect((await detail(await api(`/v1/voices/pvc/${voiceId}/samples/${sampleId}`, { method: "POST", key: creator.key, json: { selected_speaker_ids: ["s1"] } }))).status).toBe("speaker_separation_not_completed");
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

  describe("professional samples: audio, waveform, speakers and manual verification", () => {
    // A sample where Roger speaks, then Aria (two premade voices the platform spoke): its speakers are separated by
    // speaker vectors over its voice activity (decision 0087).
    let owner: Caller;
    let voiceId: string;
    let sampleId: string;
    let sampleSeconds: number;
    type Speakers = { voice_id: string; sample_id: string; status: string; speakers: Record<string, { speaker_id: string; duration_secs: number; utterances: { start: number; end: number }[] }> | null; selected_speaker_ids: string[]; message?: string };
    type Clip = { audio_base_64: string; media_type: string; duration_secs: number };

    async function pcm(voice: string, text: string): Promise<Int16Array> {
      const response = await api(`/v1/text-to-speech/${voice}?output_format=pcm_16000`, { method: "POST", key: owner.key, json: { text } });
      expect(response.status).toBe(200);
      const bytes = new Uint8Array(await response.arrayBuffer());
      return new Int16Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 1);
    }
    const base = () => `/v1/voices/pvc/${voiceId}/samples/${sampleId}`;
    const speakersOf = async (key = owner.key) => (await (await api(`${base()}/speakers`, { key })).json()) as Speakers;

    beforeAll(async () => {
      owner = await caller("pvc-separation@example.com", "creator");
      const roger = await pcm(ROGER, "Good morning. I am reading the first part of this recording, slowly and clearly, for the voice lab.");
      const aria = await pcm(ARIA, "And I am reading the second part, in my own voice, after a short pause between the two of us.");
      const pause = new Int16Array(16000 * 0.7);
      const both = new Int16Array(roger.length + pause.length + aria.length);
      both.set(roger, 0);
      both.set(aria, roger.length + pause.length);
      sampleSeconds = both.length / 16000;
      voiceId = ((await (await api("/v1/voices/pvc", { method: "POST", key: owner.key, json: { name: "Two of us", language: "en" } })).json()) as { voice_id: string }).voice_id;
      const added = await api(`/v1/voices/pvc/${voiceId}/samples`, { method: "POST", key: owner.key, body: formOf({ files: file("two.wav", wavFile(both, 16000), "audio/wav") }) });
      expect(added.status).toBe(200);
      sampleId = ((await added.json()) as { sample_id: string }[])[0]!.sample_id;
    });

    it("serves the sample's audio (also cleaned) and its waveform, never another workspace's or unknown ids", async () => {
      const response = await api(`${base()}/audio`, { key: owner.key });
      expect(response.status).toBe(200);
      const clip = (await response.json()) as Clip & { voice_id: string; sample_id: string };
      expect(clip).toMatchObject({ voice_id: voiceId, sample_id: sampleId, media_type: "audio/wav" });
      expect(new TextDecoder().decode(fromBase64(clip.audio_base_64).subarray(0, 4))).toBe("RIFF");
      expect(clip.duration_secs).toBeCloseTo(sampleSeconds, 1);
      const cleaned = (await (await api(`${base()}/audio?remove_background_noise=true`, { key: owner.key })).json()) as Clip;
      expect(cleaned.duration_secs).toBeCloseTo(sampleSeconds, 0);
      expect((await api(`${base()}/audio?remove_background_noise=maybe`, { key: owner.key })).status).toBe(422);
      const waveform = (await (await api(`${base()}/waveform`, { key: owner.key })).json()) as { sample_id: string; visual_waveform: number[] };
      expect(waveform.sample_id).toBe(sampleId);
      expect(waveform.visual_waveform).toHaveLength(Math.round(sampleSeconds * 10));
      expect(Math.max(...waveform.visual_waveform)).toBe(1);
      expect(Math.min(...waveform.visual_waveform)).toBeLessThan(0.1); // the pause between the two
      for (const path of ["audio", "waveform", "speakers", "speakers/speaker_0/audio"]) {
        expect((await api(`${base()}/${path}`, { key: stranger.key })).status).toBe(404);
        expect((await api(`/v1/voices/pvc/${voiceId}/samples/nosuchsample/${path}`, { key: owner.key })).status).toBe(404);
      }
      expect((await api(`${base()}/separate-speakers`, { method: "POST", key: stranger.key })).status).toBe(404);
      expect((await api(`/v1/voices/pvc/${"x".repeat(101)}/samples/${sampleId}/audio`, { key: owner.key })).status).toBe(422);
      expect((await api(`${base()}/audio`)).status).toBe(401);
    });

    it("separates the two voices into two speakers, each heard alone and shorter than the whole", async () => {
      expect(await speakersOf()).toMatchObject({ voice_id: voiceId, sample_id: sampleId, status: "not_started", speakers: null });
      expect((await detail(await api(`${base()}/speakers/speaker_0/audio`, { key: owner.key }))).status).toBe("speaker_separation_not_completed");
      expect((await detail(await api(base(), { method: "POST", key: owner.key, json: { selected_speaker_ids: ["speaker_0"] } }))).status).toBe("speaker_separation_not_completed");
      const started = await api(`${base()}/separate-speakers`, { method: "POST", key: owner.key });
      expect(started.status).toBe(200);
      expect(await started.json()).toEqual({ status: "pending" });
      let separation = await speakersOf();
      for (let i = 0; i < 100 && separation.status === "pending"; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        separation = await speakersOf();
      }
      expect(separation.status).toBe("completed");
      const speakers = Object.values(separation.speakers!);
      expect(speakers.map((s) => s.speaker_id)).toEqual(["speaker_0", "speaker_1"]);
      const [first, second] = speakers as [(typeof speakers)[number], (typeof speakers)[number]];
      // Roger speaks first, Aria after the pause.
      expect(first.utterances.at(-1)!.end).toBeLessThanOrEqual(second.utterances[0]!.start);
      for (const speaker of speakers) {
        const clip = (await (await api(`${base()}/speakers/${speaker.speaker_id}/audio`, { key: owner.key })).json()) as Clip;
        expect(clip.media_type).toBe("audio/wav");
        expect(clip.duration_secs).toBeCloseTo(speaker.duration_secs, 1);
        expect(clip.duration_secs).toBeGreaterThan(2);
        expect(clip.duration_secs).toBeLessThan(sampleSeconds * 0.75);
      }
      expect((await detail(await api(`${base()}/speakers/speaker_7/audio`, { key: owner.key }))).status).toBe("speaker_not_found");
      expect((await speakersOf(stranger.key)) as unknown).toMatchObject({ detail: { status: "sample_not_found" } });
    });

    it("measures only the chosen speaker of the sample for training", async () => {
      expect((await detail(await api(base(), { method: "POST", key: owner.key, json: { selected_speaker_ids: ["speaker_9"] } }))).status).toBe("speaker_not_found");
      expect((await api(base(), { method: "POST", key: owner.key, json: { selected_speaker_ids: ["speaker_1"] } })).status).toBe(200);
      expect((await speakersOf()).selected_speaker_ids).toEqual(["speaker_1"]);
      const sample = (await voiceOf(owner.key, voiceId)).samples!.find((s) => s.sample_id === sampleId)!;
      expect(sample.duration_secs).toBeLessThan(sampleSeconds * 0.75);
      const row = await env.DB.prepare("SELECT samples FROM voices WHERE voice_id = ?").bind(voiceId).first<{ samples: string }>();
      const measured = (JSON.parse(row!.samples) as { features: { pitchMedianHz: number } }[])[0]!.features;
      expect(measured.pitchMedianHz).toBeGreaterThan(160); // Aria, a woman's voice
    });

    it("keeps a request for manual verification with its documents, pending, and refuses bad ones", async () => {
      const path = `/v1/voices/pvc/${voiceId}/verification`;
      const pdf = file("consent.pdf", new TextEncoder().encode("%PDF-1.4 consent"), "application/pdf");
      expect((await detail(await api(path, { method: "POST", key: owner.key, body: formOf({ extra_text: "hello" }) }))).status).toBe("no_files");
      expect((await api(path, { method: "POST", key: owner.key, body: formOf({ files: file("tool.exe", new Uint8Array([77, 90]), "application/octet-stream") }) })).status).toBe(415);
      expect((await detail(await api(path, { method: "POST", key: owner.key, body: formOf({ files: file("empty.pdf", new Uint8Array(), "application/pdf") }) }))).status).toBe("empty_file");
      expect((await api(path, { method: "POST", key: stranger.key, body: formOf({ files: pdf }) })).status).toBe(404);
      const response = await api(path, { method: "POST", key: owner.key, body: formOf({ files: pdf, extra_text: "I am the speaker; my consent is attached." }) });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "pending" });
      const tuning = (await (await api(`/v1/voices/${voiceId}`, { key: owner.key })).json()) as { fine_tuning: { manual_verification_requested: boolean; manual_verification: { extra_text: string; files: { file_id: string; file_name: string; size_bytes: number }[] } } };
      expect(tuning.fine_tuning.manual_verification_requested).toBe(true);
      expect(tuning.fine_tuning.manual_verification).toMatchObject({ extra_text: "I am the speaker; my consent is attached.", files: [{ file_name: "consent.pdf", size_bytes: 16 }] });
      const stored = await env.MEDIA.get(`voice-verification/${owner.workspace}/${voiceId}/${tuning.fine_tuning.manual_verification.files[0]!.file_id}`);
      expect(await stored!.text()).toBe("%PDF-1.4 consent");
      expect((await detail(await api(path, { method: "POST", key: owner.key, body: formOf({ files: pdf }) }))).status).toBe("manual_verification_already_requested");
    });

    it("is reviewed by support staff only: a rejection's reason reaches the owner, who asks again, and an approval verifies the voice", async () => {
      // Decision 0091. Staff: an operator-set role, a verified address on STAFF_EMAIL_DOMAIN (support.parlance.local here).
      const staffCookie = await signUp("pvc-reviewer@support.parlance.local");
      await env.DB.prepare("UPDATE users SET staff_role = 'support' WHERE email = ?").bind("pvc-reviewer@support.parlance.local").run();
      const staffKey = await createKey(staffCookie);
      const staffId = (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind("pvc-reviewer@support.parlance.local").first<{ id: string }>())!.id;
      const review = "/v1/support/voice-verifications";
      const page = (cookie: string) => SELF.fetch(`${ORIGIN}/app/support/voice-verifications`, { headers: { cookie } });
      const ownerPage = async () => (await SELF.fetch(`${ORIGIN}/app/voice-lab/professional`, { headers: { cookie: owner.cookie } })).text();
      type Request = { voice_id: string; name: string; workspace_id: string; workspace_name: string; requested_at_unix: number; extra_text: string; files: { file_id: string; file_name: string; mime_type: string; size_bytes: number }[] };
      const waiting = async () => ((await (await api(review, { key: staffKey })).json()) as { requests: Request[] }).requests;

      // Not staff (the owner included): 403 everywhere, the same answer whether or not the voice exists.
      const refusedList = await api(review, { key: owner.key });
      expect(refusedList.status).toBe(403);
      expect((await detail(refusedList)).status).toBe("forbidden");
      const refusedApprove = await api(`${review}/${voiceId}/approve`, { method: "POST", key: stranger.key });
      const refusedUnknown = await api(`${review}/no-such-voice/approve`, { method: "POST", key: stranger.key });
      expect(refusedApprove.status).toBe(403);
      expect(await refusedApprove.json()).toEqual(await refusedUnknown.json());
      expect((await api(`${review}/${voiceId}/reject`, { method: "POST", cookie: owner.cookie, json: { reason: "no" } })).status).toBe(403);
      const ownerView = await page(owner.cookie);
      expect(ownerView.status).toBe(403);
      const ownerHtml = await ownerView.text();
      expect(ownerHtml).toContain("Only support staff can do this.");
      expect(ownerHtml).not.toContain(voiceId);

      // Staff see the request with its workspace, note and documents (never their storage keys), and open them.
      const [request] = (await waiting()).filter((r) => r.voice_id === voiceId);
      expect(request).toMatchObject({ workspace_id: owner.workspace, extra_text: "I am the speaker; my consent is attached.", files: [{ file_name: "consent.pdf", mime_type: "application/pdf", size_bytes: 16 }] });
      expect(JSON.stringify(request)).not.toContain("voice-verification/");
      const document = await api(`${review}/${voiceId}/files/${request!.files[0]!.file_id}`, { cookie: staffCookie });
      expect(document.status).toBe(200);
      expect(document.headers.get("content-type")).toBe("application/pdf");
      expect(document.headers.get("content-disposition")).toBe("inline; filename*=UTF-8''consent.pdf");
      expect(await document.text()).toBe("%PDF-1.4 consent");
      expect((await api(`${review}/${voiceId}/files/nope`, { key: staffKey })).status).toBe(404);
      expect((await api(`${review}/${voiceId}/files/${request!.files[0]!.file_id}`, { key: owner.key })).status).toBe(403);
      const staffHtml = await (await page(staffCookie)).text();
      expect(staffHtml).toContain(voiceId);
      expect(staffHtml).toContain("consent.pdf");
      // The sidebar links the staff console for staff only.
      expect(await (await SELF.fetch(`${ORIGIN}/app/home`, { headers: { cookie: staffCookie } })).text()).toContain('href="/app/support/voice-verifications"');
      expect(await ownerPage()).not.toContain('href="/app/support/voice-verifications"');

      // Rejected with a reason: the request and its document go; the owner reads why and may ask again.
      expect((await detail(await api(`${review}/${voiceId}/reject`, { method: "POST", key: staffKey, json: { reason: "  " } }))).status).toBe("reason_required");
      const rejected = await api(`${review}/${voiceId}/reject`, { method: "POST", key: staffKey, json: { reason: "The consent form is not signed." } });
      expect(rejected.status).toBe(200);
      expect(await rejected.json()).toMatchObject({ status: "rejected" });
      expect(await env.MEDIA.get(`voice-verification/${owner.workspace}/${voiceId}/${request!.files[0]!.file_id}`)).toBeNull();
      expect((await waiting()).some((r) => r.voice_id === voiceId)).toBe(false);
      expect(((await (await api(`/v1/voices/${voiceId}`, { key: owner.key })).json()) as { fine_tuning: { manual_verification_requested: boolean } }).fine_tuning.manual_verification_requested).toBe(false);
      expect(await ownerPage()).toContain("Manual verification was rejected: The consent form is not signed. You can request it again with other documents.");
      expect((await api(`${review}/${voiceId}/reject`, { method: "POST", key: staffKey, json: { reason: "again" } })).status).toBe(404);

      const pdf = file("signed.pdf", new TextEncoder().encode("%PDF-1.4 signed"), "application/pdf");
      expect((await api(`/v1/voices/pvc/${voiceId}/verification`, { method: "POST", key: owner.key, body: formOf({ files: pdf }) })).status).toBe(200);
      expect(await ownerPage()).toContain("Manual verification requested: support staff will review your documents.");

      // Approved from the staff console's page (a no-script form post): verified as the spoken check verifies, with who and when.
      const approved = await postForm("/app/support/voice-verifications", { intent: "approve", voice_id: voiceId }, staffCookie);
      expect(approved.status).toBe(200);
      const approvedHtml = await approved.text();
      expect(approvedHtml).toContain("Approved: the voice is verified.");
      expect(approvedHtml).not.toContain(`data-voice-id="${voiceId}"`);
      expect((await voiceOf(owner.key, voiceId)).voice_verification.is_verified).toBe(true);
      const row = await env.DB.prepare("SELECT manual_verification_review AS review, verification_challenge AS challenge FROM voices WHERE voice_id = ?").bind(voiceId).first<{ review: string; challenge: string | null }>();
      expect(JSON.parse(row!.review)).toMatchObject({ decision: "approved", reason: null, reviewedByUserId: staffId });
      expect(row!.challenge).toBeNull();
      expect(await ownerPage()).toContain("Verified by support staff from your documents.");
      expect((await detail(await api(`${review}/${voiceId}/approve`, { method: "POST", key: staffKey }))).status).toBe("verification_request_not_found");
      expect((await detail(await api(`/v1/voices/pvc/${voiceId}/verification`, { method: "POST", key: owner.key, body: formOf({ files: pdf }) }))).status).toBe("voice_already_verified");

      // The owner's workspace reads both reviews in its audit log, the staff member as the actor (issue #18); the
      // refused attempts are not there, and no other workspace (the staff member's own included) sees them.
      type Entry = { activity_name: string; actor: { user: { uid: string; email_addr: string } }; unmapped: { event_type: string; resource_id: string | null; details: Record<string, unknown> } };
      const reviews = async (key: string) => ((await (await api("/v1/workspace/audit-logs?limit=100", { key })).json()) as { entries: Entry[] }).entries.filter((e) => e.unmapped.event_type.startsWith("voice_verification_"));
      expect((await reviews(owner.key)).map((e) => [e.activity_name, e.actor.user.uid, e.actor.user.email_addr, e.unmapped.resource_id, e.unmapped.details])).toEqual([
        ["Voice Verification Approved", staffId, "pvc-reviewer@support.parlance.local", voiceId, {}],
        ["Voice Verification Rejected", staffId, "pvc-reviewer@support.parlance.local", voiceId, { reason: "The consent form is not signed." }],
      ]);
      expect(await reviews(stranger.key)).toEqual([]);
      expect(await reviews(staffKey)).toEqual([]);
    });
  });

  describe("the professional voice page's forms: manual verification and speaker separation", () => {
    // The page's own plain forms (no JavaScript needed) run the functions the /v1 routes run (decision 0087).
    let owner: Caller;
    let voiceId: string;
    let sampleId: string;
    const pagePath = "/app/voice-lab/professional";
    /** A no-script form post of the page (multipart, as the browser sends a form with a file field). */
    const post = (fields: Record<string, string | File | File[]>, cookie = owner.cookie) =>
      SELF.fetch(`${ORIGIN}${pagePath}`, { method: "POST", body: formOf(fields), headers: { origin: ORIGIN, host: new URL(ORIGIN).host, cookie }, redirect: "manual" });
    const page = async (cookie = owner.cookie) => (await SELF.fetch(`${ORIGIN}${pagePath}`, { headers: { cookie } })).text();
    const stored = async () => (await env.MEDIA.list({ prefix: `voice-verification/${owner.workspace}/${voiceId}/` })).objects.length;
    const requestRow = async () => (await env.DB.prepare("SELECT manual_verification AS request FROM voices WHERE voice_id = ?").bind(voiceId).first<{ request: string | null }>())!.request;

    beforeAll(async () => {
      owner = await caller("pvc-page@example.com", "creator");
      const speak = async (voice: string, text: string) => {
        const response = await api(`/v1/text-to-speech/${voice}?output_format=pcm_16000`, { method: "POST", key: owner.key, json: { text } });
        const bytes = new Uint8Array(await response.arrayBuffer());
        return new Int16Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 1);
      };
      const roger = await speak(ROGER, "Good morning. I am reading the first part of this recording, slowly and clearly, for the voice lab.");
      const aria = await speak(ARIA, "And I am reading the second part, in my own voice, after a short pause between the two of us.");
      const both = new Int16Array(roger.length + 11200 + aria.length);
      both.set(roger, 0);
      both.set(aria, roger.length + 11200);
      voiceId = ((await (await api("/v1/voices/pvc", { method: "POST", key: owner.key, json: { name: "Page voice", language: "en" } })).json()) as { voice_id: string }).voice_id;
      const added = await api(`/v1/voices/pvc/${voiceId}/samples`, { method: "POST", key: owner.key, body: formOf({ files: file("two.wav", wavFile(both, 16000), "audio/wav") }) });
      sampleId = ((await added.json()) as { sample_id: string }[])[0]!.sample_id;
    });

    it("requests manual verification with documents and a note; refuses no files, too many and another type, storing nothing", async () => {
      const html = await page();
      expect(html).toContain("Request manual verification");
      expect(html).toContain('name="files"');
      const pdf = () => file("consent.pdf", new TextEncoder().encode("%PDF-1.4 page"), "application/pdf");
      // A file field left empty still sends one nameless, empty part.
      const none = await post({ intent: "verification", voice_id: voiceId, files: new File([], "", { type: "application/octet-stream" }), extra_text: "hello" });
      expect(none.status).toBe(400);
      expect(await none.text()).toContain("Send at least one verification document");
      const tooMany = await post({ intent: "verification", voice_id: voiceId, files: Array.from({ length: 11 }, pdf) });
      expect(tooMany.status).toBe(400);
      expect(await tooMany.text()).toContain("Send at most 10 verification documents.");
      const wrongType = await post({ intent: "verification", voice_id: voiceId, files: file("tool.exe", new Uint8Array([77, 90]), "application/octet-stream") });
      expect(wrongType.status).toBe(415);
      expect(await wrongType.text()).toContain("tool.exe: send PDF, image, audio, video or plain text documents.");
      expect((await post({ intent: "verification", voice_id: voiceId, files: pdf() }, stranger.cookie)).status).toBe(404);
      expect((await post({ intent: "nonsense", voice_id: voiceId })).status).toBe(400);
      expect(await stored()).toBe(0);
      expect(await requestRow()).toBeNull();

      const accepted = await post({ intent: "verification", voice_id: voiceId, files: [pdf(), file("id.png", new Uint8Array([137, 80, 78, 71]), "image/png")], extra_text: "My consent and my passport." });
      expect(accepted.status).toBe(200);
      expect(await stored()).toBe(2);
      expect(JSON.parse((await requestRow())!)).toMatchObject({ extraText: "My consent and my passport.", files: [{ fileName: "consent.pdf" }, { fileName: "id.png" }] });
      const after = await page();
      expect(after).toContain("Manual verification requested: support staff will review your documents.");
      expect(after).not.toContain("Request manual verification");
      expect((await post({ intent: "verification", voice_id: voiceId, files: pdf() })).status).toBe(400);
    });

    it("separates a sample's speakers, plays each speaker and keeps the chosen one; never another workspace's", async () => {
      const html = await page();
      expect(html).toContain("Separate speakers");
      expect(html).toContain("by their pitch and vocal-tract size");
      expect((await post({ intent: "separate", voice_id: voiceId, sample_id: sampleId }, stranger.cookie)).status).toBe(404);
      expect((await post({ intent: "speakers", voice_id: voiceId, sample_id: sampleId, speaker_ids: "speaker_0" }, stranger.cookie)).status).toBe(404);
      const notYet = await post({ intent: "speakers", voice_id: voiceId, sample_id: sampleId, speaker_ids: "speaker_0" });
      expect(notYet.status).toBe(400);
      expect(await notYet.text()).toContain("it has not been started");

      expect((await post({ intent: "separate", voice_id: voiceId, sample_id: sampleId })).status).toBe(200);
      let status = "pending";
      for (let i = 0; i < 100 && status === "pending"; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = ((await (await api(`/v1/voices/pvc/${voiceId}/samples/${sampleId}/speakers`, { key: owner.key })).json()) as { status: string }).status;
      }
      expect(status).toBe("completed");
      const separated = await page();
      expect(separated).toContain("Speaker 1 · ");
      expect(separated).toContain("Speaker 2 · ");
      expect(separated).toContain('name="speaker_ids" value="speaker_1"');
      const audioPath = `${pagePath}/speakers/${voiceId}/${sampleId}/speaker_1`;
      expect(separated).toContain(`src="${audioPath}"`);
      const audio = await SELF.fetch(`${ORIGIN}${audioPath}`, { headers: { cookie: owner.cookie } });
      expect(audio.status).toBe(200);
      expect(audio.headers.get("content-type")).toBe("audio/wav");
      expect(new TextDecoder().decode(new Uint8Array(await audio.arrayBuffer()).subarray(0, 4))).toBe("RIFF");
      expect((await SELF.fetch(`${ORIGIN}${audioPath}`, { headers: { cookie: stranger.cookie } })).status).toBe(404);
      expect((await SELF.fetch(`${ORIGIN}${pagePath}/speakers/${voiceId}/${sampleId}/speaker_9`, { headers: { cookie: owner.cookie } })).status).toBe(404);

      const noneChosen = await post({ intent: "speakers", voice_id: voiceId, sample_id: sampleId });
      expect(noneChosen.status).toBe(400);
      expect(await noneChosen.text()).toContain("Choose at least one speaker to keep.");
      expect((await post({ intent: "speakers", voice_id: voiceId, sample_id: sampleId, speaker_ids: "speaker_9" })).status).toBe(400);
      const kept = await post({ intent: "speakers", voice_id: voiceId, sample_id: sampleId, speaker_ids: "speaker_1" });
      expect(kept.status).toBe(200);
      const speakers = (await (await api(`/v1/voices/pvc/${voiceId}/samples/${sampleId}/speakers`, { key: owner.key })).json()) as { selected_speaker_ids: string[] };
      expect(speakers.selected_speaker_ids).toEqual(["speaker_1"]);
      const row = await env.DB.prepare("SELECT samples FROM voices WHERE voice_id = ?").bind(voiceId).first<{ samples: string }>();
      expect((JSON.parse(row!.samples) as { features: { pitchMedianHz: number } }[])[0]!.features.pitchMedianHz).toBeGreaterThan(160); // Aria alone
      expect(await page()).toContain("Training uses the chosen speaker of this sample.");
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
});

describe("voice-cloning", () => {
  // Instant voice cloning through /v1 (decision 0024): samples the platform itself spoke, the plan's limits, bad
  // input, and another workspace's voices.
  const ROGER = "pv02roger00000000000";

  type Caller = { key: string; workspace: string; cookie: string };

  async function caller(email: string, tier: string): Promise<Caller> {
    const cookie = await signUp(email);
    const key = await createKey(cookie);
    const workspace = ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
    await env.DB.prepare("UPDATE workspaces SET tier = ?, status = 'active', character_limit = 1000000, character_count_reset_at = 2000000000 WHERE id = ?").bind(tier, workspace).run();
    return { key, workspace, cookie };
  }

  async function spoken(key: string, text: string, format = "mp3_44100_128"): Promise<Uint8Array> {
    const response = await api(`/v1/text-to-speech/${ROGER}?output_format=${format}`, { method: "POST", key, json: { text } });
    expect(response.status).toBe(200);
    return new Uint8Array(await response.arrayBuffer());
  }

  /** 16-bit mono PCM bytes in a WAVE file. */
  const wav = (pcm: Uint8Array, sampleRate: number) => wavFile(new Int16Array(pcm.slice().buffer), sampleRate);

  function voiceForm(fields: Record<string, string>, files: { name: string; type: string; bytes: Uint8Array }[]): FormData {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    for (const file of files) body.append("files", new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type }));
    return body;
  }

  const add = (key: string, body: FormData) => api("/v1/voices/add", { method: "POST", key, body });
  const detail = async (response: Response) => ((await response.json()) as { detail: { status: string; message: string } }).detail;

  let starter: Caller;
  let stranger: Caller;
  let free: Caller;
  let mp3: Uint8Array;

  beforeAll(async () => {
    starter = await caller("cloner@example.com", "starter");
    stranger = await caller("clone-stranger@example.com", "creator");
    free = await caller("clone-free@example.com", "free");
    mp3 = await spoken(starter.key, "Hello! This is how I sound. I can read your stories, articles and scripts aloud. The evening was calm and the river was quiet.");
  });

  describe("POST /v1/voices/add", () => {
    let voiceId: string;

    it("clones a voice from a sample the platform spoke, at the sample's pitch, and speaks with it", async () => {
      const response = await add(starter.key, voiceForm({ name: "My Roger", description: "From a sample", labels: JSON.stringify({ accent: "american" }) }, [{ name: "roger.mp3", type: "audio/mpeg", bytes: mp3 }]));
      expect(response.status).toBe(200);
      const body = (await response.json()) as { voice_id: string; requires_verification: boolean };
      expect(body.requires_verification).toBe(false);
      voiceId = body.voice_id;

      const voice = (await (await api(`/v1/voices/${voiceId}`, { key: starter.key })).json()) as {
        category: string;
        name: string;
        is_owner: boolean;
        labels: Record<string, string>;
        samples: { sample_id: string; file_name: string; mime_type: string; size_bytes: number; hash: string }[];
      };
      expect(voice).toMatchObject({ category: "cloned", name: "My Roger", is_owner: true });
      expect(voice.labels).toMatchObject({ accent: "american", gender: "male", language: "en" });
      expect(voice.samples).toHaveLength(1);
      expect(voice.samples[0]).toMatchObject({ file_name: "roger.mp3", mime_type: "audio/mpeg", size_bytes: mp3.byteLength });

      // The row keeps the measured speaker and an engine voice near Roger's own (m3 at base pitch 45).
      const row = await env.DB.prepare("SELECT engine_parameters, speaker_features FROM voices WHERE voice_id = ?").bind(voiceId).first<{ engine_parameters: string; speaker_features: string }>();
      const parameters = JSON.parse(row!.engine_parameters) as { espeakVoice: string; variant: string; basePitch: number; rate: number };
      const features = JSON.parse(row!.speaker_features) as { pitchMedianHz: number; vector: number[] };
      expect(parameters.espeakVoice).toBe("en-us");
      expect(parameters.variant).toMatch(/^m/);
      expect(features.pitchMedianHz).toBeGreaterThan(80);
      expect(features.pitchMedianHz).toBeLessThan(115);
      expect(features.vector).toHaveLength(7);

      const tts = await api(`/v1/text-to-speech/${voiceId}?output_format=mp3_44100_128`, { method: "POST", key: starter.key, json: { text: "Speaking as the clone." } });
      expect(tts.status).toBe(200);
      expect((await tts.arrayBuffer()).byteLength).toBeGreaterThan(1000);

      const sample = await api(`/v1/voices/${voiceId}/samples/${voice.samples[0]!.sample_id}/audio`, { key: starter.key });
      expect(sample.status).toBe(200);
      expect(sample.headers.get("content-type")).toBe("audio/mpeg");
      expect(new Uint8Array(await sample.arrayBuffer())).toEqual(mp3);
    });

    it("reads WAV samples too", async () => {
      const pcm = await spoken(starter.key, "One more sample, read at an ordinary pace, for the voice.", "pcm_16000");
      const response = await add(starter.key, voiceForm({ name: "From WAV" }, [{ name: "take.wav", type: "audio/wav", bytes: wav(pcm, 16_000) }]));
      expect(response.status).toBe(200);
    });

    it("remove_background_noise measures the samples after the voice isolator", async () => {
      const pcm = await spoken(starter.key, "A sample recorded beside a humming fan, read at an ordinary pace for the voice.", "pcm_16000");
      // Steady white noise about 15 dB under the speech, seeded so the run repeats.
      const noisy = new Int16Array(pcm.slice().buffer);
      let seed = 7;
      for (let i = 0; i < noisy.length; i++) {
        seed = (seed * 1103515245 + 12345) >>> 0;
        noisy[i] = Math.max(-32768, Math.min(32767, noisy[i]! + ((seed / 2 ** 32) * 2 - 1) * 1500));
      }
      const file = { name: "fan.wav", type: "audio/wav", bytes: wav(new Uint8Array(noisy.buffer), 16_000) };
      const featuresOf = async (fields: Record<string, string>) => {
        const response = await add(starter.key, voiceForm(fields, [file]));
        expect(response.status).toBe(200);
        const { voice_id } = (await response.json()) as { voice_id: string };
        const row = await env.DB.prepare("SELECT speaker_features FROM voices WHERE voice_id = ?").bind(voice_id).first<{ speaker_features: string }>();
        return JSON.parse(row!.speaker_features) as { pitchMedianHz: number; vector: number[] };
      };
      const cleaned = await featuresOf({ name: "Cleaned", remove_background_noise: "true" });
      const raw = await featuresOf({ name: "Raw" });
      // Roger's pitch is still found in the cleaned sample, and the measurement is of different audio.
      expect(cleaned.pitchMedianHz).toBeGreaterThan(80);
      expect(cleaned.pitchMedianHz).toBeLessThan(115);
      expect(cleaned.vector).not.toEqual(raw.vector);
    });

    it("refuses bad input with a clear 4xx", async () => {
      const cases: [FormData, number, string][] = [
        [voiceForm({ name: "No files" }, []), 400, "no_samples"],
        [voiceForm({ name: "Text" }, [{ name: "notes.txt", type: "text/plain", bytes: new TextEncoder().encode("not audio") }]), 415, "unsupported_audio_type"],
        [voiceForm({ name: "Empty" }, [{ name: "empty.mp3", type: "audio/mpeg", bytes: new Uint8Array(0) }]), 400, "empty_sample"],
        [voiceForm({ name: "Garbage" }, [{ name: "noise.mp3", type: "audio/mpeg", bytes: new Uint8Array(4000).fill(7) }]), 400, "undecodable_sample"],
        [voiceForm({ name: "FLAC" }, [{ name: "take.flac", type: "audio/flac", bytes: new TextEncoder().encode("fLaC not really") }]), 400, "undecodable_sample"],
        [voiceForm({ name: "Silence" }, [{ name: "quiet.wav", type: "audio/wav", bytes: wav(new Uint8Array(32_000), 16_000) }]), 400, "no_speech_in_sample"],
        [voiceForm({ name: "Big" }, [{ name: "big.mp3", type: "audio/mpeg", bytes: new Uint8Array(10 * 1024 * 1024 + 1) }]), 413, "sample_too_large"],
      ];
      for (const [body, status, code] of cases) {
        const response = await add(starter.key, body);
        expect(response.status, code).toBe(status);
        expect((await detail(response)).status).toBe(code);
      }
      // No name, bad labels: validation errors.
      expect((await add(starter.key, voiceForm({}, [{ name: "a.mp3", type: "audio/mpeg", bytes: mp3 }]))).status).toBe(422);
      expect((await add(starter.key, voiceForm({ name: "x", labels: "[1]" }, [{ name: "a.mp3", type: "audio/mpeg", bytes: mp3 }]))).status).toBe(422);
      expect((await api("/v1/voices/add", { method: "POST", key: starter.key, json: { name: "json" } })).status).toBe(422);
    });

    it("refuses the free plan", async () => {
      const response = await add(free.key, voiceForm({ name: "Free" }, [{ name: "a.mp3", type: "audio/mpeg", bytes: mp3 }]));
      expect(response.status).toBe(403);
      expect((await detail(response)).status).toBe("can_not_use_instant_voice_cloning");
    });

    it("keeps another workspace's voice out of reach", async () => {
      const voice = ((await (await api(`/v1/voices/${voiceId}`, { key: starter.key })).json()) as { samples: { sample_id: string }[] }).samples[0]!;
      for (const [path, method] of [
        [`/v1/voices/${voiceId}`, "GET"],
        [`/v1/voices/${voiceId}`, "DELETE"],
        [`/v1/voices/${voiceId}/samples/${voice.sample_id}/audio`, "GET"],
        [`/v1/voices/${voiceId}/samples/${voice.sample_id}`, "DELETE"],
      ] as const) {
        expect((await api(path, { method, key: stranger.key })).status, `${method} ${path}`).toBe(404);
      }
      const edit = await api(`/v1/voices/${voiceId}/edit`, { method: "POST", key: stranger.key, body: voiceForm({ name: "Mine now" }, []) });
      expect(edit.status).toBe(404);
      const tts = await api(`/v1/text-to-speech/${voiceId}`, { method: "POST", key: stranger.key, json: { text: "Hello" } });
      expect(tts.status).toBe(404);
    });

    it("edits, deletes a sample and deletes the voice with its samples in R2", async () => {
      const premade = await api(`/v1/voices/${ROGER}/edit`, { method: "POST", key: starter.key, body: voiceForm({ name: "Not yours" }, []) });
      expect(premade.status).toBe(404);

      const pcm = await spoken(starter.key, "A second take of the same voice, a little longer than the first one.", "pcm_22050");
      const edit = await api(`/v1/voices/${voiceId}/edit`, {
        method: "POST",
        key: starter.key,
        body: voiceForm({ name: "Roger Clone", labels: JSON.stringify({ age: "middle_aged" }) }, [{ name: "second.wav", type: "audio/wav", bytes: wav(pcm, 22_050) }]),
      });
      expect(edit.status).toBe(200);
      expect(await edit.json()).toEqual({ status: "ok" });
      const voice = (await (await api(`/v1/voices/${voiceId}`, { key: starter.key })).json()) as { name: string; labels: Record<string, string>; samples: { sample_id: string }[] };
      expect(voice.name).toBe("Roger Clone");
      expect(voice.labels).toMatchObject({ accent: "american", age: "middle_aged" });
      expect(voice.samples).toHaveLength(2);

      const keys = (await env.MEDIA.list({ prefix: `voice-samples/${starter.workspace}/${voiceId}/` })).objects.map((o) => o.key);
      expect(keys).toHaveLength(2);
      const removed = await api(`/v1/voices/${voiceId}/samples/${voice.samples[0]!.sample_id}`, { method: "DELETE", key: starter.key });
      expect(removed.status).toBe(200);
      expect((await env.MEDIA.list({ prefix: `voice-samples/${starter.workspace}/${voiceId}/` })).objects).toHaveLength(1);
      expect((await api(`/v1/voices/${voiceId}/samples/${voice.samples[0]!.sample_id}/audio`, { key: starter.key })).status).toBe(404);

      // A history item made with the voice keeps its name after the voice is gone.
      const tts = await api(`/v1/text-to-speech/${voiceId}`, { method: "POST", key: starter.key, json: { text: "Before I go." } });
      expect(tts.status).toBe(200);
      await tts.arrayBuffer();

      const deleted = await api(`/v1/voices/${voiceId}`, { method: "DELETE", key: starter.key });
      expect(deleted.status).toBe(200);
      expect((await env.MEDIA.list({ prefix: `voice-samples/${starter.workspace}/${voiceId}/` })).objects).toHaveLength(0);
      expect((await api(`/v1/voices/${voiceId}`, { key: starter.key })).status).toBe(404);
      expect((await api(`/v1/voices/${voiceId}`, { method: "DELETE", key: starter.key })).status).toBe(404);
      expect((await api(`/v1/voices/${ROGER}`, { method: "DELETE", key: starter.key })).status).toBe(404);
      const history = (await (await api("/v1/history?page_size=5", { key: starter.key })).json()) as { history: { voice_id: string; voice_name: string }[] };
      expect(history.history.find((item) => item.voice_id === voiceId)?.voice_name).toBe("Roger Clone");
    });
  });

  describe("the plan's limits", () => {
    it("refuses a voice beyond the plan's custom voices (Starter: 10)", async () => {
      const limited = await caller("clone-limit@example.com", "starter");
      for (let i = 0; i < 10; i++) {
        await env.DB.prepare(
          `INSERT INTO voices (voice_id, workspace_id, category, name, language, engine, engine_parameters) VALUES (?, ?, 'cloned', ?, 'en', 'embedded', '{"espeakVoice":"en-us","variant":"m3","basePitch":50,"externalVoices":{}}')`,
        )
          .bind(`limit${limited.workspace.slice(0, 8)}${i}`, limited.workspace, `Voice ${i}`)
          .run();
      }
      const response = await add(limited.key, voiceForm({ name: "Eleventh" }, [{ name: "a.mp3", type: "audio/mpeg", bytes: mp3 }]));
      expect(response.status).toBe(400);
      expect((await detail(response)).status).toBe("voice_limit_reached");
    });

    it("refuses additions and edits beyond round(1.5 x limit + 50) in the billing period (Starter: 65)", async () => {
      const busy = await caller("clone-busy@example.com", "starter");
      await env.DB.prepare("INSERT INTO voice_add_edits (workspace_id, period, count) VALUES (?, 'reset:2000000000', 65)").bind(busy.workspace).run();
      const response = await add(busy.key, voiceForm({ name: "One too many" }, [{ name: "a.mp3", type: "audio/mpeg", bytes: mp3 }]));
      expect(response.status).toBe(400);
      expect((await detail(response)).status).toBe("voice_add_edit_limit_reached");
      expect((await env.DB.prepare("SELECT count(*) AS n FROM voices WHERE workspace_id = ?").bind(busy.workspace).first<{ n: number }>())!.n).toBe(0);
    });
  });

  describe("POST /v1/voices/{voice_id}/replicate-to-isolated-environment", () => {
    // Decision 0091: another workspace the same person belongs to takes a copy of an instant clone or a designed
    // voice, under its own plan's limits; a key acts for its owner, whose membership of the target is checked.
    it("copies an instant clone with its samples and settings into another workspace of the same person, and refuses what may not travel", async () => {
      const source = await caller("replicator@example.com", "starter");
      const target = await caller("replica-target@example.com", "starter");
      await env.DB.prepare("UPDATE workspaces SET max_seats = 5 WHERE id = ?").bind(target.workspace).run();
      expect((await api("/v1/workspace/invites/add", { method: "POST", key: target.key, json: { email: "replicator@example.com" } })).status).toBe(201);
      expect((await api("/v1/workspace/invites/accept", { method: "POST", cookie: source.cookie, json: { invite_code: await mailedInviteCode("replicator@example.com") } })).status).toBe(200);
      const added = await add(source.key, voiceForm({ name: "Travelling Roger", labels: JSON.stringify({ accent: "american" }) }, [{ name: "roger.mp3", type: "audio/mpeg", bytes: mp3 }]));
      const voiceId = ((await added.json()) as { voice_id: string }).voice_id;
      expect((await api(`/v1/voices/${voiceId}/settings/edit`, { method: "POST", key: source.key, json: { stability: 0.8, similarity_boost: 0.6 } })).status).toBe(200);
      const replicate = (key: string, id: string, targetWorkspaceId: string) => api(`/v1/voices/${id}/replicate-to-isolated-environment`, { method: "POST", key, json: { target_workspace_id: targetWorkspaceId } });

      // What may not travel: premade, professional and library voices (400 with the reason); the same workspace.
      expect(await detail(await replicate(source.key, ROGER, target.workspace))).toMatchObject({ status: "voice_not_replicable", message: expect.stringContaining("Premade") });
      const row = (id: string, category: string, original: string | null) =>
        env.DB.prepare(`INSERT INTO voices (voice_id, workspace_id, category, name, language, engine, engine_parameters, original_voice_id) VALUES (?, ?, ?, 'Kept', 'en', 'embedded', '{"espeakVoice":"en-us","variant":"m3","basePitch":50,"externalVoices":{}}', ?)`)
          .bind(id, source.workspace, category, original)
          .run();
      await row("replpro0000000000001", "professional", null);
      await row("repllib0000000000001", "cloned", "pv02roger00000000000");
      expect(await detail(await replicate(source.key, "replpro0000000000001", target.workspace))).toMatchObject({ status: "voice_not_replicable", message: expect.stringContaining("Professional") });
      expect(await detail(await replicate(source.key, "repllib0000000000001", target.workspace))).toMatchObject({ status: "voice_not_replicable", message: expect.stringContaining("library") });
      expect((await detail(await replicate(source.key, voiceId, source.workspace))).status).toBe("same_workspace");

      // A workspace one does not belong to reads as an unknown one; another workspace's voice as an unknown voice.
      const unknown = await replicate(source.key, voiceId, "no-such-workspace");
      expect(unknown.status).toBe(404);
      expect((await detail(unknown)).status).toBe("workspace_not_found");
      expect((await detail(await replicate(source.key, voiceId, stranger.workspace))).status).toBe("workspace_not_found");
      expect((await detail(await replicate(target.key, voiceId, source.workspace))).status).toBe("voice_not_found");

      // A service account's key: its account belongs to the one workspace.
      const account = ((await (await api("/v1/service-accounts", { method: "POST", key: source.key, json: { name: "Backend" } })).json()) as { "service-account-user-id": string })["service-account-user-id"];
      const serviceKey = ((await (await api(`/v1/service-accounts/${account}/api-keys`, { method: "POST", key: source.key, json: { name: "voices", permissions: ["voices_write"] } })).json()) as { "xi-api-key": string })["xi-api-key"];
      const byService = await replicate(serviceKey, voiceId, target.workspace);
      expect(byService.status).toBe(403);
      expect((await detail(byService)).status).toBe("service_account_not_allowed");

      // The target's own rules: the Voices permission there, its plan (cloning from Starter) and its voice limit.
      expect((await api("/v1/workspace/update-workspace", { method: "POST", key: target.key, json: { all_members_permissions: [] } })).status).toBe(200);
      const noPermission = await replicate(source.key, voiceId, target.workspace);
      expect(noPermission.status).toBe(403);
      expect((await detail(noPermission)).status).toBe("missing_permissions");
      expect((await api("/v1/workspace/update-workspace", { method: "POST", key: target.key, json: { all_members_permissions: ["voice_lab"] } })).status).toBe(200);
      await env.DB.prepare("UPDATE workspaces SET tier = 'free' WHERE id = ?").bind(target.workspace).run();
      expect((await detail(await replicate(source.key, voiceId, target.workspace))).status).toBe("can_not_use_instant_voice_cloning");
      await env.DB.prepare("UPDATE workspaces SET tier = 'starter' WHERE id = ?").bind(target.workspace).run();
      for (let i = 0; i < 10; i++) {
        await env.DB.prepare(`INSERT INTO voices (voice_id, workspace_id, category, name, language, engine, engine_parameters) VALUES (?, ?, 'cloned', 'Filler', 'en', 'embedded', '{"espeakVoice":"en-us","variant":"m3","basePitch":50,"externalVoices":{}}')`)
          .bind(`replfill${String(i).padStart(12, "0")}`, target.workspace)
          .run();
      }
      expect((await detail(await replicate(source.key, voiceId, target.workspace))).status).toBe("voice_limit_reached");
      await env.DB.prepare("DELETE FROM voices WHERE voice_id LIKE 'replfill%'").run();

      // The copy: a new id in the target, the samples' own copies in R2, the source's settings, and it speaks there.
      const response = await replicate(source.key, voiceId, target.workspace);
      expect(response.status).toBe(200);
      const copyId = ((await response.json()) as { voice_id: string }).voice_id;
      expect(copyId).not.toBe(voiceId);
      const copy = (await (await api(`/v1/voices/${copyId}`, { key: target.key })).json()) as { name: string; category: string; labels: Record<string, string>; samples: { sample_id: string; file_name: string }[]; settings: { stability: number } };
      expect(copy).toMatchObject({ name: "Travelling Roger", category: "cloned", labels: { accent: "american" }, samples: [{ file_name: "roger.mp3" }], settings: { stability: 0.8 } });
      const copied = await env.MEDIA.get(`voice-samples/${target.workspace}/${copyId}/${copy.samples[0]!.sample_id}`);
      expect(new Uint8Array(await copied!.arrayBuffer())).toEqual(mp3);
      expect((await api(`/v1/text-to-speech/${copyId}`, { method: "POST", key: target.key, json: { text: "I travelled." } })).status).toBe(200);
      // A designed voice travels too (no samples), with its moderation: a CAPTCHA control stays, a banned voice stays home.
      const userId = (await env.DB.prepare("SELECT id FROM users WHERE email = 'replicator@example.com'").first<{ id: string }>())!.id;
      await env.DB.prepare(`INSERT INTO voices (voice_id, workspace_id, category, name, language, engine, engine_parameters, created_by_user_id, safety_control) VALUES ('repldesign0000000001', ?, 'generated', 'Designed', 'en', 'embedded', '{"espeakVoice":"en-us","variant":"f2","basePitch":60,"externalVoices":{}}', ?, 'CAPTCHA')`)
        .bind(source.workspace, userId)
        .run();
      const designed = ((await (await replicate(source.key, "repldesign0000000001", target.workspace)).json()) as { voice_id: string }).voice_id;
      expect(await env.DB.prepare("SELECT category, samples, safety_control AS control, created_by_user_id AS creator FROM voices WHERE voice_id = ? AND workspace_id = ?").bind(designed, target.workspace).first()).toEqual({
        category: "generated",
        samples: null,
        control: "CAPTCHA",
        creator: userId,
      });
      await env.DB.prepare("UPDATE voices SET safety_control = 'BAN' WHERE voice_id = 'repldesign0000000001'").run();
      expect((await detail(await replicate(source.key, "repldesign0000000001", target.workspace))).status).toBe("voice_blocked");

      // The source keeps its voice; deleting it leaves the copy whole.
      expect((await api(`/v1/voices/${voiceId}`, { method: "DELETE", key: source.key })).status).toBe(200);
      expect(await env.MEDIA.get(`voice-samples/${target.workspace}/${copyId}/${copy.samples[0]!.sample_id}`)).not.toBeNull();
      expect((await api(`/v1/voices/${copyId}`, { key: target.key })).status).toBe(200);
    });
  });

  describe("the voice lab's Delete", () => {
    it("deletes the workspace's own voice with its samples and collection entries, and no one else's", async () => {
      const cookie = await signUp("lab-deleter@example.com");
      const key = await createKey(cookie);
      const workspace = ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
      await env.DB.prepare("UPDATE workspaces SET tier = 'starter', status = 'active', character_limit = 1000000, character_count_reset_at = 2000000000 WHERE id = ?").bind(workspace).run();
      const added = await add(key, voiceForm({ name: "To delete" }, [{ name: "roger.mp3", type: "audio/mpeg", bytes: mp3 }]));
      const { voice_id } = (await added.json()) as { voice_id: string };
      await env.DB.prepare("INSERT INTO voice_collections (collection_id, workspace_id, title) VALUES ('col-lab-1', ?, 'Mine')").bind(workspace).run();
      await env.DB.prepare("INSERT INTO voice_collection_voices (collection_id, voice_id) VALUES ('col-lab-1', ?)").bind(voice_id).run();
      const post = (voiceId: string) => fetcherPost("/app/voice-lab", { intent: "delete", voice_id: voiceId }, cookie);

      // Another workspace's voice and a premade one are not this workspace's to delete.
      const strangers = await add(stranger.key, voiceForm({ name: "Not yours" }, [{ name: "roger.mp3", type: "audio/mpeg", bytes: mp3 }]));
      const strangersVoice = ((await strangers.json()) as { voice_id: string }).voice_id;
      expect((await post(strangersVoice)).status).toBe(404);
      expect((await post(ROGER)).status).toBe(404);
      expect((await api(`/v1/voices/${strangersVoice}`, { key: stranger.key })).status).toBe(200);

      const figures = async () => (await (await api("/v1/user/subscription", { key })).json()) as { voice_slots_used: number; voice_add_edit_counter: number; max_voice_add_edits: number };
      expect(await figures()).toMatchObject({ voice_slots_used: 1, voice_add_edit_counter: 1, max_voice_add_edits: 65 });

      const deleted = await post(voice_id);
      expect(deleted).toMatchObject({ status: 200, data: { intent: "delete", ok: true } });
      expect((await api(`/v1/voices/${voice_id}`, { key })).status).toBe(404);
      expect((await env.MEDIA.list({ prefix: `voice-samples/${workspace}/${voice_id}/` })).objects).toHaveLength(0);
      expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM voice_collection_voices WHERE voice_id = ?").bind(voice_id).first<{ n: number }>())!.n).toBe(0);
      // The slot is free again; the addition still counts in this billing period.
      expect(await figures()).toMatchObject({ voice_slots_used: 0, voice_add_edit_counter: 1 });
    });
  });
});
