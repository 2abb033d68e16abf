// Audio events for speech to text's tag_audio_events (decision 0057): a classic DSP detector, not a neural
// classifier. It measures 10 ms frames at 10 kHz, classifies each second (every half second) and tells three
// kinds of sustained non-speech sound apart by how they are made:
//  - "(music)": tonal (a spectral peak standing well above its neighbours) in nearly every frame, without the
//    level dips between syllables that speech has, and with peaks held from frame to frame (notes, not glides);
//  - "(applause)": noise-like frames (no such peak) with many sharp onsets a second (claps);
//  - "(noise)": noise-like frames with a steady level (hiss, wind, rumble, a running machine).
// Laughter, footsteps and the many other events a neural tagger names are not detected; quiet stretches are left
// untagged (a pause is not an event). A classic recogniser "hears" words in music and noise: the words inside an
// event are dropped (wordsOutsideEvents), since speech is voiced in half its frames or more and the three classes
// are not (music aside, whose voiced frames are held notes, not syllables).
import { ANALYSIS_RATE, toAnalysisRate, yinPitch } from "../voices/speaker-analysis";
import { fft } from "../alignment/features";
import type { TimedWord } from "./diarization";

export const AUDIO_EVENT_LABELS = ["(music)", "(applause)", "(noise)"] as const;
export type AudioEventLabel = (typeof AUDIO_EVENT_LABELS)[number];
export type AudioEvent = { label: AudioEventLabel; startMs: number; endMs: number };

const HOP = ANALYSIS_RATE / 100; // 10 ms
const FFT_SIZE = 256; // 25.6 ms
/** The shortest event reported. */
export const MIN_EVENT_MS = 1000;
/** Blocks classified: one second, every half second. */
const BLOCK_FRAMES = 100;
const BLOCK_STEP = 50;
/** Frames quieter than this (dBFS), or 35 dB below the recording's loudest block, are background, not events. */
const EVENT_FLOOR_DB = -50;
const BELOW_LOUDEST_DB = 35;
/** A frame is tonal when its strongest spectral peak stands this far (dB) above the median of its neighbourhood. */
const TONAL_PROMINENCE_DB = 15;
/** A level rise this steep within 30 ms is an onset (a clap). */
const ONSET_RISE_DB = 8;

type Frame = { db: number; tonal: boolean; peakBin: number; voiced: boolean };

/** YIN's window (40 ms: two periods of a 50 Hz voice), run every other frame. */
const PITCH_WINDOW = ANALYSIS_RATE / 25;

const HAMMING = Float64Array.from({ length: FFT_SIZE }, (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (FFT_SIZE - 1)));

/**
 * Each 10 ms frame's level (dBFS), whether its spectrum has a prominent peak (tonal) and where, and whether it is
 * periodic at a voice's pitch (YIN, every other frame: voiced speech and sung notes, not noise or claps).
 */
export function audioFrames(samples: Float32Array): Frame[] {
  const frames: Frame[] = [];
  const re = new Float64Array(FFT_SIZE);
  const im = new Float64Array(FFT_SIZE);
  const half = FFT_SIZE / 2;
  const db = new Float64Array(half);
  // 100 Hz to 4.5 kHz: below is hum and rumble, above the resampler's roll-off.
  const lo = Math.ceil((100 * FFT_SIZE) / ANALYSIS_RATE);
  const hi = Math.floor((4500 * FFT_SIZE) / ANALYSIS_RATE);
  for (let start = 0; start + HOP <= samples.length; start += HOP) {
    let energy = 0;
    for (let i = start; i < start + HOP; i++) energy += samples[i]! * samples[i]!;
    const level = 10 * Math.log10(energy / HOP + 1e-12);
    const from = start + HOP / 2 - FFT_SIZE / 2;
    for (let i = 0; i < FFT_SIZE; i++) {
      re[i] = (samples[from + i] ?? 0) * HAMMING[i]!;
      im[i] = 0;
    }
    fft(re, im);
    for (let k = 0; k < half; k++) db[k] = 10 * Math.log10(re[k]! * re[k]! + im[k]! * im[k]! + 1e-12);
    let peakBin = lo;
    for (let k = lo; k <= hi; k++) if (db[k]! > db[peakBin]!) peakBin = k;
    // The peak against the median of ±8 bins (the Hamming main lobe is ±2 bins wide, so the median is the floor).
    const around: number[] = [];
    for (let k = Math.max(0, peakBin - 8); k <= Math.min(half - 1, peakBin + 8); k++) around.push(db[k]!);
    around.sort((a, b) => a - b);
    const prominence = db[peakBin]! - around[Math.floor(around.length / 2)]!;
    const index = frames.length;
    let voiced = false;
    if (index % 2 === 1 && frames[index - 1]) voiced = frames[index - 1]!.voiced;
    else if (level > -70) {
      const at = Math.max(0, start + HOP / 2 - PITCH_WINDOW / 2);
      voiced = at + PITCH_WINDOW <= samples.length && yinPitch(samples.subarray(at, at + PITCH_WINDOW), ANALYSIS_RATE) !== null;
    }
    frames.push({ db: level + 3.01, tonal: prominence >= TONAL_PROMINENCE_DB, peakBin, voiced }); // +3 dB: a full-scale sine reads 0 dBFS
  }
  return frames;
}

export type BlockMeasure = { loud: number; tonal: number; voiced: number; held: number; dips: number; onsetsPerSecond: number; db: number };

/** A block's measures: the share of loud frames that are tonal, of tonal frames whose peak held for 50 ms, of frames dipping 15 dB below the block's loud level, and onsets a second. */
export function measureBlock(frames: readonly Frame[], floorDb: number): BlockMeasure {
  const levels = frames.map((f) => f.db).sort((a, b) => a - b);
  const top = levels[Math.floor(levels.length * 0.9)] ?? -120;
  const loud = frames.filter((f) => f.db >= floorDb);
  const tonal = loud.filter((f) => f.tonal);
  let held = 0;
  frames.forEach((f, i) => {
    const before = frames[i - 5];
    if (f.db >= floorDb && f.tonal && before?.tonal && Math.abs(before.peakBin - f.peakBin) <= 1) held++;
  });
  let onsets = 0;
  let lastOnset = -10;
  frames.forEach((f, i) => {
    if (i < 3 || f.db < floorDb || i - lastOnset < 5) return;
    const before = Math.min(frames[i - 1]!.db, frames[i - 2]!.db, frames[i - 3]!.db);
    if (f.db - before >= ONSET_RISE_DB) {
      onsets++;
      lastOnset = i;
    }
  });
  const energy = frames.reduce((sum, f) => sum + 10 ** (f.db / 10), 0) / Math.max(1, frames.length);
  return {
    loud: loud.length / Math.max(1, frames.length),
    tonal: tonal.length / Math.max(1, loud.length),
    voiced: loud.filter((f) => f.voiced).length / Math.max(1, loud.length),
    held: held / Math.max(1, tonal.length),
    dips: frames.filter((f) => f.db < top - 15).length / Math.max(1, frames.length),
    onsetsPerSecond: (onsets * 100) / Math.max(1, frames.length),
    db: 10 * Math.log10(energy + 1e-12),
  };
}

/** The label of a block, or null (speech the recogniser missed, quiet, or nothing clear). */
export function classifyBlock(m: BlockMeasure): AudioEventLabel | null {
  if (m.loud >= 0.8 && m.tonal >= 0.6 && m.held >= 0.5 && m.dips < 0.15) return "(music)";
  // Speech is voiced in about half its frames or more (measured: 44-88% a second on real recordings); noise and claps are not.
  if (m.tonal > 0.2 || m.voiced > 0.15) return null;
  // Claps decay between one another: a second of applause is loud only part of the time.
  if (m.loud >= 0.4 && m.onsetsPerSecond >= 3) return "(applause)";
  if (m.loud >= 0.8 && m.dips < 0.1) return "(noise)";
  return null;
}

/** The audio events of a recording (mono samples in -1..1), in time order. */
export function detectAudioEvents(input: Float32Array, sampleRate: number): AudioEvent[] {
  const samples = toAnalysisRate(input, sampleRate);
  const frames = audioFrames(samples);
  const starts: number[] = [];
  for (let b = 0; b + BLOCK_FRAMES <= frames.length; b += BLOCK_STEP) starts.push(b);
  // The last block ends at the recording's end.
  if (starts.length && starts[starts.length - 1]! + BLOCK_FRAMES < frames.length) starts.push(frames.length - BLOCK_FRAMES);
  const loudest = starts.reduce((max, b) => Math.max(max, measureBlock(frames.slice(b, b + BLOCK_FRAMES), -120).db), -120);
  const floorDb = Math.max(EVENT_FLOOR_DB, loudest - BELOW_LOUDEST_DB);
  const events: AudioEvent[] = [];
  for (const b of starts) {
    const label = classifyBlock(measureBlock(frames.slice(b, b + BLOCK_FRAMES), floorDb));
    if (!label) continue;
    const [startMs, endMs] = [b * 10, (b + BLOCK_FRAMES) * 10];
    const last = events[events.length - 1];
    // Overlapping blocks of one label merge into one event.
    if (last && last.label === label && startMs <= last.endMs) last.endMs = Math.max(last.endMs, endMs);
    else events.push({ label, startMs, endMs });
  }
  return events.filter((e) => e.endMs - e.startMs >= MIN_EVENT_MS);
}

/** Whether each word stands outside every event (a word whose middle lies inside one was heard in music or noise). */
export function wordsOutsideEvents(words: readonly TimedWord[], events: readonly AudioEvent[]): boolean[] {
  return words.map((word) => {
    const middle = (word.startMs + word.endMs) / 2;
    return !events.some((event) => middle > event.startMs && middle < event.endMs);
  });
}

/**
 * The transcript's text without the dropped words: each word found in the text in order (case-insensitively),
 * the dropped ones cut out with the space before them. Words not found leave the text as it is.
 */
export function textWithoutWords(text: string, words: readonly { text: string }[], kept: readonly boolean[]): string {
  const lower = text.toLowerCase();
  const cuts: [number, number][] = [];
  let cursor = 0;
  for (let i = 0; i < words.length; i++) {
    const at = lower.indexOf(words[i]!.text.toLowerCase(), cursor);
    if (at < 0) return text;
    cursor = at + words[i]!.text.length;
    if (!kept[i]) cuts.push([at, cursor]);
  }
  let out = text;
  for (const [from, to] of cuts.reverse()) out = out.slice(0, from) + out.slice(to);
  return out.replace(/\s{2,}/g, " ").trim();
}
