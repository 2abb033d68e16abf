import { describe, expect, it } from "vitest";
import { formatSpec } from "./output-formats";
import { decodeToSamples } from "./decodable";
import { StreamingEncoder } from "./encoder";
import { rmsLevel } from "./pcm";
import { wavFile } from "./wav";

const tone = (n: number, rate: number) => Int16Array.from({ length: n }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)));

describe("decoding stored audio (WAV downloads)", () => {
  it.each(["mp3_44100_128", "mp3_22050_32", "opus_48000_64", "pcm_16000", "ulaw_8000", "alaw_8000"] as const)("decodes %s back to a second of the tone", async (format) => {
    const encoder = await StreamingEncoder.create(format);
    const bytes = new Uint8Array([...encoder.push(tone(22050, 22050), 22050), ...encoder.finish()]);
    const { samples, sampleRate } = await decodeToSamples(bytes, formatSpec(format));
    expect(sampleRate).toBe(formatSpec(format).sampleRate);
    // MP3 adds the encoder's delay and padding (under 0.1 s); the others are exact.
    expect(samples.length / sampleRate).toBeGreaterThanOrEqual(format.startsWith("mp3") ? 0.99 : 1);
    expect(samples.length / sampleRate).toBeLessThan(format.startsWith("mp3") ? 1.1 : 1.0001);
    expect(rmsLevel(samples)).toBeGreaterThan(0.15);
  });

  it("writes a RIFF WAVE header for 16-bit mono PCM", () => {
    const wav = wavFile(Int16Array.from([1, -1, 32767]), 22050);
    const view = new DataView(wav.buffer);
    expect(new TextDecoder().decode(wav.subarray(0, 4))).toBe("RIFF");
    expect(view.getUint32(4, true)).toBe(wav.length - 8);
    expect(new TextDecoder().decode(wav.subarray(8, 16))).toBe("WAVEfmt ");
    expect([view.getUint16(20, true), view.getUint16(22, true), view.getUint32(24, true), view.getUint32(28, true), view.getUint16(32, true), view.getUint16(34, true)]).toEqual([1, 1, 22050, 44100, 2, 16]);
    expect(new TextDecoder().decode(wav.subarray(36, 40))).toBe("data");
    expect(view.getUint32(40, true)).toBe(6);
    expect([view.getInt16(44, true), view.getInt16(46, true), view.getInt16(48, true)]).toEqual([1, -1, 32767]);
  });
});
