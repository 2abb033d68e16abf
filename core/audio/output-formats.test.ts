import { describe, expect, it } from "vitest";
import { formatSpec, isOutputFormat, OUTPUT_FORMATS, tierAllowsFormat } from "./output-formats";

describe("output formats", () => {
  it("parses every format", () => {
    expect(formatSpec("mp3_44100_128")).toMatchObject({ codec: "mp3", sampleRate: 44100, bitrateKbps: 128, contentType: "audio/mpeg" });
    expect(formatSpec("pcm_16000")).toMatchObject({ codec: "pcm", sampleRate: 16000 });
    expect(formatSpec("ulaw_8000")).toMatchObject({ codec: "ulaw", sampleRate: 8000 });
    for (const f of OUTPUT_FORMATS) expect(formatSpec(f).sampleRate).toBeGreaterThan(0);
    expect(isOutputFormat("mp3_44100_999")).toBe(false);
  });
  it("gates 192 kbps mp3 to Creator and 44.1 kHz pcm to Pro", () => {
    expect(tierAllowsFormat("starter", "mp3_44100_192")).toBe(false);
    expect(tierAllowsFormat("creator", "mp3_44100_192")).toBe(true);
    expect(tierAllowsFormat("creator", "pcm_44100")).toBe(false);
    expect(tierAllowsFormat("pro", "pcm_44100")).toBe(true);
    expect(tierAllowsFormat("enterprise", "pcm_44100")).toBe(true);
    expect(tierAllowsFormat("free", "pcm_24000")).toBe(true);
  });
});
