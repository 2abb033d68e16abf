// Speaker diarization of a transcript (decision 0051): the words grouped into stretches of speech at their pauses,
// each stretch measured as a speaker vector (core/voices/speaker-analysis.ts), the stretches clustered by
// agglomerative average linkage, to `numSpeakers` clusters when given, else until the nearest clusters lie farther
// apart than DIARIZATION_THRESHOLD. Pure: words, vectors and numbers in, speaker numbers out.
import { analyseSpeaker, speakerVector } from "../voices/speaker-analysis";

/** A pause of this length between two words may be a change of speaker: a stretch ends there. */
export const TURN_GAP_MS = 250;
/** A longer stretch is cut at word boundaries: one speaker vector should not span two people who never paused. */
export const MAX_STRETCH_MS = 4000;
/**
 * Without num_speakers, two clusters closer than this are one speaker. One voice's stretches measure 0.05-0.2 apart
 * (pitch moves with intonation: 0.1 octave); a man and a woman about 1; two voices of one gender with near pitch
 * and vocal tract can be closer than this and are then heard as one (the vector cannot separate them).
 */
export const DIARIZATION_THRESHOLD = 0.4;

export type TimedWord = { startMs: number; endMs: number };
export type Stretch = { startMs: number; endMs: number; firstWord: number; lastWord: number };

/** The stretches of speech: consecutive words without a pause of TURN_GAP_MS, at most MAX_STRETCH_MS long. */
export function speechStretches(words: readonly TimedWord[]): Stretch[] {
  const stretches: Stretch[] = [];
  words.forEach((word, i) => {
    const open = stretches.at(-1);
    if (open && word.startMs - open.endMs < TURN_GAP_MS && word.endMs - open.startMs <= MAX_STRETCH_MS) {
      open.endMs = Math.max(open.endMs, word.endMs);
      open.lastWord = i;
    } else {
      stretches.push({ startMs: word.startMs, endMs: word.endMs, firstWord: i, lastWord: i });
    }
  });
  return stretches;
}

/** Where the speaker vector (speakerVector) keeps the pitch (octaves above 100 Hz) and the log formant scale. */
const PITCH = 0;
const FORMANT_SCALE = 6;
/**
 * The formant scale's weight against the pitch: over a few seconds the formants still follow the vowels said (one
 * voice's stretches differ by up to 0.25 in log scale, as much as by 0.1 octave in pitch), so the vocal tract
 * counts half.
 */
const FORMANT_WEIGHT = 0.5;

/**
 * The distance of two stretches' speaker vectors: pitch and vocal-tract scale only. The pitch range and the rate
 * of a few seconds say how a sentence was said (a question rises), not who said it; single formants move with the
 * vowels.
 */
export function stretchDistance(a: readonly number[], b: readonly number[]): number {
  const pitch = (a[PITCH] ?? 0) - (b[PITCH] ?? 0);
  const scale = FORMANT_WEIGHT * ((a[FORMANT_SCALE] ?? 0) - (b[FORMANT_SCALE] ?? 0));
  return Math.sqrt(pitch * pitch + scale * scale);
}

/**
 * Agglomerative clustering with average linkage (each item weighted, by its voiced seconds): merges the nearest two
 * clusters until `clusters` remain, or, without it, while the nearest two are within `threshold`. Returns each
 * item's cluster, numbered by first appearance (the first item's cluster is 0). The nearest-neighbour cache keeps
 * it near O(n²) for the few hundred stretches of a long recording.
 */
export function clusterSpeakers(items: readonly { vector: readonly number[]; weight: number }[], options: { clusters?: number; threshold: number; distance?: (a: readonly number[], b: readonly number[]) => number }): number[] {
  const n = items.length;
  if (n === 0) return [];
  const distanceOf = options.distance ?? stretchDistance;
  const d: Float64Array[] = items.map((a) => Float64Array.from(items, (b) => distanceOf(a.vector, b.vector)));
  const weight = items.map((item) => Math.max(item.weight, 1e-6));
  const alive = items.map(() => true);
  const owner = items.map((_, i) => i);
  const nearest = new Int32Array(n).fill(-1);
  const nearestDistance = new Float64Array(n).fill(Infinity);
  const refresh = (i: number) => {
    nearest[i] = -1;
    nearestDistance[i] = Infinity;
    for (let j = 0; j < n; j++) {
      if (j !== i && alive[j] && d[i]![j]! < nearestDistance[i]!) [nearest[i], nearestDistance[i]] = [j, d[i]![j]!];
    }
  };
  for (let i = 0; i < n; i++) refresh(i);
  let count = n;
  const target = options.clusters === undefined ? 1 : Math.max(1, options.clusters);
  while (count > target) {
    let a = -1;
    for (let i = 0; i < n; i++) if (alive[i] && nearest[i]! >= 0 && (a < 0 || nearestDistance[i]! < nearestDistance[a]!)) a = i;
    if (a < 0) break;
    if (options.clusters === undefined && nearestDistance[a]! > options.threshold) break;
    const b = nearest[a]!;
    // Lance-Williams for average linkage: the merged cluster's distance is the weighted mean of its parts'.
    for (let k = 0; k < n; k++) {
      if (!alive[k] || k === a || k === b) continue;
      const merged = (weight[a]! * d[a]![k]! + weight[b]! * d[b]![k]!) / (weight[a]! + weight[b]!);
      d[a]![k] = merged;
      d[k]![a] = merged;
    }
    weight[a]! += weight[b]!;
    alive[b] = false;
    for (let i = 0; i < n; i++) if (owner[i] === b) owner[i] = a;
    count--;
    for (let i = 0; i < n; i++) if (alive[i] && (i === a || nearest[i] === a || nearest[i] === b)) refresh(i);
    // A merged cluster may now be nearer to others than their cached neighbour.
    for (let k = 0; k < n; k++) if (alive[k] && k !== a && d[k]![a]! < nearestDistance[k]!) [nearest[k], nearestDistance[k]] = [a, d[k]![a]!];
  }
  const numbers = new Map<number, number>();
  return owner.map((cluster) => {
    if (!numbers.has(cluster)) numbers.set(cluster, numbers.size);
    return numbers.get(cluster)!;
  });
}

/**
 * Each word's speaker number: the stretches with a speaker vector are clustered; a stretch too short to measure
 * (under half a second of voicing) takes the speaker of the nearest measured stretch before it, else after it.
 * Numbers follow first appearance in time; with no measurable stretch everyone is speaker 0.
 */
export function wordSpeakers(wordCount: number, stretches: readonly Stretch[], measured: readonly ({ vector: number[]; voicedSeconds: number } | null)[], numSpeakers?: number): number[] {
  const known = stretches.map((_, i) => i).filter((i) => measured[i]);
  const clusters = clusterSpeakers(
    known.map((i) => ({ vector: measured[i]!.vector, weight: measured[i]!.voicedSeconds })),
    { clusters: numSpeakers, threshold: DIARIZATION_THRESHOLD },
  );
  const byStretch: (number | null)[] = stretches.map(() => null);
  known.forEach((stretch, k) => (byStretch[stretch] = clusters[k]!));
  for (let i = 0; i < byStretch.length; i++) {
    if (byStretch[i] !== null) continue;
    let before = i - 1;
    while (before >= 0 && !measured[before]) before--;
    let after = i + 1;
    while (after < byStretch.length && !measured[after]) after++;
    byStretch[i] = before >= 0 ? byStretch[before]! : after < byStretch.length ? byStretch[after]! : 0;
  }
  // Renumbered by first appearance in time (clustering numbered only the measured stretches).
  const order = new Map<number, number>();
  const speakers: number[] = new Array(wordCount).fill(0);
  stretches.forEach((stretch, i) => {
    const cluster = byStretch[i]!;
    if (!order.has(cluster)) order.set(cluster, order.size);
    for (let w = stretch.firstWord; w <= stretch.lastWord; w++) speakers[w] = order.get(cluster)!;
  });
  return speakers;
}

/**
 * Each timed word's speaker number in decoded audio: the words' stretches measured as speaker vectors and
 * clustered. The words may be a recogniser's, or a sample's runs of voice activity (professional voices' speaker
 * separation, core/voices/speaker-separation.ts).
 */
export function timedSpeakers(samples: Float32Array, rate: number, words: readonly TimedWord[], numSpeakers?: number): number[] {
  const stretches = speechStretches(words);
  const measure = (startMs: number, endMs: number) => {
    const from = Math.max(0, Math.floor((startMs / 1000) * rate));
    const to = Math.min(samples.length, Math.ceil((endMs / 1000) * rate));
    const features = to > from ? analyseSpeaker(samples.subarray(from, to), rate) : null;
    return features ? { vector: speakerVector(features), voicedSeconds: features.voicedSeconds } : null;
  };
  const measured = stretches.map((stretch) => measure(stretch.startMs, stretch.endMs));
  // Neighbouring stretches too short to measure alone (a short reply cut at its pauses) are measured together.
  for (let i = 0; i < stretches.length; i++) {
    if (measured[i]) continue;
    let last = i;
    while (last + 1 < stretches.length && !measured[last + 1]) last++;
    if (last > i) {
      const together = measure(stretches[i]!.startMs, stretches[last]!.endMs);
      if (together) for (let k = i; k <= last; k++) measured[k] = together;
    }
    i = last;
  }
  return wordSpeakers(words.length, stretches, measured, numSpeakers);
}
