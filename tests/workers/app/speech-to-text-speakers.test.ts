// Speaker diarization on /v1/speech-to-text (decision 0051): one recording of three turns spoken by the platform's
// own premade voices (Roger, a man; Aria, a woman; Roger again) with pauses between them, transcribed once with
// diarize and the speakers found without being told how many, once with num_speakers; and a real reader.
import { beforeAll, describe, expect, it } from "vitest";
import { wavFile } from "../../../core/audio/wav";
import { concatSamples } from "../../../core/audio/pcm";
import { api, createKey, installSpeechToTextModel, signUp, sphinxRecording } from "./helpers";

const ROGER = "pv02roger00000000000";
const ARIA = "pv01aria000000000000";
const RATE = 16000;
const TURNS: [string, string][] = [
  [ROGER, "Good morning, did you sleep well?"],
  [ARIA, "Yes, very well, thank you."],
  [ROGER, "Then let us begin."],
];

type Word = { text: string; start: number; end: number; type: string; speaker_id?: string };

let key: string;
let recording: Uint8Array;
let reader: Uint8Array;
/** Where each turn ends, in seconds. */
const turnEnds: number[] = [];

beforeAll(async () => {
  await installSpeechToTextModel();
  // Read now: the test files' server closes an idle connection after a few seconds, and workerd may reuse it later.
  reader = await sphinxRecording("sense_and_sensibility_01_austen_64kb-0920.wav");
  key = await createKey(await signUp("stt-speakers@example.com"));
  const pause = new Int16Array(RATE * 0.7);
  const parts: Int16Array[] = [];
  let length = 0;
  for (const [voice, text] of TURNS) {
    const response = await api(`/v1/text-to-speech/${voice}?output_format=pcm_16000`, { method: "POST", key, json: { text } });
    expect(response.status).toBe(200);
    const bytes = await response.arrayBuffer();
    const samples = new Int16Array(bytes.slice(0, bytes.byteLength - (bytes.byteLength % 2)));
    parts.push(samples, pause);
    length += samples.length + pause.length;
    turnEnds.push((length - pause.length / 2) / RATE);
  }
  recording = wavFile(concatSamples(parts), RATE);
}, 60_000);

async function transcribe(fields: Record<string, string>, audio = recording) {
  const body = new FormData();
  body.append("file", new File([audio as Uint8Array<ArrayBuffer>], "dialogue.wav", { type: "audio/wav" }));
  body.append("model_id", "scribe_v1");
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const response = await api("/v1/speech-to-text", { method: "POST", key, body });
  expect(response.status).toBe(200);
  return ((await response.json()) as { words: Word[] }).words;
}

/** The speakers of each turn's words, in order. */
function speakersByTurn(words: Word[]): string[][] {
  return turnEnds.map((end, turn) => [...new Set(words.filter((w) => w.type === "word" && w.start < end && w.start >= (turnEnds[turn - 1] ?? 0)).map((w) => w.speaker_id!))]);
}

describe("speech to text with diarize", () => {
  it("finds a man and a woman in the right order, without num_speakers and with it", async () => {
    const found = await transcribe({ diarize: "true" });
    const words = found.filter((w) => w.type === "word");
    expect(words.length).toBeGreaterThan(5);
    expect(speakersByTurn(found)).toEqual([["speaker_0"], ["speaker_1"], ["speaker_0"]]);
    // Every spacing belongs to a speaker too.
    expect(found.every((w) => w.speaker_id)).toBe(true);

    const told = await transcribe({ diarize: "true", num_speakers: "2" });
    expect(speakersByTurn(told)).toEqual([["speaker_0"], ["speaker_1"], ["speaker_0"]]);
  }, 120_000);

  it("keeps one real reader as one speaker (a LibriVox recording, intonation and all)", async () => {
    const words = await transcribe({ diarize: "true" }, reader);
    expect(words.length).toBeGreaterThan(10);
    expect(new Set(words.map((w) => w.speaker_id))).toEqual(new Set(["speaker_0"]));
  }, 60_000);
});
