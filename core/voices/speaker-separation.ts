// Speaker separation of a professional voice's sample (decision 0087): the sample's runs of voice activity (frames
// louder than the recording's noise floor) stand in for a recogniser's words, and speech to text's diarization
// (core/transcription/diarization.ts) groups them into speakers by their speaker vectors. Pure: PCM in, each
// speaker's utterances out; a speaker's audio is the sample's PCM over its utterances only.
import { timedSpeakers, type TimedWord } from "../transcription/diarization";
import { floatSamples } from "./speaker-analysis";

/** Frames of voice activity detection. */
export const VAD_FRAME_MS = 20;
/** A frame is active within this many dB of the loudest frame (and above VAD_FLOOR_DB). */
export const VAD_RANGE_DB = 35;
/** Frames quieter than this (dB below full scale) are never speech. */
export const VAD_FLOOR_DB = -55;
/** Active frames closer than this belong to one run (the gaps inside a word, between quick words). */
export const VAD_BRIDGE_MS = 120;
/** Runs shorter than this are clicks, not speech. */
export const VAD_MIN_RUN_MS = 60;
/** A speaker's neighbouring utterances closer than this are one (a breath, not a turn). */
export const UTTERANCE_BRIDGE_MS = 300;

export type Utterance = { start: number; end: number };
export type SeparatedSpeaker = { speakerId: string; durationSecs: number; utterances: Utterance[] };

/** The runs of voice activity, in milliseconds: frames near the loudest's level, short gaps bridged. */
export function voiceActivityRuns(samples: Float32Array, sampleRate: number): TimedWord[] {
  const frame = Math.max(1, Math.round((sampleRate * VAD_FRAME_MS) / 1000));
  const levels: number[] = [];
  for (let start = 0; start < samples.length; start += frame) {
    let sum = 0;
    const end = Math.min(samples.length, start + frame);
    for (let i = start; i < end; i++) sum += samples[i]! * samples[i]!;
    levels.push(10 * Math.log10(sum / Math.max(1, end - start) + 1e-12));
  }
  if (levels.length === 0) return [];
  const threshold = Math.max(VAD_FLOOR_DB, Math.max(...levels) - VAD_RANGE_DB);
  const runs: TimedWord[] = [];
  levels.forEach((level, i) => {
    if (level < threshold) return;
    const startMs = i * VAD_FRAME_MS;
    const open = runs.at(-1);
    if (open && startMs - open.endMs <= VAD_BRIDGE_MS) open.endMs = startMs + VAD_FRAME_MS;
    else runs.push({ startMs, endMs: startMs + VAD_FRAME_MS });
  });
  return runs.filter((run) => run.endMs - run.startMs >= VAD_MIN_RUN_MS);
}

/**
 * The sample's speakers (numbered by first appearance: speaker_0, speaker_1, ...), each with its utterances in
 * seconds and their total length. No voice activity gives no speakers.
 */
export function separateSpeakers(pcm: Int16Array, sampleRate: number): SeparatedSpeaker[] {
  const samples = floatSamples(pcm);
  const runs = voiceActivityRuns(samples, sampleRate);
  const speakerOf = timedSpeakers(samples, sampleRate, runs);
  const byNumber = new Map<number, { startMs: number; endMs: number }[]>();
  runs.forEach((run, i) => {
    const utterances = byNumber.get(speakerOf[i]!) ?? [];
    const last = utterances.at(-1);
    // Merged only with the run just before, when it was the same speaker's: another's turn in between splits them.
    if (last && i > 0 && speakerOf[i - 1] === speakerOf[i] && run.startMs - last.endMs <= UTTERANCE_BRIDGE_MS) last.endMs = run.endMs;
    else utterances.push({ ...run });
    byNumber.set(speakerOf[i]!, utterances);
  });
  return [...byNumber.entries()]
    .sort(([a], [b]) => a - b)
    .map(([number, utterances]) => ({
      speakerId: `speaker_${number}`,
      durationSecs: round3(utterances.reduce((sum, u) => sum + (u.endMs - u.startMs), 0) / 1000),
      utterances: utterances.map((u) => ({ start: round3(u.startMs / 1000), end: round3(u.endMs / 1000) })),
    }));
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** The sample's PCM over the utterances only, one after the other. */
export function speakerPcm(pcm: Int16Array, sampleRate: number, utterances: readonly Utterance[]): Int16Array {
  const parts = utterances.map((u) => pcm.subarray(Math.max(0, Math.floor(u.start * sampleRate)), Math.min(pcm.length, Math.ceil(u.end * sampleRate))));
  const out = new Int16Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Where a sample's separation (SpeakerSeparation, JSON) is kept in R2: beside the sample, gone with it. */
export const separationKeyOf = (sampleKey: string) => `${sampleKey}.speakers.json`;

export type SeparationStatus = "not_started" | "pending" | "completed" | "failed";
/** A sample's speaker separation as kept: its state, the speakers found, those chosen, why it failed. */
export type SpeakerSeparation = { status: SeparationStatus; speakers: SeparatedSpeaker[]; selectedSpeakerIds: string[]; failure: string | null; updatedAt: number };
