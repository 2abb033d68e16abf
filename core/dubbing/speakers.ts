// Speakers of a dub: segments grouped by their speaker vectors (core/voices/speaker-analysis), and for each
// speaker the embedded engine's voice nearest to it (the instant clone's mapping, core/voices/clone-parameters).
import { analyseSpeaker, combineFeatures, floatSamples, speakerVector, type SpeakerFeatures } from "../voices/speaker-analysis";
import { speakerDistance } from "../voices/speaker-similarity";
import { cloneEngineVoice, type CloneEngineVoice } from "../voices/clone-parameters";

/** Two segments farther apart than this (speaker-vector distance) are different people when the count is automatic. */
export const NEW_SPEAKER_DISTANCE = 0.35;

export type SegmentVoice = { features: SpeakerFeatures | null };

/**
 * A speaker index per segment: agglomerative clustering of the segments' vectors (average linkage) down to
 * `count` speakers, or, with count 0 (automatic), until the nearest clusters are NEW_SPEAKER_DISTANCE apart.
 * Segments too short to measure join the speaker of the segment before them.
 */
export function groupSpeakers(features: (SpeakerFeatures | null)[], count: number): number[] {
  const measured = features.map((f, i) => ({ i, vector: f ? speakerVector(f) : null })).filter((m): m is { i: number; vector: number[] } => m.vector !== null);
  let clusters = measured.map((m) => [m]);
  const distance = (a: typeof clusters[number], b: typeof clusters[number]) => {
    let sum = 0;
    for (const x of a) for (const y of b) sum += speakerDistance(x.vector, y.vector);
    return sum / (a.length * b.length);
  };
  while (clusters.length > 1) {
    let best: [number, number, number] = [0, 1, Infinity];
    for (let a = 0; a < clusters.length; a++) for (let b = a + 1; b < clusters.length; b++) {
      const d = distance(clusters[a]!, clusters[b]!);
      if (d < best[2]) best = [a, b, d];
    }
    if (count > 0 ? clusters.length <= count : best[2] > NEW_SPEAKER_DISTANCE) break;
    clusters[best[0]] = [...clusters[best[0]]!, ...clusters[best[1]]!];
    clusters.splice(best[1], 1);
  }
  // Speakers numbered in order of first appearance.
  clusters = clusters.sort((a, b) => Math.min(...a.map((m) => m.i)) - Math.min(...b.map((m) => m.i)));
  const assigned = new Array<number>(features.length).fill(-1);
  clusters.forEach((cluster, speaker) => cluster.forEach((m) => (assigned[m.i] = speaker)));
  let previous = 0;
  return assigned.map((speaker) => (speaker === -1 ? previous : (previous = speaker)));
}

/** The segment's features, or null when it has too little voiced speech to measure. */
export function segmentFeatures(samples: Int16Array, sampleRate: number): SpeakerFeatures | null {
  return analyseSpeaker(floatSamples(samples), sampleRate);
}

/** The default voice of a speaker nobody could measure: the engine's own default male variant. */
const UNMEASURED_VOICE: CloneEngineVoice = { variant: "m3", basePitch: 50, baseRange: 50, rate: 175 };

/** The engine voice for a speaker's segments together. */
export function speakerEngineVoice(all: (SpeakerFeatures | null)[]): CloneEngineVoice {
  const combined = combineFeatures(all.filter((f): f is SpeakerFeatures => f !== null));
  return combined ? cloneEngineVoice(combined) : UNMEASURED_VOICE;
}
