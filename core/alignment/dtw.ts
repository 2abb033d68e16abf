// Dynamic time warping (Sakoe & Chiba 1978): the cheapest monotonic path pairing the frames of two feature
// sequences, start to start and end to end, with steps of one frame in either or both.

/** For each frame of `b`, the first and last frame of `a` the path pairs with it, and the mean distance there. */
export type Warp = { firstA: Int32Array; lastA: Int32Array; cost: Float32Array; meanCost: number };

/** The most cells a warp may fill (one byte each for the path): bounds memory at about 40 MB. */
export const MAX_DTW_CELLS = 40_000_000;

/**
 * The warp between `a` (aFrames rows of `width` values) and `b`, by Euclidean distance. The path is kept as one
 * direction byte per cell and traced back from the last pair.
 */
export function dtw(a: Float32Array, aFrames: number, b: Float32Array, bFrames: number, width: number): Warp {
  if (aFrames * bFrames > MAX_DTW_CELLS) throw new RangeError(`A warp of ${aFrames} by ${bFrames} frames is beyond ${MAX_DTW_CELLS} cells.`);
  const steps = new Uint8Array(aFrames * bFrames); // 0 diagonal, 1 from the previous a frame, 2 from the previous b frame
  let previous = new Float64Array(bFrames);
  let current = new Float64Array(bFrames);
  const distance = (i: number, j: number) => {
    let acc = 0;
    for (let k = 0; k < width; k++) {
      const d = a[i * width + k]! - b[j * width + k]!;
      acc += d * d;
    }
    return Math.sqrt(acc);
  };
  for (let i = 0; i < aFrames; i++) {
    for (let j = 0; j < bFrames; j++) {
      const d = distance(i, j);
      if (i === 0 && j === 0) {
        current[j] = d;
        continue;
      }
      const diagonal = i > 0 && j > 0 ? previous[j - 1]! : Infinity;
      const up = i > 0 ? previous[j]! : Infinity;
      const left = j > 0 ? current[j - 1]! : Infinity;
      if (diagonal <= up && diagonal <= left) current[j] = d + diagonal;
      else if (up <= left) {
        current[j] = d + up;
        steps[i * bFrames + j] = 1;
      } else {
        current[j] = d + left;
        steps[i * bFrames + j] = 2;
      }
    }
    [previous, current] = [current, previous];
  }
  const firstA = new Int32Array(bFrames).fill(aFrames);
  const lastA = new Int32Array(bFrames).fill(-1);
  const sums = new Float64Array(bFrames);
  const counts = new Int32Array(bFrames);
  let i = aFrames - 1;
  let j = bFrames - 1;
  let total = 0;
  let length = 0;
  for (;;) {
    firstA[j] = Math.min(firstA[j]!, i);
    lastA[j] = Math.max(lastA[j]!, i);
    const d = distance(i, j);
    sums[j]! += d;
    counts[j]!++;
    total += d;
    length++;
    if (i === 0 && j === 0) break;
    const step = i === 0 ? 2 : j === 0 ? 1 : steps[i * bFrames + j]!;
    if (step !== 2) i--;
    if (step !== 1) j--;
  }
  const cost = Float32Array.from(sums, (s, k) => s / counts[k]!);
  return { firstA, lastA, cost, meanCost: total / length };
}
