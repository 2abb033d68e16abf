// The text-to-speech input-streaming WebSockets (/v1/text-to-speech/{voice_id}/stream-input and
// /multi-stream-input) as ElevenLabs' protocol defines them (decision 0032): when buffered text is spoken,
// the shape of the audio messages, and the protocol's error messages.
import type { Alignment } from "../../../core/speech/speech-text";

/** The generation schedule when the client sends none: the first audio after 120 characters, then 160, 250, 290. */
export const DEFAULT_CHUNK_LENGTH_SCHEDULE = [120, 160, 250, 290] as const;
/** Each schedule entry's allowed range. */
export const CHUNK_LENGTH_RANGE = { min: 50, max: 500 } as const;
/** try_trigger_generation speaks the buffer early only when it holds at least this much text. */
export const TRY_TRIGGER_MINIMUM = 50;
/** Seconds without a message before the socket (or a context) is closed: the default and the most a client may ask. */
export const INACTIVITY_TIMEOUT = { default: 20, max: 180 } as const;
/** Contexts a multi-stream socket may hold open at once. */
export const MAX_CONTEXTS = 5;
/** The context a multi-stream message without context_id speaks to. */
export const DEFAULT_CONTEXT_ID = "default";
/** WebSocket close codes: a normal end, and the policy-violation code the protocol closes with after an error message. */
export const CLOSE_NORMAL = 1000;
export const CLOSE_POLICY = 1008;

/** A sentence ends with terminal punctuation (closing quotes or brackets may follow) or a line break, then space. */
const SENTENCE_END = /(?:[.!?。！？…]["'”’»)\]]*\s+|\n+)/gu;

/** Where the buffered text may be cut so that the cut ends a sentence: just after the last sentence end, or 0. */
export function lastSentenceEnd(text: string): number {
  let end = 0;
  for (const match of text.matchAll(SENTENCE_END)) end = match.index + match[0].length;
  return end;
}

/** Just after the last whitespace (a word is never cut in two), or 0. */
function lastWordEnd(text: string): number {
  const match = /\s(?=\S*$)/u.exec(text);
  return match ? match.index + 1 : 0;
}

export type BufferState = {
  buffer: string;
  schedule: readonly number[];
  /** Generations this context has started: the schedule's position. */
  generations: number;
  autoMode: boolean;
};

/**
 * How many characters of the buffer to speak now (0: keep buffering). A flush speaks everything. auto_mode
 * speaks each finished sentence at once. Otherwise text is spoken once the buffer reaches the schedule's
 * length for this generation (try_trigger_generation: once it holds TRY_TRIGGER_MINIMUM), cut after the
 * last sentence end in it, or else after the last whole word.
 */
export function charactersToSpeak(state: BufferState, { flush = false, tryTrigger = false } = {}): number {
  const { buffer } = state;
  if (buffer.trim() === "") return 0;
  if (flush) return buffer.length;
  if (state.autoMode) return lastSentenceEnd(buffer);
  const threshold = tryTrigger ? TRY_TRIGGER_MINIMUM : state.schedule[Math.min(state.generations, state.schedule.length - 1)]!;
  if (buffer.length < threshold) return 0;
  return lastSentenceEnd(buffer) || lastWordEnd(buffer);
}

/** The protocol's character alignment: milliseconds relative to the start of the message's own audio. */
export type SocketAlignment = { chars: string[]; charStartTimesMs: number[]; charDurationsMs: number[] };

export function socketAlignment(alignment: Alignment): SocketAlignment {
  const base = alignment.character_start_times_seconds[0] ?? 0;
  const ms = (seconds: number) => Math.max(0, Math.round((seconds - base) * 1000));
  return {
    chars: alignment.characters,
    charStartTimesMs: alignment.character_start_times_seconds.map(ms),
    charDurationsMs: alignment.character_start_times_seconds.map((start, i) => Math.max(0, Math.round((alignment.character_end_times_seconds[i]! - start) * 1000))),
  };
}

/** The protocol's error message, sent before the socket closes with CLOSE_POLICY. */
export type SocketError = { message: string; error: string; code: number };

export function socketError(error: string, message: string): SocketError {
  return { message, error, code: CLOSE_POLICY };
}

/** The error texts of the socket (one place for each). */
export const STREAM_INPUT_ERRORS = {
  notJson: "Every message must be a JSON object.",
  missingKey: "Missing API key: send it in the xi-api-key header, or as xi_api_key (or authorization) in the first message.",
  invalidKey: "Invalid API key",
  ssmlUnsupported: "SSML parsing is not supported: the deployment's speech engines read the text as plain text. Leave enable_ssml_parsing off.",
  inactivity: (seconds: number) => `Have not received new text for ${seconds} seconds. Closing the connection.`,
  contextInactivity: (seconds: number) => `Context closed: no message for ${seconds} seconds.`,
  tooManyContexts: `Maximum simultaneous contexts per WebSocket connection exceeded (${MAX_CONTEXTS}). Please close an existing context before opening a new one.`,
  generationFailed: "Speech generation failed; nothing was charged for the text not yet spoken.",
} as const;
