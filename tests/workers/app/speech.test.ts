import { env } from "cloudflare:test";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { mp3Frames } from "../../../core/audio/audio-levels";
import { readOggPages } from "../../../core/audio/ogg";
import { rmsLevel } from "../../../core/audio/pcm";
import { api, createKey, signUp } from "./helpers";

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
