// The dubbed track put back into the original container with the picture as it was: the video packets are
// copied (no re-encoding) and the new audio is written beside them. MP4 takes the MP3 track; WebM the Opus one.
import { ALL_FORMATS, BufferSource, BufferTarget, EncodedAudioPacketSource, EncodedPacketSink, EncodedVideoPacketSource, Input, Mp4OutputFormat, Output, WebMOutputFormat } from "mediabunny";

export type RemuxContainer = "mp4" | "webm";

/** The containers whose picture can be kept: MP4 and WebM (other video containers get the dubbed audio only). */
export function remuxContainer(container: string): RemuxContainer | null {
  return container === "mp4" || container === "webm" ? container : null;
}

/** The video of `original` with `audio` (an MP3 for MP4, an Ogg Opus for WebM) as its only sound track. */
export async function remuxWithAudio(original: Uint8Array, container: RemuxContainer, audio: Uint8Array): Promise<Uint8Array> {
  const video = new Input({ source: new BufferSource(original), formats: ALL_FORMATS });
  const sound = new Input({ source: new BufferSource(audio), formats: ALL_FORMATS });
  const videoTrack = await video.getPrimaryVideoTrack();
  const audioTrack = await sound.getPrimaryAudioTrack();
  if (!videoTrack) throw new Error("the upload has no video track to keep");
  if (!audioTrack) throw new Error("the dubbed audio has no track");
  const codec = await videoTrack.getCodec();
  const audioCodec = await audioTrack.getCodec();
  if (!codec || !audioCodec) throw new Error("the video or audio codec is not known to the muxer");
  const output = new Output({ format: container === "mp4" ? new Mp4OutputFormat({ fastStart: "in-memory" }) : new WebMOutputFormat(), target: new BufferTarget() });
  const videoSource = new EncodedVideoPacketSource(codec);
  const audioSource = new EncodedAudioPacketSource(audioCodec);
  output.addVideoTrack(videoSource, { rotation: await videoTrack.getRotation() });
  output.addAudioTrack(audioSource);
  await output.start();
  const videoConfig = await videoTrack.getDecoderConfig();
  let first = true;
  for await (const packet of new EncodedPacketSink(videoTrack).packets()) {
    await videoSource.add(packet, first ? { decoderConfig: videoConfig! } : undefined);
    first = false;
  }
  const audioConfig = await audioTrack.getDecoderConfig();
  first = true;
  for await (const packet of new EncodedPacketSink(audioTrack).packets()) {
    await audioSource.add(packet, first ? { decoderConfig: audioConfig! } : undefined);
    first = false;
  }
  await output.finalize();
  return new Uint8Array((output.target as BufferTarget).buffer!);
}
