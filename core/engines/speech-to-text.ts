import type { AudioFile } from "./audio";

/** Speech to text: an audio file in, text out. */
export type TranscriptionRequest = AudioFile & {
  /** ISO 639-1 language of the speech; the provider detects it when absent. */
  language?: string | null;
  /** Words or context that help recognition (whisper's prompt). */
  prompt?: string | null;
};

export type TranscriptionResult = {
  text: string;
  /** The language the provider heard (ISO 639-1 where it says so), or null when it does not say. */
  language: string | null;
  durationMs: number | null;
  /** Word timings where the provider gives them, else empty. */
  words: { text: string; startMs: number; endMs: number }[];
};

export interface SpeechToTextEngine {
  transcribe(request: TranscriptionRequest): Promise<TranscriptionResult>;
}

/** The embedded engine's model id in the catalog (PocketSphinx, US English; workers/speech). */
export const EMBEDDED_TRANSCRIPTION_MODEL = "pocketsphinx";
