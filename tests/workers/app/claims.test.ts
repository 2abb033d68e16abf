import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { missingCapabilityCards } from "../../../core/capabilities";
import { api, createKey, ORIGIN, signUp } from "./helpers";

/** Words that would claim the built-in formant voice sounds like a person. */
const HUMAN_LIKE = /\b(natural|human-like|humanlike|realistic)\b/i;

describe("honest claims: the plan cards list only capabilities that exist", () => {
  it.each(["", "?period=annual&currency=eur", "?period=monthly&currency=usd"])("/pricing%s names no capability this build lacks", async (query) => {
    const html = await (await SELF.fetch(`${ORIGIN}/pricing${query}`)).text();
    expect(html).toContain("Usage-based extra credits");
    for (const card of [...missingCapabilityCards(), "Dubbing studio"]) expect(html).not.toContain(card);
    // Instant and professional cloning exist (the embedded clone, decisions 0024 and 0035): the cards name them.
    expect(html).toContain("Instant voice cloning");
    expect(html).toContain("Professional voice cloning");
  });

  it("/app/subscription shows the same honest cards, and the API's cloning flags are off for the free plan", async () => {
    const cookie = await signUp("claims@example.com");
    const html = await (await SELF.fetch(`${ORIGIN}/app/subscription`, { headers: { cookie } })).text();
    expect(html).toContain("192 kbps audio through the API");
    for (const card of missingCapabilityCards()) expect(html).not.toContain(card);
    const subscription = (await (await api("/v1/user/subscription", { key: await createKey(cookie) })).json()) as Record<string, unknown>;
    expect(subscription).toMatchObject({ can_use_instant_voice_cloning: false, can_use_professional_voice_cloning: false });
  });
});

describe("honest claims: the voices are called what they are", () => {
  it("the home page names espeak-ng formant synthesis, and says lifelike only for the configured neural engine", async () => {
    // The tests' speech worker is configured with an OpenAI-compatible speech server (vitest.config.ts).
    const html = await (await SELF.fetch(`${ORIGIN}/`)).text();
    expect(html).toContain("espeak-ng formant synthesizer");
    expect(html).toContain("lifelike speech with the neural engine this installation connects (External speech server)");
    expect(html).not.toMatch(HUMAN_LIKE);
  });

  it.each(["/text-to-speech", "/languages/german", "/languages/british-accent", "/about", "/pricing"])("%s claims no lifelike or natural voice", async (path) => {
    const html = await (await SELF.fetch(ORIGIN + path)).text();
    expect(html).not.toMatch(HUMAN_LIKE);
    expect(html).not.toMatch(/lifelike/i);
  });

  it("the landing pages say their voices are espeak-ng formant synthesis", async () => {
    expect(await (await SELF.fetch(`${ORIGIN}/text-to-speech`)).text()).toContain("The built-in voices are espeak-ng formant synthesis");
    expect(await (await SELF.fetch(`${ORIGIN}/languages/german`)).text()).toContain("German voices by espeak-ng");
  });
});
