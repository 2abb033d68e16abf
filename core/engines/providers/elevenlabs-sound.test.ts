import { describe, expect, it } from "vitest";
import { createEngineRegistry } from "../registry";
import { proceduralSound } from "./procedural-sound";
import { elevenLabsSound } from "./elevenlabs-sound";
import type { Fetch } from "./http";

/**
 * A stand-in for a server speaking ElevenLabs' POST /v1/sound-generation, for this test only: it checks the
 * request as such a server does (key, JSON body, output_format) and answers raw PCM, 10 ms per character.
 */
function standIn(apiKey: string): { fetch: Fetch; seen: { url: string; body: unknown }[] } {
  const seen: { url: string; body: unknown }[] = [];
  return {
    seen,
    fetch: async (url, init) => {
      const request = new Request(url, init);
      const parsed = new URL(request.url);
      if (request.method !== "POST" || parsed.pathname !== "/v1/sound-generation") return Response.json({ detail: "not found" }, { status: 404 });
      if (request.headers.get("xi-api-key") !== apiKey) return Response.json({ detail: { status: "invalid_api_key" } }, { status: 401 });
      const body = (await request.json()) as { text?: unknown };
      seen.push({ url: request.url, body });
      if (typeof body.text !== "string" || !body.text) return Response.json({ detail: "text is required" }, { status: 422 });
      if (parsed.searchParams.get("output_format") !== "pcm_44100") return Response.json({ detail: "format" }, { status: 422 });
      return new Response(new Int16Array(441 * body.text.length).fill(1000).buffer, { headers: { "content-type": "audio/pcm" } });
    },
  };
}

describe("the ElevenLabs-protocol sound-generation adapter", () => {
  const request = { prompt: "rain", durationSeconds: 2, promptInfluence: 0.5, loop: true, seed: 1 };

  it("sends the description and settings and reads raw 44.1 kHz PCM", async () => {
    const server = standIn("k");
    const engine = elevenLabsSound({ baseUrl: "http://sfx:8000/", apiKey: "k", model: "eleven_text_to_sound_v2" }, server.fetch);
    const result = await engine.generate(request);
    expect(result.sampleRate).toBe(44100);
    expect(result.pcm.byteLength).toBe(441 * 4 * 2);
    expect(server.seen[0]!.body).toEqual({ text: "rain", duration_seconds: 2, prompt_influence: 0.5, loop: true, model_id: "eleven_text_to_sound_v2" });
  });

  it("turns a refusal into an error naming the status", async () => {
    const engine = elevenLabsSound({ baseUrl: "http://sfx:8000/v1", apiKey: "wrong", model: "m" }, standIn("k").fetch);
    await expect(engine.generate(request)).rejects.toThrow(/401/);
  });

  it("is registered only when configured, after the embedded procedural engine", () => {
    const embedded = { "sound-generation": { engine: proceduralSound, upstream: "procedural-audio" } };
    const bare = createEngineRegistry({}, { embedded }).catalog().capabilities["sound-generation"];
    expect(bare).toEqual([{ provider: "embedded", models: [{ id: "parlance_sound_procedural_v1", upstream: "procedural-audio" }] }]);
    const registry = createEngineRegistry({ SOUND_GENERATION_BASE_URL: "http://sfx:8000", SOUND_GENERATION_API_KEY: "k" }, { embedded, fetch: standIn("k").fetch });
    expect(registry.catalog().capabilities["sound-generation"].map((p) => p.provider)).toEqual(["embedded", "elevenlabs"]);
    expect(registry.get("sound-generation")).toBe(proceduralSound);
    expect(registry.get("sound-generation", { model: "parlance_sound_generative_v1" })).not.toBe(proceduralSound);
    expect(createEngineRegistry({ SOUND_GENERATION_MODEL: "x" }).catalog().problems).toEqual(["SOUND_GENERATION_MODEL is set without SOUND_GENERATION_BASE_URL: ignored."]);
  });

  it("the embedded engine gives 16-bit PCM of the asked length", async () => {
    const result = await proceduralSound.generate(request);
    expect(result.pcm.byteLength).toBe(2 * 44100 * 2);
    expect(result.recipes).toEqual(["rain"]);
  });
});
