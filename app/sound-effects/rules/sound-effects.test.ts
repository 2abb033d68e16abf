import { describe, expect, it } from "vitest";
import { descriptionWords, recipesFor } from "../../../core/sound-effects/procedural";
import { creditsToReserve, durationLabel, searchCatalogue, SOUND_CATALOGUE, soundCredits } from "./sound-effects";

describe("sound effects' rules", () => {
  it("charges 20 credits per second, at least one second", () => {
    expect(soundCredits(0.5)).toBe(20);
    expect(soundCredits(2.25)).toBe(45);
    expect(soundCredits(22)).toBe(440);
    expect(creditsToReserve(null)).toBe(440);
    expect(creditsToReserve(3)).toBe(60);
  });

  it("has a recipe for every example in the catalogue (no example falls back to room tone)", () => {
    for (const category of SOUND_CATALOGUE) for (const prompt of category.prompts) expect(recipesFor(descriptionWords(prompt))[0]!.id, prompt).not.toBe("ambience");
  });

  it("searches the catalogue by words and category", () => {
    expect(searchCatalogue("rain", null).map((r) => r.prompt)).toEqual(["Heavy rain on a tin roof", "Gentle rain", "Thunderstorm with rain"]);
    expect(searchCatalogue("", "fire")).toHaveLength(3);
    expect(searchCatalogue("footsteps snow", "foley").map((r) => r.prompt)).toEqual(["Footsteps in snow"]);
    expect(searchCatalogue("rain", "fire")).toEqual([]);
  });

  it("labels the duration", () => {
    expect(durationLabel(null)).toBe("Auto");
    expect(durationLabel(2.5)).toBe("2.5 s");
  });
});
