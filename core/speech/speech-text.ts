/**
 * Splits text into sentences for streaming: each piece keeps its trailing spaces, so the pieces joined
 * give back the text exactly (alignment must spell the text).
 */
export function splitSentences(text: string, maxLength = 400): string[] {
  const pieces: string[] = [];
  const re = /[^.!?。！？\n]*(?:[.!?。！？]+|\n+|$)\s*/gu;
  for (const match of text.matchAll(re)) {
    if (!match[0]) continue;
    let piece = match[0];
    // Very long sentences are cut at a space so the first audio still comes quickly.
    while (piece.length > maxLength) {
      const cut = piece.lastIndexOf(" ", maxLength);
      const at = cut > 0 ? cut + 1 : maxLength;
      pieces.push(piece.slice(0, at));
      piece = piece.slice(at);
    }
    if (piece) pieces.push(piece);
  }
  return pieces;
}

/** A piece ends its sentence: terminal punctuation (closing quotes or brackets may follow) or a line break. */
const SENTENCE_END = /(?:[.!?。！？…]["'”’»)\]]*|\n)\s*$/u;

/**
 * The text an engine is given for one piece of a request. An engine ends every text it is given as a finished
 * statement (falling pitch). When more of the same sentence follows, because a long sentence was cut or
 * because the request's `next_text` continues it, the piece ends with a comma instead, so it ends on a
 * clause's continuing intonation. The alignment still spells the piece itself.
 */
export function engineTextFor(piece: string, followedByMore: boolean): string {
  if (!followedByMore || SENTENCE_END.test(piece) || piece.trim() === "") return piece;
  return `${piece.trimEnd()},`;
}

export type Alignment = { characters: string[]; character_start_times_seconds: number[]; character_end_times_seconds: number[] };

/**
 * Character alignment from the engine's word events (1-based character position, length, start in ms).
 * Characters of a word share its span evenly; characters between words take the gap. Words the engine gave
 * no event are covered by the neighbouring span.
 */
export function alignmentFromWords(
  text: string,
  words: { position: number; length: number; startMs: number }[],
  durationMs: number,
  offsetSeconds = 0,
): Alignment {
  const characters = [...text];
  const starts = new Array<number>(characters.length).fill(0);
  const ends = new Array<number>(characters.length).fill(0);
  const sorted = [...words].filter((w) => w.position >= 1 && w.position <= characters.length).sort((a, b) => a.position - b.position);
  // Boundaries: [charIndex, ms] pairs from which times are interpolated.
  const points: [number, number][] = [[0, 0]];
  for (const word of sorted) {
    const index = word.position - 1;
    const ms = Math.min(Math.max(word.startMs, points[points.length - 1]![1]), durationMs);
    if (index > points[points.length - 1]![0]) points.push([index, ms]);
  }
  points.push([characters.length, durationMs]);
  for (let p = 0; p < points.length - 1; p++) {
    const [fromIndex, fromMs] = points[p]!;
    const [toIndex, toMs] = points[p + 1]!;
    const span = Math.max(1, toIndex - fromIndex);
    for (let i = fromIndex; i < toIndex; i++) {
      starts[i] = fromMs + ((toMs - fromMs) * (i - fromIndex)) / span;
      ends[i] = fromMs + ((toMs - fromMs) * (i - fromIndex + 1)) / span;
    }
  }
  const round = (ms: number) => Math.round((ms / 1000 + offsetSeconds) * 1000) / 1000;
  return { characters, character_start_times_seconds: starts.map(round), character_end_times_seconds: ends.map(round) };
}

export function concatAlignments(parts: Alignment[]): Alignment {
  return {
    characters: parts.flatMap((p) => p.characters),
    character_start_times_seconds: parts.flatMap((p) => p.character_start_times_seconds),
    character_end_times_seconds: parts.flatMap((p) => p.character_end_times_seconds),
  };
}
