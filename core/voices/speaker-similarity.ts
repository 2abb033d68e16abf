// Distances between speaker vectors (core/voices/speaker-analysis.ts): similar voices rank by them, professional
// training rejects outlying samples by them and verification accepts a recording within a threshold of them.
// Pure: vectors in, numbers out.

/** The speaking rate's place in the speaker vector: left out of distances, it says how a text was read, not who read it. */
const RATE_COMPONENT = 2;

/**
 * The distance between two speakers: Euclidean over pitch and range (octaves) and the log formant ratios, the
 * rate left out. The premade voices reading three different texts lie 0.06-0.27 from themselves; a man and a
 * woman about 1 apart; two voices of one gender with close pitch and vocal tract can be as near as 0.06 (the
 * vector cannot tell them apart).
 */
export function speakerDistance(a: readonly number[], b: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (i !== RATE_COMPONENT) sum += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(sum);
}

/** The candidates nearest the target, nearest first: at most `topK`, none farther than `threshold`. */
export function nearestSpeakers<T>(target: readonly number[], candidates: readonly { item: T; vector: readonly number[] }[], threshold: number, topK: number): { item: T; distance: number }[] {
  return candidates
    .map(({ item, vector }) => ({ item, distance: speakerDistance(target, vector) }))
    .filter((entry) => entry.distance <= threshold)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, topK);
}

/** The component-wise median of vectors: a centre one odd sample cannot drag. */
export function medianVector(vectors: readonly (readonly number[])[]): number[] {
  const length = Math.min(...vectors.map((v) => v.length));
  return Array.from({ length }, (_, i) => {
    const sorted = vectors.map((v) => v[i]!).sort((a, b) => a - b);
    const mid = sorted.length / 2;
    return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  });
}

/**
 * Samples of one speaker with the odd ones out: with three or more, a sample farther than `maxDistance` from
 * the median of all is rejected (another speaker, a bad recording); with fewer there is no majority to trust.
 */
export function rejectOutliers<T>(samples: readonly { item: T; vector: readonly number[] }[], maxDistance: number): { kept: T[]; rejected: T[] } {
  if (samples.length < 3) return { kept: samples.map((s) => s.item), rejected: [] };
  const centre = medianVector(samples.map((s) => s.vector));
  const kept: T[] = [];
  const rejected: T[] = [];
  for (const sample of samples) (speakerDistance(sample.vector, centre) <= maxDistance ? kept : rejected).push(sample.item);
  return { kept, rejected };
}
