import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { readOggPages } from "../../../core/audio/ogg";
import { mp3Frames } from "../../../core/audio/audio-levels";
import { OPENAI_VOICE_NAMES, OPENAI_VOICES } from "../../../app/speech/rules/openai";
import { api, createKey, installSpeechToTextModel, signUp, sphinxRecording } from "./helpers";
import { wordErrorRate } from "~/transcription/rules/transcription";

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
