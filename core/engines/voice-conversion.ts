/**
 * Voice conversion (speech to speech): a recording in, the same words and timing in another voice out. No
 * provider exists yet (docs/engines.md says which issue brings one); the interface is what they implement.
 */
export type VoiceConversionRequest = {
  audio: Uint8Array;
  contentType: string;
  /** The voice to speak in, as the provider knows it. */
  targetVoice: string;
};

export type VoiceConversionResult = {
  /** 16-bit little-endian mono PCM. */
  pcm: Uint8Array;
  sampleRate: number;
};

export interface VoiceConversionEngine {
  convert(request: VoiceConversionRequest): Promise<VoiceConversionResult>;
}
