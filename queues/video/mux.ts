import { ALL_FORMATS, BufferSource, BufferTarget, EncodedAudioPacketSource, EncodedPacketSink, EncodedVideoPacketSource, Input, Mp4OutputFormat, Output } from "mediabunny";

/**
 * One MP4 from the encoder's video-only MP4 (H.264) and the item's MP3: both are demuxed into packets and
 * written as two tracks, the index first so players can start before the whole file arrives.
 */
export async function muxVideoWithAudio(videoMp4: Uint8Array, mp3: Uint8Array): Promise<Uint8Array> {
  const video = new Input({ source: new BufferSource(videoMp4), formats: ALL_FORMATS });
  const audio = new Input({ source: new BufferSource(mp3), formats: ALL_FORMATS });
  const videoTrack = await video.getPrimaryVideoTrack();
  const audioTrack = await audio.getPrimaryAudioTrack();
  if (!videoTrack) throw new Error("the encoder produced no video track");
  if (!audioTrack) throw new Error("the item's audio has no MP3 track");

  const output = new Output({ format: new Mp4OutputFormat({ fastStart: "in-memory" }), target: new BufferTarget() });
  const videoSource = new EncodedVideoPacketSource("avc");
  const audioSource = new EncodedAudioPacketSource("mp3");
  output.addVideoTrack(videoSource, { frameRate: undefined });
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
