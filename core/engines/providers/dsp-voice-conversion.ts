// The embedded voice conversion: DSP inside workerd, nothing downloaded (core/voice-changer, decision 0031).
import type { VoiceConversionEngine } from "../voice-conversion";
import { bytesFromInt16, int16FromBytes } from "../../audio/pcm";
import { convertVoice } from "../../voice-changer/convert";
import { floatSamples } from "../../voices/speaker-analysis";

/** Floats in [-1, 1) back to 16-bit samples, clipped. */
export function int16Samples(samples: Float32Array): Int16Array {
  return Int16Array.from(samples, (v) => Math.max(-32768, Math.min(32767, Math.round(v * 32768))));
}

export const dspVoiceConversion: VoiceConversionEngine = {
  async convert({ pcm, sampleRate, target }) {
    const even = pcm.subarray(0, pcm.byteLength - (pcm.byteLength % 2));
    const converted = convertVoice(floatSamples(int16FromBytes(even)), sampleRate, target);
    if (!converted) return null;
    return { pcm: bytesFromInt16(int16Samples(converted.samples)), sampleRate, report: converted.report };
  },
};
