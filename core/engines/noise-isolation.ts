/**
 * Noise isolation: a recording in, the voice without the background out. No provider exists yet
 * (docs/engines.md says which issue brings one); the interface is what they implement.
 */
export type NoiseIsolationRequest = {
  audio: Uint8Array;
  contentType: string;
};

export type NoiseIsolationResult = {
  /** 16-bit little-endian mono PCM. */
  pcm: Uint8Array;
  sampleRate: number;
};

export interface NoiseIsolationEngine {
  isolate(request: NoiseIsolationRequest): Promise<NoiseIsolationResult>;
}
