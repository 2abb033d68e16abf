import type { AudioFile, PcmAudio } from "./audio";

/**
 * Voice conversion (speech to speech): a recording in, the same words and timing in another voice out. No
 * provider exists yet (docs/engines.md says which issue brings one); the interface is what they implement.
 */
export type VoiceConversionRequest = AudioFile & {
  /** The voice to speak in, as the provider knows it. */
  targetVoice: string;
};

export interface VoiceConversionEngine {
  convert(request: VoiceConversionRequest): Promise<PcmAudio>;
}
