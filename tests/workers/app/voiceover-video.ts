// The voiceover tests' videos, made by the platform's own share-video encoder (H.264 in WebAssembly, the item's MP3
// muxed beside it), and what the tests read back from a rendered file with mediabunny.
import { ALL_FORMATS, BufferSource, BufferTarget, EncodedPacketSink, EncodedVideoPacketSource, Input, Mp4OutputFormat, Output } from "mediabunny";
import { concatBytes, StreamingEncoder } from "../../../core/audio/encoder";
import { decodeMp3 } from "../../../core/audio/mp3-decoder";
import { h264Module } from "../../../queues/video/encoder";
import { renderShareVideo } from "../../../queues/video/render";

/** A share video of `seconds` of a steady tone (its sound is MP3: the embedded decoders read it). */
export async function toneVideo(seconds: number, hz = 220, amplitude = 6000): Promise<Uint8Array> {
  const rate = 44100;
  const samples = Int16Array.from({ length: Math.round(seconds * rate) }, (_, i) => Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / rate)));
  const encoder = await StreamingEncoder.create("mp3_44100_128");
  const mp3 = concatBytes([encoder.push(samples, rate), encoder.finish()]);
  return renderShareVideo(h264Module(), { audio: mp3, spec: { codec: "mp3", sampleRate: rate }, text: "Voiceover test", theme: "dark" });
}

/** The same video with its picture only (a silent video). */
export async function withoutSound(mp4: Uint8Array): Promise<Uint8Array> {
  const input = new Input({ source: new BufferSource(mp4), formats: ALL_FORMATS });
  const track = (await input.getPrimaryVideoTrack())!;
  const output = new Output({ format: new Mp4OutputFormat({ fastStart: "in-memory" }), target: new BufferTarget() });
  const source = new EncodedVideoPacketSource((await track.getCodec())!);
  output.addVideoTrack(source);
  await output.start();
  const config = await track.getDecoderConfig();
  let first = true;
  for await (const packet of new EncodedPacketSink(track).packets()) {
    await source.add(packet, first ? { decoderConfig: config! } : undefined);
    first = false;
  }
  await output.finalize();
  return new Uint8Array((output.target as BufferTarget).buffer!);
}

/** A file's picture packets (timestamp, duration, key frame, bytes), its tracks' lengths, and its sound decoded. */
export async function readVideo(bytes: Uint8Array) {
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  const video = (await input.getPrimaryVideoTrack())!;
  const audio = await input.getPrimaryAudioTrack();
  const packets: { timestamp: number; duration: number; key: boolean; data: string }[] = [];
  for await (const packet of new EncodedPacketSink(video).packets()) packets.push({ timestamp: packet.timestamp, duration: packet.duration, key: packet.type === "key", data: await digest(packet.data) });
  let sound: { samples: Int16Array; sampleRate: number; codec: string | null } | null = null;
  if (audio) {
    const parts: Uint8Array[] = [];
    for await (const packet of new EncodedPacketSink(audio).packets()) parts.push(packet.data);
    const codec = await audio.getCodec();
    sound = codec === "mp3" ? { ...(await decodeMp3(concatBytes(parts))), codec } : { samples: new Int16Array(0), sampleRate: 1, codec };
  }
  return { videoCodec: await video.getCodec(), videoSeconds: await video.computeDuration(), audioSeconds: audio ? await audio.computeDuration() : null, packets, sound };
}

async function digest(data: Uint8Array): Promise<string> {
  return [...new Uint8Array(await crypto.subtle.digest("SHA-256", data as Uint8Array<ArrayBuffer>))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The RMS level (dBFS) of the samples between two times. */
export function levelDb(sound: { samples: Int16Array; sampleRate: number }, from: number, to: number): number {
  const window = sound.samples.subarray(Math.round(from * sound.sampleRate), Math.round(to * sound.sampleRate));
  let sum = 0;
  for (const s of window) sum += s * s;
  return 20 * Math.log10(Math.sqrt(sum / Math.max(1, window.length)) / 32768 + 1e-9);
}

/** The level (dBFS) of one frequency between two times (Goertzel): how loud the original tone is there. */
export function toneDb(sound: { samples: Int16Array; sampleRate: number }, hz: number, from: number, to: number): number {
  const window = sound.samples.subarray(Math.round(from * sound.sampleRate), Math.round(to * sound.sampleRate));
  const k = (2 * Math.PI * hz) / sound.sampleRate;
  let s1 = 0;
  let s2 = 0;
  for (const x of window) {
    const s = x / 32768 + 2 * Math.cos(k) * s1 - s2;
    s2 = s1;
    s1 = s;
  }
  const power = s1 * s1 + s2 * s2 - 2 * Math.cos(k) * s1 * s2;
  return 10 * Math.log10((2 * power) / (window.length * window.length) + 1e-12);
}
