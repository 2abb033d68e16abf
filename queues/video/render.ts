import { audioLevels, decodeALaw, decodeMuLaw } from "../../core/audio/audio-levels";
import type { FormatSpec } from "../../core/audio/output-formats";
import { barLevelsAt, FRAME_SIZE, FRAMES_PER_SECOND, renderVideoFrame } from "../../core/sharing/video-frame";
import type { VideoTheme } from "../../core/sharing/video";
import { directAudio, type DirectSpec } from "../../core/audio/decodable";
import { StreamingEncoder, concatBytes } from "../../core/audio/encoder";
import { muxVideoWithAudio } from "./mux";

/** The part of h264-mp4-encoder's API the renderer uses. */
export type H264Encoder = {
  width: number;
  height: number;
  frameRate: number;
  speed: number;
  quantizationParameter: number;
  groupOfPictures: number;
  outputFilename: string;
  initialize(): void;
  addFrameRgba(frame: Uint8Array | Uint8ClampedArray): void;
  finalize(): void;
  delete(): void;
  FS: { readFile(path: string): Uint8Array; unlink(path: string): void };
};
export type H264Module = { createH264MP4Encoder(): Promise<H264Encoder> };

export type RenderInput = { audio: Uint8Array; spec: Pick<FormatSpec, "codec" | "sampleRate">; text: string; theme: VideoTheme };

/** The MP3 the video carries: stored MP3 as is, other formats encoded (44.1 kHz, 128 kbps). */
export async function mp3Of(audio: Uint8Array, spec: DirectSpec, mp3Wasm?: WebAssembly.Module): Promise<Uint8Array> {
  if (spec.codec === "mp3") return audio;
  const samples =
    spec.codec === "pcm"
      ? new Int16Array(audio.buffer.slice(audio.byteOffset, audio.byteOffset + audio.byteLength - (audio.byteLength % 2)))
      : spec.codec === "ulaw"
        ? decodeMuLaw(audio)
        : decodeALaw(audio);
  const encoder = await StreamingEncoder.create("mp3_44100_128", { mp3: mp3Wasm });
  return concatBytes([encoder.push(samples, spec.sampleRate), encoder.finish()]);
}

let renders = 0;

/**
 * Renders the share video: a frame per 1/20 s (the item's text, level bars following the audio, progress),
 * encoded as H.264 and muxed with the item's audio into an MP4. `onProgress` hears 0-100.
 */
export async function renderShareVideo(h264: H264Module, input: RenderInput, onProgress: (percent: number) => Promise<void> | void = () => {}): Promise<Uint8Array> {
  const { audio, spec } = await directAudio(input.audio, input.spec);
  const levels = audioLevels(audio, spec);
  if (levels.durationSeconds <= 0) throw new Error("The item's audio is empty or unreadable");
  const mp3 = await mp3Of(audio, spec);
  const frames = Math.max(1, Math.ceil(levels.durationSeconds * FRAMES_PER_SECOND));

  const encoder = await h264.createH264MP4Encoder();
  // The encoder's file system is shared by every encoder of the isolate: one file name per render.
  encoder.outputFilename = `render-${++renders}.mp4`;
  encoder.width = FRAME_SIZE;
  encoder.height = FRAME_SIZE;
  encoder.frameRate = FRAMES_PER_SECOND;
  encoder.speed = 10; // fastest: the frames are flat colour and bars
  encoder.quantizationParameter = 30;
  encoder.groupOfPictures = FRAMES_PER_SECOND * 2;
  try {
    encoder.initialize();
    let reported = 0;
    for (let frame = 0; frame < frames; frame++) {
      const seconds = frame / FRAMES_PER_SECOND;
      encoder.addFrameRgba(renderVideoFrame({ theme: input.theme, text: input.text, levels: barLevelsAt(levels.levels, levels.perSecond, seconds), progress: seconds / levels.durationSeconds }));
      const percent = Math.floor((frame / frames) * 90);
      if (percent >= reported + 10) {
        reported = percent;
        await onProgress(percent);
      }
    }
    encoder.finalize();
    const video = encoder.FS.readFile(encoder.outputFilename);
    encoder.FS.unlink(encoder.outputFilename);
    return await muxVideoWithAudio(video, mp3);
  } finally {
    encoder.delete();
  }
}
