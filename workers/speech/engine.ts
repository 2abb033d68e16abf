/** What every engine implementation answers: 16-bit mono PCM plus word timings for alignment. */
export type EngineRequest = {
  text: string;
  engineVoice: string;
  rate: number;
  pitch: number;
  range: number;
  /** Which implementation speaks: "embedded" (espeak-ng), "openai" or "workers-ai" (chosen per model). */
  engine?: "embedded" | "openai" | "workers-ai";
  /** The voice name the external engine knows (e.g. "alloy", "angus"); the embedded engine uses engineVoice. */
  externalVoice?: string;
  /** Same seed, same text and settings: the same samples. */
  seed?: number | null;
};

export type EngineResult = {
  /** 16-bit little-endian mono PCM. */
  pcm: Uint8Array;
  sampleRate: number;
  durationMs: number;
  /** Word events: 1-based character position in `text`, length, and start in ms. */
  words: { position: number; length: number; startMs: number }[];
};
