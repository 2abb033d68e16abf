import type { PcmAudio } from "../../core/engines/audio";
import { isolateVoice } from "../../core/audio/rnnoise";
import { bytesFromInt16, int16FromBytes } from "../../core/audio/pcm";

/** The embedded noise isolation: RNNoise in WebAssembly, 48 kHz 16-bit mono out. */
export async function isolateWithRnnoise(request: PcmAudio): Promise<PcmAudio> {
  const even = request.pcm.subarray(0, request.pcm.byteLength - (request.pcm.byteLength % 2));
  const { samples, sampleRate } = await isolateVoice(int16FromBytes(even), request.sampleRate);
  return { pcm: bytesFromInt16(samples), sampleRate };
}
