import type { AudioFile, PcmAudio } from "./audio";

/**
 * Noise isolation: a recording in, the voice without the background out. No provider exists yet
 * (docs/engines.md says which issue brings one); the interface is what they implement.
 */
export interface NoiseIsolationEngine {
  isolate(request: AudioFile): Promise<PcmAudio>;
}
