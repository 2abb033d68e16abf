import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { StreamingEncoder } from "./encoder";
import { rmsLevel } from "./pcm";
import { decodeUpload, sniffContainer } from "./upload";
import { wavFile } from "./wav";

const tone = (n: number, rate: number) => Int16Array.from({ length: n }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)));

async function encode(format: "mp3_44100_128" | "opus_48000_64", samples: Int16Array, rate: number): Promise<Uint8Array> {
  const encoder = await StreamingEncoder.create(format);
  const head = encoder.push(samples, rate);
  const tail = encoder.finish();
  const out = new Uint8Array(head.length + tail.length);
  out.set(head);
  out.set(tail, head.length);
  return out;
}

/** ffmpeg (a test dependency, .ci/run installs it) makes the containers the platform does not write itself. */
function ffmpeg(input: Uint8Array, args: string[], extension: string): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), "upload-"));
  writeFileSync(join(dir, "in.wav"), input);
  const out = join(dir, `out.${extension}`);
  const run = spawnSync("ffmpeg", ["-v", "error", "-y", ...args.flatMap((a) => (a === "IN" ? [join(dir, "in.wav")] : [a])), out]);
  if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr}`);
  return new Uint8Array(readFileSync(out));
}

describe("decodeUpload", () => {
  const second = tone(16000, 16000);
  const wav = wavFile(second, 16000);

  it("reads WAV, MP3, Ogg Opus and raw 16 kHz PCM at their own rates", async () => {
    const fromWav = await decodeUpload(wav);
    expect(fromWav).toMatchObject({ ok: true, sampleRate: 16000, container: "wav" });
    for (const [bytes, rate] of [
      [await encode("mp3_44100_128", second, 16000), 44100],
      [await encode("opus_48000_64", second, 16000), 48000],
    ] as const) {
      const decoded = await decodeUpload(bytes);
      if (!decoded.ok) throw new Error(decoded.message);
      expect(decoded.sampleRate).toBe(rate);
      expect(decoded.samples.length / rate).toBeGreaterThan(0.95);
      expect(rmsLevel(decoded.samples)).toBeGreaterThan(rmsLevel(second) * 0.7);
    }
    const raw = await decodeUpload(wav.subarray(44), { pcm16k: true });
    expect(raw).toMatchObject({ ok: true, sampleRate: 16000, container: "pcm" });
  });

  it("reads stereo 24-bit WAV, AIFF, WebM Opus, and the sound of WebM and MP4 videos (ffmpeg-made)", async () => {
    const cases: [string[], string, string, boolean][] = [
      [["-i", "IN", "-ac", "2", "-c:a", "pcm_s24le"], "wav", "wav", false],
      [["-i", "IN", "-c:a", "pcm_s16be"], "aiff", "aiff", false],
      [["-i", "IN", "-c:a", "libopus"], "webm", "webm", false],
      [["-f", "lavfi", "-i", "color=c=black:s=64x64:d=1", "-i", "IN", "-shortest", "-c:v", "libvpx", "-c:a", "libopus"], "webm", "webm", true],
      [["-f", "lavfi", "-i", "color=c=black:s=64x64:d=1", "-i", "IN", "-shortest", "-c:v", "libx264", "-c:a", "libmp3lame"], "mp4", "mp4", true],
    ];
    for (const [args, extension, container, hadVideo] of cases) {
      const decoded = await decodeUpload(ffmpeg(wav, args, extension));
      if (!decoded.ok) throw new Error(`${extension}: ${decoded.message}`);
      expect({ extension, container: decoded.container, hadVideo: decoded.hadVideo }).toEqual({ extension, container, hadVideo });
      // MP3 keeps its encoder's padding (about 50 ms).
      expect(Math.abs(decoded.samples.length / decoded.sampleRate - 1)).toBeLessThan(0.1);
      expect(decoded.samples.length / decoded.sampleRate).toBeGreaterThan(0.9);
      expect(rmsLevel(decoded.samples)).toBeGreaterThan(rmsLevel(second) * 0.6);
    }
  });

  it("refuses an empty file, a truncated MP3, a truncated WAV, bytes that are not media, and codecs it cannot decode", async () => {
    expect(await decodeUpload(new Uint8Array(0))).toMatchObject({ ok: false, reason: "empty" });
    const mp3 = await encode("mp3_44100_128", second, 16000);
    expect(await decodeUpload(mp3.subarray(0, Math.floor(mp3.length * 0.6)))).toMatchObject({ ok: false, reason: "corrupt", message: expect.stringContaining("truncated") });
    expect(await decodeUpload(wav.subarray(0, 2000))).toMatchObject({ ok: false, reason: "corrupt" });
    expect(await decodeUpload(new TextEncoder().encode("%PDF-1.7 not audio at all"))).toMatchObject({ ok: false, reason: "unrecognised" });
    expect(await decodeUpload(ffmpeg(wav, ["-i", "IN", "-c:a", "flac"], "flac"))).toMatchObject({ ok: false, reason: "undecodable", message: expect.stringContaining("FLAC") });
    expect(await decodeUpload(ffmpeg(wav, ["-i", "IN", "-c:a", "aac"], "m4a"))).toMatchObject({ ok: false, reason: "undecodable", message: expect.stringContaining("AAC") });
    expect(await decodeUpload(ffmpeg(wav, ["-f", "lavfi", "-i", "color=c=black:s=64x64:d=1", "-an", "-c:v", "libvpx"], "webm"))).toMatchObject({ ok: false, reason: "no_audio" });
  });

  it("knows containers by their first bytes", () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(sniffContainer(bytes("RIFF\0\0\0\0AVI LIST"))).toBe("avi");
    expect(sniffContainer(bytes("\0\0\0\x18ftypisom"))).toBe("mp4");
    expect(sniffContainer(bytes("OggS"))).toBe("ogg");
    expect(sniffContainer(bytes("hello"))).toBeNull();
  });
});
