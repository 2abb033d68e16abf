// Realtime speech to text over WebSocket (/v1/speech-to-text/realtime, decision 0040): the session's query, the
// voice-activity gate that decides when to decode, and the messages in the SDK's shapes (its RealtimeConnection).
import { z } from "zod";

/** The PCM formats the SDK offers (its AudioFormat), and μ-law at 8 kHz. */
export const REALTIME_AUDIO_FORMATS = ["pcm_8000", "pcm_16000", "pcm_22050", "pcm_24000", "pcm_44100", "pcm_48000", "ulaw_8000"] as const;
export type RealtimeAudioFormat = (typeof REALTIME_AUDIO_FORMATS)[number];

const flag = z.enum(["true", "false"]).transform((v) => v === "true");

/** The query the SDK builds (ScribeRealtime.buildWebSocketUri), with its ranges and the commercial defaults. */
export const realtimeQuery = z.object({
  model_id: z.string().min(1, "model_id is required"),
  audio_format: z.enum(REALTIME_AUDIO_FORMATS).default("pcm_16000"),
  commit_strategy: z.enum(["manual", "vad"]).default("manual"),
  vad_silence_threshold_secs: z.coerce.number().min(0.3).max(3).default(1.5),
  vad_threshold: z.coerce.number().min(0.1).max(0.9).default(0.4),
  min_speech_duration_ms: z.coerce.number().int().min(50).max(2000).default(100),
  min_silence_duration_ms: z.coerce.number().int().min(50).max(2000).default(300),
  language_code: z.string().regex(/^[a-z]{2,3}$/i, "language_code must be an ISO 639-1 or 639-3 code").optional(),
  include_timestamps: flag.default(false),
  include_language_detection: flag.default(false),
  token: z.string().optional(),
});
export type RealtimeConfig = z.output<typeof realtimeQuery>;

/** The sample rate of a format. */
export function formatRate(format: RealtimeAudioFormat): number {
  return Number(format.split("_")[1]);
}

/** 16-bit samples from a chunk: little-endian PCM, or G.711 μ-law expanded. */
export function chunkSamples(bytes: Uint8Array, format: RealtimeAudioFormat): Int16Array {
  if (format === "ulaw_8000") return Int16Array.from(bytes, muLawSample);
  const even = bytes.byteLength - (bytes.byteLength % 2);
  const view = new DataView(bytes.buffer, bytes.byteOffset, even);
  const out = new Int16Array(even / 2);
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(i * 2, true);
  return out;
}

/** G.711 μ-law to linear 16-bit. */
export function muLawSample(code: number): number {
  const u = ~code & 0xff;
  const magnitude = ((((u & 0x0f) << 3) + 0x84) << ((u & 0x70) >> 4)) - 0x84;
  return u & 0x80 ? -magnitude : magnitude;
}

/** The gate's frame: 20 ms at 16 kHz. */
export const VAD_FRAME_SAMPLES = 320;

/**
 * The level above which a frame counts as speech: vad_threshold 0.1-0.9 maps to -56 to -24 dBFS (0.4, the
 * default, is -44 dBFS). A level gate, not a neural detector: steady loud noise counts as speech.
 */
export function speechLevel(vadThreshold: number): number {
  return 32768 * 10 ** ((-60 + 40 * vadThreshold) / 20);
}

/** Each frame's RMS above the level or not (the last partial frame included). */
export function voicedFrames(samples: Int16Array, level: number): boolean[] {
  const out: boolean[] = [];
  for (let at = 0; at < samples.length; at += VAD_FRAME_SAMPLES) {
    const end = Math.min(samples.length, at + VAD_FRAME_SAMPLES);
    let sum = 0;
    for (let i = at; i < end; i++) sum += samples[i]! * samples[i]!;
    out.push(Math.sqrt(sum / (end - at)) > level);
  }
  return out;
}

/** Follows the voice activity of a stream frame by frame: speech once voiced for min_speech, a pause once silent for min_silence. */
export class ActivityGate {
  private voicedRun = 0;
  private silentRun = 0;
  /** Speech heard since the last pause (or since the last reset). */
  heardSpeech = false;
  /** Speech heard since the last reset (the segment holds something to commit). */
  segmentHasSpeech = false;

  constructor(private readonly config: Pick<RealtimeConfig, "min_speech_duration_ms" | "min_silence_duration_ms" | "vad_silence_threshold_secs">) {}

  /** Feeds frames; answers "pause" when a pause follows speech, "silence" when the commit silence follows speech, else null. */
  feed(frames: boolean[]): "pause" | "silence" | null {
    const frameMs = (VAD_FRAME_SAMPLES / 16000) * 1000;
    let event: "pause" | "silence" | null = null;
    for (const voiced of frames) {
      if (voiced) {
        this.voicedRun += frameMs;
        this.silentRun = 0;
        if (this.voicedRun >= this.config.min_speech_duration_ms) {
          this.heardSpeech = true;
          this.segmentHasSpeech = true;
        }
        continue;
      }
      this.voicedRun = 0;
      const before = this.silentRun;
      this.silentRun += frameMs;
      if (this.heardSpeech && before < this.config.min_silence_duration_ms && this.silentRun >= this.config.min_silence_duration_ms) {
        this.heardSpeech = false;
        event ??= "pause";
      }
      if (this.segmentHasSpeech && before < this.config.vad_silence_threshold_secs * 1000 && this.silentRun >= this.config.vad_silence_threshold_secs * 1000) event = "silence";
    }
    return event;
  }

  reset(): void {
    this.heardSpeech = false;
    this.segmentHasSpeech = false;
  }
}

/** A segment is committed on its own past this length (bounds each decode). */
export const MAX_SEGMENT_SECONDS = 60;
/** The largest chunk accepted in one message (base64 decoded): a second of 48 kHz PCM is 96,000 bytes. */
export const MAX_CHUNK_BYTES = 1_000_000;
/** A session ends after this long (the commercial limit is similar in spirit; the socket holds an isolate). */
export const MAX_SESSION_SECONDS = 30 * 60;

export type RealtimeWord = { text: string; start: number; end: number; type: "word" | "spacing"; logprob: number };

/** Committed words in the SDK's WordsItem shape, in seconds from the session's start, spacing between words. */
export function realtimeWords(words: readonly { text: string; startMs: number; endMs: number }[], offsetSeconds: number): RealtimeWord[] {
  const at = (ms: number) => Math.round((offsetSeconds + ms / 1000) * 1000) / 1000;
  const out: RealtimeWord[] = [];
  words.forEach((word, i) => {
    if (i > 0) out.push({ text: " ", start: at(words[i - 1]!.endMs), end: at(Math.max(words[i - 1]!.endMs, word.startMs)), type: "spacing", logprob: 0 });
    out.push({ text: word.text, start: at(word.startMs), end: at(word.endMs), type: "word", logprob: 0 });
  });
  return out;
}

/** An error message of the protocol (message_type names the kind: auth_error, quota_exceeded, input_error, ...). */
export function realtimeError(kind: string, error: string) {
  return { message_type: kind, error };
}

/** The single-use token types the SDK asks for, and how long a token lives unused. */
export const SINGLE_USE_TOKEN_TYPES = ["realtime_scribe", "batch_scribe", "tts_websocket"] as const;
export type SingleUseTokenType = (typeof SINGLE_USE_TOKEN_TYPES)[number];
export const SINGLE_USE_TOKEN_SECONDS = 15 * 60;
