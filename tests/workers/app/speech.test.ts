import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { unzipSync } from "fflate";
import { transcriptionCredits, wordErrorRate } from "~/transcription/rules/transcription";
import { mp3Frames } from "../../../core/audio/audio-levels";
import { readOggPages } from "../../../core/audio/ogg";
import { resample, rmsLevel } from "../../../core/audio/pcm";
import { api, createKey, installSpeechToTextModel, ORIGIN, signUp, sphinxRecording } from "./helpers";
import type { SynthesisRequest, SynthesisResult } from "../../../core/engines/speech";
import { decodeMp3 } from "../../../core/audio/mp3-decoder";
import { wavFile } from "../../../core/audio/wav";
import { floatSamples } from "../../../core/voices/speaker-analysis";
import { medianPitch, pitchTrack } from "../../../core/voice-changer/pitch-track";
import { REFERENCE_SENTENCE } from "../../../core/voice-changer/reference";
import { OPENAI_VOICE_NAMES, OPENAI_VOICES } from "../../../app/speech/rules/openai";
import { fromBase64, toBase64 } from "../../../core/base64";
import { SLOW_SPEECH_MARKER } from "../../engines/protocol-stand-ins";

describe("speech", () => {
  const ARIA = "pv01aria000000000000";
  let key: string;
  let otherKey: string;

  async function workspaceOf(k: string): Promise<{ workspace_id: string }> {
    return (await (await api("/v1/workspace", { key: k })).json()) as { workspace_id: string };
  }
  async function characterCount(k: string): Promise<number> {
    return ((await (await api("/v1/user/subscription", { key: k })).json()) as { character_count: number }).character_count;
  }
  async function historyCount(k: string): Promise<number> {
    const ws = await workspaceOf(k);
    return (await env.DB.prepare("SELECT count(*) AS n FROM history_items WHERE workspace_id = ?").bind(ws.workspace_id).first<number>("n")) ?? 0;
  }
  function tts(k: string, body: unknown, query = "", path = `/v1/text-to-speech/${ARIA}`) {
    return api(`${path}${query}`, { method: "POST", key: k, json: body });
  }
  function pcm(bytes: ArrayBuffer): Int16Array {
    return new Int16Array(bytes.slice(0, bytes.byteLength - (bytes.byteLength % 2)));
  }

  beforeAll(async () => {
    key = await createKey(await signUp("speaker@example.com"));
    otherKey = await createKey(await signUp("other-speaker@example.com"));
  });

  describe("text to speech", () => {
    it("makes real MP3 speech, stores it, records history and charges the characters", async () => {
      const text = "Hello world. This is a test.";
      const response = await tts(key, { text, model_id: "eleven_multilingual_v2" });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("audio/mpeg");
      expect(response.headers.get("character-cost")).toBe(String(text.length));
      const historyId = response.headers.get("history-item-id")!;
      expect(response.headers.get("request-id")).toBeTruthy();
      const audio = new Uint8Array(await response.arrayBuffer());
      expect(audio.byteLength).toBeGreaterThan(10000);
      expect(audio[0] === 0xff || (audio[0] === 0x49 && audio[1] === 0x44)).toBe(true);
      // Encoded in the worker (LAME in WebAssembly): 44.1 kHz frames lasting as long as the speech.
      const frames = mp3Frames(audio);
      expect(new Set(frames.map((f) => f.sampleRate))).toEqual(new Set([44100]));
      expect(frames.reduce((s, f) => s + f.samples / f.sampleRate, 0)).toBeGreaterThan(1);
      expect(await characterCount(key)).toBe(text.length);
      const item = (await (await api(`/v1/history/${historyId}`, { key })).json()) as Record<string, unknown>;
      expect(item).toMatchObject({ history_item_id: historyId, voice_id: ARIA, voice_name: "Aria", text, model_id: "eleven_multilingual_v2", source: "API" });
      const stored = await env.MEDIA.get(`history/${(await workspaceOf(key)).workspace_id}/${historyId}.mp3`);
      expect(stored?.size).toBe(audio.byteLength);
    });

    it("makes PCM that is speech, not silence; slower speech is longer; a seed repeats", async () => {
      const body = (speed: number, seed?: number) => ({ text: "The quick brown fox jumps over the lazy dog.", voice_settings: { speed }, seed });
      const slow = pcm(await (await tts(key, body(0.8, 42), "?output_format=pcm_16000")).arrayBuffer());
      const fast = pcm(await (await tts(key, body(1.2), "?output_format=pcm_16000")).arrayBuffer());
      expect(rmsLevel(slow)).toBeGreaterThan(0.02);
      expect(slow.length / 16000).toBeGreaterThan(1);
      expect(slow.length).toBeGreaterThan(fast.length * 1.2);
      const again = pcm(await (await tts(key, body(0.8, 42), "?output_format=pcm_16000")).arrayBuffer());
      // Compared as bytes: deep equality on typed arrays is slow.
      const same = (a: Int16Array, b: Int16Array) => a.length === b.length && new Uint8Array(a.buffer).every((x, i) => x === new Uint8Array(b.buffer)[i]);
      expect(same(again, slow)).toBe(true);
      // Another seed varies the pitch differently.
      const other = pcm(await (await tts(key, body(0.8, 43), "?output_format=pcm_16000")).arrayBuffer());
      expect(same(other, slow)).toBe(false);
    });

    it("on the embedded engine, style changes the speech (its pitch range); similarity and speaker boost change nothing", async () => {
      const speak = async (settings: Record<string, unknown>) => {
        const response = await tts(key, { text: "Style is heard.", seed: 3, voice_settings: settings }, "?output_format=pcm_16000");
        expect(response.status).toBe(200);
        return new Uint8Array(await response.arrayBuffer());
      };
      const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);
      const plain = await speak({ style: 0, similarity_boost: 0.75, use_speaker_boost: true });
      expect(same(await speak({ style: 1, similarity_boost: 0.75, use_speaker_boost: true }), plain)).toBe(false);
      expect(same(await speak({ style: 0, similarity_boost: 0, use_speaker_boost: false }), plain)).toBe(true);
    });

    it("ends an unfinished sentence that next_text continues as a clause, and charges only the text", async () => {
      const text = "When the rain finally stopped";
      const speak = async (next_text?: string) => {
        const response = await tts(key, { text, seed: 7, next_text }, "?output_format=pcm_16000", `/v1/text-to-speech/${ARIA}/with-timestamps`);
        expect(response.status).toBe(200);
        expect(response.headers.get("character-cost")).toBe(String(text.length));
        return (await response.json()) as { audio_base64: string; alignment: { characters: string[] } };
      };
      const alone = await speak();
      const continued = await speak("we went outside.");
      const finished = await speak("   ");
      expect(continued.alignment.characters.join("")).toBe(text);
      expect(continued.audio_base64).not.toBe(alone.audio_base64);
      expect(finished.audio_base64).toBe(alone.audio_base64);
    });

    it("speaks Ogg Opus, stored and served as audio/ogg, that decodes back to speech", async () => {
      const response = await tts(key, { text: "Opus for small files." }, "?output_format=opus_48000_64");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("audio/ogg");
      const bytes = new Uint8Array(await response.arrayBuffer());
      const pages = readOggPages(bytes);
      expect(new TextDecoder().decode(pages[0]!.packets[0]!.subarray(0, 8))).toBe("OpusHead");
      expect(pages.every((p) => p.crcValid)).toBe(true);
      const historyId = response.headers.get("history-item-id")!;
      const stored = await env.MEDIA.get(`history/${(await workspaceOf(key)).workspace_id}/${historyId}.opus`);
      expect(stored?.size).toBe(bytes.byteLength);
    });

    it("refuses bad input with 4xx details and charges nothing", async () => {
      const before = { count: await characterCount(key), history: await historyCount(key) };
      const cases: [Promise<Response>, number, string | null][] = [
        [tts(key, { text: "" }), 422, null],
        [tts(key, { text: "   " }), 422, null],
        [tts(key, { text: "x".repeat(2501) }), 400, "max_character_limit_exceeded"],
        [tts(key, { text: "Hello" }, "", "/v1/text-to-speech/no_such_voice"), 404, "voice_not_found"],
        [tts(key, { text: "Hello", model_id: "no_such_model" }), 400, "model_not_found"],
        [tts(key, { text: "Hello" }, "?output_format=mp3_1_1"), 422, null],
        [tts(key, { text: "Hello" }, "?output_format=mp3_44100_192"), 403, "output_format_not_allowed"],
        [tts(key, { text: "Hello", voice_settings: { speed: 3 } }), 422, null],
        [api(`/v1/text-to-speech/${ARIA}`, { method: "POST", key, body: "{oops", headers: { "content-type": "application/json" } }), 422, null],
        [tts("sk_" + "1".repeat(48), { text: "Hello" }), 401, "invalid_api_key"],
      ];
      for (const [pending, status, detailStatus] of cases) {
        const response = await pending;
        expect(response.status).toBe(status);
        const body = (await response.json()) as { detail: unknown };
        if (detailStatus) expect(body.detail).toMatchObject({ status: detailStatus });
        else expect(Array.isArray(body.detail)).toBe(true);
      }
      expect(await characterCount(key)).toBe(before.count);
      expect(await historyCount(key)).toBe(before.history);
    });

    it("answers quota_exceeded when the text does not fit the remaining characters", async () => {
      const quotaKey = await createKey(await signUp("quota@example.com"));
      const ws = await workspaceOf(quotaKey);
      await env.DB.prepare("UPDATE workspaces SET character_count = 9995 WHERE id = ?").bind(ws.workspace_id).run();
      const response = await tts(quotaKey, { text: "Too long for the rest." });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ detail: { status: "quota_exceeded" } });
      expect(await historyCount(quotaKey)).toBe(0);
    });

    it("holds a workspace to its plan's concurrency", async () => {
      const busyKey = await createKey(await signUp("busy@example.com"));
      const ws = await workspaceOf(busyKey);
      const now = Math.floor(Date.now() / 1000);
      for (const id of ["r1", "r2"]) {
        await env.DB.prepare("INSERT INTO generation_slots (request_id, workspace_id, started_at) VALUES (?, ?, ?)").bind(`${ws.workspace_id}-${id}`, ws.workspace_id, now).run();
      }
      const response = await tts(busyKey, { text: "Hello" });
      expect(response.status).toBe(429);
      expect(response.headers.get("maximum-concurrent-requests")).toBe("2");
      expect(await response.json()).toMatchObject({ detail: { status: "too_many_concurrent_requests" } });
    });

    it("streams audio and timestamps whose alignment spells the text", async () => {
      const text = "First sentence. Second one! Third?";
      const stream = await tts(key, { text }, "", `/v1/text-to-speech/${ARIA}/stream`);
      expect(stream.status).toBe(200);
      expect((await stream.arrayBuffer()).byteLength).toBeGreaterThan(5000);

      const whole = (await (await tts(key, { text }, "", `/v1/text-to-speech/${ARIA}/with-timestamps`)).json()) as {
        audio_base64: string;
        alignment: { characters: string[]; character_start_times_seconds: number[]; character_end_times_seconds: number[] };
      };
      expect(whole.alignment.characters.join("")).toBe(text);
      expect(whole.alignment.character_start_times_seconds.length).toBe(text.length);
      expect(atob(whole.audio_base64).length).toBeGreaterThan(5000);

      const lines = (await (await tts(key, { text }, "", `/v1/text-to-speech/${ARIA}/stream/with-timestamps`)).text()).trim().split("\n");
      expect(lines.length).toBeGreaterThanOrEqual(3);
      const chunks = lines.map((l) => JSON.parse(l) as { audio_base64: string; alignment: { characters: string[] } | null });
      expect(chunks.map((c) => c.alignment?.characters.join("") ?? "").join("")).toBe(text);
    });

    it("speaks dialogue, dropping empty lines, within 50 lines", async () => {
      const ok = await api("/v1/text-to-dialogue", {
        method: "POST",
        key,
        json: { inputs: [{ text: "Hi there.", voice_id: ARIA }, { text: "  ", voice_id: "pv02roger00000000000" }, { text: "Hello!", voice_id: "pv02roger00000000000" }] },
      });
      expect(ok.status).toBe(200);
      const item = (await (await api(`/v1/history/${ok.headers.get("history-item-id")}`, { key })).json()) as { dialogue: unknown[] };
      expect(item.dialogue).toHaveLength(2);
      const tooMany = await api("/v1/text-to-dialogue", { method: "POST", key, json: { inputs: Array.from({ length: 51 }, () => ({ text: "a", voice_id: ARIA })) } });
      expect(tooMany.status).toBe(422);
    });

    it("speaks the OpenAI shape with a bearer key", async () => {
      const response = await api("/v1/audio/speech", {
        method: "POST",
        headers: { authorization: `Bearer ${key}` },
        json: { model: "tts-1", input: "Hello from an OpenAI client.", voice: ARIA, response_format: "mp3" },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("audio/mpeg");
    });
  });

  describe("history", () => {
    it("lists, pages, searches, serves audio with Range, downloads and deletes, within the workspace only", async () => {
      for (const text of ["Alpha one.", "Beta two.", "Gamma three."]) await tts(otherKey, { text });
      const page1 = (await (await api("/v1/history?page_size=2", { key: otherKey })).json()) as { history: { history_item_id: string; text: string }[]; has_more: boolean; last_history_item_id: string };
      expect(page1.history.map((h) => h.text)).toEqual(["Gamma three.", "Beta two."]);
      expect(page1.has_more).toBe(true);
      const page2 = (await (await api(`/v1/history?page_size=2&start_after_history_item_id=${page1.last_history_item_id}`, { key: otherKey })).json()) as { history: { text: string }[]; has_more: boolean };
      expect(page2.history.map((h) => h.text)).toEqual(["Alpha one."]);
      expect(page2.has_more).toBe(false);
      const search = (await (await api("/v1/history?search=beta", { key: otherKey })).json()) as { history: { text: string }[] };
      expect(search.history.map((h) => h.text)).toEqual(["Beta two."]);
      expect((await api("/v1/history?page_size=-1", { key: otherKey })).status).toBe(422);

      const id = page1.history[0]!.history_item_id;
      const full = await api(`/v1/history/${id}/audio`, { key: otherKey });
      const size = (await full.arrayBuffer()).byteLength;
      const partial = await api(`/v1/history/${id}/audio`, { key: otherKey, headers: { range: "bytes=0-99" } });
      expect(partial.status).toBe(206);
      expect(partial.headers.get("content-range")).toBe(`bytes 0-99/${size}`);
      expect((await partial.arrayBuffer()).byteLength).toBe(100);
      // RFC 9110: a Range it cannot read is ignored (the whole file); one past the end is 416 with the size.
      for (const range of ["bytes=abc", "bytes=5-1", "items=0-5", "bytes=0-1,4-5"]) {
        const ignored = await api(`/v1/history/${id}/audio`, { key: otherKey, headers: { range } });
        expect(ignored.status, range).toBe(200);
        expect((await ignored.arrayBuffer()).byteLength, range).toBe(size);
      }
      const beyond = await api(`/v1/history/${id}/audio`, { key: otherKey, headers: { range: `bytes=${size}-` } });
      expect(beyond.status).toBe(416);
      expect(beyond.headers.get("content-range")).toBe(`bytes */${size}`);
      expect(((await beyond.json()) as { detail: { status: string } }).detail.status).toBe("range_not_satisfiable");

      // Another workspace sees none of it.
      expect((await api(`/v1/history/${id}`, { key })).status).toBe(404);
      expect((await api(`/v1/history/${id}/audio`, { key })).status).toBe(404);
      expect((await api(`/v1/history/${id}`, { method: "DELETE", key })).status).toBe(404);
      expect((await api("/v1/history/download", { method: "POST", key, json: { history_item_ids: [id] } })).status).toBe(404);
      const mine = (await (await api("/v1/history?page_size=100", { key })).json()) as { history: { text: string }[] };
      expect(mine.history.some((h) => h.text === "Gamma three.")).toBe(false);

      const one = await api("/v1/history/download", { method: "POST", key: otherKey, json: { history_item_ids: [id] } });
      expect(one.headers.get("content-type")).toBe("audio/mpeg");
      expect(one.headers.get("content-disposition")).toMatch(/attachment; filename="Aria_.*\.mp3"/);
      const zip = await api("/v1/history/download", { method: "POST", key: otherKey, json: { history_item_ids: page1.history.map((h) => h.history_item_id) } });
      expect(zip.headers.get("content-type")).toBe("application/zip");
      expect(new Uint8Array(await zip.arrayBuffer()).subarray(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));

      // output_format "wav" transcodes (the MP3 decoded in the worker); anything but wav/default is refused.
      const wav = await api("/v1/history/download", { method: "POST", key: otherKey, json: { history_item_ids: [id], output_format: "wav" } });
      expect(wav.headers.get("content-type")).toBe("audio/wav");
      expect(wav.headers.get("content-disposition")).toMatch(/attachment; filename="Aria_.*\.wav"/);
      const wavBytes = new Uint8Array(await wav.arrayBuffer());
      const wavView = new DataView(wavBytes.buffer);
      expect(new TextDecoder().decode(wavBytes.subarray(0, 4))).toBe("RIFF");
      expect(wavView.getUint32(24, true)).toBe(44100);
      const wavSeconds = wavView.getUint32(40, true) / 2 / 44100;
      expect(wavSeconds).toBeGreaterThan(0.5);
      expect(rmsLevel(new Int16Array(wavBytes.buffer.slice(44)))).toBeGreaterThan(0.02);
      const wavZip = await api("/v1/history/download", { method: "POST", key: otherKey, json: { history_item_ids: page1.history.map((h) => h.history_item_id), output_format: "wav" } });
      const entries = Object.keys(unzipSync(new Uint8Array(await wavZip.arrayBuffer())));
      expect(entries.length).toBe(page1.history.length);
      expect(entries.every((name) => name.endsWith(".wav"))).toBe(true);
      expect((await api("/v1/history/download", { method: "POST", key: otherKey, json: { history_item_ids: [id], output_format: "flac" } })).status).toBe(422);

      expect((await api(`/v1/history/${id}`, { method: "DELETE", key: otherKey })).status).toBe(200);
      expect((await api(`/v1/history/${id}`, { key: otherKey })).status).toBe(404);
    });
  });

  describe("voices and models", () => {
    it("lists voices v1 and pages v2", async () => {
      const v1 = (await (await api("/v1/voices", { key })).json()) as { voices: { voice_id: string; preview_url: string }[] };
      expect(v1.voices.length).toBeGreaterThanOrEqual(10);
      const first = (await (await api("/v2/voices?page_size=5", { key })).json()) as { voices: unknown[]; has_more: boolean; total_count: number; next_page_token: string };
      expect(first.voices).toHaveLength(5);
      expect(first.has_more).toBe(true);
      const second = (await (await api(`/v2/voices?page_size=5&next_page_token=${first.next_page_token}`, { key })).json()) as { voices: { name: string }[] };
      expect(second.voices).toHaveLength(5);
      expect((await api("/v2/voices?page_size=101", { key })).status).toBe(422);
      expect((await api("/v2/voices?page_size=-1", { key })).status).toBe(422);
      const searched = (await (await api("/v2/voices?search=german", { key })).json()) as { voices: { name: string }[] };
      expect(searched.voices.map((v) => v.name).sort()).toEqual(["Greta", "Klaus"]);
    });

    it("edits per-workspace voice settings", async () => {
      expect((await api(`/v1/voices/${ARIA}/settings/edit`, { method: "POST", key, json: { stability: 0.9 } })).status).toBe(200);
      expect(await (await api(`/v1/voices/${ARIA}/settings`, { key })).json()).toMatchObject({ stability: 0.9, similarity_boost: 0.75 });
      expect(await (await api(`/v1/voices/${ARIA}/settings`, { key: otherKey })).json()).toMatchObject({ stability: 0.5 });
      expect((await api(`/v1/voices/${ARIA}/settings/edit`, { method: "POST", key, json: { stability: 2 } })).status).toBe(422);
    });

    it("serves a generated preview and lists models", async () => {
      const v1 = (await (await api("/v1/voices", { key })).json()) as { voices: { preview_url: string }[] };
      const preview = await api(new URL(v1.voices[0]!.preview_url).pathname);
      expect(preview.status).toBe(200);
      expect(preview.headers.get("content-type")).toBe("audio/mpeg");
      const models = (await (await api("/v1/models", { key })).json()) as { model_id: string; can_do_text_to_speech: boolean }[];
      expect(models[0]).toMatchObject({ model_id: "parlance_multilingual_v1", can_do_text_to_speech: true });
    });
  });

  describe("configured engines", () => {
    it("lists and uses the OpenAI-compatible engine when the deployment points at a server", async () => {
      const models = (await (await api("/v1/models", { key })).json()) as { model_id: string }[];
      expect(models.map((m) => m.model_id)).toEqual(["parlance_multilingual_v1", "parlance_openai_compatible_v1", "parlance_voice_changer_v1"]);
      // Style reaches the embedded engine (its pitch range); the server's protocol takes a voice and a speed only.
      const flags = (await (await api("/v1/models", { key })).json()) as { model_id: string; can_use_style: boolean; can_use_speaker_boost: boolean }[];
      expect(flags.map((m) => [m.model_id, m.can_use_style, m.can_use_speaker_boost])).toEqual([
        ["parlance_multilingual_v1", true, false],
        ["parlance_openai_compatible_v1", false, false],
        ["parlance_voice_changer_v1", false, false],
      ]);
      const response = await tts(key, { text: "Served elsewhere.", model_id: "parlance_openai_compatible_v1" }, "?output_format=pcm_24000");
      expect(response.status).toBe(200);
      const samples = pcm(await response.arrayBuffer());
      expect(samples.length).toBe(Math.round(24000 * 0.05 * "Served elsewhere.".length));
      const item = (await (await api(`/v1/history/${response.headers.get("history-item-id")}`, { key })).json()) as { model_id: string };
      expect(item.model_id).toBe("parlance_openai_compatible_v1");
      const timed = (await (await tts(key, { text: "Estimated times.", model_id: "parlance_openai_compatible_v1" }, "", `/v1/text-to-speech/${ARIA}/with-timestamps`)).json()) as {
        alignment: { characters: string[]; character_end_times_seconds: number[] };
      };
      expect(timed.alignment.characters.join("")).toBe("Estimated times.");
      expect(timed.alignment.character_end_times_seconds.at(-1)).toBeCloseTo(0.05 * "Estimated times.".length, 2);
    });

    it("does not list Workers AI without the AI binding", async () => {
      expect((await tts(key, { text: "Hello", model_id: "parlance_workers_ai_v1" })).status).toBe(400);
    });
  });

  describe("feedback", () => {
    it("saves validated feedback, refuses changes once reviewed, and stays in the workspace", async () => {
      const made = await tts(key, { text: "Rate me, please." });
      const id = made.headers.get("history-item-id")!;
      const send = (k: string, body: unknown) => api(`/v1/history/${id}/feedback`, { method: "POST", key: k, json: body });
      const tooShort = await send(key, { thumbs_up: false, feedback: "meh" });
      expect(tooShort.status).toBe(422);
      expect(JSON.stringify(await tooShort.json())).toContain("Feedback must be at least 20 characters long");
      expect((await send(key, { thumbs_up: "yes" })).status).toBe(422);
      expect((await send(otherKey, { thumbs_up: true })).status).toBe(404);
      expect((await send(key, { thumbs_up: false, feedback: "The pauses between sentences are too long.", glitches: true })).status).toBe(200);
      const item = (await (await api(`/v1/history/${id}`, { key })).json()) as { feedback: Record<string, unknown> };
      expect(item.feedback).toMatchObject({ thumbs_up: false, glitches: true, review_status: "not_reviewed", feedback: "The pauses between sentences are too long." });
      await env.DB.prepare("UPDATE history_items SET feedback = json_set(feedback, '$.review_status', 'reviewed') WHERE id = ?").bind(id).run();
      const locked = await send(key, { thumbs_up: true });
      expect(locked.status).toBe(409);
      expect(await locked.json()).toMatchObject({ detail: { message: "This feedback cannot be changed as it was already reviewed." } });
    });
  });

  describe("share links", () => {
    it("creates one unguessable link per item, in the workspace only, and revokes it", async () => {
      const made = await tts(key, { text: "Share me." });
      const id = made.headers.get("history-item-id")!;
      const first = (await (await api(`/v1/history/${id}/share-link`, { key })).json()) as { share_link: string; public_user_name: string };
      expect(first.share_link).toMatch(/^\/share\/[0-9a-f]{32}$/);
      const again = (await (await api(`/v1/history/${id}/share-link`, { key })).json()) as { share_link: string };
      expect(again.share_link).toBe(first.share_link);
      expect((await api(`/v1/history/${id}/share-link`, { key: otherKey })).status).toBe(404);
      expect((await api("/v1/user/update-public-user-name", { method: "POST", key, json: { public_user_name: "Speaker One" } })).status).toBe(200);
      expect(((await (await api(`/v1/history/${id}/share-link`, { key })).json()) as { public_user_name: string }).public_user_name).toBe("Speaker One");
      expect((await api("/v1/user/update-public-user-name", { method: "POST", key, json: { public_user_name: "x".repeat(51) } })).status).toBe(422);
      expect((await api(`/v1/history/${id}/share-link`, { method: "DELETE", key: otherKey })).status).toBe(404);
      expect((await api(`/v1/history/${id}/share-link`, { method: "DELETE", key })).status).toBe(200);
      const fresh = (await (await api(`/v1/history/${id}/share-link`, { key })).json()) as { share_link: string };
      expect(fresh.share_link).not.toBe(first.share_link);
    });
  });
});

describe("audio-isolation", () => {
  // The voice isolator over /v1/audio-isolation: the embedded engine (RNNoise in the speech worker) on speech from
  // the platform's own engine plus white noise, the charge by duration, the history, and every refusal.
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
});

describe("sound-effects", () => {
  async function workspaceId(key: string): Promise<string> {
    return ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
  }

  async function counts(workspace: string): Promise<{ charged: number; items: number; usage: number }> {
    const row = await env.DB.prepare(
      `SELECT (SELECT character_count FROM workspaces WHERE id = ?1) AS charged,
            (SELECT count(*) FROM sound_generations WHERE workspace_id = ?1) AS items,
            (SELECT count(*) FROM usage_events WHERE workspace_id = ?1) AS usage`,
    )
      .bind(workspace)
      .first<{ charged: number; items: number; usage: number }>();
    return row!;
  }

  const generate = (key: string, json: unknown, query = "") => api(`/v1/sound-generation${query}`, { method: "POST", key, json });

  describe("POST /v1/sound-generation", () => {
    it("makes an MP3 of the asked duration, keeps it in history and charges 20 credits a second", async () => {
      const key = await createKey(await signUp("sfx-good@example.com"));
      const workspace = await workspaceId(key);
      const response = await generate(key, { text: "Heavy rain on a tin roof", duration_seconds: 2.5, prompt_influence: 0.6 });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("audio/mpeg");
      expect(response.headers.get("x-sound-recipes")).toBe("rain");
      const id = response.headers.get("sound-generation-history-item-id")!;
      const { samples, sampleRate } = await decodeMp3(new Uint8Array(await response.arrayBuffer()));
      expect(samples.length / sampleRate).toBeGreaterThan(2.4);
      expect(samples.length / sampleRate).toBeLessThan(2.7);
      expect(await counts(workspace)).toEqual({ charged: 50, items: 1, usage: 1 });
      const usage = await env.DB.prepare("SELECT source, voice_name, characters FROM usage_events WHERE id = ?").bind(id).first();
      expect(usage).toEqual({ source: "SFX", voice_name: "Sound effects", characters: 50 });

      const history = (await (await api("/v1/sound-generation/history", { key })).json()) as { history: { sound_generation_history_item_id: string; text: string; duration_seconds: number; credits: number; loop: boolean }[] };
      expect(history.history).toHaveLength(1);
      expect(history.history[0]).toMatchObject({ sound_generation_history_item_id: id, text: "Heavy rain on a tin roof", duration_seconds: 2.5, credits: 50, loop: false });
      const audio = await api(`/v1/sound-generation/history/${id}/audio`, { key });
      expect(audio.status).toBe(200);
      expect(audio.headers.get("content-type")).toBe("audio/mpeg");
    });

    it("chooses the duration when none is given, loops, answers the format asked for, and repeats a seed exactly", async () => {
      const key = await createKey(await signUp("sfx-auto@example.com"));
      const click = await generate(key, { text: "a mouse click" }, "?output_format=pcm_16000");
      expect(click.status).toBe(200);
      expect((await click.arrayBuffer()).byteLength).toBe(16000 * 0.5 * 2);
      const a = await generate(key, { text: "wind", duration_seconds: 1, loop: true, seed: 42, model_id: "eleven_text_to_sound_v2" }, "?output_format=pcm_22050");
      const b = await generate(key, { text: "wind", duration_seconds: 1, loop: true, seed: 42 }, "?output_format=pcm_22050");
      expect(new Uint8Array(await a.arrayBuffer())).toEqual(new Uint8Array(await b.arrayBuffer()));
    });

    it.each([
      ["empty text", { text: "  " }, ""],
      ["too long text", { text: "rain ".repeat(100) }, ""],
      ["duration too short", { text: "rain", duration_seconds: 0.2 }, ""],
      ["duration too long", { text: "rain", duration_seconds: 23 }, ""],
      ["prompt influence out of range", { text: "rain", prompt_influence: 1.5 }, ""],
      ["unknown output format", { text: "rain" }, "?output_format=wav_9"],
      ["text missing", { duration_seconds: 2 }, ""],
    ])("refuses %s with 422, charging and keeping nothing", async (_, body, query) => {
      const key = await createKey(await signUp(`sfx-bad-${Math.random().toString(36).slice(2)}@example.com`));
      const workspace = await workspaceId(key);
      const response = await generate(key, body, query);
      expect(response.status).toBe(422);
      const detail = ((await response.json()) as { detail: { loc: string[]; msg: string }[] }).detail;
      expect(detail[0]!.msg).toBeTruthy();
      expect(await counts(workspace)).toEqual({ charged: 0, items: 0, usage: 0 });
    });

    it("refuses an unknown model, a format above the plan and an exhausted quota, charging nothing", async () => {
      const key = await createKey(await signUp("sfx-refused@example.com"));
      const workspace = await workspaceId(key);
      expect((await generate(key, { text: "rain", model_id: "no_such_model" })).status).toBe(400);
      const format = await generate(key, { text: "rain" }, "?output_format=pcm_44100");
      expect(format.status).toBe(403);
      expect(((await format.json()) as { detail: { status: string } }).detail.status).toBe("output_format_not_allowed");
      await env.DB.prepare("UPDATE workspaces SET character_count = character_limit - 10 WHERE id = ?").bind(workspace).run();
      const quota = await generate(key, { text: "rain", duration_seconds: 1 });
      expect(quota.status).toBe(401);
      expect(((await quota.json()) as { detail: { status: string } }).detail.status).toBe("quota_exceeded");
      const after = await counts(workspace);
      expect([after.items, after.usage]).toEqual([0, 0]);
    });

    it("needs credentials and never shows another workspace's items", async () => {
      expect((await api("/v1/sound-generation", { method: "POST", json: { text: "rain" } })).status).toBe(401);
      const owner = await createKey(await signUp("sfx-owner@example.com"));
      const id = (await generate(owner, { text: "a short beep" })).headers.get("sound-generation-history-item-id")!;
      const other = await createKey(await signUp("sfx-other@example.com"));
      expect(((await (await api("/v1/sound-generation/history", { key: other })).json()) as { history: unknown[] }).history).toEqual([]);
      expect((await api(`/v1/sound-generation/history/${id}/audio`, { key: other })).status).toBe(404);
    });
  });
});

describe("speech-to-speech", () => {
  // The voice changer over /v1/speech-to-speech and forced alignment over /v1/forced-alignment: the embedded DSP
  // engines (speech worker) on the platform's own speech, the charge by duration, the history, and the refusals.
  const ARIA = "pv01aria000000000000";
  const ROGER = "pv02roger00000000000";
  const speech = env.SPEECH as unknown as { synthesize(request: SynthesisRequest): Promise<SynthesisResult> };

  /** A male engine voice's sentence: the recording to convert. */
  async function recording(text = "The voice changer keeps every word and pause where it was, and only the voice is new.") {
    const spoken = await speech.synthesize({ text, engineVoice: "en-us+m3", rate: 175, pitch: 40, range: 50 });
    return { samples: new Int16Array(spoken.pcm.slice().buffer), rate: spoken.sampleRate };
  }

  function upload(bytes: Uint8Array, type = "audio/wav", name = "my take.wav", fields: Record<string, string> = {}, field = "audio") {
    const body = new FormData();
    body.append(field, new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    return body;
  }

  const pitchOf = (samples: Int16Array, rate: number) => medianPitch(pitchTrack(floatSamples(samples), rate))!;

  async function workspaceState(key: string) {
    const { workspace_id } = (await (await api("/v1/workspace", { key })).json()) as { workspace_id: string };
    const row = await env.DB.prepare(
      `SELECT character_count AS charged, (SELECT count(*) FROM history_items WHERE workspace_id = ?1) AS items,
            (SELECT count(*) FROM usage_events WHERE workspace_id = ?1) AS usage, (SELECT count(*) FROM generation_slots WHERE workspace_id = ?1) AS slots
     FROM workspaces WHERE id = ?1`,
    )
      .bind(workspace_id)
      .first<{ charged: number; items: number; usage: number; slots: number }>();
    return { workspaceId: workspace_id, ...row! };
  }

  describe("POST /v1/speech-to-speech/{voice_id}", () => {
    it("keeps the duration, moves the pitch to the voice's within 10%, charges by duration and writes an STS history item", async () => {
      const key = await createKey(await signUp("sts-good@example.com"));
      const { samples, rate } = await recording();
      const seconds = samples.length / rate;
      const response = await api(`/v1/speech-to-speech/${ARIA}`, { method: "POST", key, body: upload(wavFile(samples, rate), "audio/wav", "my take.wav", { model_id: "eleven_multilingual_sts_v2" }) });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("audio/mpeg");
      expect(Number(response.headers.get("character-cost"))).toBe(Math.ceil((seconds * 1000) / 60));
      const out = await decodeMp3(new Uint8Array(await response.arrayBuffer()));
      expect(Math.abs(out.samples.length / out.sampleRate - seconds)).toBeLessThan(0.08);

      // Aria as the platform speaks her: the target the converter measured.
      const aria = await api(`/v1/text-to-speech/${ARIA}?output_format=mp3_44100_128`, { method: "POST", key, json: { text: REFERENCE_SENTENCE } });
      const ariaAudio = await decodeMp3(new Uint8Array(await aria.arrayBuffer()));
      const target = pitchOf(ariaAudio.samples, ariaAudio.sampleRate);
      const source = pitchOf(samples, rate);
      const converted = pitchOf(out.samples, out.sampleRate);
      console.log(`median pitch: source ${source.toFixed(0)} Hz, target ${target.toFixed(0)} Hz, converted ${converted.toFixed(0)} Hz`);
      expect(Math.abs(converted / target - 1)).toBeLessThan(0.1);
      expect(Math.abs(source / target - 1)).toBeGreaterThan(0.2);

      const id = response.headers.get("history-item-id")!;
      const item = (await (await api(`/v1/history/${id}`, { key })).json()) as { source: string; voice_id: string; text: string; duration_ms: number };
      expect(item).toMatchObject({ source: "STS", voice_id: ARIA, text: "Voice changed: my take" });
      expect(Math.abs(item.duration_ms / 1000 - seconds)).toBeLessThan(0.01);
      expect((await api(`/v1/history/${id}/audio`, { key })).status).toBe(200);
      // The conversion and Aria's text to speech.
      expect(await workspaceState(key)).toMatchObject({ items: 2, usage: 2, slots: 0 });
    }, 30_000);

    it("streams the same audio from /stream, honours output_format, and cleans the background when asked", async () => {
      const key = await createKey(await signUp("sts-stream@example.com"));
      const { samples, rate } = await recording("A shorter sentence to stream.");
      const wav = wavFile(samples, rate);
      const whole = new Uint8Array(await (await api(`/v1/speech-to-speech/${ROGER}`, { method: "POST", key, body: upload(wav) })).arrayBuffer());
      const streamed = await api(`/v1/speech-to-speech/${ROGER}/stream`, { method: "POST", key, body: upload(wav) });
      expect(streamed.status).toBe(200);
      expect(new Uint8Array(await streamed.arrayBuffer())).toEqual(whole);
      const pcm = await api(`/v1/speech-to-speech/${ROGER}?output_format=pcm_16000`, { method: "POST", key, body: upload(wav) });
      expect(pcm.status).toBe(200);
      expect(Math.abs((await pcm.arrayBuffer()).byteLength / 2 / 16000 - samples.length / rate)).toBeLessThan(0.01);
      const cleaned = await api(`/v1/speech-to-speech/${ROGER}`, { method: "POST", key, body: upload(wav, "audio/wav", "a.wav", { remove_background_noise: "true", seed: "12" }) });
      expect(cleaned.status).toBe(200);
      expect((await workspaceState(key)).items).toBe(4);
    }, 30_000);

    it("refuses bad input with a 4xx and detail, another workspace's voice too, charging and storing nothing", async () => {
      const ownerKey = await createKey(await signUp("sts-owner@example.com"));
      const key = await createKey(await signUp("sts-bad@example.com"));
      const { workspaceId: ownerWorkspace } = await workspaceState(ownerKey);
      const PRIVATE = "sts0private000000001";
      await env.DB.prepare(
        `INSERT INTO voices (voice_id, workspace_id, category, name, language, engine, engine_parameters) VALUES (?, ?, 'cloned', 'Private', 'en', 'embedded', '{"espeakVoice":"en-us","variant":"m3","basePitch":50,"externalVoices":{}}')`,
      )
        .bind(PRIVATE, ownerWorkspace)
        .run();
      const { samples, rate } = await recording("Short.");
      const wav = wavFile(samples, rate);
      const mp3 = new Uint8Array(await (await api(`/v1/text-to-speech/${ARIA}`, { method: "POST", key: ownerKey, json: { text: "A sentence long enough to cut in half." } })).arrayBuffer());
      let seed = 9;
      const noise = Int16Array.from({ length: 16000 }, () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 2000);
      const before = await workspaceState(key);
      const cases: [string, FormData, number, string][] = [
        [ARIA, upload(new Uint8Array(0)), 400, "empty_file"],
        [ARIA, upload(mp3.subarray(0, Math.floor(mp3.length / 2) + 7), "audio/mpeg", "cut.mp3"), 400, "invalid_audio"],
        [ARIA, upload(new TextEncoder().encode("just some text"), "text/plain", "notes.txt"), 400, "invalid_file_type"],
        [ARIA, upload(new TextEncoder().encode("not really audio"), "audio/wav", "fake.wav"), 400, "invalid_file_type"],
        [ARIA, upload(wavFile(new Int16Array(16000 * 121), 16000), "audio/wav", "long.wav"), 400, "audio_too_long"],
        [ARIA, upload(wavFile(noise, 16000), "audio/wav", "hiss.wav"), 400, "no_speech"],
        [ARIA, upload(wav, "audio/wav", "a.wav", { model_id: "eleven_turbo_v2" }), 400, "model_not_found"],
        [PRIVATE, upload(wav), 404, "voice_not_found"],
        ["nosuchvoice000000000", upload(wav), 404, "voice_not_found"],
      ];
      for (const [voice, body, status, code] of cases) {
        const response = await api(`/v1/speech-to-speech/${voice}`, { method: "POST", key, body });
        const json = (await response.json()) as { detail: { status: string; message: string } };
        expect({ code, status: response.status, detail: json.detail.status }).toEqual({ code, status, detail: code });
        expect(json.detail.message.length).toBeGreaterThan(10);
      }
      for (const fields of [{ voice_settings: "{not json" } as Record<string, string>, { voice_settings: '{"stability": 4}' }, { seed: "-1" }, { remove_background_noise: "maybe" }, { file_format: "flac" }]) {
        expect((await api(`/v1/speech-to-speech/${ARIA}`, { method: "POST", key, body: upload(wav, "audio/wav", "a.wav", fields) })).status).toBe(422);
      }
      const missing = await api(`/v1/speech-to-speech/${ARIA}`, { method: "POST", key, body: new FormData() });
      expect(missing.status).toBe(422);
      expect(((await missing.json()) as { detail: { loc: string[] }[] }).detail[0]!.loc).toEqual(["body", "audio"]);
      expect((await api(`/v1/speech-to-speech/${ARIA}?output_format=mp3_44100_192`, { method: "POST", key, body: upload(wav) })).status).toBe(403);
      const after = await workspaceState(key);
      expect(after).toEqual(before);
      expect((await env.MEDIA.list({ prefix: `history/${after.workspaceId}/` })).objects).toHaveLength(0);
    }, 30_000);
  });

  describe("POST /v1/forced-alignment", () => {
    it("aligns the platform's own speech of a known text: words in order, boundaries near the engine's own", async () => {
      const key = await createKey(await signUp("align-good@example.com"));
      const text = "Forced alignment finds where each word of a known text is spoken. The second sentence follows a short pause.";
      const spoken = (await (await api(`/v1/text-to-speech/${ROGER}/with-timestamps?output_format=mp3_44100_128`, { method: "POST", key, json: { text } })).json()) as {
        audio_base64: string;
        alignment: { characters: string[]; character_start_times_seconds: number[] };
      };
      const audio = Uint8Array.from(atob(spoken.audio_base64), (c) => c.charCodeAt(0));
      const response = await api("/v1/forced-alignment", { method: "POST", key, body: upload(audio, "audio/mpeg", "speech.mp3", { text }, "file") });
      expect(response.status).toBe(200);
      const aligned = (await response.json()) as { characters: { text: string; start: number; end: number }[]; words: { text: string; start: number; end: number; loss: number }[]; loss: number };
      expect(aligned.characters.map((c) => c.text).join("")).toBe(text);
      expect(aligned.words.map((w) => w.text)).toEqual(text.split(" "));
      for (let i = 1; i < aligned.words.length; i++) expect(aligned.words[i]!.start).toBeGreaterThanOrEqual(aligned.words[i - 1]!.end);
      // The engine's own word starts: the first character after each space.
      const truth = spoken.alignment.characters.flatMap((c, i) => (c !== " " && (i === 0 || spoken.alignment.characters[i - 1] === " ") ? [spoken.alignment.character_start_times_seconds[i]!] : []));
      const errors = aligned.words.map((w, i) => Math.abs(w.start - truth[i]!)).sort((a, b) => a - b);
      console.log(`forced alignment: median word-start error ${(errors[Math.floor(errors.length / 2)]! * 1000).toFixed(0)} ms, loss ${aligned.loss}`);
      expect(errors[Math.floor(errors.length / 2)]!).toBeLessThan(0.1);
      expect(aligned.loss).toBeGreaterThan(0);
    }, 30_000);

    it("refuses empty or too long text, bad files and missing fields", async () => {
      const key = await createKey(await signUp("align-bad@example.com"));
      const { samples, rate } = await recording("Short.");
      const wav = wavFile(samples, rate);
      const cases: [FormData, number, string][] = [
        [upload(wav, "audio/wav", "a.wav", { text: "   " }, "file"), 400, "empty_text"],
        [upload(wav, "audio/wav", "a.wav", { text: "word ".repeat(1001) }, "file"), 400, "text_too_long"],
        [upload(new Uint8Array(0), "audio/wav", "a.wav", { text: "Short." }, "file"), 400, "empty_file"],
        [upload(new TextEncoder().encode("text"), "text/plain", "a.txt", { text: "Short." }, "file"), 400, "invalid_file_type"],
        [upload(new TextEncoder().encode("not really audio"), "audio/wav", "a.wav", { text: "Short." }, "file"), 400, "invalid_file_type"],
      ];
      for (const [body, status, code] of cases) {
        const response = await api("/v1/forced-alignment", { method: "POST", key, body });
        expect({ code, status: response.status, detail: ((await response.json()) as { detail: { status: string } }).detail.status }).toEqual({ code, status, detail: code });
      }
      expect((await api("/v1/forced-alignment", { method: "POST", key, body: upload(wav, "audio/wav", "a.wav", {}, "file") })).status).toBe(422);
      expect((await api("/v1/forced-alignment", { method: "POST", key, body: upload(wav, "audio/wav", "a.wav", { text: "Short." }, "audio") })).status).toBe(422);
    }, 30_000);
  });
});

describe("openai-speech", () => {
  const ARIA = "pv01aria000000000000";
  const GRETA = "pv05greta00000000000";
  /** The stand-in transcription server's model (vitest.config.ts). */
  const STAND_IN = "Systran/faster-whisper-small";
  let key: string;

  type OpenAiErrorBody = { error: { message: string; type: string; code: string | null; param: string | null } };

  function speech(body: unknown, k = key) {
    return api("/v1/audio/speech", { method: "POST", headers: { authorization: `Bearer ${k}` }, json: body });
  }
  async function lastHistory(k = key): Promise<{ voice_id: string; model_id: string; text: string }> {
    const list = (await (await api("/v1/history?page_size=1", { key: k })).json()) as { history: { voice_id: string; model_id: string; text: string }[] };
    return list.history[0]!;
  }
  /** Seconds of 24 kHz 16-bit mono PCM. */
  const pcmSeconds = (bytes: number) => bytes / 2 / 24000;

  beforeAll(async () => {
    await installSpeechToTextModel();
    key = await createKey(await signUp("openai-speech@example.com"));
  });

  describe("OpenAI-compatible speech", () => {
    it("speaks each standard voice name as its mapped premade voice, and platform voice ids (also as {id})", async () => {
      for (const name of ["alloy", "onyx", "Sage"]) {
        const response = await speech({ model: "tts-1", input: `Voice ${name}.`, voice: name });
        expect(response.status, name).toBe(200);
        await response.arrayBuffer();
        expect((await lastHistory()).voice_id, name).toBe(OPENAI_VOICES[name.toLowerCase() as "alloy"].voiceId);
      }
      const byId = await speech({ model: "gpt-4o-mini-tts", input: "By id.", voice: { id: GRETA } });
      expect(byId.status).toBe(200);
      await byId.arrayBuffer();
      expect((await lastHistory()).voice_id).toBe(GRETA);
      // OpenAI's model names are served by the default model, which history records.
      expect((await lastHistory()).model_id).toBe("parlance_multilingual_v1");
    });

    it("lists the mapping and lets an admin point a name at another voice, and restore it", async () => {
      const table = (await (await api("/v1/openai/voices", { key })).json()) as { voices: { name: string; voice_id: string; voice_name: string; customized: boolean }[] };
      expect(table.voices.map((v) => v.name)).toEqual(OPENAI_VOICE_NAMES);
      expect(table.voices.find((v) => v.name === "alloy")).toMatchObject({ voice_id: ARIA, voice_name: "Aria", customized: false });
      const changed = await api("/v1/openai/voices/alloy", { method: "PUT", key, json: { voice_id: GRETA } });
      expect(changed.status).toBe(200);
      expect(await changed.json()).toMatchObject({ name: "alloy", voice_id: GRETA, voice_name: "Greta", customized: true });
      (await speech({ model: "tts-1", input: "Mapped.", voice: "alloy" })).body?.cancel();
      await new Promise((r) => setTimeout(r, 50));
      expect((await lastHistory()).voice_id).toBe(GRETA);
      expect((await api("/v1/openai/voices/alloy", { method: "PUT", key, json: { voice_id: "nosuchvoice" } })).status).toBe(404);
      expect((await api("/v1/openai/voices/robot", { method: "PUT", key, json: { voice_id: GRETA } })).status).toBe(422);
      const restored = await api("/v1/openai/voices/alloy", { method: "DELETE", key });
      expect(await restored.json()).toMatchObject({ voice_id: ARIA, customized: false });
      // Another workspace's mapping is its own.
      const other = await createKey(await signUp("openai-speech-other@example.com"));
      await api("/v1/openai/voices/echo", { method: "PUT", key: other, json: { voice_id: GRETA } });
      const mine = (await (await api("/v1/openai/voices", { key })).json()) as { voices: { name: string; voice_id: string }[] };
      expect(mine.voices.find((v) => v.name === "echo")?.voice_id).toBe(OPENAI_VOICES.echo.voiceId);
      // Only admins change it.
      const editorEmail = "openai-speech-other@example.com";
      await env.DB.prepare("UPDATE workspace_members SET role = 'editor' WHERE user_id = (SELECT id FROM users WHERE email = ?)").bind(editorEmail).run();
      expect((await api("/v1/openai/voices/echo", { method: "DELETE", key: other })).status).toBe(403);
    });

    it("answers every response format with its content type; aac is refused", async () => {
      const mp3 = await speech({ model: "tts-1", input: "Format test.", voice: "alloy", response_format: "mp3" });
      expect(mp3.headers.get("content-type")).toBe("audio/mpeg");
      expect(mp3Frames(new Uint8Array(await mp3.arrayBuffer())).length).toBeGreaterThan(10);
      const opus = await speech({ model: "tts-1", input: "Format test.", voice: "alloy", response_format: "opus" });
      expect(opus.headers.get("content-type")).toBe("audio/ogg");
      expect(readOggPages(new Uint8Array(await opus.arrayBuffer())).length).toBeGreaterThan(2);
      const pcm = await speech({ model: "tts-1", input: "Format test.", voice: "alloy", response_format: "pcm" });
      expect(pcm.headers.get("content-type")).toBe("audio/pcm");
      const pcmBytes = (await pcm.arrayBuffer()).byteLength;
      expect(pcmSeconds(pcmBytes)).toBeGreaterThan(0.5);
      const wav = await speech({ model: "tts-1", input: "Format test.", voice: "alloy", response_format: "wav" });
      expect(wav.headers.get("content-type")).toBe("audio/wav");
      const wavBytes = new Uint8Array(await wav.arrayBuffer());
      expect(new TextDecoder().decode(wavBytes.subarray(0, 4))).toBe("RIFF");
      expect(new DataView(wavBytes.buffer).getUint32(40, true)).toBe(wavBytes.byteLength - 44);
      expect(new DataView(wavBytes.buffer).getUint32(24, true)).toBe(24000);
      const flac = await speech({ model: "tts-1", input: "Format test.", voice: "alloy", response_format: "flac" });
      expect(flac.headers.get("content-type")).toBe("audio/flac");
      const flacBytes = new Uint8Array(await flac.arrayBuffer());
      expect(new TextDecoder().decode(flacBytes.subarray(0, 4))).toBe("fLaC");
      // STREAMINFO's total samples: the same text spoken (an unseeded utterance carries the engine's state from the
      // one before, so two of them differ a little: decision 0011), compressed below its 16-bit size.
      const flacSamples = new DataView(flacBytes.buffer).getUint32(22);
      expect(Math.abs(flacSamples - pcmBytes / 2)).toBeLessThan(pcmBytes / 2 / 5);
      expect(flacBytes.byteLength).toBeLessThan(flacSamples * 2);

      const aac = await speech({ model: "tts-1", input: "Format test.", voice: "alloy", response_format: "aac" });
      expect(aac.status).toBe(400);
      expect(((await aac.json()) as OpenAiErrorBody).error).toMatchObject({ type: "invalid_request_error", code: "unsupported_response_format", param: "response_format" });
      const ogg = await speech({ model: "tts-1", input: "Format test.", voice: "alloy", response_format: "ogg" });
      expect(ogg.status).toBe(400);
      expect(((await ogg.json()) as OpenAiErrorBody).error).toMatchObject({ code: "invalid_value", param: "response_format" });
    });

    it("maps speed onto the engine's rate (clamped, and says so), and instructions onto pace, pitch and range", async () => {
      const durations: Record<string, number> = {};
      const text = "The quick brown fox jumps over the lazy dog.";
      for (const speed of [0.5, 1, 2, 4]) {
        const response = await speech({ model: "tts-1", input: text, voice: "echo", response_format: "pcm", speed });
        expect(response.status).toBe(200);
        durations[speed] = pcmSeconds((await response.arrayBuffer()).byteLength);
        expect(response.headers.get("effective-speed"), String(speed)).toBe(String({ 0.5: 0.5, 1: 1, 2: 2, 4: 2.57 }[speed]));
      }
      expect(durations[0.5]!).toBeGreaterThan(durations[1]! * 1.5);
      expect(durations[2]!).toBeLessThan(durations[1]! * 0.7);
      expect(durations[4]!).toBeLessThan(durations[2]!);
      for (const speed of [0.1, 5, "fast"]) {
        const bad = await speech({ model: "tts-1", input: text, voice: "echo", speed });
        expect(bad.status, String(speed)).toBe(400);
        expect(((await bad.json()) as OpenAiErrorBody).error.param).toBe("speed");
      }
      const slow = await speech({ model: "gpt-4o-mini-tts", input: text, voice: "echo", response_format: "pcm", instructions: "Speak slowly and calmly, like a pirate." });
      expect(slow.headers.get("instructions-applied")).toBe("pace:slower, range:narrower");
      expect(pcmSeconds((await slow.arrayBuffer()).byteLength)).toBeGreaterThan(durations[1]! * 1.08);
      // tts-1 ignores instructions, as at OpenAI.
      const ignored = await speech({ model: "tts-1", input: text, voice: "echo", response_format: "pcm", instructions: "Speak slowly." });
      expect(ignored.headers.get("instructions-applied")).toBe("none");
      await ignored.arrayBuffer();
    });

    it("streams server-sent speech.audio.delta events and a done event", async () => {
      const response = await speech({ model: "gpt-4o-mini-tts", input: "First sentence. Second sentence.", voice: "nova", response_format: "wav", stream_format: "sse" });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/event-stream");
      const events = (await response.text())
        .split("\n\n")
        .filter(Boolean)
        .map((block) => JSON.parse(block.replace(/^data: /, "")) as { type: string; audio?: string; usage?: { input_tokens: number } });
      const deltas = events.filter((e) => e.type === "speech.audio.delta");
      expect(deltas.length).toBeGreaterThanOrEqual(2);
      expect(atob(deltas[0]!.audio!).slice(0, 4)).toBe("RIFF");
      expect(events.at(-1)).toEqual({ type: "speech.audio.done", usage: { input_tokens: 32, output_tokens: 0, total_tokens: 32 } });
    });

    it("refuses bad input in OpenAI's shape and statuses; charges nothing", async () => {
      const before = ((await (await api("/v1/user/subscription", { key })).json()) as { character_count: number }).character_count;
      const cases: [unknown, number, Partial<OpenAiErrorBody["error"]>][] = [
        [{ model: "tts-1", input: "Hi.", voice: "robot" }, 404, { code: "voice_not_found", param: "voice", type: "invalid_request_error" }],
        [{ model: "tts-9", input: "Hi.", voice: "alloy" }, 404, { code: "model_not_found", param: "model" }],
        [{ model: "tts-1", input: "", voice: "alloy" }, 400, { code: "invalid_value", param: "input" }],
        [{ model: "tts-1", input: "   ", voice: "alloy" }, 400, { code: "invalid_value", param: "input" }],
        [{ model: "tts-1", input: "a".repeat(4097), voice: "alloy" }, 400, { code: "invalid_value", param: "input" }],
        // Within OpenAI's 4096 but over the free plan's 2500 per request.
        [{ model: "tts-1", input: "a".repeat(3000), voice: "alloy" }, 400, { code: "max_character_limit_exceeded", param: "input" }],
        [{ input: "Hi.", voice: "alloy" }, 400, { param: "model" }],
      ];
      for (const [body, status, error] of cases) {
        const response = await speech(body);
        expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(status);
        expect(((await response.json()) as OpenAiErrorBody).error, JSON.stringify(body).slice(0, 60)).toMatchObject({ message: expect.any(String), ...error });
      }
      const notJson = await api("/v1/audio/speech", { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: "{" });
      expect(notJson.status).toBe(400);
      const noKey = await api("/v1/audio/speech", { method: "POST", headers: { authorization: "Bearer sk_wrong" }, json: { model: "tts-1", input: "Hi.", voice: "alloy" } });
      expect(noKey.status).toBe(401);
      expect(((await noKey.json()) as OpenAiErrorBody).error.code).toBe("invalid_api_key");
      const after = ((await (await api("/v1/user/subscription", { key })).json()) as { character_count: number }).character_count;
      expect(after).toBe(before);
      // The ElevenLabs-shaped routes keep their own shape.
      const elevenLabs = await api("/v1/text-to-speech/robot", { method: "POST", key, json: { text: "Hi." } });
      expect(await elevenLabs.json()).toMatchObject({ detail: { status: "voice_not_found" } });
    });

    it("transcribes on a configured speech-to-text server (here a stand-in) when its model is named, in each response format", async () => {
      const wav = new Uint8Array(await (await speech({ model: "tts-1", input: "Transcribe me.", voice: "nova", response_format: "wav" })).arrayBuffer());
      const transcribe = (fields: Record<string, string | string[]>, file: File | null = new File([wav], "speech.wav")) => {
        const form = new FormData();
        if (file) form.append("file", file);
        for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(name, v);
        return api("/v1/audio/transcriptions", { method: "POST", headers: { authorization: `Bearer ${key}` }, body: form });
      };
      // The stand-in says how many bytes of which type arrived: the file went through whole.
      const heard = `Heard ${wav.byteLength} bytes of audio/wav.`;
      expect(await (await transcribe({ model: STAND_IN })).json()).toEqual({ text: heard });
      const text = await transcribe({ model: STAND_IN, response_format: "text" });
      expect(text.headers.get("content-type")).toContain("text/plain");
      expect(await text.text()).toBe(`${heard}\n`);
      const verbose = (await (await transcribe({ model: STAND_IN, response_format: "verbose_json", language: "en", "timestamp_granularities[]": ["word", "segment"] })).json()) as {
        task: string;
        language: string;
        duration: number;
        words: { word: string; start: number; end: number }[];
        segments: { id: number; start: number; end: number; text: string }[];
      };
      expect(verbose).toMatchObject({ task: "transcribe", language: "en", text: heard });
      expect(verbose.words.map((w) => w.word.trim()).join(" ")).toBe(heard);
      expect(verbose.segments).toEqual([{ id: 0, start: 0, end: verbose.words.at(-1)!.end, text: heard }]);
      const srt = await (await transcribe({ model: STAND_IN, response_format: "srt" })).text();
      expect(srt).toBe(`1\n00:00:00,000 --> 00:00:02,400\n${heard}\n`);
      const vtt = await transcribe({ model: STAND_IN, response_format: "vtt" });
      expect(vtt.headers.get("content-type")).toContain("text/vtt");
      expect(await vtt.text()).toBe(`WEBVTT\n\n00:00:00.000 --> 00:00:02.400\n${heard}\n`);

      const bad: [Record<string, string>, File | null, string][] = [
        [{ model: STAND_IN }, null, "file"],
        [{ model: STAND_IN }, new File([], "empty.wav"), "file"],
        [{ model: STAND_IN }, new File([wav], "notes.txt", { type: "text/plain" }), "file"],
        [{}, new File([wav], "speech.wav"), "model"],
        [{ model: STAND_IN, response_format: "docx" }, new File([wav], "speech.wav"), "response_format"],
        [{ model: STAND_IN, language: "english" }, new File([wav], "speech.wav"), "language"],
      ];
      for (const [fields, file, param] of bad) {
        const response = await transcribe(fields, file);
        expect(response.status, param).toBe(400);
        expect(((await response.json()) as OpenAiErrorBody).error, param).toMatchObject({ type: "invalid_request_error", param });
      }
    });

    it("transcribes and translates English speech on the embedded engine (whisper-1 means the default), refuses other languages, and answers unknown paths in OpenAI's shape", async () => {
      // A real recording with known words (PocketSphinx's test data): "he might even have been made amiable himself".
      const wav = await sphinxRecording("sense_and_sensibility_01_austen_64kb-0930.wav");
      const post = (path: string, fields: Record<string, string>) => {
        const form = new FormData();
        form.append("file", new File([wav as Uint8Array<ArrayBuffer>], "speech.wav"));
        for (const [name, value] of Object.entries(fields)) form.append(name, value);
        return api(path, { method: "POST", headers: { authorization: `Bearer ${key}` }, body: form });
      };
      const heard = (await (await post("/v1/audio/transcriptions", { model: "whisper-1", response_format: "verbose_json", "timestamp_granularities[]": "word" })).json()) as { text: string; words: { word: string; start: number }[]; language: string };
      expect(heard.language).toBe("en");
      expect(wordErrorRate("he might even have been made amiable himself", heard.text)).toBeLessThan(0.35);
      expect(heard.words.length).toBeGreaterThan(1);
      const translated = (await (await post("/v1/audio/translations", { model: "whisper-1" })).json()) as { text: string };
      expect(translated.text).toBe(heard.text);
      const german = await post("/v1/audio/transcriptions", { model: "whisper-1", language: "de" });
      expect(german.status).toBe(422);
      expect(((await german.json()) as OpenAiErrorBody).error).toMatchObject({ code: "unsupported_language" });
      const unknown = await api("/v1/audio/nothing", { method: "POST", headers: { authorization: `Bearer ${key}` } });
      expect(unknown.status).toBe(404);
      expect(((await unknown.json()) as OpenAiErrorBody).error.code).toBe("not_found");
    }, 60_000);
  });
});

describe("stream-input", () => {
  const ARIA = "pv01aria000000000000";

  type Message = {
    audio?: string;
    isFinal?: boolean;
    is_final?: boolean;
    contextId?: string;
    alignment?: { chars: string[]; charStartTimesMs: number[]; charDurationsMs: number[] };
    normalizedAlignment?: { chars: string[] };
    message?: string;
    error?: string;
    code?: number;
  };

  /** Opens a socket as a client does (the upgrade through the app worker) and collects what it says until it closes. */
  async function connect(path: string, headers: Record<string, string> = {}) {
    const response = await SELF.fetch(`${ORIGIN}${path}`, { headers: { upgrade: "websocket", ...headers } });
    expect(response.status).toBe(101);
    const socket = response.webSocket!;
    const messages: Message[] = [];
    const closed = new Promise<{ code: number; reason: string }>((resolve) => {
      socket.addEventListener("close", (event) => resolve({ code: event.code, reason: event.reason }));
    });
    socket.addEventListener("message", (event) => {
      messages.push(JSON.parse(event.data as string) as Message);
    });
    socket.accept();
    const send = (message: unknown) => socket.send(typeof message === "string" ? message : JSON.stringify(message));
    return { socket, messages, closed, send };
  }

  async function workspaceOf(key: string): Promise<string> {
    return ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
  }

  async function charged(workspace: string): Promise<{ characters: number; items: number }> {
    return (await env.DB.prepare("SELECT (SELECT character_count FROM workspaces WHERE id = ?1) AS characters, (SELECT count(*) FROM history_items WHERE workspace_id = ?1) AS items")
      .bind(workspace)
      .first<{ characters: number; items: number }>())!;
  }

  const audioOf = (messages: Message[]) => {
    const parts = messages.filter((m) => m.audio).map((m) => fromBase64(m.audio!));
    const all = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
    let at = 0;
    for (const p of parts) {
      all.set(p, at);
      at += p.byteLength;
    }
    return all;
  };
  const spelled = (messages: Message[]) => messages.map((m) => m.alignment?.chars.join("") ?? "").join("");

  describe("WebSocket /v1/text-to-speech/{voice_id}/stream-input", () => {
    it("speaks text sent in pieces, with alignment that spells it, a final message and a normal close; charges and keeps history", async () => {
      const key = await createKey(await signUp("ws-good@example.com"));
      const workspace = await workspaceOf(key);
      const { messages, closed, send } = await connect(`/v1/text-to-speech/${ARIA}/stream-input?model_id=eleven_multilingual_v2`);
      send({ text: " ", voice_settings: { stability: 0.5, similarity_boost: 0.8 }, generation_config: { chunk_length_schedule: [50] }, xi_api_key: key });
      send({ text: "Hello there, this is streamed text. " });
      send({ text: "It arrives in pieces, " });
      send({ text: "and is spoken as it comes. " });
      send({ text: "" });
      expect(await closed).toEqual({ code: 1000, reason: "" });
      expect(messages.at(-1)).toEqual({ isFinal: true });
      const audio = messages.filter((m) => m.audio);
      expect(audio.length).toBeGreaterThanOrEqual(2);
      expect(spelled(messages)).toBe("Hello there, this is streamed text. It arrives in pieces, and is spoken as it comes. ");
      for (const m of audio) {
        if (!m.alignment) continue;
        expect(m.normalizedAlignment?.chars).toEqual(m.alignment.chars);
        expect(m.alignment.charStartTimesMs[0]).toBe(0);
        expect(m.alignment.charDurationsMs).toHaveLength(m.alignment.chars.length);
      }
      const { samples, sampleRate } = await decodeMp3(audioOf(messages));
      expect(samples.length / sampleRate).toBeGreaterThan(2);
      // Two generations (the schedule cut after 50 characters, then the close's flush), each a history item.
      const text = "Hello there, this is streamed text. It arrives in pieces, and is spoken as it comes. ";
      expect(await charged(workspace)).toEqual({ characters: text.length, items: 2 });
    });

    it("speaks with the engine model_id names: a configured server's model on that server", async () => {
      const key = await createKey(await signUp("ws-model@example.com"));
      const { messages, closed, send } = await connect(`/v1/text-to-speech/${ARIA}/stream-input?model_id=parlance_openai_compatible_v1&output_format=pcm_24000`, { "xi-api-key": key });
      send({ text: " " });
      send({ text: "Served elsewhere. " });
      send({ text: "" });
      expect((await closed).code).toBe(1000);
      // The stand-in server speaks 50 ms of audio a character: its length, not the embedded engine's.
      expect(audioOf(messages).byteLength / 2).toBe(Math.round(24000 * 0.05 * "Served elsewhere. ".length));
      const history = (await (await api("/v1/history", { key })).json()) as { history: { model_id: string }[] };
      expect(history.history.map((h) => h.model_id)).toEqual(["parlance_openai_compatible_v1"]);
    });

    it("takes the key from the header, speaks on flush and keeps the socket open", async () => {
      const key = await createKey(await signUp("ws-flush@example.com"));
      const { messages, closed, send, socket } = await connect(`/v1/text-to-speech/${ARIA}/stream-input?output_format=pcm_16000`, { "xi-api-key": key });
      send({ text: " " });
      send({ text: "Short. ", flush: true });
      for (let i = 0; i < 100 && !messages.some((m) => m.audio); i++) await new Promise((r) => setTimeout(r, 50));
      expect(spelled(messages)).toBe("Short. ");
      const pcm = audioOf(messages);
      expect(pcm.byteLength).toBeGreaterThan(16000 * 2 * 0.2);
      socket.close(1000, "done");
      await closed;
    });

    it("answers bad JSON, a missing or wrong key, a wrong voice and SSML with the protocol's error and a 1008 close", async () => {
      const key = await createKey(await signUp("ws-bad@example.com"));
      const badJson = await connect(`/v1/text-to-speech/${ARIA}/stream-input`, { "xi-api-key": key });
      badJson.send("{not json");
      expect((await badJson.closed).code).toBe(1008);
      expect(badJson.messages).toEqual([{ message: "Every message must be a JSON object.", error: "invalid_request", code: 1008 }]);

      const noKey = await connect(`/v1/text-to-speech/${ARIA}/stream-input`);
      noKey.send({ text: " " });
      expect((await noKey.closed).code).toBe(1008);
      expect(noKey.messages[0]).toMatchObject({ error: "invalid_api_key", code: 1008 });

      const wrongKey = await connect(`/v1/text-to-speech/${ARIA}/stream-input`);
      wrongKey.send({ text: " ", xi_api_key: "sk_nope" });
      expect((await wrongKey.closed).code).toBe(1008);
      expect(wrongKey.messages[0]).toEqual({ message: "Invalid API key", error: "invalid_api_key", code: 1008 });

      const wrongVoice = await connect(`/v1/text-to-speech/nosuchvoice/stream-input`);
      wrongVoice.send({ text: " ", "xi-api-key": key });
      expect((await wrongVoice.closed).code).toBe(1008);
      expect(wrongVoice.messages[0]).toMatchObject({ error: "voice_not_found", code: 1008 });

      const wrongModel = await connect(`/v1/text-to-speech/${ARIA}/stream-input?model_id=no_such_model`);
      wrongModel.send({ text: " ", xi_api_key: key });
      expect((await wrongModel.closed).code).toBe(1008);
      expect(wrongModel.messages).toEqual([{ message: "A model with id no_such_model was not found.", error: "model_not_found", code: 1008 }]);

      const badField = await connect(`/v1/text-to-speech/${ARIA}/stream-input`, { "xi-api-key": key });
      badField.send({ text: " ", generation_config: { chunk_length_schedule: [5] } });
      expect((await badField.closed).code).toBe(1008);
      expect(badField.messages[0]).toMatchObject({ error: "invalid_request" });
      expect(badField.messages[0]!.message).toContain("chunk_length_schedule");

      const ssml = await connect(`/v1/text-to-speech/${ARIA}/stream-input?enable_ssml_parsing=true`, { "xi-api-key": key });
      expect((await ssml.closed).code).toBe(1008);
      expect(ssml.messages[0]!.message).toContain("SSML");
    });

    it("answers an exhausted quota with quota_exceeded and a close, charging nothing", async () => {
      const key = await createKey(await signUp("ws-quota@example.com"));
      const workspace = await workspaceOf(key);
      await env.DB.prepare("UPDATE workspaces SET character_count = character_limit - 5 WHERE id = ?").bind(workspace).run();
      const before = await charged(workspace);
      const { messages, closed, send } = await connect(`/v1/text-to-speech/${ARIA}/stream-input`, { "xi-api-key": key });
      send({ text: " " });
      send({ text: "This sentence is longer than the credits left. " });
      send({ text: "" });
      expect((await closed).code).toBe(1008);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({ error: "quota_exceeded", code: 1008 });
      expect(await charged(workspace)).toEqual(before);
    });

    it("closes after inactivity_timeout seconds without a message, with input_timeout_exceeded", async () => {
      const key = await createKey(await signUp("ws-idle@example.com"));
      const { messages, closed, send } = await connect(`/v1/text-to-speech/${ARIA}/stream-input?inactivity_timeout=1`, { "xi-api-key": key });
      send({ text: " " });
      expect((await closed).code).toBe(1008);
      expect(messages).toEqual([{ message: "Have not received new text for 1 seconds. Closing the connection.", error: "input_timeout_exceeded", code: 1008 }]);
    });

    it("refuses a plain GET with 426", async () => {
      const response = await SELF.fetch(`${ORIGIN}/v1/text-to-speech/${ARIA}/stream-input`);
      expect(response.status).toBe(426);
      expect(((await response.json()) as { detail: { status: string } }).detail.status).toBe("upgrade_required");
    });
  });

  describe("WebSocket /v1/text-to-speech/{voice_id}/multi-stream-input", () => {
    it("speaks contexts apart, flushes and closes each, then the socket", async () => {
      const key = await createKey(await signUp("ws-multi@example.com"));
      const { messages, closed, send } = await connect(`/v1/text-to-speech/${ARIA}/multi-stream-input`, { "xi-api-key": key });
      send({ text: " ", context_id: "a" });
      send({ text: " ", context_id: "b", voice_settings: { speed: 1.1 } });
      send({ text: "First context speaks. ", context_id: "a" });
      send({ text: "Second context. ", context_id: "b", flush: true });
      send({ text: "Dropped, never flushed. ", context_id: "b" });
      send({ context_id: "b", close_context: true });
      send({ text: "", context_id: "a" }); // keeps a alive, says nothing
      send({ context_id: "a", flush: true });
      send({ close_socket: true });
      expect((await closed).code).toBe(1000);
      const of = (id: string) => messages.filter((m) => m.contextId === id);
      expect(spelled(of("a"))).toBe("First context speaks. ");
      expect(spelled(of("b"))).toBe("Second context. ");
      expect(of("b").at(-1)).toEqual({ is_final: true, contextId: "b" });
      expect(of("a").at(-1)).toEqual({ is_final: true, contextId: "a" });
      expect(messages.every((m) => m.isFinal === undefined)).toBe(true);
    });

    it("refuses a sixth open context", async () => {
      const key = await createKey(await signUp("ws-many@example.com"));
      const { messages, closed, send } = await connect(`/v1/text-to-speech/${ARIA}/multi-stream-input`, { "xi-api-key": key });
      for (const id of ["1", "2", "3", "4", "5", "6"]) send({ text: " ", context_id: id });
      expect((await closed).code).toBe(1008);
      expect(messages.at(-1)).toMatchObject({ error: "max_active_conversations", code: 1008 });
    });
  });
});

describe("realtime-speech-to-text", () => {
  // Realtime speech to text over WebSocket (/v1/speech-to-text/realtime, decision 0040) as the SDK's
  // speechToText.realtime speaks it: a real recording streamed in chunks (PocketSphinx's own test data), partial
  // transcripts at pauses, committed transcripts with word timings, the charge per committed second, single-use
  // tokens (once only), voice-activity commits, and the protocol's error messages.
  beforeAll(installSpeechToTextModel);

  type Message = { message_type: string; text?: string; error?: string; words?: { text: string; start: number; end: number; type: string }[]; session_id?: string };

  async function open(query: string, headers: Record<string, string> = {}) {
    const response = await SELF.fetch(`${ORIGIN}/v1/speech-to-text/realtime?${query}`, { headers: { upgrade: "websocket", ...headers } });
    expect(response.status).toBe(101);
    const socket = response.webSocket!;
    const messages: Message[] = [];
    const waiters: [(m: Message) => boolean, (m: Message) => void][] = [];
    const closed = new Promise<number>((resolve) => socket.addEventListener("close", (event) => resolve(event.code)));
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data as string) as Message;
      messages.push(message);
      for (const [i, [match, resolve]] of [...waiters.entries()].reverse()) {
        if (!match(message)) continue;
        waiters.splice(i, 1);
        resolve(message);
      }
    });
    socket.accept();
    const next = (type: string) =>
      new Promise<Message>((resolve) => {
        const seen = messages.find((m) => m.message_type === type && !(m as { taken?: boolean }).taken);
        if (seen) return resolve(Object.assign(seen, { taken: true }));
        waiters.push([(m) => m.message_type === type, (m) => resolve(Object.assign(m, { taken: true }))]);
      });
    const sendPcm = (samples: Int16Array, commit = false, chunkSeconds = 0.1, rate = 16000) => {
      const step = Math.round(chunkSeconds * rate);
      for (let at = 0; at < samples.length || (commit && at === 0); at += step) {
        const part = samples.slice(at, at + step);
        const last = at + step >= samples.length;
        socket.send(JSON.stringify({ message_type: "input_audio_chunk", audio_base_64: toBase64(new Uint8Array(part.buffer)), commit: commit && last, sample_rate: rate }));
      }
    };
    return { socket, messages, closed, next, sendPcm };
  }

  async function charged(key: string) {
    const { workspace_id } = (await (await api("/v1/workspace", { key })).json()) as { workspace_id: string };
    return (await env.DB.prepare("SELECT character_count AS credits, (SELECT count(*) FROM transcripts WHERE workspace_id = ?1) AS transcripts FROM workspaces WHERE id = ?1").bind(workspace_id).first<{ credits: number; transcripts: number }>())!;
  }

  const recording = async () => new Int16Array((await sphinxRecording("goforward.raw")).slice().buffer);
  const silence = (seconds: number, rate = 16000) => new Int16Array(Math.round(seconds * rate));

  describe("WebSocket /v1/speech-to-text/realtime", () => {
    it("hears a recording streamed in chunks: a partial at the pause, the committed words with timings; charged by the committed length", async () => {
      const key = await createKey(await signUp("rt-stt@example.com"));
      const speech = await recording();
      const session = await open("model_id=scribe_v2_realtime&audio_format=pcm_16000&include_timestamps=true", { "xi-api-key": key });
      const started = await session.next("session_started");
      expect(started.session_id).toMatch(/^[0-9a-f]{32}$/);
      session.sendPcm(speech);
      session.sendPcm(silence(0.5));
      session.sendPcm(silence(0.2), true);
      const committed = await session.next("committed_transcript");
      // Partials came at the pauses, before the commit: the last one has heard the whole recording.
      const partials = session.messages.filter((m) => m.message_type === "partial_transcript");
      console.log(`partials: ${partials.map((p) => `"${p.text}"`).join(", ")}`);
      expect(partials.length).toBeGreaterThan(0);
      expect(wordErrorRate("go forward ten meters", partials.at(-1)!.text!)).toBeLessThan(0.35);
      const timed = await session.next("committed_transcript_with_timestamps");
      console.log(`committed: "${committed.text}"`);
      expect(wordErrorRate("go forward ten meters", committed.text!)).toBeLessThan(0.35);
      const words = timed.words!.filter((w) => w.type === "word");
      expect(words.map((w) => w.text).join(" ")).toBe(committed.text);
      for (const [i, word] of words.entries()) {
        expect(word.end).toBeGreaterThan(word.start);
        if (i > 0) expect(word.start).toBeGreaterThanOrEqual(words[i - 1]!.end);
      }
      expect(words.at(-1)!.end).toBeLessThanOrEqual(speech.length / 16000 + 0.05);
      const seconds = (speech.length + 0.7 * 16000) / 16000;
      expect(await charged(key)).toEqual({ credits: transcriptionCredits(seconds), transcripts: 1 });

      // A second segment after the commit: its word times count from the session's start.
      session.sendPcm(speech, true);
      const second = await session.next("committed_transcript_with_timestamps");
      expect(second.words!.find((w) => w.type === "word")!.start).toBeGreaterThan(seconds - 0.01);
      session.socket.close(1000, "done");
    }, 60_000);

    it("opens with a single-use token once; commits on silence with commit_strategy=vad at 8 kHz; a silent commit charges nothing", async () => {
      const key = await createKey(await signUp("rt-token@example.com"));
      const issued = await api("/v1/single-use-token/realtime_scribe", { method: "POST", key });
      expect(issued.status).toBe(200);
      const { token } = (await issued.json()) as { token: string };
      expect((await api("/v1/single-use-token/tts_websocket", { method: "POST", key })).status).toBe(400);

      const speech8k = resample(await recording(), 16000, 8000);
      const session = await open(`model_id=scribe_v2_realtime&audio_format=pcm_8000&commit_strategy=vad&vad_silence_threshold_secs=0.8&token=${token}`);
      await session.next("session_started");
      session.sendPcm(silence(0.3, 8000), true, 0.1, 8000);
      expect((await session.next("committed_transcript")).text).toBe("");
      expect((await charged(key)).credits).toBe(0);
      session.sendPcm(speech8k, false, 0.1, 8000);
      session.sendPcm(silence(1, 8000), false, 0.1, 8000);
      const committed = await session.next("committed_transcript");
      expect(wordErrorRate("go forward ten meters", committed.text!)).toBeLessThan(0.5);
      expect((await charged(key)).transcripts).toBe(1);
      session.socket.close(1000, "done");

      // Spent: the same token opens nothing.
      const again = await open(`model_id=scribe_v2_realtime&token=${token}`);
      expect((await again.next("auth_error")).error).toMatch(/single-use token/);
      expect(await again.closed).toBe(1008);
    }, 60_000);

    it("routes a configured server's model id to that server, in the language asked", async () => {
      const key = await createKey(await signUp("rt-server@example.com"));
      const session = await open("model_id=Systran/faster-whisper-small&language_code=fr&include_timestamps=true", { "xi-api-key": key });
      expect(((await session.next("session_started")) as Message & { config: { language_code: string } }).config.language_code).toBe("fr");
      session.sendPcm(await recording(), true);
      // The stand-in server answers with how much audio it was sent: the segment as a 16 kHz WAV, not PocketSphinx's words.
      expect((await session.next("committed_transcript")).text).toMatch(/Heard \d+ bytes of audio/);
      const timed = (await session.next("committed_transcript_with_timestamps")) as Message & { language_code: string };
      expect(timed.language_code).toBe("fr");
      expect(timed.words!.map((w) => w.text)).toContain("Heard");
      session.socket.close(1000, "done");
      expect((await charged(key)).transcripts).toBe(1);
    }, 30_000);

    it("answers bad requests with the protocol's errors and closes", async () => {
      const key = await createKey(await signUp("rt-bad@example.com"));
      const noKey = await open("model_id=scribe_v2_realtime");
      expect((await noKey.next("auth_error")).error).toMatch(/xi-api-key/);
      const badFormat = await open("model_id=scribe_v2_realtime&audio_format=mp3", { "xi-api-key": key });
      expect((await badFormat.next("invalid_request")).error).toMatch(/audio_format/);
      const french = await open("model_id=scribe_v2_realtime&language_code=fr", { "xi-api-key": key });
      expect((await french.next("invalid_request")).error).toMatch(/US English/);
      // A model nothing here serves is refused, naming those that are.
      const unknownModel = await open("model_id=whisper-9000", { "xi-api-key": key });
      expect((await unknownModel.next("invalid_request")).error).toMatch(/whisper-9000 is not a speech-to-text model.*scribe_v2_realtime.*pocketsphinx/);
      expect(await unknownModel.closed).toBe(1008);
      const session = await open("model_id=scribe_v2_realtime", { "xi-api-key": key });
      await session.next("session_started");
      session.socket.send("not json");
      expect((await session.next("input_error")).error).toMatch(/input_audio_chunk/);
      expect(await session.closed).toBe(1008);
      expect((await SELF.fetch(`${ORIGIN}/v1/speech-to-text/realtime?model_id=x`)).status).toBe(426);
      expect(await charged(key)).toEqual({ credits: 0, transcripts: 0 });
    }, 30_000);
  });
});

describe("generation-slots", () => {
  const ARIA = "pv01aria000000000000";
  // Each sentence holds the speech stand-in's marker: it answers each after 250 ms, so the test sees the slot taken.
  const LONG_TEXT = Array.from({ length: 12 }, (_, i) => `This is sentence number ${i + 1} of a text that ${SLOW_SPEECH_MARKER}.`).join(" ");

  async function workspaceId(key: string): Promise<string> {
    return ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
  }
  async function slotsHeld(workspace: string): Promise<number> {
    return (await env.DB.prepare("SELECT count(*) AS n FROM generation_slots WHERE workspace_id = ?").bind(workspace).first<number>("n")) ?? 0;
  }
  async function characterCount(workspace: string): Promise<number> {
    return (await env.DB.prepare("SELECT character_count AS n FROM workspaces WHERE id = ?").bind(workspace).first<number>("n")) ?? -1;
  }
  async function historyCount(workspace: string): Promise<number> {
    return (await env.DB.prepare("SELECT count(*) AS n FROM history_items WHERE workspace_id = ?").bind(workspace).first<number>("n")) ?? 0;
  }
  /** Waits until `check` holds (the worker finishes an aborted generation after the client has gone). */
  async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > until) throw new Error("condition not reached in time");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  describe("concurrency slots", () => {
    it("are released at once when a client aborts a stream after its first chunk, and nothing is charged", async () => {
      const key = await createKey(await signUp("aborting@example.com"));
      const workspace = await workspaceId(key);
      // The free plan allows two generations at a time: two abandoned streams must not use them up.
      for (const path of ["stream", "stream/with-timestamps"]) {
        const controller = new AbortController();
        const response = await SELF.fetch(`${ORIGIN}/v1/text-to-speech/${ARIA}/${path}`, {
          method: "POST",
          headers: { "xi-api-key": key, "content-type": "application/json" },
          body: JSON.stringify({ text: LONG_TEXT }),
          signal: controller.signal,
        });
        expect(response.status).toBe(200);
        const reader = response.body!.getReader();
        const first = await reader.read();
        expect(first.done).toBe(false);
        controller.abort();
        await reader.cancel().catch(() => undefined);
      }
      await eventually(async () => (await slotsHeld(workspace)) === 0);
      const after = await api(`/v1/text-to-speech/${ARIA}/stream`, { method: "POST", key, json: { text: "Still speaking." } });
      expect(after.status).toBe(200);
      expect((await after.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      // Only the finished generation is charged and kept.
      expect(await characterCount(workspace)).toBe("Still speaking.".length);
      expect(await historyCount(workspace)).toBe(1);
      expect(await slotsHeld(workspace)).toBe(0);
    }, 30_000);

    it("are released when the reader alone cancels the body", async () => {
      const key = await createKey(await signUp("cancelling@example.com"));
      const workspace = await workspaceId(key);
      for (let i = 0; i < 3; i++) {
        const response = await api(`/v1/text-to-speech/${ARIA}/stream`, { method: "POST", key, json: { text: LONG_TEXT } });
        expect(response.status).toBe(200);
        const reader = response.body!.getReader();
        expect((await reader.read()).done).toBe(false);
        await reader.cancel();
        await eventually(async () => (await slotsHeld(workspace)) === 0);
      }
      expect(await characterCount(workspace)).toBe(0);
      expect(await historyCount(workspace)).toBe(0);
    }, 30_000);

    it("are released when a client gives up on a whole-file request before the audio is made, charging nothing", async () => {
      const key = await createKey(await signUp("impatient@example.com"));
      const workspace = await workspaceId(key);
      for (let i = 0; i < 2; i++) {
        await eventually(async () => (await slotsHeld(workspace)) === 0);
        const controller = new AbortController();
        // The configured speech server (a stand-in outside the worker) makes each sentence: the test can watch
        // the slot being taken, then leave.
        const pending = SELF.fetch(`${ORIGIN}/v1/text-to-speech/${ARIA}?output_format=pcm_24000`, {
          method: "POST",
          headers: { "xi-api-key": key, "content-type": "application/json" },
          body: JSON.stringify({ text: LONG_TEXT, model_id: "parlance_openai_compatible_v1" }),
          signal: controller.signal,
        });
        await eventually(async () => (await slotsHeld(workspace)) > 0);
        controller.abort();
        await expect(pending).rejects.toThrow();
      }
      await eventually(async () => (await slotsHeld(workspace)) === 0);
      expect(await characterCount(workspace)).toBe(0);
      expect(await historyCount(workspace)).toBe(0);
      const after = await api(`/v1/text-to-speech/${ARIA}`, { method: "POST", key, json: { text: "Now it works." } });
      expect(after.status).toBe(200);
    }, 60_000);
  });
});
