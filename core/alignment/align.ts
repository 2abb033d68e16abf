// Forced alignment by synthesis and warping (decision 0031; the method of aeneas and similar open aligners): the
// known text is spoken by the embedded engine, which knows where each of its characters lies; both recordings become
// MFCC frames, dynamic time warping pairs them, and each synthetic character boundary is carried through the warp
// to the recording.
import { dtw, MAX_DTW_CELLS } from "./dtw";
import { FEATURES, mfcc } from "./features";
import type { PcmAudio } from "../engines/audio";
import type { UploadProblem } from "../engines/noise-isolation";

/** The finest frame step; longer recordings use a coarser one so the warp stays within MAX_DTW_CELLS. */
export const BASE_HOP_SECONDS = 0.01;

export type Samples = { samples: Float32Array; sampleRate: number };
/** Where each character of the text lies, in seconds (a speech engine's alignment). */
export type CharacterTimes = { characters: string[]; starts: number[]; ends: number[] };

export type AlignedCharacter = { text: string; start: number; end: number };
export type AlignedWord = AlignedCharacter & { loss: number };
/** The commercial API's response: characters and words with start and end in seconds, and the mean loss. */
export type ForcedAlignment = { characters: AlignedCharacter[]; words: AlignedWord[]; loss: number };

/** An upload to align (speech worker RPC): the recording, and the known text as the embedded engine spoke it with its character times. */
export type AlignmentUpload = { audio: Uint8Array; synthetic: PcmAudio; times: CharacterTimes };
export type AlignedUpload = ({ ok: true; durationSeconds: number } & ForcedAlignment) | UploadProblem;

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** The frame step for two recordings of these lengths. */
export function hopFor(aSeconds: number, bSeconds: number): number {
  const cells = (aSeconds / BASE_HOP_SECONDS) * (bSeconds / BASE_HOP_SECONDS);
  return BASE_HOP_SECONDS * Math.max(1, Math.ceil(Math.sqrt(cells / MAX_DTW_CELLS) * 100) / 100);
}

/** Aligns the text, whose synthetic rendering and character times are given, to the recording. */
export function alignToRecording(recording: Samples, synthetic: Samples, times: CharacterTimes): ForcedAlignment {
  const recordingSeconds = recording.samples.length / recording.sampleRate;
  const syntheticSeconds = synthetic.samples.length / synthetic.sampleRate;
  const hop = hopFor(recordingSeconds, syntheticSeconds);
  const a = mfcc(recording.samples, recording.sampleRate, hop);
  const b = mfcc(synthetic.samples, synthetic.sampleRate, hop);
  const warp = dtw(a.features, a.frames, b.features, b.frames, FEATURES);
  // A boundary between synthetic frames k-1 and k lands midway between the recording frames paired with each.
  const boundary = (seconds: number) => {
    const k = Math.round(seconds / hop);
    if (k <= 0) return 0;
    if (k >= b.frames) return recordingSeconds;
    return Math.min(recordingSeconds, ((warp.lastA[k - 1]! + warp.firstA[k]! + 1) / 2) * hop);
  };
  // Loss: the mean distance of the paired frames, per feature (about 1.4 for unrelated frames, 0 for identical).
  const lossBetween = (from: number, to: number) => {
    const first = Math.max(0, Math.min(b.frames - 1, Math.floor(from / hop)));
    const last = Math.max(first, Math.min(b.frames - 1, Math.ceil(to / hop) - 1));
    let acc = 0;
    for (let k = first; k <= last; k++) acc += warp.cost[k]!;
    return acc / (last - first + 1) / Math.sqrt(FEATURES);
  };
  let previousEnd = 0;
  const losses: number[] = [];
  const characters = times.characters.map((text, index) => {
    const start = Math.max(previousEnd, boundary(times.starts[index]!));
    const end = Math.max(start, boundary(times.ends[index]!));
    previousEnd = end;
    losses.push(lossBetween(times.starts[index]!, times.ends[index]!));
    return { text, start: round(start), end: round(end) };
  });
  const words: AlignedWord[] = [];
  let word: { from: number; to: number } | null = null;
  const closeWord = () => {
    if (!word) return;
    const chars = characters.slice(word.from, word.to + 1);
    const loss = losses.slice(word.from, word.to + 1).reduce((s, l) => s + l, 0) / chars.length;
    words.push({ text: chars.map((c) => c.text).join(""), start: chars[0]!.start, end: chars.at(-1)!.end, loss: Math.round(loss * 1000) / 1000 });
    word = null;
  };
  characters.forEach((c, index) => {
    if (/\s/.test(c.text)) closeWord();
    else if (word) word.to = index;
    else word = { from: index, to: index };
  });
  closeWord();
  const loss = losses.length ? losses.reduce((s, l) => s + l, 0) / losses.length : 0;
  return { characters, words, loss: Math.round(loss * 1000) / 1000 };
}
