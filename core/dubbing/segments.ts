// Speech segments of a dub: where the isolated voice speaks (an energy detector over 20 ms frames), the words
// the recogniser heard gathered into them, and the lines' subtitles.

export type Segment = { startSeconds: number; endSeconds: number };
export type HeardWord = { text: string; startMs: number; endMs: number };

const FRAME_SECONDS = 0.02;
/** A pause shorter than this stays inside a segment (a breath between words). */
export const MERGE_GAP_SECONDS = 0.45;
/** Shorter bursts are clicks or breaths, not lines. */
export const MIN_SEGMENT_SECONDS = 0.3;
/** A line longer than this is cut at its quietest frame so each stays a subtitle's length. */
export const MAX_SEGMENT_SECONDS = 8;

/**
 * The stretches of speech in a voice track: frames louder than a threshold relative to the loud frames (30 dB
 * below the 95th percentile, and above an absolute floor), joined over short pauses, short bursts dropped.
 */
export function findSpeechSegments(samples: Int16Array, sampleRate: number): Segment[] {
  const frame = Math.max(1, Math.round(sampleRate * FRAME_SECONDS));
  const levels: number[] = [];
  for (let at = 0; at + frame <= samples.length; at += frame) {
    let sum = 0;
    for (let i = at; i < at + frame; i++) sum += samples[i]! * samples[i]!;
    levels.push(Math.sqrt(sum / frame));
  }
  if (levels.length === 0) return [];
  const sorted = [...levels].sort((a, b) => a - b);
  const loud = sorted[Math.floor((sorted.length - 1) * 0.95)]!;
  const threshold = Math.max(loud * 0.0316, 150);
  const runs: [number, number][] = [];
  levels.forEach((level, i) => {
    if (level < threshold) return;
    const last = runs.at(-1);
    if (last && (i - last[1]) * FRAME_SECONDS <= MERGE_GAP_SECONDS) last[1] = i + 1;
    else runs.push([i, i + 1]);
  });
  const segments: Segment[] = [];
  for (const [from, to] of runs) {
    if ((to - from) * FRAME_SECONDS < MIN_SEGMENT_SECONDS) continue;
    // Long runs are cut at their quietest frame until every piece fits.
    const pieces: [number, number][] = [[from, to]];
    for (let k = 0; k < pieces.length; k++) {
      const [a, b] = pieces[k]!;
      if ((b - a) * FRAME_SECONDS <= MAX_SEGMENT_SECONDS) continue;
      const margin = Math.round(1 / FRAME_SECONDS);
      let cut = a + margin;
      for (let i = a + margin; i < b - margin; i++) if (levels[i]! < levels[cut]!) cut = i;
      pieces.splice(k, 1, [a, cut], [cut, b]);
      k--;
    }
    for (const [a, b] of pieces) segments.push({ startSeconds: round3(a * FRAME_SECONDS), endSeconds: round3(Math.min(b * FRAME_SECONDS, samples.length / sampleRate)) });
  }
  return segments;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** Each segment with the words whose middle falls in it (a word between segments goes to the nearest). */
export function wordsBySegment(segments: Segment[], words: HeardWord[]): HeardWord[][] {
  const grouped: HeardWord[][] = segments.map(() => []);
  if (segments.length === 0) return grouped;
  for (const word of words) {
    const middle = (word.startMs + word.endMs) / 2000;
    let best = 0;
    let bestDistance = Infinity;
    segments.forEach((segment, i) => {
      const distance = middle < segment.startSeconds ? segment.startSeconds - middle : middle > segment.endSeconds ? middle - segment.endSeconds : 0;
      if (distance < bestDistance) {
        best = i;
        bestDistance = distance;
      }
    });
    grouped[best]!.push(word);
  }
  return grouped;
}

export type SubtitleLine = { startSeconds: number; endSeconds: number; text: string };

function timestamp(seconds: number, separator: "," | "."): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${separator}${pad(ms % 1000, 3)}`;
}

export function srtSubtitles(lines: SubtitleLine[]): string {
  return lines.map((line, i) => `${i + 1}\n${timestamp(line.startSeconds, ",")} --> ${timestamp(line.endSeconds, ",")}\n${line.text}\n`).join("\n");
}

export function webVttSubtitles(lines: SubtitleLine[]): string {
  return `WEBVTT\n\n${lines.map((line) => `${timestamp(line.startSeconds, ".")} --> ${timestamp(line.endSeconds, ".")}\n${line.text}\n`).join("\n")}`;
}
