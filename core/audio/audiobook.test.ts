import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { audiobookMp3, chapterMarks, mp3Audio } from "./audiobook";
import { StreamingEncoder } from "./encoder";

/** ffprobe is a test dependency (.ci/run installs ffmpeg): without it this check fails instead of being skipped. */
const FFPROBE_MISSING = "ffprobe is needed to read the chapters back with an independent reader: install Debian's ffmpeg (.ci/run does)";

async function tone(seconds: number, hz: number): Promise<Uint8Array> {
  const rate = 44100;
  const encoder = await StreamingEncoder.create("mp3_44100_128");
  const pcm = Int16Array.from({ length: Math.round(rate * seconds) }, (_, i) => Math.round(6000 * Math.sin((2 * Math.PI * hz * i) / rate)));
  return new Uint8Array([...encoder.push(pcm, rate), ...encoder.finish()]);
}

describe("audiobookMp3", () => {
  it("marks chapters end to end", () => {
    expect(chapterMarks([{ title: "A", durationMs: 1000 }, { title: "B", durationMs: 500 }])).toEqual([
      { id: "ch1", title: "A", startMs: 0, endMs: 1000 },
      { id: "ch2", title: "B", startMs: 1000, endMs: 1500 },
    ]);
  });

  it("writes chapters, title and author that ffprobe (the reader of ffmpeg-based players) reads back", async () => {
    expect(spawnSync("ffprobe", ["-version"]).status, FFPROBE_MISSING).toBe(0);
    const one = await tone(1.5, 440);
    const two = await tone(2, 660);
    const book = audiobookMp3({ title: "The Lighthouse", author: "Ana Núñez", cover: null }, [
      { title: "Chapter One", mp3: one },
      { title: "Épilogue — 終わり", mp3: two },
    ]);
    const file = join(mkdtempSync(join(tmpdir(), "audiobook-")), "book.mp3");
    writeFileSync(file, book);
    const probe = spawnSync("ffprobe", ["-v", "error", "-show_chapters", "-show_format", "-of", "json", file], { encoding: "utf8" });
    expect(probe.status, probe.stderr).toBe(0);
    const read = JSON.parse(probe.stdout) as { chapters: { start_time: string; end_time: string; tags: { title: string } }[]; format: { tags: Record<string, string>; duration: string } };
    const oneMs = mp3Audio(one).durationMs;
    const twoMs = mp3Audio(two).durationMs;
    expect(read.chapters.map((c) => [c.tags.title, Number(c.start_time), Number(c.end_time)])).toEqual([
      ["Chapter One", 0, oneMs / 1000],
      ["Épilogue — 終わり", oneMs / 1000, (oneMs + twoMs) / 1000],
    ]);
    expect(read.format.tags).toMatchObject({ title: "The Lighthouse", artist: "Ana Núñez", genre: "Audiobook" });
    expect(Number(read.format.duration)).toBeCloseTo((oneMs + twoMs) / 1000, 1);
  });

  it("refuses no chapters and more than a table of contents holds", async () => {
    expect(() => audiobookMp3({ title: "x" }, [])).toThrow(/at least one/);
    const mp3 = await tone(0.05, 440);
    expect(() => audiobookMp3({ title: "x" }, Array.from({ length: 256 }, (_, i) => ({ title: String(i), mp3 })))).toThrow(/at most 255/);
  });
});
