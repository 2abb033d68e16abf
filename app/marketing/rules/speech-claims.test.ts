import { describe, expect, it } from "vitest";
import { CAPABILITIES, type EngineCatalog } from "../../../core/engines/capabilities";
import { SPEECH_MODEL_IDS, type SpeechProviderId } from "../../../core/engines/speech";
import { availableModels } from "../../../core/speech/models";

/** A catalog in which exactly these providers speak. */
function speaking(...providers: SpeechProviderId[]): EngineCatalog {
  const capabilities = Object.fromEntries(CAPABILITIES.map((c) => [c, []])) as unknown as EngineCatalog["capabilities"];
  capabilities.speech = providers.map((provider) => ({ provider, models: [{ id: SPEECH_MODEL_IDS[provider], upstream: provider }] }));
  return { capabilities, problems: [] };
}
import { speechClaims } from "./speech-claims";

describe("speech claims of the public pages", () => {
  it("with the embedded engine alone: formant synthesis, never lifelike", () => {
    const claims = speechClaims(availableModels(speaking("embedded")));
    expect(claims.lifelike).toBe(false);
    for (const text of [claims.intro, claims.textToSpeech]) expect(text).not.toMatch(/lifelike|natural|human-like|realistic/i);
    expect(claims.intro).toContain("espeak-ng formant synthesizer");
  });

  it("says lifelike only when a neural engine is served, naming it", () => {
    const claims = speechClaims(availableModels(speaking("embedded", "openai")));
    expect(claims.lifelike).toBe(true);
    expect(claims.intro).toContain("lifelike speech with the neural engine this installation connects (External speech server)");
    expect(claims.intro).toContain("espeak-ng formant synthesizer");
    expect(speechClaims(availableModels(speaking("embedded", "openai", "workers-ai"))).textToSpeech).toContain("External speech server and Workers AI speech");
  });
});
