import type { PcmAudio } from "./audio";

/**
 * Sound generation (sound effects from a description). The embedded provider is procedural audio
 * (core/sound-effects, not a generative model); a generative server is reached over ElevenLabs' documented
 * sound-generation protocol (decision 0028).
 */
export type SoundGenerationRequest = {
  prompt: string;
  /** Length in seconds, or null to let the provider choose. */
  durationSeconds: number | null;
  /** 0 to 1: how closely the sound follows the words rather than varying. */
  promptInfluence: number;
  /** A seamless loop: the end runs on into the start. */
  loop: boolean;
  /** Same seed, same request: the same samples (the embedded provider honours it). */
  seed: number;
};

export type SoundGenerationResult = PcmAudio & {
  /** What the provider made of the words (the embedded engine's recipes, e.g. ["rain", "thunder"]); empty when it does not say. */
  recipes: string[];
};

export interface SoundGenerationEngine {
  generate(request: SoundGenerationRequest): Promise<SoundGenerationResult>;
}

/** The model ids sound generation is asked for by: each provider's, and ElevenLabs' (the SDK's), which mean the default. */
export const SOUND_MODEL_IDS = { embedded: "parlance_sound_procedural_v1", elevenlabs: "parlance_sound_generative_v1" } as const;
export const SDK_SOUND_MODEL_IDS: readonly string[] = ["eleven_text_to_sound_v2", "eleven_text_to_sound_v1"];
