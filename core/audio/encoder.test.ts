import { describe, expect, it } from "vitest";
import { mp3Frames } from "./audio-levels";
import { StreamingEncoder } from "./encoder";

const tone = (n: number, rate: number) => Int16Array.from({ length: n }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)));
const seconds = (bytes: Uint8Array) => mp3Frames(bytes).reduce((s, f) => s + f.samples / f.sampleRate, 0);

describe("StreamingEncoder", () => {
  it("encodes MP3 with LAME: frames at the requested rate, lasting as long as the input", async () => {
    const encoder = await StreamingEncoder.create("mp3_44100_128");
    // Two pushes, as two sentences of a stream arrive.
    const bytes = new Uint8Array([...encoder.push(tone(11025, 22050), 22050), ...encoder.push(tone(11025, 22050), 22050), ...encoder.finish()]);
    const frames = mp3Frames(bytes);
    expect(new Set(frames.map((f) => f.sampleRate))).toEqual(new Set([44100]));
    expect(seconds(bytes)).toBeGreaterThan(0.98);
    expect(seconds(bytes)).toBeLessThan(1.15);
    // ~1 s at 128 kbps is about 16 KB.
    expect(bytes.length).toBeGreaterThan(14000);
    expect(bytes.length).toBeLessThan(20000);
    expect(frames.filter((f) => f.bits > 0).length).toBeGreaterThan(30);
  });

  it("keeps concurrent streams apart", async () => {
    const [a, b] = await Promise.all([StreamingEncoder.create("mp3_22050_32"), StreamingEncoder.create("mp3_44100_192")]);
    const aBytes = new Uint8Array([...a.push(tone(22050, 22050), 22050), ...a.finish()]);
    const bBytes = new Uint8Array([...b.push(tone(11025, 22050), 22050), ...b.finish()]);
    expect(new Set(mp3Frames(aBytes).map((f) => f.sampleRate))).toEqual(new Set([22050]));
    expect(new Set(mp3Frames(bBytes).map((f) => f.sampleRate))).toEqual(new Set([44100]));
    expect(seconds(aBytes)).toBeGreaterThan(0.98);
    expect(seconds(bBytes)).toBeLessThan(0.65);
    // 1 s at 32 kbps is about 4 KB.
    expect(aBytes.length).toBeLessThan(6000);
  });

  it("produces raw PCM and G.711 at the requested rate", async () => {
    expect((await StreamingEncoder.create("pcm_16000")).push(tone(22050, 22050), 22050).byteLength).toBe(32000);
    expect((await StreamingEncoder.create("ulaw_8000")).push(tone(22050, 22050), 22050).byteLength).toBe(8000);
  });
});
