import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { StreamingEncoder } from "./encoder";
import { readOggPages } from "./ogg";
import { decodeOggOpus, OPUS_RATE } from "./opus";
import { rmsLevel } from "./pcm";

const tone = (n: number, rate: number) => Int16Array.from({ length: n }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)));
/** ffmpeg is a test dependency (.ci/run installs it): without it this check fails instead of being skipped. */
const FFMPEG_MISSING = "ffmpeg and ffprobe are needed for the independent Opus decoder check: install Debian's ffmpeg (.ci/run does)";

async function encode(format: "opus_48000_32" | "opus_48000_64" | "opus_48000_192", chunks: Int16Array[], rate = 22050) {
  const encoder = await StreamingEncoder.create(format);
  const parts = chunks.map((chunk) => encoder.push(chunk, rate));
  return new Uint8Array([...parts.flatMap((p) => [...p]), ...encoder.finish()]);
}

describe("Ogg Opus output", () => {
  it("streams an Ogg Opus file: OpusHead and OpusTags first, end-of-stream last, granule = pre-skip + samples", async () => {
    const bytes = await encode("opus_48000_64", [tone(11025, 22050), tone(11025, 22050)]);
    const pages = readOggPages(bytes);
    expect(pages.every((p) => p.crcValid)).toBe(true);
    const head = pages[0]!.packets[0]!;
    expect(new TextDecoder().decode(head.subarray(0, 8))).toBe("OpusHead");
    expect(pages[0]!.flags & 2).toBe(2);
    expect(new TextDecoder().decode(pages[1]!.packets[0]!.subarray(0, 8))).toBe("OpusTags");
    expect(pages.at(-1)!.flags & 4).toBe(4);
    const preSkip = new DataView(head.buffer, head.byteOffset).getUint16(10, true);
    expect(pages.at(-1)!.granule - preSkip).toBe(OPUS_RATE); // one second of input, resampled to 48 kHz
  });

  it("decodes back to the same length and loudness", async () => {
    const input = tone(22050, 22050);
    const decoded = await decodeOggOpus(await encode("opus_48000_64", [input]));
    expect(decoded.length).toBe(OPUS_RATE);
    expect(rmsLevel(decoded)).toBeGreaterThan(rmsLevel(input) * 0.7);
    expect(rmsLevel(decoded)).toBeLessThan(rmsLevel(input) * 1.3);
  });

  it("spends about the requested bitrate", async () => {
    const low = await encode("opus_48000_32", [tone(22050 * 4, 22050)]);
    const high = await encode("opus_48000_192", [tone(22050 * 4, 22050)]);
    expect(low.length).toBeLessThan(4 * 32_000 / 8 * 1.3);
    expect(high.length).toBeGreaterThan(low.length * 2);
  });

  it("is read by ffmpeg as one second of Opus (an independent decoder)", async () => {
    expect(spawnSync("ffmpeg", ["-version"]).status, FFMPEG_MISSING).toBe(0);
    expect(spawnSync("ffprobe", ["-version"]).status, FFMPEG_MISSING).toBe(0);
    const dir = mkdtempSync(join(tmpdir(), "opus-"));
    writeFileSync(join(dir, "a.opus"), await encode("opus_48000_64", [tone(22050, 22050)]));
    const probe = spawnSync("ffprobe", ["-v", "error", "-show_entries", "stream=codec_name,sample_rate,channels:format=duration", "-of", "json", join(dir, "a.opus")], { encoding: "utf8" });
    expect(probe.status, probe.stderr).toBe(0);
    const info = JSON.parse(probe.stdout);
    expect(info.streams[0]).toMatchObject({ codec_name: "opus", channels: 1 });
    // ffmpeg trims the pre-skip and the padding the end page declares: exactly one second comes out.
    const decode = spawnSync("ffmpeg", ["-v", "error", "-i", join(dir, "a.opus"), "-f", "s16le", "-ar", "48000", "-"], { maxBuffer: 1 << 24 });
    expect(decode.status).toBe(0);
    expect(decode.stderr.toString()).toBe("");
    expect(decode.stdout.length / 2).toBe(OPUS_RATE);
  });
});
