// Sound-track codecs of video and audio containers: which the embedded decoders read (core/audio/upload.ts), and
// their names as people know them. No codec is loaded here: pages may import it.

/** The sound-track codecs of WebM and MP4 files the embedded decoders read (decodeContainer in upload.ts). */
export const CONTAINER_AUDIO_CODECS_READ: readonly string[] = ["opus", "mp3"];

const CODEC_NAMES: Record<string, string> = { aac: "AAC", vorbis: "Vorbis", flac: "FLAC", ac3: "AC-3", eac3: "E-AC-3", alac: "ALAC" };

/** A codec's name as people know it (AAC, Vorbis, ...). */
export function audioCodecName(codec: string | null): string {
  return (codec && CODEC_NAMES[codec]) ?? codec ?? "unknown";
}
