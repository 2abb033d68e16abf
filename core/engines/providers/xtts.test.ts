import { describe, expect, it } from "vitest";
import { fetchFrom, xttsStandIn, xttsStandInPitch } from "../../../tests/engines/protocol-stand-ins";
import { createEngineRegistry } from "../registry";
import { readEngineConfig } from "../config";
import { XTTS_RATE, xttsSpeech } from "./xtts";

const server = { baseUrl: "http://xtts.test/" };
const reference = { audio: new Uint8Array(1234).fill(7), contentType: "audio/wav" };

describe("the XTTS cloning server adapter (Coqui's xtts-streaming-server protocol)", () => {
  it("learns a speaker from a reference and speaks with its conditioning as 24 kHz PCM", async () => {
    const engine = xttsSpeech(server, fetchFrom(xttsStandIn()));
    const speaker = await engine.cloneSpeaker(reference);
    expect(speaker.speaker_embedding[0]).toBe(1234);
    const spoken = await engine.synthesize({ text: "Hello there", engineVoice: "en-us", rate: 175, pitch: 50, range: 50, clonedSpeaker: speaker, language: "fr" });
    expect(spoken.sampleRate).toBe(XTTS_RATE);
    // No WAV header asked for: 40 ms a character of the stand-in's tone, nothing else.
    expect(spoken.pcm.byteLength).toBe(Math.round(XTTS_RATE * 0.04 * 11) * 2);
    expect(spoken.durationMs).toBeCloseTo(440, 0);
    expect(xttsStandInPitch(1234)).toBe(134);
  });

  it("applies the speed the protocol lacks to the server's speech (rate against 175), keeping the rest", async () => {
    const engine = xttsSpeech(server, fetchFrom(xttsStandIn()));
    const speaker = await engine.cloneSpeaker(reference);
    const request = { text: "Hello there", engineVoice: "en-us", pitch: 50, range: 50, clonedSpeaker: speaker, language: "en" };
    const normal = await engine.synthesize({ ...request, rate: 175 });
    const fast = await engine.synthesize({ ...request, rate: 210 });
    const slow = await engine.synthesize({ ...request, rate: 140 });
    expect(fast.durationMs / normal.durationMs).toBeCloseTo(175 / 210, 2);
    expect(slow.durationMs / normal.durationMs).toBeCloseTo(175 / 140, 2);
    expect(fast.pcm.byteLength).toBe(Math.round((normal.pcm.byteLength / 2) * (175 / 210)) * 2);
  });

  it("refuses a voice it never learnt, and says what the server refused", async () => {
    const engine = xttsSpeech(server, fetchFrom(xttsStandIn()));
    await expect(engine.synthesize({ text: "Hi", engineVoice: "en-us", rate: 175, pitch: 50, range: 50 })).rejects.toThrow(/cloned voices only/);
    await expect(engine.cloneSpeaker({ audio: new Uint8Array(0), contentType: "audio/wav" })).rejects.toThrow(/cloning server answered 422/);
    const broken = xttsSpeech(server, async () => Response.json({ speaker_embedding: [] }));
    await expect(broken.cloneSpeaker(reference)).rejects.toThrow(/without gpt_cond_latent/);
  });

  it("is a speech provider only when XTTS_BASE_URL is an http(s) URL", () => {
    expect(readEngineConfig({ XTTS_BASE_URL: "http://xtts.test" }).providers).toEqual([{ capability: "speech", provider: "xtts", server: { baseUrl: "http://xtts.test" } }]);
    expect(readEngineConfig({ XTTS_BASE_URL: "ftp://x" }).problems[0]).toMatch(/XTTS_BASE_URL is not an http/);
    expect(readEngineConfig({ XTTS_API_KEY: "k" }).problems[0]).toMatch(/XTTS_API_KEY is set without XTTS_BASE_URL/);
    const catalog = createEngineRegistry({ XTTS_BASE_URL: "http://xtts.test" }).catalog();
    expect(catalog.capabilities.speech).toEqual([{ provider: "xtts", models: [{ id: "parlance_xtts_clone_v1", upstream: "xtts_v2" }] }]);
  });
});
