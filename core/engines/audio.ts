/** Audio as the audio capabilities take it: an encoded file (mp3, wav, ogg, ...) with its content type, as the protocols carry it. */
export type AudioFile = {
  audio: Uint8Array;
  /** e.g. "audio/mpeg", "audio/wav". */
  contentType: string;
};

/** Audio as the capabilities give it, ready for the platform's encoders: 16-bit little-endian mono PCM. */
export type PcmAudio = {
  pcm: Uint8Array;
  sampleRate: number;
};
