import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FLAC_BLOCK_SIZE, flacFile, flacHeader, FlacStream } from "./flac";

/** A voiced-speech-like test signal: two partials, a noise floor, a silent stretch. */
function signal(length: number): Int16Array {
  const out = new Int16Array(length);
  let seed = 7;
  for (let i = 0; i < length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const noise = (seed / 0x7fffffff - 0.5) * 400;
    out[i] = i > 5000 && i < 6000 ? 0 : Math.round(9000 * Math.sin(i / 9) + 4000 * Math.sin(i / 3.1) + noise);
  }
  out[10] = 32767;
  out[11] = -32768;
  return out;
}

const hasFfmpeg = spawnSync("ffmpeg", ["-version"]).status === 0;

describe("FLAC encoder", () => {
  it("writes fLaC and a STREAMINFO with the rate and length", () => {
    const header = flacHeader(24000, 12345);
    expect(new TextDecoder().decode(header.subarray(0, 4))).toBe("fLaC");
    expect(header.length).toBe(4 + 4 + 34);
    const view = new DataView(header.buffer);
    expect(view.getUint16(8)).toBe(FLAC_BLOCK_SIZE);
    expect(view.getUint32(18) >>> 12).toBe(24000);
    expect(view.getUint32(22)).toBe(12345);
  });

  it("compresses, and streams the same frames as the whole file", () => {
    const samples = signal(3 * FLAC_BLOCK_SIZE + 1000);
    const file = flacFile(samples, 24000);
    expect(file.length).toBeLessThan(samples.length * 2 * 0.9);
    const stream = new FlacStream(24000);
    const parts = [...stream.push(samples.subarray(0, 5000)), ...stream.push(samples.subarray(5000)), ...stream.finish()];
    const streamed = parts.reduce((n, p) => n + p.length, 0);
    expect(streamed).toBe(file.length - 42);
  });

  it.skipIf(!hasFfmpeg)("decodes losslessly with ffmpeg, whole and streamed (length unknown)", () => {
    const samples = signal(3 * FLAC_BLOCK_SIZE + 1000 + 200 * FLAC_BLOCK_SIZE);
    const dir = mkdtempSync(join(tmpdir(), "flac-"));
    const stream = new FlacStream(24000);
    const streamed = [flacHeader(24000), ...stream.push(samples), ...stream.finish()];
    for (const [name, bytes] of [["whole.flac", flacFile(samples, 24000)], ["streamed.flac", Buffer.concat(streamed)]] as const) {
      writeFileSync(join(dir, name), bytes);
      const decoded = spawnSync("ffmpeg", ["-v", "error", "-i", join(dir, name), "-f", "s16le", "-"], { maxBuffer: 1 << 26 });
      expect(decoded.stderr.toString(), name).toBe("");
      const out = new Int16Array(decoded.stdout.buffer, decoded.stdout.byteOffset, decoded.stdout.byteLength / 2);
      expect(out.length, name).toBe(samples.length);
      expect(Buffer.from(out.buffer, out.byteOffset, out.byteLength).equals(Buffer.from(samples.buffer)), name).toBe(true);
    }
  });
});
