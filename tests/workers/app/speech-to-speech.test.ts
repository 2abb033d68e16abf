// The voice changer over /v1/speech-to-speech and forced alignment over /v1/forced-alignment: the embedded DSP
// engines (speech worker) on the platform's own speech, the charge by duration, the history, and the refusals.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { SynthesisRequest, SynthesisResult } from "../../../core/engines/speech";
import { decodeMp3 } from "../../../core/audio/mp3-decoder";
import { wavFile } from "../../../core/audio/wav";
import { floatSamples } from "../../../core/voices/speaker-analysis";
import { medianPitch, pitchTrack } from "../../../core/voice-changer/pitch-track";
import { REFERENCE_SENTENCE } from "../../../core/voice-changer/reference";
import { api, createKey, signUp } from "./helpers";

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
