import type { PcmAudio } from "./audio";

/**
 * Sound generation (sound effects from a description). No provider exists yet (docs/engines.md says which
 * issue brings one); the interface is what they implement.
 */
export type SoundGenerationRequest = {
  prompt: string;
  /** Length in seconds, or null to let the provider choose. */
  durationSeconds: number | null;
};

export interface SoundGenerationEngine {
  generate(request: SoundGenerationRequest): Promise<PcmAudio>;
}
