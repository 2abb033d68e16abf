// What a voiceover upload is, read from its bytes before anything is stored (decision 0062): a video whose picture
// the render can copy into a new file of the same container (core/dubbing/remux.ts), how long it lasts, and
// whether its own sound is one the embedded decoders read (only then can it be kept or ducked under the clips).
import { ALL_FORMATS, BufferSource, Input, Mp4OutputFormat, WebMOutputFormat } from "mediabunny";
import { sniffContainer } from "../audio/upload";
import { CONTAINER_AUDIO_CODECS_READ } from "../audio/track-codecs";
import { remuxContainer, type RemuxContainer } from "../dubbing/remux";

export type VideoFacts = {
  container: RemuxContainer;
  durationSeconds: number;
  width: number;
  height: number;
  videoCodec: string;
  /** The sound track's codec; null when the video is silent. */
  audioCodec: string | null;
  /** Whether the embedded decoders read that sound (Opus or MP3). */
  audioReadable: boolean;
};

export type VideoRefusal = { ok: false; status: "invalid_file_type" | "not_a_video" | "unsupported_video" | "invalid_video"; message: string };

const refuse = (status: VideoRefusal["status"], message: string): VideoRefusal => ({ ok: false, status, message });

/** The facts of an uploaded video, or the reason it cannot be voiced over. */
export async function probeVideo(bytes: Uint8Array): Promise<({ ok: true } & VideoFacts) | VideoRefusal> {
  const sniffed = sniffContainer(bytes);
  if (!sniffed) return refuse("invalid_file_type", "The file is not a video: upload an MP4 or WebM video.");
  const container = remuxContainer(sniffed);
  if (!container) {
    const audioOnly = ["mp3", "wav", "aiff", "ogg", "flac", "aac", "pcm"].includes(sniffed);
    return audioOnly ? refuse("not_a_video", "The file is audio, not a video: upload an MP4 or WebM video.") : refuse("unsupported_video", `${sniffed.toUpperCase()} video cannot be voiced over here: upload an MP4 or WebM video.`);
  }
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  try {
    // No track at all is a file cut short (an MP4 whose index was never written, say), not a sound file.
    if ((await input.getTracks()).length === 0) return refuse("invalid_video", `The ${container.toUpperCase()} file is damaged or cut short and cannot be read.`);
    const video = await input.getPrimaryVideoTrack();
    if (!video) return refuse("not_a_video", "The file has no picture: upload an MP4 or WebM video.");
    const codec = await video.getCodec();
    const writable = (container === "mp4" ? new Mp4OutputFormat() : new WebMOutputFormat()).getSupportedCodecs();
    if (!codec || !writable.includes(codec)) return refuse("unsupported_video", `The video's picture is ${codec ?? "in an unknown codec"}, which cannot be copied into a new ${container.toUpperCase()} file here.`);
    const durationSeconds = await video.computeDuration();
    if (!(durationSeconds > 0)) return refuse("invalid_video", "The video has no frames.");
    const audio = await input.getPrimaryAudioTrack();
    const audioCodec = audio ? ((await audio.getCodec()) ?? "unknown") : null;
    return {
      ok: true,
      container,
      durationSeconds,
      width: await video.getDisplayWidth(),
      height: await video.getDisplayHeight(),
      videoCodec: codec,
      audioCodec,
      audioReadable: audioCodec !== null && CONTAINER_AUDIO_CODECS_READ.includes(audioCodec),
    };
  } catch {
    return refuse("invalid_video", `The ${container.toUpperCase()} file is damaged or cut short and cannot be read.`);
  } finally {
    input.dispose();
  }
}
