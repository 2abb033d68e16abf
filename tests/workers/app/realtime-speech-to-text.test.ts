// Realtime speech to text over WebSocket (/v1/speech-to-text/realtime, decision 0040) as the SDK's
// speechToText.realtime speaks it: a real recording streamed in chunks (PocketSphinx's own test data), partial
// transcripts at pauses, committed transcripts with word timings, the charge per committed second, single-use
// tokens (once only), voice-activity commits, and the protocol's error messages.
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { resample } from "../../../core/audio/pcm";
import { toBase64 } from "../../../core/base64";
import { transcriptionCredits, wordErrorRate } from "~/transcription/rules/transcription";
import { api, createKey, installSpeechToTextModel, ORIGIN, signUp, sphinxRecording } from "./helpers";

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
