import type { PcmAudio } from "./audio";

/**
 * Noise isolation: a recording's samples in (decoded by the caller, which needs their duration to charge and
 * limit), the voice without the background out. The embedded provider is RNNoise (core/audio/rnnoise.ts).
 */
export interface NoiseIsolationEngine {
  isolate(request: PcmAudio): Promise<PcmAudio>;
}
