import { describe, expect, it } from "vitest";
import { availableModels } from "~/speech/rules/models";
import { speechClaims } from "./speech-claims";

describe("speech claims of the public pages", () => {
  it("with the embedded engine alone: formant synthesis, never lifelike", () => {
    const claims = speechClaims(availableModels({ openai: false, workersAi: false }));
    expect(claims.lifelike).toBe(false);
    for (const text of [claims.intro, claims.textToSpeech]) expect(text).not.toMatch(/lifelike|natural|human-like|realistic/i);
    expect(claims.intro).toContain("espeak-ng formant synthesizer");
  });

  it("says lifelike only when a neural engine is served, naming it", () => {
    const claims = speechClaims(availableModels({ openai: true, workersAi: false }));
    expect(claims.lifelike).toBe(true);
    expect(claims.intro).toContain("lifelike speech with the neural engine this installation connects (External speech server)");
    expect(claims.intro).toContain("espeak-ng formant synthesizer");
    expect(speechClaims(availableModels({ openai: true, workersAi: true })).textToSpeech).toContain("External speech server and Workers AI speech");
  });
});
